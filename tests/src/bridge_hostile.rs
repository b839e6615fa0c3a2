//! Bad input for the open local bridge, as a confused or hostile client
//! sends it, and what the device must answer; the state a client set up
//! before, read back to see that nothing of it was lost.
//!
//! Every message drawn here must be refused: the bridge's `error` for text it
//! cannot read, a failed `call_resp` / `invoke_resp` for a call the device
//! refuses, or the contract's sentinel (docs/contract.md §4.9). Each call is
//! also given to a host registration, which must refuse it alike. The clips
//! with a defect are the fuzz's ([`defects`]), one rule of
//! docs/curves.md §1.5 and docs/contract.md §4.2–§4.5 broken each.

use std::collections::HashMap;

use arora_animation_module::animation::ids;
use arora_animation_module::records::Clip;
use arora_engine::engine::PinnedEngine;
use arora_types::Uuid;
use arora_types::call::Call;
use arora_types::value::{Structure, Value};
use serde_json::{Value as Json, json};

use crate::bridge::{Client, Reply, call_result};
use crate::bridge_numbers::alike;
use crate::calls::{self, Answer, Command, Opt};
use crate::fuzz::schema::sentinels;
use crate::fuzz::{Source, defects};
use crate::serving_engines::host_engine;

/// The bridge's frame cap (`arora-bridge-ws` 7.3): a message sent as one
/// frame past it closes the connection.
pub const FRAME_CAP: usize = 256 << 10;

/// The bridge's message cap: a message past it, in frames within the frame
/// cap, closes the connection too.
pub const MESSAGE_CAP: usize = 1 << 20;

/// The first id the kept state never holds: calls naming ids from here on
/// name nothing.
const UNKNOWN_FROM: u32 = 1_000;

/// How a bad message must be answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// The bridge's `{"type": "error"}`: text it cannot read as a message.
    Error,
    /// A call refused: by an error, or by the function's sentinel.
    Refused(Call),
    /// An `invoke` that fails.
    InvokeFails,
}

/// One bad message: its text, how it was made, what it must be answered.
#[derive(Clone, Debug)]
pub struct BadMessage {
    /// How it was made, for a report.
    pub how: &'static str,
    /// The text sent.
    pub text: String,
    /// The answer it must get.
    pub expect: Expect,
}

/// What answering bad messages came to.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Messages sent.
    pub sent: u64,
    /// Answered with an error (`error`, a failed `call_resp` or `invoke_resp`).
    pub errors: u64,
    /// Answered with the contract's sentinel.
    pub sentinels: u64,
    /// Per way of making them, how many were sent.
    pub by_how: HashMap<&'static str, u64>,
}

/// Draws bad messages, and judges their answers against a host registration.
pub struct Hostile {
    source: Source,
    host: PinnedEngine,
    sentinels: HashMap<Uuid, Value>,
    next: u64,
    /// What the answers came to so far.
    pub tally: Tally,
}

/// Calls that only ever refuse: each names an unknown player, instance or
/// clip, or gives a value the contract rejects.
fn refused_commands(source: &mut Source) -> Vec<Command> {
    let player = UNKNOWN_FROM + source.below(1 << 20) as u32;
    let other = UNKNOWN_FROM + source.below(1 << 20) as u32;
    let t = source.u64() >> source.below(64);
    vec![
        calls::play(player),
        calls::pause(player),
        calls::stop(player),
        calls::seek(player, t),
        calls::set_speed(player, 0.5),
        calls::set_speed(0, 2e6),
        calls::set_loop(player, "loop"),
        calls::set_loop(0, source.pick(&["pingpong", "Loop", "", "once "])),
        calls::set_weight(player, other, 1.0),
        calls::set_weight(0, other, 1.0),
        calls::remove_instance(player, other),
        calls::add_instance(player, 0),
        calls::add_instance(0, other),
        calls::add_instance_with_weight(0, 0, -1.0),
        calls::set_rate(player, other, 2.0),
        calls::set_start_offset(player, other, t as i64),
        calls::set_time_scale(0, other, 0.5),
        calls::unload_animation(other),
        calls::remove_player(player),
        calls::play_at(player, t),
        calls::set_reversed(player, true),
        calls::set_length(player, Opt::Some(t)),
        calls::set_window(player, t, Opt::Omitted),
        calls::bake(other, Opt::Omitted, Opt::Omitted, Opt::Omitted),
        calls::bake(other, Opt::Some(-1.0), Opt::Omitted, Opt::Omitted),
    ]
}

