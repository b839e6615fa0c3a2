//! The guest (through the engine's component executor) and a host
//! registration (`HostModule::from_exports`) answer every session alike:
//! same values, same refusals, same errors.

use std::cell::Cell;

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition, StepValues};
use arora_animation_tests::calls::{self, Answer, Command, Opt};
use arora_animation_tests::serving_engines::{guest_engine, host_engine};
use arora_animation_tests::session::{random, run, scripted};
use arora_types::value::Value;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Assert the two answer lists equal, call by call, naming the call.
fn assert_alike(session: &[Command], guest: &[Answer], host: &[Answer]) {
    assert_eq!(guest.len(), host.len());
    for (index, (command, (guest, host))) in session.iter().zip(guest.iter().zip(host)).enumerate()
    {
        assert_eq!(guest, host, "call {index}, {}", command.name);
    }
}

#[test]
fn the_scripted_session_answers_alike_on_the_guest_and_on_a_host_registration() {
    let session = scripted();
    let guest = run(&session, &mut guest_engine());
    let host = run(&session, &mut host_engine());
    assert_alike(&session, &guest, &host);
    // The session does what it says: ids from 0, refusals as failure values
    // and as call errors.
    assert_eq!(guest[0], Answer::Returned(Value::U32(0)));
    assert_eq!(guest[1], Answer::Returned(Value::U32(1)));
    let Answer::Failed(message) = &guest[2] else {
        panic!(
            "a clip that does not convert fails the call: {:?}",
            guest[2]
        );
    };
    assert!(message.contains("clip"), "{message}");
    assert_eq!(guest[8], Answer::Returned(Value::U32(u32::MAX)));
    let missing = session
        .iter()
        .position(|c| c.name == "step" && c.args.is_empty());
    let Answer::Failed(message) = &guest[missing.expect("the session leaves an argument out")]
    else {
        panic!("a missing argument fails the call");
    };
    assert!(message.contains("dt_ns"), "{message}");
}

#[test]
fn random_sessions_answer_alike_on_the_guest_and_on_a_host_registration() {
    let mut runner = TestRunner::new(Config {
        cases: 40,
        failure_persistence: None,
        ..Config::default()
    });
    let valued = Cell::new(0usize);
    runner
        .run(&random(40), |session| {
            let guest = run(&session, &mut guest_engine());
            let host = run(&session, &mut host_engine());
            for (index, (guest, host)) in guest.iter().zip(&host).enumerate() {
                prop_assert_eq!(guest, host, "call {}, {}", index, session[index].name);
            }
            valued.set(valued.get() + guest.iter().filter(|a| plays_a_value(a)).count());
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The sessions reached playback, not only refusals.
    assert!(valued.get() > 10, "{} steps played a value", valued.get());
}

#[test]
fn inferred_tangents_resolve_alike_on_the_guest_and_on_a_host_registration() {
    // Each inferred tangent takes three hypots (docs/curves.md §3.4). The platforms' own hypots
    // disagree in the last bit about once in five hundred calls, so before the engine had
    // its own, a bake of these 400 tangents differed between the guest and the host.
    let keypoints = (0..400u64)
        .map(|k| {
            let wobble = (k * 7_919 % 1_000) as f64;
            let inferred = ClipTransition {
                kind: ["inferred-auto-clamped", "explicit-handles"][k as usize % 2].to_string(),
                dt_ns: 0.0,
                dv: 0.0,
            };
            ClipKeypoint {
                id: format!("k{k}"),
                time_ns: (k * 10_000_000 + k * k * 1_237) as i64,
                value: Value::F64(wobble.sqrt() * 3.7 - 50.0 + (k % 7) as f64 * 1e-3),
                arrive: vec![inferred.clone()],
                leave: vec![inferred],
                pairing: String::new(),
            }
        })
        .collect();
    let clip = Value::from(Clip {
        name: "tangents".to_string(),
        length_ns: None,
        tracks: vec![ClipTrack {
            id: "t".to_string(),
            name: "t".to_string(),
            target: "a".to_string(),
            keypoints,
        }],
    });
    let session = vec![
        calls::load_clip(clip),
        calls::bake_with_derivatives(0, Opt::Some(997.0), Opt::Omitted, Opt::Omitted),
    ];
    let guest = run(&session, &mut guest_engine());
    let host = run(&session, &mut host_engine());
    assert_eq!(guest[0], Answer::Returned(Value::U32(0)));
    assert!(
        matches!(host[1], Answer::Returned(Value::Option(Some(_)))),
        "{:?}",
        host[1]
    );
    assert_alike(&session, &guest, &host);
}

/// Whether an answer is a `step_values` result with a value at some position.
fn plays_a_value(answer: &Answer) -> bool {
    let Answer::Returned(ret) = answer else {
        return false;
    };
    StepValues::try_from(ret.clone()).is_ok_and(|step| {
        matches!(step.values, Value::ArrayValue(ref values) if values.iter().any(|v| *v != Value::Unit))
    })
}
