//! The soak: hostile calls sent to the guest's `dispatch` one after
//! another, and between them valid calls that check the state set up at the
//! start is still there.
//!
//! The kept state is a clip (the bundled one), a player named `kept`
//! playing it, and that instance: ids 0 of each. Hostile calls never remove
//! or replace them (see [`Generator`]); anything else they may do. A check
//! asks `player_states` for player 0 and bakes clip 0, and compares with
//! what they answered at the start.
//!
//! A trap is counted and, as the engine does, the guest is instantiated
//! afresh; the check after it then finds the state lost and counts that too,
//! and the state is set up again.
//!
//! Every call goes to a host registration of the contract too
//! (`HostModule::from_exports`, in-process, 64-bit, no memory cap) with the
//! same setup: whenever the guest reads the bytes as a call of one of its
//! functions, the host is sent that call and must answer alike: the guest
//! serves the same contract functions (docs/contract.md §5.5), so a device
//! answers the same whichever way the module is served. An answer that
//! differs, or a host that panics, is a wrong answer.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use arora_animation_guest::buffer::decode_call;
use arora_animation_guest::limits::MAX_DECODED_BYTES;
use arora_animation_module::animation::ids;
use arora_animation_module::records::PlayerState;
use arora_animation_module_dir::bundled_clip;
use arora_buffers::serde_uuid::serialize;
use arora_engine::engine::PinnedEngine;
use arora_types::Uuid;
use arora_types::call::{CallBridge, CallError};
use arora_types::value::{Structure, Value};

use super::Source;
use super::hostile::{Generator, Held, Hostile, decode};
use super::verdict::{Verdict, judge, meets};
use crate::calls::{self, Answer, Command, Opt};
use crate::guest_direct::{DirectGuest, buffer, returned};
use crate::serving_engines::host_engine;

/// The ids of the kept clip, player and instance.
const KEPT: u32 = 0;

/// How many hostile calls go between two checks of the kept state.
pub const CHECK_EVERY: u64 = 8;

/// The wrong answers a tally keeps word of; the rest are only counted.
const WRONG_KEPT: usize = 20;

/// How much of an answer a wrong one's report quotes.
const QUOTED: usize = 300;

/// What a soak counted.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// The seed the calls were drawn from.
    pub seed: u64,
    /// Hostile calls sent.
    pub calls: u64,
    /// Hostile calls answered by a sentinel or a call error.
    pub refusals: u64,
    /// Calls that trapped the guest.
    pub traps: u64,
    /// Checks that found the kept state gone or changed.
    pub state_losses: u64,
    /// Hostile calls the host registration was sent too, its answer
    /// compared with the guest's.
    pub compared: u64,
    /// The guest's linear memory at the end, in bytes.
    pub memory_bytes: usize,
    /// Answers the contract does not allow (a trap among them), counted.
    pub wrong: u64,
    /// The first of them, said.
    pub wrong_said: Vec<String>,
}

impl fmt::Display for Tally {
    /// The soak's one closing line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "calls={} refusals={} traps={} state_losses={} memory_bytes={} seed={}",
            self.calls, self.refusals, self.traps, self.state_losses, self.memory_bytes, self.seed
        )
    }
}

/// A guest under a soak.
pub struct Soak {
    guest: DirectGuest,
    /// The host registration sent the same calls.
    host: PinnedEngine,
    generator: Generator,
    source: Source,
    held: Held,
    /// What `bake(0, 4 fps)` answered right after the setup.
    baked: Option<Value>,
    tally: Tally,
}

