//! Calls of hostile size, through the guest on a device (its memory capped
//! as a device caps a guest's, `arora_engine::limits::DEFAULT_MEMORY`):
//! each answers a value or a refusal without a trap, and the next call still
//! finds the state set up before it.
//!
//! The clip buffers are built as bytes ([`hostile_buffers::repeated`]): as `Value`s they
//! would take gigabytes and minutes in a debug build.

use arora_animation_guest::limits::MAX_DECODED_BYTES;
use arora_animation_module::animation::ids;
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, PlayerState};
use arora_animation_module_dir::bundled_clip;
use arora_animation_tests::calls::{self, Answer, Command, Opt};
use arora_animation_tests::guest_direct::{buffer, returned};
use arora_animation_tests::hostile_buffers;
use arora_animation_tests::serving_engines::guest_engine;
use arora_engine::engine::PinnedEngine;
use arora_engine::limits::GuestLimits;
use arora_engine::module::DispatchError;
use arora_types::value::{Structure, Value};
use std::time::{Duration, Instant};

/// The time a call may take here. A device gives a call made outside a
/// step 1 s (`arora_engine::limits::DEFAULT_CALL_BUDGET`), and counts in it
/// the engine's own check of the argument against the header, made before
/// the guest is entered. That check is native code, built here without
/// optimisation: over a buffer of tens of megabytes it takes seconds, where
/// a device's release build takes a fraction of one. So the budget is
/// widened for these calls alone; the memory cap stays the device's.
const CALL_BUDGET: Duration = Duration::from_secs(30);

/// A device running the guest, with a clip (0), a player `kept` (0) and its
/// instance (0) set up.
fn device() -> PinnedEngine {
    let mut engine = guest_engine();
    engine.set_guest_limits(
        ids::MODULE,
        GuestLimits {
            memory: arora_engine::limits::DEFAULT_MEMORY,
            call_budget: Some(CALL_BUDGET),
        },
    );
    for command in [
        calls::load_clip(Value::from(bundled_clip())),
        calls::create_player(Opt::Some("kept".into())),
        calls::add_instance(0, 0),
    ] {
        assert_eq!(command.send(&mut engine), Answer::Returned(Value::U32(0)));
    }
    engine
}

/// What `command` answers, or the call error it is.
fn send(engine: &mut PinnedEngine, command: &Command) -> Answer {
    command.send(engine)
}

/// What `dispatch` answers to the bytes of a call of `function`.
fn dispatch(
    engine: &mut PinnedEngine,
    function: arora_types::Uuid,
    bytes: &[u8],
) -> Result<Value, DispatchError> {
    engine
        .dispatch(&ids::MODULE, &function, bytes)
        .map(|result| returned(&result))
}

/// The players `player_states` lists.
fn players(engine: &mut PinnedEngine) -> Vec<PlayerState> {
    let answer = send(engine, &calls::player_states());
    let Answer::Returned(Value::ArrayStructure { id, elements }) = answer else {
        panic!("player_states answers an array of structures: {answer:.300?}");
    };
    elements
        .into_iter()
        .map(|element| {
            PlayerState::try_from(Value::Structure(Structure {
                id,
                fields: element.fields,
            }))
            .expect("a PlayerState")
        })
        .collect()
}

/// The state set up is there: player 0 `kept` with instance 0 of clip 0,
/// and a step answers, writing the kept clip's three keys.
fn assert_kept(engine: &mut PinnedEngine) {
    let first = players(engine).into_iter().next().expect("a player");
    assert_eq!((first.player, first.name.as_str()), (0, "kept"));
    assert_eq!(
        first.instances.iter().map(|i| (i.instance, i.anim)).next(),
        Some((0, 0))
    );
    let answer = send(engine, &calls::step(16_000_000, Opt::Omitted));
    let Answer::Returned(Value::ArrayStructure { elements, .. }) = answer else {
        panic!("step answers an array of TrackOutput: {answer:.300?}");
    };
    assert!(elements.len() >= 3, "the kept clip's keys are written");
}

/// A keypoint of number `value` at time 0.
fn keypoint(value: Value) -> ClipKeypoint {
    ClipKeypoint {
        id: String::new(),
        time_ns: 0,
        value,
        arrive: vec![],
        leave: vec![],
        pairing: String::new(),
    }
}

fn track(target: &str, keypoints: Vec<ClipKeypoint>) -> ClipTrack {
    ClipTrack {
        id: target.into(),
        name: String::new(),
        target: target.into(),
        keypoints,
    }
}

fn clip(tracks: Vec<ClipTrack>) -> Value {
    Value::from(Clip {
        name: "big".into(),
        length_ns: None,
        tracks,
    })
}

