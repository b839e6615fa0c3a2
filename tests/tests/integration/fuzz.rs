//! The structure-aware fuzz at a CI-sized count: hostile calls of all 31
//! functions never trap the guest nor lose the state set up before them,
//! every refusal is one the contract names, and a host registration sent
//! the same calls answers alike.
//!
//! `FUZZ_CALLS` sets the count (default 2,000, about 17 s in a debug build)
//! and `FUZZ_SEED` the seed (default [`DEFAULT_SEED`], so that every CI run sends the
//! same calls; printed, so a failure can be run again). The long run is the `fuzz`
//! example.

use arora_animation_tests::fuzz::Source;
use arora_animation_tests::fuzz::defects;
use arora_animation_tests::fuzz::hostile::{Expect, Generator, Held};
use arora_animation_tests::fuzz::soak::Soak;
use arora_animation_tests::fuzz::verdict::{Verdict, judge, known_error, meets};
use arora_animation_tests::guest_direct::DirectGuest;

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| {
        v.parse()
            .unwrap_or_else(|e| panic!("{name}={v} is not a number: {e}"))
    })
}

/// The seed when `FUZZ_SEED` names none: the soak's long-run seed of docs/performance.md.
const DEFAULT_SEED: u64 = 20261201;

fn seed() -> u64 {
    let seed = env_u64("FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    eprintln!("FUZZ_SEED={seed}");
    seed
}

#[test]
fn hostile_calls_never_trap_nor_lose_the_kept_state() {
    let calls = env_u64("FUZZ_CALLS").unwrap_or(2_000);
    let mut soak = Soak::new(seed());
    for _ in 0..calls {
        soak.call();
    }
    let tally = soak.finish();
    eprintln!("{tally}");
    assert_eq!(tally.wrong_said, Vec::<String>::new(), "{tally}");
    assert_eq!((tally.traps, tally.state_losses, tally.wrong), (0, 0, 0));
    assert_eq!(tally.calls, calls);
    assert!(tally.refusals > 0 && tally.refusals < calls, "{tally}");
    // Most calls decode as calls of the contract, and the host registration
    // answered each of those as the guest did.
    assert!(tally.compared > calls / 2, "{} compared", tally.compared);
}

/// Every clip with one defect is refused with the contract's sentinel:
/// `u32::MAX` for a load, `false` for a reload — of a clip id held or not.
#[test]
fn a_clip_with_one_defect_is_refused_by_its_sentinel() {
    let generator = Generator::new(0);
    let mut source = Source::new(seed());
    let mut guest = DirectGuest::instantiate();
    let held = Held::default();
    let mut refused = 0;
    while refused < 400 {
        let call = generator.next(&mut source, &held);
        if call.how != "a clip with one defect" {
            continue;
        }
        let answer = guest.dispatch(call.method, &call.bytes);
        let sentinel = generator.sentinels.get(&call.method);
        let verdict = judge(&generator.schema, sentinel, call.method, answer).expect("allowed");
        assert!(matches!(call.expect, Expect::Refused(_)));
        meets(&call.expect, &verdict).unwrap_or_else(|e| panic!("{e}"));
        refused += 1;
    }
}

/// The defects cover every refusal rule of both formats.
#[test]
fn the_defects_break_every_refusal_rule() {
    let mut source = Source::new(7);
    let mut rules2: Vec<&str> = (0..500).map(|_| defects::clip(&mut source).0).collect();
    let mut rules1: Vec<&str> = (0..500)
        .map(|_| defects::animation_clip(&mut source).0)
        .collect();
    rules2.sort_unstable();
    rules2.dedup();
    rules1.sort_unstable();
    rules1.dedup();
    assert_eq!(
        rules2,
        [
            "a composite keypoint value",
            "a handle that is not finite",
            "a number that is not finite",
            "an unknown pairing",
            "an unknown transition kind",
            "mixed kinds",
            "two transitions on a side",
        ]
    );
    assert_eq!(
        rules1,
        [
            "a composite keypoint value",
            "a handle that is not finite",
            "a number that is not finite",
            "a stamp that is not finite",
            "mixed kinds",
        ]
    );
}

/// The call errors the guest answers are recognised, and nothing else is.
#[test]
fn the_known_call_errors_are_the_guest_s() {
    for message in [
        "missing parameter `dt_ns` of `step`",
        "parameter `speed` of `set_speed`: unexpected value 1u32",
        "parameter `clip` of `load_clip`: value does not convert",
        "the argument buffer is malformed: it is shorter than its size prefix",
    ] {
        assert!(known_error(message), "{message}");
    }
    assert!(!known_error("boom"));
    assert!(!Verdict::Returned(arora_types::value::Value::U32(1)).is_refusal());
}