impl Soak {
    /// A fresh guest with the kept state set up, drawing from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut soak = Self {
            guest: DirectGuest::instantiate(),
            host: host_engine(),
            generator: Generator::new(KEPT),
            source: Source::new(seed),
            held: Held::default(),
            baked: None,
            tally: Tally {
                seed,
                ..Tally::default()
            },
        };
        soak.set_up();
        soak
    }

    /// Send one valid call to the guest and the host; panics unless both
    /// answer, and alike.
    fn valid(&mut self, command: &Command) -> Value {
        let bytes = buffer(command);
        let value = match self.guest.dispatch(command.function, &bytes) {
            Ok(Ok(result)) => returned(&result),
            other => panic!("{} must answer: {other:?}", command.name),
        };
        let host = command.send(&mut self.host);
        assert_eq!(host, Answer::Returned(value.clone()), "{}", command.name);
        value
    }

    fn set_up(&mut self) {
        let setup = [
            calls::load_clip(Value::from(bundled_clip())),
            calls::create_player(Opt::Some("kept".into())),
            calls::add_instance(KEPT, KEPT),
        ];
        for command in &setup {
            let answer = self.valid(command);
            assert_eq!(answer, Value::U32(KEPT), "{}", command.name);
        }
        self.held = Held::default();
        self.baked = Some(self.valid(&kept_bake()));
    }

    /// Whether the kept state is there as set up.
    fn kept(&mut self) -> bool {
        let player_states = calls::player_states();
        let bytes = buffer(&player_states);
        let states = match self.guest.dispatch(player_states.function, &bytes) {
            Ok(Ok(result)) => returned(&result),
            _ => return false,
        };
        let player_kept = first_player(states).is_some_and(|state| {
            state.player == KEPT
                && state.name == "kept"
                && state
                    .instances
                    .iter()
                    .any(|i| i.instance == KEPT && i.anim == KEPT)
        });
        let bake = kept_bake();
        let baked = match self.guest.dispatch(bake.function, &buffer(&bake)) {
            Ok(Ok(result)) => Some(returned(&result)),
            _ => None,
        };
        player_kept && baked == self.baked
    }

    /// Check the kept state; when it is gone, count the loss and set it up
    /// again in a fresh guest and a fresh host.
    pub fn check(&mut self) {
        if !self.kept() {
            self.tally.state_losses += 1;
            self.guest = DirectGuest::instantiate();
            self.host = host_engine();
            self.set_up();
        }
    }

    /// Send one hostile call and judge its answer; check the kept state
    /// every [`CHECK_EVERY`] calls.
    pub fn call(&mut self) {
        let hostile = self.generator.next(&mut self.source, &self.held);
        let answer = self.guest.dispatch(hostile.method, &hostile.bytes);
        self.tally.calls += 1;
        let sentinel = self.generator.sentinels.get(&hostile.method);
        let judged = judge(&self.generator.schema, sentinel, hostile.method, answer)
            .and_then(|verdict| meets(&hostile.expect, &verdict).map(|()| verdict))
            .and_then(|verdict| self.host_alike(&hostile, &verdict).map(|()| verdict));
        match judged {
            Ok(verdict) => {
                if verdict.is_refusal() {
                    self.tally.refusals += 1;
                }
                self.hold(&hostile, &verdict);
            }
            Err(wrong) => self.wrong(&hostile, wrong),
        }
        if self.tally.calls.is_multiple_of(CHECK_EVERY) {
            self.check();
        }
    }

    /// Send `hostile` to the host registration when the guest reads its
    /// bytes as a call of one of the contract's functions, and compare the
    /// two answers: the same value (bit for bit) or the same call error.
    fn host_alike(&mut self, hostile: &Hostile, verdict: &Verdict) -> Result<(), String> {
        let functions = &self.generator.schema.functions;
        if !functions.iter().any(|f| f.id == hostile.method) {
            return Ok(());
        }
        let Ok(mut call) = decode_call(hostile.method, &hostile.bytes, MAX_DECODED_BYTES) else {
            return Ok(());
        };
        call.module_id = Some(ids::MODULE);
        let guest = match verdict {
            Verdict::Returned(value) | Verdict::Sentinel(value) => Answer::Returned(value.clone()),
            // The engine hands a guest's `err(message)` to the caller so.
            Verdict::Error(message) => Answer::Failed(format!(
                "{:?}",
                CallError::Guest {
                    message: message.clone()
                }
            )),
            Verdict::Trap(_) => return Ok(()),
        };
        let host = catch_unwind(AssertUnwindSafe(|| {
            Answer::from(self.host.arora_call(call))
        }))
        .map_err(|_| "a host registration panicked".to_string())?;
        self.tally.compared += 1;
        if same_bits(&guest, &host) {
            return Ok(());
        }
        Err(format!(
            "the guest answered {} and a host registration {}",
            quoted(&guest),
            quoted(&host)
        ))
    }

    fn wrong(&mut self, hostile: &Hostile, why: String) {
        if why.starts_with("a trap") {
            self.tally.traps += 1;
            self.guest = DirectGuest::instantiate();
        }
        if why.starts_with("a host registration panicked") {
            self.host = host_engine();
        }
        self.tally.wrong += 1;
        if self.tally.wrong_said.len() < WRONG_KEPT {
            self.tally.wrong_said.push(format!(
                "call {} ({}, {} bytes to {}): {why}",
                self.tally.calls,
                hostile.how,
                hostile.bytes.len(),
                self.generator
                    .schema
                    .functions
                    .iter()
                    .find(|f| f.id == hostile.method)
                    .map_or("an unknown function", |f| f.name.as_str()),
            ));
        }
    }

    /// Keep the ids a call created, forget those it removed.
    fn hold(&mut self, hostile: &Hostile, verdict: &Verdict) {
        let Verdict::Returned(ret) = verdict else {
            return;
        };
        let arg = |parameter: Uuid| -> Option<u32> {
            let Some(Value::Structure(Structure { fields, .. })) = decode(&hostile.bytes) else {
                return None;
            };
            fields
                .iter()
                .find(|f| f.id == parameter)
                .and_then(|f| match &*f.value {
                    Value::U32(n) => Some(*n),
                    _ => None,
                })
        };
        let held = &mut self.held;
        match (hostile.method, ret) {
            (m, Value::U32(id))
                if m == ids::load_clip::FUNCTION || m == ids::load_animation::FUNCTION =>
            {
                held.anims.push(*id)
            }
            (m, Value::U32(id)) if m == ids::create_player::FUNCTION => held.players.push(*id),
            (m, Value::U32(id))
                if m == ids::add_instance::FUNCTION
                    || m == ids::add_instance_with_weight::FUNCTION =>
            {
                held.instances.push(*id)
            }
            (m, Value::Boolean(true)) if m == ids::unload_animation::FUNCTION => {
                let gone = arg(ids::unload_animation::ANIM);
                held.anims.retain(|id| Some(*id) != gone);
            }
            (m, Value::Boolean(true)) if m == ids::remove_player::FUNCTION => {
                let gone = arg(ids::remove_player::PLAYER);
                held.players.retain(|id| Some(*id) != gone);
            }
            (m, Value::U32(1)) if m == ids::remove_instance::FUNCTION => {
                let gone = arg(ids::remove_instance::INSTANCE);
                held.instances.retain(|id| Some(*id) != gone);
            }
            _ => {}
        }
        for pool in [&mut held.anims, &mut held.players, &mut held.instances] {
            if pool.len() > 1024 {
                pool.remove(0);
            }
        }
    }

    /// The tally so far, with a last check of the kept state and the
    /// guest's memory now.
    pub fn finish(mut self) -> Tally {
        self.check();
        self.tally.memory_bytes = self.guest.memory_bytes();
        self.tally
    }
}

/// Whether two answers are equal, a returned value bit for bit (so that a
/// NaN equals the same NaN).
fn same_bits(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (Answer::Returned(a), Answer::Returned(b)) => a == b || serialize(a) == serialize(b),
        _ => a == b,
    }
}

/// The start of an answer, for a report.
fn quoted(answer: &Answer) -> String {
    let said = format!("{answer:?}");
    match said.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &said[..end]),
        None => said,
    }
}

/// The bake that tells whether clip 0 is still the clip set up.
fn kept_bake() -> Command {
    calls::bake(KEPT, Opt::Some(4.0), Opt::Omitted, Opt::Omitted)
}

/// The first player `player_states` lists.
fn first_player(states: Value) -> Option<PlayerState> {
    let Value::ArrayStructure { id, mut elements } = states else {
        return None;
    };
    if elements.is_empty() {
        return None;
    }
    let first = Value::Structure(Structure {
        id,
        fields: elements.swap_remove(0).fields,
    });
    PlayerState::try_from(first).ok()
}
