//! The answers the guest writes straight to the wire are, byte for byte, what
//! `arora_buffers` gives the `Value` a host registration returns — and every
//! call answered the general way (ill-typed, missing, extra or repeated
//! arguments; unknown ids; out-of-range numbers) answers as before.
//!
//! Seeded random sessions of all 31 functions go to the guest's `Served`
//! (natively: the code the wasm guest runs) and to a host registration
//! (`exports`) called as the guest called it before it wrote answers itself:
//! the argument decoded into a `Call`, the function invoked, its `CallResult`
//! encoded by `arora_buffers` (`encode_result`). Each answer, bytes or error
//! message, must be the same.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use arora_animation_guest::buffer::{decode_call, encode_result};
use arora_animation_guest::limits::{MAX_DECODED_BYTES, argument_limit};
use arora_animation_guest::served::{DispatchError, Served};
use arora_animation_module::{AnimationModule, AnswerBudget, exports};
use arora_animation_test_support::random::Source;
use arora_types::Uuid;
use arora_types::module::declared::AroraFunction;

use crate::random_calls::{buffer, call};

/// The seeds run, and the calls in each session.
const SEEDS: u64 = 40;
const CALLS: usize = 300;

/// The guest's dispatch before it wrote answers itself: the call decoded,
/// the host registration's function invoked, its result encoded by
/// `arora_buffers`.
fn general(functions: &mut [AroraFunction], method: Uuid, arg: &[u8]) -> Result<Vec<u8>, String> {
    general_within(functions, None, method, arg)
}

/// [`general`], the argument's size limited by `budget`'s free memory.
fn general_within(
    functions: &mut [AroraFunction],
    budget: Option<&AnswerBudget>,
    method: Uuid,
    arg: &[u8],
) -> Result<Vec<u8>, String> {
    let function = functions
        .iter_mut()
        .find(|function| function.id == method)
        .ok_or_else(|| DispatchError::UnknownFunction(method).to_string())?;
    let limit = budget.map_or(MAX_DECODED_BYTES, |budget| argument_limit(budget.free()));
    let call = decode_call(method, arg, limit).map_err(|e| e.to_string())?;
    let result = (function.invoke)(call).map_err(|e| DispatchError::Refused(e).to_string())?;
    Ok(encode_result(method, result))
}

/// A function's name, for messages and counts.
fn name(method: Uuid) -> &'static str {
    exports(AnimationModule::new())
        .into_iter()
        .find(|function| function.id == method)
        .map_or("unknown", |function| function.name)
}

#[test]
fn every_answer_is_the_bytes_arora_buffers_gives_the_host_s_value() {
    // Per function: answers compared, and of those the ones with content
    // (a valued step, a bake, a player, a key) — so that the sessions reach
    // what the direct answers write, not only refusals.
    let mut compared: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for seed in 0..SEEDS {
        let mut random = Source::new(seed);
        let mut guest = Served::contract(AnimationModule::new(), None);
        let mut host = exports(AnimationModule::new());
        for index in 0..CALLS {
            let (function, fields) = call(&mut random);
            let arg = buffer(&mut random, function, fields);
            let on_guest = guest.dispatch(function, &arg).map_err(|e| e.to_string());
            let on_host = general(&mut host, function, &arg);
            assert_eq!(
                on_guest,
                on_host,
                "seed {seed}, call {index}, {}",
                name(function)
            );
            let entry = compared.entry(name(function)).or_default();
            entry.0 += 1;
            // Past the result's header (4 + 1 + 16 + 4 + 16 bytes): more than a
            // scalar or an empty list.
            if on_guest.is_ok_and(|bytes| bytes.len() > 41 + 16) {
                entry.1 += 1;
            }
        }
    }
    for function in [
        "step",
        "step_values",
        "step_with_velocities",
        "player_states",
        "output_keys",
        "bake",
        "bake_with_derivatives",
    ] {
        let (all, with_content) = compared.get(function).copied().unwrap_or_default();
        assert!(
            with_content >= 20,
            "{function}: {with_content} of {all} answers had content"
        );
    }
}

/// The bytes both budgets of the test below find free.
static FREE: AtomicUsize = AtomicUsize::new(usize::MAX);

fn free() -> usize {
    FREE.load(Relaxed)
}

/// The `needed` and `free` figures of a refusal for want of memory, if `message` is one.
fn refusal_figures(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix("the answer would take ")?;
    let (needed, rest) = rest.split_once(" bytes, more than the ")?;
    let free = rest.strip_suffix(" bytes the module has free")?;
    Some((needed.parse().ok()?, free.parse().ok()?))
}

/// Each session runs on the guest with a budget, on a host registration with the same
/// budget (whose contract functions answer an empty list, at the current revision, for an
/// answer refused) and on one without. Where the guest refuses an answer for want of
/// memory, the budgeted host answers otherwise than the free one (it refused too), and the
/// refusal names the bytes free and more bytes needed; everywhere else all three answer
/// alike.
#[test]
fn an_answer_too_large_is_refused_in_the_same_states_with_the_same_figures() {
    let mut refused = 0;
    for seed in 0..16 {
        let mut random = Source::new(1000 + seed);
        let budget = AnswerBudget::new(free);
        let mut guest = Served::contract(AnimationModule::new(), Some(AnswerBudget::new(free)));
        let mut host = exports(AnimationModule::new().with_answer_budget(budget.clone()));
        let mut unbounded = exports(AnimationModule::new());
        for index in 0..CALLS {
            let (function, fields) = call(&mut random);
            let arg = buffer(&mut random, function, fields);
            // Now plenty, now a few hundred bytes: answers that grow with the
            // state are refused by turns.
            let bytes_free = *random.pick(&[usize::MAX >> 8, 6_000, 3_000, 1_500, 900]);
            FREE.store(bytes_free, Relaxed);
            let on_guest = guest.dispatch(function, &arg).map_err(|e| e.to_string());
            let on_host = general_within(&mut host, Some(&budget), function, &arg);
            let on_unbounded = general_within(&mut unbounded, Some(&budget), function, &arg);
            let at = format!("seed {seed}, call {index}, {}", name(function));
            match on_guest.as_ref().err().and_then(|e| refusal_figures(e)) {
                Some((needed, free)) => {
                    refused += 1;
                    assert_eq!(free, bytes_free, "{at}");
                    assert!(needed > free, "{at}: {needed} needed");
                    assert!(on_host.is_ok() && on_host != on_unbounded, "{at}");
                }
                None => {
                    assert_eq!(on_guest, on_host, "{at}");
                    assert_eq!(on_host, on_unbounded, "{at}");
                }
            }
        }
    }
    assert!(refused >= 30, "{refused} answers refused");
}
