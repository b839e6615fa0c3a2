//! A real Arora device (`arora` 18) loads the module directory, describes
//! the module from its records, and plays through the contract's ids.

use std::sync::OnceLock;

use arora::MethodSignature;
use arora_animation_module::animation;
use arora_animation_module_dir::{FRAMES, device, play};
use arora_animation_tests::calls::{self, Answer, Opt};
use arora_animation_tests::described::assert_described_as_declared;
use arora_animation_tests::guest::module_dir;
use arora_types::record::ty::FrozenTy;
use arora_types::value::Value;

/// What a device carrying the module directory describes of the module:
/// one device start (one compilation of the guest) for the tests reading it.
fn described() -> &'static [MethodSignature] {
    static DESCRIBED: OnceLock<Vec<MethodSignature>> = OnceLock::new();
    DESCRIBED.get_or_init(|| {
        let device = device(&module_dir("device-describes")).expect("the device starts");
        device
            .describe_methods(None)
            .into_iter()
            .filter(|method| method.module_id == animation::ids::MODULE)
            .collect()
    })
}

#[test]
fn the_device_describes_all_31_exports_as_the_contract_declares_them() {
    assert_described_as_declared(described());
}

/// The two the header alone cannot describe (their returns are records)
/// are described from the records the directory carries.
#[test]
fn step_values_and_player_states_are_described_from_the_records() {
    let return_of = |name: &str| {
        described()
            .iter()
            .find(|method| method.name == name)
            .unwrap_or_else(|| panic!("{name} is described"))
            .function
            .return_ty
            .clone()
    };
    let FrozenTy::FrozenScalar(step_values) = return_of("step_values") else {
        panic!("step_values returns a record");
    };
    assert_eq!(
        step_values.reference.to_string(),
        "76697a69-6a00-0000-0000-000000000113@1.1.0"
    );
    let FrozenTy::FrozenArray(player_states) = return_of("player_states") else {
        panic!("player_states returns an array of records");
    };
    assert_eq!(
        player_states.reference.to_string(),
        "76697a69-6a00-0000-0000-000000000111@1.3.0"
    );
}

/// The bundled clip played for one second: 0 → 90 → 0 on `arm/angle`
/// (90 exactly at 500 ms), `light/on` on between 250 and 750 ms,
/// `face/expression` `smile` from 500 ms.
#[test]
fn the_device_plays_the_bundled_clip_through_the_contract_ids() {
    let demo = play(&module_dir("device-plays")).expect("the module directory plays");
    let played = &demo.played;
    assert_eq!(played.keys, ["arm/angle", "light/on", "face/expression"]);
    assert_eq!(played.frames.len(), FRAMES as usize);
    let at = |ms: u64| {
        let frame = &played.frames[(ms / 10 - 1) as usize];
        assert_eq!(frame.time_ns, ms * 1_000_000);
        frame.values.clone()
    };
    let Value::F64(peak) = at(500)[0] else {
        panic!("arm/angle is a number: {:?}", at(500));
    };
    assert!((peak - 90.0).abs() < 1e-9, "{peak}");
    assert_eq!(at(100)[1..], [Value::Boolean(false), "idle".into()]);
    assert_eq!(at(300)[1..], [Value::Boolean(true), "idle".into()]);
    assert_eq!(at(600)[1..], [Value::Boolean(true), "smile".into()]);
    assert_eq!(at(800)[1..], [Value::Boolean(false), "smile".into()]);
    let rising = |ms| match at(ms)[0] {
        Value::F64(x) => x,
        ref other => panic!("{other:?}"),
    };
    assert!(rising(100) < rising(200) && rising(200) < rising(400));
}

/// A call the device routes to the guest is refused as the contract says:
/// an unknown player is `u32::MAX`, a missing argument a guest error naming
/// it; the guest keeps its state for the next call.
#[test]
fn calls_through_the_device_refuse_and_keep_the_state() {
    let mut device = device(&module_dir("device-calls")).expect("the device starts");
    let bridge = device.engine();
    assert_eq!(
        calls::create_player(Opt::Some("p".into())).send(bridge),
        Answer::Returned(Value::U32(0))
    );
    assert_eq!(
        calls::play(7).send(bridge),
        Answer::Returned(Value::U32(u32::MAX))
    );
    let mut missing = calls::play(0);
    missing.args.clear();
    let Answer::Failed(message) = missing.send(bridge) else {
        panic!("a call without its argument fails");
    };
    assert!(
        message.contains("Guest") && message.contains("player"),
        "{message}"
    );
    assert_eq!(calls::play(0).send(bridge), Answer::Returned(Value::U32(0)));
}