/// `load_clip` of one track of a million keypoints.
fn million_keypoints(engine: &mut PinnedEngine) -> Result<Value, DispatchError> {
    let bytes = hostile_buffers::repeated(
        |k| {
            buffer(&calls::load_clip(clip(vec![track(
                "k",
                vec![keypoint(Value::F64(1.0)); k],
            )])))
        },
        1_000_000,
    );
    dispatch(engine, ids::load_clip::FUNCTION, &bytes)
}

/// `load_clip` of 100,000 tracks of one keypoint each.
fn hundred_thousand_tracks(engine: &mut PinnedEngine) -> Result<Value, DispatchError> {
    let bytes = hostile_buffers::repeated(
        |k| {
            buffer(&calls::load_clip(clip(vec![
                track(
                    "k",
                    vec![keypoint(Value::F64(1.0))]
                );
                k
            ])))
        },
        100_000,
    );
    dispatch(engine, ids::load_clip::FUNCTION, &bytes)
}

/// How many players the hostile-size tests create.
const CROWD: u32 = 100_000;

/// `count` `create_player` calls, each answering the next id: a player is found by a
/// binary search and creating one touches no other player's output section.
fn many_players(engine: &mut PinnedEngine, count: u32) {
    let before = players(engine).len() as u32;
    let create = buffer(&calls::create_player(Opt::Omitted));
    for n in 0..count {
        let answer = dispatch(engine, ids::create_player::FUNCTION, &create);
        let expected = before + n;
        assert_eq!(
            answer.as_ref().ok(),
            Some(&Value::U32(expected)),
            "call {n}: {answer:?}"
        );
    }
}

/// The guest's refusal of an argument that would decode to `decoded`
/// bytes: more than it lets a call take, which is
/// `arora_animation_guest::limits::MAX_DECODED_BYTES` or less, as the free
/// memory allows (the argument buffer itself already takes some).
fn assert_too_large(answer: &Result<Value, DispatchError>, decoded: usize) {
    let Err(DispatchError::Guest { message }) = answer else {
        panic!("a guest refusal: {answer:.300?}");
    };
    let limit = message
        .strip_prefix(&format!(
            "the argument buffer would take {decoded} bytes to decode, more than the "
        ))
        .and_then(|rest| rest.strip_suffix(" a call may take"))
        .and_then(|limit| limit.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("an argument too large to decode: {message}"));
    assert!(limit <= MAX_DECODED_BYTES && limit < decoded, "{message}");
}

/// A million keypoints would decode to about 580 MB, past the guest's
/// memory: the guest refuses the buffer before decoding it.
#[test]
fn a_clip_of_a_million_keypoints_is_refused_before_it_is_decoded() {
    let mut engine = device();
    assert_too_large(&million_keypoints(&mut engine), 580_000_881);
    assert_kept(&mut engine);
}

/// 100,000 tracks of one keypoint would decode to about 103 MB: refused as
/// the million keypoints are.
#[test]
fn a_clip_of_100k_tracks_is_refused_before_it_is_decoded() {
    let mut engine = device();
    assert_too_large(&hundred_thousand_tracks(&mut engine), 102_600_435);
    assert_kept(&mut engine);
}

/// A 16 MiB string fits: as a player's name it comes back whole, as a
/// keypoint value it loads.
#[test]
fn a_16_mib_string_is_taken_and_given_back() {
    let mut engine = device();
    let name = "n".repeat(16 << 20);
    let created = send(&mut engine, &calls::create_player(Opt::Some(name.clone())));
    assert_eq!(created, Answer::Returned(Value::U32(1)));
    assert_eq!(players(&mut engine)[1].name.len(), 16 << 20);
    let text = clip(vec![track("s", vec![keypoint(Value::String(name))])]);
    assert_eq!(
        send(&mut engine, &calls::load_clip(text)),
        Answer::Returned(Value::U32(1))
    );
    assert_kept(&mut engine);
}

/// A hundred thousand players are created, and the first step after them
/// applies their queued `play`s in time.
#[test]
fn a_hundred_thousand_players_are_created_and_stepped() {
    let mut engine = device();
    let start = Instant::now();
    many_players(&mut engine, CROWD);
    eprintln!("100,000 create_player calls: {:?}", start.elapsed());
    let start = Instant::now();
    assert_kept(&mut engine);
    eprintln!(
        "the first step and player_states after them: {:?}",
        start.elapsed()
    );
    assert_eq!(players(&mut engine).len(), 1 + CROWD as usize);
}

