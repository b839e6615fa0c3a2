//! Bad input through the open local bridge while a tree plays: text that is
//! not JSON, unknown message types, unknown function and module ids, missing
//! and ill-typed arguments, clips with each defect the contract refuses, a
//! string filling a frame to the bridge's frame cap and one filling a message
//! (in frames) to its message cap, thousands of calls in one burst, and a
//! message past each cap. Each is answered with an error or the contract's
//! sentinel on a connection that stays open — but those past a cap, after
//! each of which a new connection finds the device as it was. The clips and
//! players set up before, and the tree's outputs, are unchanged afterwards.

use arora_animation_tests::bridge::{Client, Reply, ServedDevice};
use arora_animation_tests::bridge_hostile::{FRAME_CAP, Hostile, MESSAGE_CAP};
use arora_animation_tests::bridge_remote::{Kept, served_with_remote};
use arora_animation_tests::bridge_tree::HostReplay;
use arora_animation_tests::calls::{self, Opt};
use arora_types::value::Value;
use serde_json::json;

/// Bad messages drawn from the generator, every way of making them among them.
const DRAWN: usize = 800;

/// Calls sent in one burst before any answer is read.
const BURST: usize = 3_000;

/// [`DRAWN`] bad messages of the generator, each within the frame cap and answered; all 11
/// ways of making them drawn.
fn drawn_bad_messages_are_answered(client: &mut Client) {
    let mut hostile = Hostile::new(18);
    for _ in 0..DRAWN {
        let message = hostile.next_message(FRAME_CAP);
        assert!(message.text.len() <= FRAME_CAP, "{}", message.how);
        hostile
            .send(client, &message)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(hostile.tally.by_how.len(), 11, "{:?}", hostile.tally.by_how);
}

/// A string filling a frame to the frame cap exactly, and one filling a message to the
/// message cap exactly (sent in frames within the frame cap): each refused by the contract.
fn strings_at_the_caps_are_refused_by_the_contract(client: &mut Client) {
    let mut call = calls::set_loop(1_000, "").call();
    let empty = Client::call_message(&call, "full").to_string();
    call = calls::set_loop(1_000, &"m".repeat(FRAME_CAP - empty.len())).call();
    let full = Client::call_message(&call, "full");
    assert_eq!(full.to_string().len(), FRAME_CAP);
    let answer = client.ask(&full, "call_resp");
    assert_eq!(answer["ret"], json!({"u32": u32::MAX}), "{answer}");
    call = calls::set_loop(1_000, &"m".repeat(MESSAGE_CAP - empty.len())).call();
    let whole = Client::call_message(&call, "full").to_string();
    assert_eq!(whole.len(), MESSAGE_CAP);
    client
        .send_fragmented(&whole, FRAME_CAP)
        .expect("send in frames");
    let answer = client.answer();
    assert_eq!(answer["ret"], json!({"u32": u32::MAX}), "{answer}");
}

/// [`BURST`] calls sent before any answer is read, answered in order.
fn a_burst_is_answered_in_order(client: &mut Client) {
    for n in 0..BURST {
        let command = if n % 10 == 0 {
            calls::player_states()
        } else {
            calls::play(1_000 + n as u32)
        };
        client.send(&Client::call_message(&command.call(), &format!("burst{n}")));
    }
    for n in 0..BURST {
        let answer = client.answer();
        assert_eq!(answer["request_id"], json!(format!("burst{n}")), "{answer}");
        assert_eq!(answer["success"], json!(true), "{answer}");
        if n % 10 != 0 {
            assert_eq!(answer["ret"], json!({"u32": u32::MAX}), "{answer}");
        }
    }
}

/// A message past the frame cap, then one past the message cap (in frames): the bridge
/// closes that connection, by design; a new one finds the device as it was and answers.
fn a_message_past_a_cap_closes_only_its_connection(
    device: &ServedDevice,
    mut client: Client,
    kept: &Kept,
) {
    let past = format!("\"{}\"", "p".repeat(FRAME_CAP));
    let _ = client.send_text(&past);
    let Reply::Closed(_) = client.reply() else {
        panic!("a message past the frame cap is answered");
    };
    assert!(device.is_running());
    let mut again = Client::connect(&device.url);
    assert_eq!(&Kept::read(&mut again), kept);
    let past = format!("\"{}\"", "q".repeat(MESSAGE_CAP));
    let _ = again.send_fragmented(&past, FRAME_CAP);
    let Reply::Closed(_) = again.reply() else {
        panic!("a message past the message cap is answered");
    };
    let mut again = Client::connect(&device.url);
    assert_eq!(&Kept::read(&mut again), kept);
    let answer = again.ask(&json!({"type": "nonsense"}), "error");
    assert!(answer["message"].is_string(), "{answer}");
    again.close();
}

/// The device stopped: the tree's store holds what a host registration replaying the same
/// steps computes, and the device's time.
fn the_tree_played_as_a_host_replay_does(device: ServedDevice, dt_ns: u64) {
    let stopped = device.stop();
    assert_eq!(stopped.behavior_error, None);
    let mut host = HostReplay::new();
    host.set_up(Opt::Some("wave".into()));
    for step in 1..=stopped.steps {
        host.step(dt_ns, step * dt_ns);
    }
    for (key, value) in &host.keys {
        let steps = stopped.steps;
        assert_eq!(
            stopped.store.get(key),
            Some(value),
            "{key} after {steps} steps"
        );
    }
    assert_eq!(
        stopped.store.get("arora/time"),
        Some(&Value::U64(stopped.steps * dt_ns))
    );
}

#[test]
fn bad_input_is_answered_and_loses_nothing() {
    let (device, mut client, kept, dt_ns) = served_with_remote("bridge-bad-input");
    assert_eq!(kept.players.len(), 2, "{kept:?}");
    drawn_bad_messages_are_answered(&mut client);
    strings_at_the_caps_are_refused_by_the_contract(&mut client);
    a_burst_is_answered_in_order(&mut client);
    assert_eq!(Kept::read(&mut client), kept);
    a_message_past_a_cap_closes_only_its_connection(&device, client, &kept);
    the_tree_played_as_a_host_replay_does(device, dt_ns);
}
