//! The guest's answer budget, run natively through the guest's own `dispatch`
//! (`Served::contract` with a budget, as the guest serves): an answer that grows with the state is counted
//! before it is built, at least as large as what building it takes, and
//! refused as a call error when it does not fit, losing nothing.

use std::cell::Cell;

use arora_animation_guest::served::{DispatchError, Served};
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, PlayerState};
use arora_animation_module::{AnimationModule, AnswerBudget, AnswerTooLarge};
use arora_animation_module_dir::bundled_clip;
use arora_animation_test_support::counting_alloc::peak_bytes;
use arora_animation_tests::calls::{self, Command, Opt};
use arora_animation_tests::guest_direct::{buffer, returned};
use arora_types::value::{Structure, Value};

thread_local! {
    /// What the budget finds free: each test sets its own (a test runs on its
    /// own thread, and so do the calls it makes).
    static FREE: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn free() -> usize {
    FREE.with(Cell::get)
}

/// Free memory enough for any argument here (a few hundred bytes decoded, three times
/// over), and for no answer.
const SHORT: usize = 1024;

fn set_free(bytes: usize) {
    FREE.with(|free| free.set(bytes));
}

/// 300 players, a third with a 1 KiB name, each playing the bundled clip and
/// a clip of one text track: numbers, texts and keys in every answer.
fn crowd() -> Served {
    let mut served = Served::contract(AnimationModule::new(), Some(AnswerBudget::new(free)));
    let text = Clip {
        name: "text".into(),
        length_ns: None,
        tracks: vec![ClipTrack {
            id: "said".into(),
            name: String::new(),
            target: "said".into(),
            keypoints: vec![ClipKeypoint {
                id: String::new(),
                time_ns: 0,
                value: Value::String("t".repeat(200)),
                arrive: vec![],
                leave: vec![],
                pairing: String::new(),
            }],
        }],
    };
    assert!(
        matches!(answer(&mut served, &calls::load_clip(Value::from(bundled_clip()))), Ok(Value::U32(id)) if id == 0)
    );
    assert!(
        matches!(answer(&mut served, &calls::load_clip(text.into())), Ok(Value::U32(id)) if id == 1)
    );
    for player in 0..300u32 {
        let name = if player % 3 == 0 {
            "n".repeat(1024)
        } else {
            format!("p{player}")
        };
        assert!(
            matches!(answer(&mut served, &calls::create_player(Opt::Some(name))), Ok(Value::U32(id)) if id == player)
        );
        for anim in 0..2 {
            assert!(matches!(
                answer(&mut served, &calls::add_instance(player, anim)),
                Ok(Value::U32(id)) if id != u32::MAX
            ));
        }
    }
    served
}

/// What `served` answers `command`: its return value, or the refusal as it reads.
fn answer(served: &mut Served, command: &Command) -> Result<Value, DispatchError> {
    let function = command.function;
    served
        .dispatch(function, &buffer(command))
        .map(|bytes| returned(&bytes))
}

/// The answers that grow with the state, each with a first step before it.
fn growing() -> Vec<Command> {
    vec![
        calls::player_states(),
        calls::step(16_000_000, Opt::Omitted),
        calls::step_values(16_000_000, Opt::Omitted),
        calls::step_with_velocities(16_000_000, Opt::Omitted),
        calls::output_keys(),
    ]
}

#[test]
fn an_answer_is_counted_at_least_as_large_as_building_it_takes_and_refused_when_it_does_not_fit() {
    let mut served = crowd();
    answer(&mut served, &calls::step(0, Opt::Some(0))).expect("a first step");
    for command in growing() {
        set_free(SHORT);
        let refused = answer(&mut served, &command);
        let Err(DispatchError::Answer(AnswerTooLarge {
            needed,
            free: SHORT,
        })) = refused
        else {
            panic!(
                "{:?} is refused with little free: {refused:.300?}",
                command.name
            );
        };
        assert_eq!(
            refused.unwrap_err().to_string(),
            format!(
                "the answer would take {needed} bytes, more than the {SHORT} bytes the module has free"
            )
        );
        set_free(needed);
        let mut built = None;
        let peak = peak_bytes(|| built = Some(answer(&mut served, &command)));
        assert!(
            matches!(built, Some(Ok(_))),
            "{:?} fits in what it was counted",
            command.name
        );
        assert!(
            peak as usize <= needed,
            "{:?}: building took {peak} bytes, counted {needed}",
            command.name
        );
    }
    set_free(usize::MAX);
}

#[test]
fn a_refused_step_still_moves_the_clock_and_loses_nothing() {
    let mut served = crowd();
    answer(&mut served, &calls::step(0, Opt::Some(0))).expect("a first step");
    set_free(SHORT);
    assert!(answer(&mut served, &calls::step(0, Opt::Some(500_000_000))).is_err());
    assert!(answer(&mut served, &calls::player_states()).is_err());
    set_free(usize::MAX);
    let Ok(Value::ArrayStructure { id, elements }) = answer(&mut served, &calls::player_states())
    else {
        panic!("player_states answers once memory is free");
    };
    assert_eq!(elements.len(), 300);
    let first = PlayerState::try_from(Value::Structure(Structure {
        id,
        fields: elements[0].fields.clone(),
    }))
    .expect("a PlayerState");
    assert_eq!((first.time_ns, first.instances.len()), (500_000_000, 2));
}