/// A text track whose samples would take far more than the engine's text
/// cap (a 1 MiB string, 1,001 samples) bakes to `None`.
#[test]
fn a_bake_whose_samples_would_exceed_memory_is_refused() {
    let mut engine = device();
    let text = "t".repeat(1 << 20);
    let load = calls::load_clip(clip(vec![track("s", vec![keypoint(Value::String(text))])]));
    assert_eq!(send(&mut engine, &load), Answer::Returned(Value::U32(1)));
    let window = (Opt::Omitted, Opt::Some(1_000_000_000));
    let bake = calls::bake(1, Opt::Some(1000.0), window.0.clone(), window.1.clone());
    assert_eq!(
        send(&mut engine, &bake),
        Answer::Returned(Value::Option(None))
    );
    let bake = calls::bake_with_derivatives(1, Opt::Some(1000.0), window.0, window.1);
    assert_eq!(
        send(&mut engine, &bake),
        Answer::Returned(Value::Option(None))
    );
    assert_kept(&mut engine);
}

/// All of the above on one device, then `step`: it answers, and the kept
/// state is there. The list of 100,000 players beside the 16 MiB name would
/// take more memory than the guest has free: `player_states` refuses it
/// before building it (a trap would lose the device's state), and answers
/// again once the named player is removed.
#[test]
fn step_answers_after_all_of_them() {
    let mut engine = device();
    assert!(million_keypoints(&mut engine).is_err());
    assert!(hundred_thousand_tracks(&mut engine).is_err());
    let name = "n".repeat(16 << 20);
    let created = send(&mut engine, &calls::create_player(Opt::Some(name)));
    assert_eq!(created, Answer::Returned(Value::U32(1)));
    let text = "t".repeat(1 << 20);
    let load = calls::load_clip(clip(vec![track("s", vec![keypoint(Value::String(text))])]));
    assert_eq!(send(&mut engine, &load), Answer::Returned(Value::U32(1)));
    let bake = calls::bake(1, Opt::Some(1000.0), Opt::Omitted, Opt::Some(1_000_000_000));
    assert_eq!(
        send(&mut engine, &bake),
        Answer::Returned(Value::Option(None))
    );
    many_players(&mut engine, CROWD);
    let answer = send(&mut engine, &calls::step(16_000_000, Opt::Omitted));
    let Answer::Returned(Value::ArrayStructure { elements, .. }) = answer else {
        panic!("step answers an array of TrackOutput: {answer:.300?}");
    };
    assert_eq!(elements.len(), 3, "the kept clip's three keys");
    let listed = send(&mut engine, &calls::player_states());
    let Answer::Failed(message) = &listed else {
        panic!("player_states refuses the list: {listed:.300?}");
    };
    assert!(
        message.contains("the answer would take") && message.contains("bytes the module has free"),
        "{message}"
    );
    assert_eq!(
        send(&mut engine, &calls::remove_player(1)),
        Answer::Returned(Value::Boolean(true))
    );
    assert_kept(&mut engine);
    assert_eq!(players(&mut engine).len(), 1 + CROWD as usize);
}

/// The guest counts its free memory from what a device gives a guest.
#[test]
fn the_guest_counts_from_a_device_s_memory() {
    assert_eq!(
        arora_animation_guest::limits::MEMORY,
        arora_engine::limits::DEFAULT_MEMORY
    );
}

/// Players of 16 MiB names, one after another, until memory runs short:
/// each is created or refused (the guest has too little free to take the
/// argument), none traps. Listing them all would not fit either, and is
/// refused; once they are removed, the state set up before is listed.
#[test]
fn names_of_16_mib_are_refused_once_memory_runs_short() {
    let mut engine = device();
    let name = "n".repeat(16 << 20);
    let (mut created, mut refused) = (0, 0);
    for _ in 0..20 {
        match send(&mut engine, &calls::create_player(Opt::Some(name.clone()))) {
            Answer::Returned(Value::U32(id)) => {
                assert_eq!(id, 1 + created);
                created += 1;
            }
            Answer::Failed(message) => {
                assert!(
                    message.contains("bytes to decode, more than the"),
                    "{message}"
                );
                refused += 1;
            }
            other => panic!("an id or a refusal: {other:.300?}"),
        }
    }
    assert!(
        created > 0 && refused > 0,
        "{created} created, {refused} refused"
    );
    let listed = send(&mut engine, &calls::player_states());
    assert!(
        matches!(&listed, Answer::Failed(message) if message.contains("the answer would take")),
        "{listed:.300?}"
    );
    for player in 1..=created {
        assert_eq!(
            send(&mut engine, &calls::remove_player(player)),
            Answer::Returned(Value::Boolean(true))
        );
    }
    assert_kept(&mut engine);
}