/// A value of another variant than `value`'s: what an ill-typed argument sends.
fn ill_typed(source: &mut Source, value: &Value) -> Value {
    let others = [
        Value::U64(7),
        Value::U32(7),
        Value::I64(-7),
        Value::F64(0.5),
        Value::F32(0.5),
        Value::String("7".into()),
        Value::Boolean(true),
        Value::Unit,
        Value::Option(None),
        Value::ArrayU32(vec![1, 2]),
        Value::Structure(Structure {
            id: Uuid::nil(),
            fields: vec![],
        }),
    ];
    loop {
        let other = source.pick(&others).clone();
        if std::mem::discriminant(&other) != std::mem::discriminant(value) {
            return other;
        }
    }
}

impl Hostile {
    /// A generator of seed `seed`, with a fresh host registration to compare with.
    pub fn new(seed: u64) -> Self {
        Self {
            source: Source::new(seed),
            host: host_engine(),
            sentinels: sentinels(),
            next: 0,
            tally: Tally::default(),
        }
    }

    /// The next bad message, its text at most `max_len` bytes or so.
    pub fn next_message(&mut self, max_len: usize) -> BadMessage {
        self.next += 1;
        let request_id = format!("bad{}", self.next);
        let source = &mut self.source;
        let (how, message) = match source.weighted(&[8, 8, 6, 8, 6, 10, 10, 16, 12, 4, 4]) {
            0 => {
                let junk: String = (0..source.below(64))
                    .map(|_| char::from_u32(source.below(0x800) as u32).unwrap_or('?'))
                    .collect();
                let text = match source.below(4) {
                    0 => junk,
                    1 => format!("{{\"type\": \"call\", {junk}"),
                    2 => format!("[{junk}]"),
                    _ => "{".repeat(1 + source.below(5000)),
                };
                return self.error("not JSON", text);
            }
            1 => {
                let kind = *source.pick(&[
                    "calls",
                    "CALL",
                    "",
                    "subscribe_resp",
                    "values_changed",
                    "load",
                    "error",
                ]);
                let text = json!({"type": kind, "request_id": request_id}).to_string();
                return self.error("unknown message type", text);
            }
            2 => {
                let text = match source.below(4) {
                    0 => json!({"type": "call", "module_id": "not a uuid", "id": Uuid::nil(), "args": []}),
                    1 => json!({"type": "call", "module_id": ids::MODULE, "args": []}),
                    2 => json!({"type": "call", "module_id": ids::MODULE, "id": ids::play::FUNCTION, "args": [{"id": ids::play::PLAYER, "value": 7}]}),
                    _ => json!({"type": "read_values", "keys": "arm/angle"}),
                }
                .to_string();
                return self.error("a known type with broken fields", text);
            }
            3 => {
                let commands = refused_commands(source);
                let mut call = source.pick(&commands).call();
                call.id = Uuid::from_u64_pair(source.u64(), source.u64());
                ("unknown function id", call)
            }
            4 => {
                let commands = refused_commands(source);
                let mut call = source.pick(&commands).call();
                call.module_id = Some(Uuid::from_u64_pair(source.u64(), source.u64()));
                ("unknown module id", call)
            }
            5 => {
                let commands = refused_commands(source);
                let mut call = source.pick(&commands).call();
                call.args.remove(source.below(call.args.len()));
                ("a missing argument", call)
            }
            6 => {
                let commands = refused_commands(source);
                let mut call = source.pick(&commands).call();
                let at = source.below(call.args.len());
                *call.args[at].value = ill_typed(source, &call.args[at].value);
                ("an ill-typed argument", call)
            }
            7 => {
                let commands = refused_commands(source);
                ("a sentinel call", source.pick(&commands).call())
            }
            8 => {
                let (_, clip) = if source.one_in(3) {
                    defects::animation_clip(source)
                } else {
                    defects::clip(source)
                };
                let command = match (clip_is_v2(&clip), source.below(3)) {
                    (true, 0) => calls::reload_clip(UNKNOWN_FROM, clip),
                    (true, _) => calls::load_clip(clip),
                    (false, 0) => calls::reload_animation(UNKNOWN_FROM, clip),
                    (false, _) => calls::load_animation(clip),
                };
                ("a clip with a defect", command.call())
            }
            9 => {
                let len = source.below(max_len.saturating_sub(512).max(1));
                let mode = "x".repeat(len);
                (
                    "a large string",
                    calls::set_loop(UNKNOWN_FROM, &mode).call(),
                )
            }
            _ => {
                let len = source.below(max_len.saturating_sub(512).max(1));
                let text = json!({
                    "type": "invoke",
                    "method": "y".repeat(len),
                    "args": {},
                    "request_id": request_id,
                })
                .to_string();
                return BadMessage {
                    how: "an unknown method, invoked by a long name",
                    text,
                    expect: Expect::InvokeFails,
                };
            }
        };
        let text = Client::call_message(&message, &request_id).to_string();
        let expect = if carried(&text, &message) {
            Expect::Refused(message)
        } else {
            Expect::Error
        };
        BadMessage { how, text, expect }
    }

    fn error(&self, how: &'static str, text: String) -> BadMessage {
        BadMessage {
            how,
            text,
            expect: Expect::Error,
        }
    }

    /// Send `message` on `client` and judge its answer; `Err` says what was
    /// wrong with it.
    pub fn send(&mut self, client: &mut Client, message: &BadMessage) -> Result<(), String> {
        client
            .send_text(&message.text)
            .map_err(|e| format!("{}: the send failed: {e}", message.how))?;
        self.tally.sent += 1;
        *self.tally.by_how.entry(message.how).or_default() += 1;
        let answer = match client.reply() {
            Reply::Answer(answer) => answer,
            Reply::Closed(why) => {
                return Err(format!("{}: the connection closed: {why}", message.how));
            }
        };
        self.judge(message, answer)
    }

    /// Whether `answer` is one `message` may get.
    pub fn judge(&mut self, message: &BadMessage, answer: Json) -> Result<(), String> {
        let wrong = |why: &str| {
            Err(format!(
                "{}: {why}: {}",
                message.how,
                crate::bridge::abbreviated(&answer)
            ))
        };
        match &message.expect {
            Expect::Error => {
                if answer["type"] != "error" && answer["success"] != json!(false) {
                    return wrong("not answered with an error");
                }
                self.tally.errors += 1;
            }
            Expect::InvokeFails => {
                if answer["type"] != "invoke_resp" || answer["success"] != json!(false) {
                    return wrong("the invoke did not fail");
                }
                self.tally.errors += 1;
            }
            Expect::Refused(call) => {
                let request_id = answer["request_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                let bridge = Answer::from(call_result(answer.clone(), &request_id));
                let host = Answer::from(arora_types::call::CallBridge::arora_call(
                    &mut self.host,
                    call.clone(),
                ));
                match (&host, &bridge) {
                    (Answer::Failed(_), Answer::Failed(_)) => self.tally.errors += 1,
                    (Answer::Returned(a), Answer::Returned(b)) if alike(a, b) => {
                        if self.sentinels.get(&call.id) != Some(b) {
                            return wrong("answered a value that is no refusal");
                        }
                        self.tally.sentinels += 1;
                    }
                    _ => return wrong(&format!("the host registration answered {host:?}")),
                }
            }
        }
        Ok(())
    }
}

/// Whether `clip` is a 2.0 `Clip` record (else a 1.x `AnimationClip`).
fn clip_is_v2(clip: &Value) -> bool {
    use arora_types::AroraType;
    matches!(clip, Value::Structure(s) if s.id == Clip::arora_type_id())
}

/// Whether the JSON `text` carries `call`, numbers within [`alike`]'s tolerance: a number JSON cannot
/// hold (NaN, ±∞) is written `null`, which the bridge cannot read back.
fn carried(text: &str, call: &Call) -> bool {
    serde_json::from_str::<Json>(text)
        .ok()
        .and_then(|json| serde_json::from_value::<Call>(json).ok())
        .is_some_and(|read| {
            read.module_id == call.module_id
                && read.id == call.id
                && read.args.len() == call.args.len()
                && read
                    .args
                    .iter()
                    .zip(&call.args)
                    .all(|(read, sent)| read.id == sent.id && alike(&read.value, &sent.value))
        })
}
