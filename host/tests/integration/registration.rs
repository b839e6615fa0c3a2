//! Through a real `arora_engine`: one state per registration, arguments by
//! parameter id, optional arguments, and call errors (docs/contract.md §1.3, §5.3).

use crate::support::{Device, MS, r1};
use arora_animation_module::animation::ids;
use arora_types::call::CallError;
use arora_types::value::Value;

#[test]
fn two_devices_in_one_process_own_independent_state() {
    let mut first = Device::new();
    let mut second = Device::new();
    let player = first.player_with(r1());
    assert_eq!(player, 0);
    // The second device has loaded nothing: player 0 and anim 0 are unknown there.
    let args = vec![(ids::play::PLAYER, Value::U32(0))];
    assert_eq!(second.u32(ids::play::FUNCTION, args), u32::MAX);
    assert_eq!(second.add_instance(0, 0), u32::MAX);
    assert_eq!(second.create_player("q"), 0);
    assert_eq!(second.keys().revision, 1);
    assert_eq!(first.keys().revision, 2);
    first.at(0);
    first.at(250 * MS);
    assert_eq!(first.time(0), 250 * MS);
    assert_eq!(second.states()[0].name, "q");
    assert_eq!(second.states()[0].state, "paused");
}

#[test]
fn arguments_are_matched_by_parameter_id_in_any_order() {
    let mut device = Device::new();
    let player = device.player_with(r1());
    let reversed = vec![
        (ids::set_speed::SPEED, Value::F32(-2.0)),
        (ids::set_speed::PLAYER, Value::U32(player)),
    ];
    assert_eq!(device.u32(ids::set_speed::FUNCTION, reversed), 0);
    device.at(0);
    assert_eq!(device.state(player).speed, -2.0);
}

#[test]
fn unknown_parameter_ids_are_ignored() {
    let mut device = Device::new();
    let player = device.player_with(r1());
    let args = vec![
        (ids::step::DT_NS, Value::U64(0)),
        (ids::play::PLAYER, Value::U32(player)),
    ];
    assert!(device.call(ids::pause::FUNCTION, args).is_err());
    let args = vec![
        (ids::pause::PLAYER, Value::U32(player)),
        (ids::step::DT_NS, Value::U64(0)),
    ];
    assert_eq!(device.u32(ids::pause::FUNCTION, args), player);
}

#[test]
fn an_optional_argument_may_be_absent_an_option_or_bare() {
    let mut device = Device::new();
    let absent = device.u32(ids::create_player::FUNCTION, vec![]);
    let none = device.u32(
        ids::create_player::FUNCTION,
        vec![(ids::create_player::NAME, Value::Option(None))],
    );
    let some = device.u32(
        ids::create_player::FUNCTION,
        vec![(
            ids::create_player::NAME,
            Value::Option(Some(Box::new(Value::String("some".to_string())))),
        )],
    );
    let bare = device.create_player("bare");
    assert_eq!((absent, none, some, bare), (0, 1, 2, 3));
    let names: Vec<String> = device.states().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["", "", "some", "bare"]);

    let set_length = |device: &mut Device, length: Option<Value>| {
        let mut args = vec![(ids::set_length::PLAYER, Value::U32(0))];
        args.extend(length.map(|value| (ids::set_length::LENGTH_NS, value)));
        device.u32(ids::set_length::FUNCTION, args)
    };
    assert_eq!(set_length(&mut device, Some(Value::U64(3 * MS))), 0);
    assert_eq!(device.state(0).duration_ns, 3 * MS);
    let wrapped = Value::Option(Some(Box::new(Value::U64(4 * MS))));
    assert_eq!(set_length(&mut device, Some(wrapped)), 0);
    assert_eq!(device.state(0).duration_ns, 4 * MS);
    assert_eq!(set_length(&mut device, None), 0);
    assert_eq!(device.state(0).duration_ns, 0);
}

#[test]
fn unit_for_an_optional_argument_is_a_call_error() {
    let mut device = Device::new();
    let result = device.call(
        ids::create_player::FUNCTION,
        vec![(ids::create_player::NAME, Value::Unit)],
    );
    assert!(matches!(result, Err(CallError::Guest { .. })), "{result:?}");
}

#[test]
fn a_missing_required_argument_is_a_call_error_naming_it() {
    let mut device = Device::new();
    let result = device.call(ids::step::FUNCTION, vec![]);
    let Err(CallError::Guest { message }) = result else {
        panic!("expected a guest error, got {result:?}");
    };
    assert_eq!(message, "missing parameter `dt_ns` of `step`");
}

#[test]
fn a_wrong_variant_is_a_call_error_not_a_conversion() {
    let mut device = Device::new();
    let widened = device.call(ids::step::FUNCTION, vec![(ids::step::DT_NS, Value::U32(1))]);
    let Err(CallError::Guest { message }) = widened else {
        panic!("expected a guest error, got {widened:?}");
    };
    assert_eq!(
        message,
        "parameter `dt_ns` of `step`: unexpected value 1u32"
    );
    let narrowed = device.call(
        ids::set_speed::FUNCTION,
        vec![
            (ids::set_speed::PLAYER, Value::U32(0)),
            (ids::set_speed::SPEED, Value::F64(1.0)),
        ],
    );
    assert!(matches!(narrowed, Err(CallError::Guest { .. })));
}

#[test]
fn a_record_argument_that_does_not_convert_is_a_call_error() {
    let mut device = Device::new();
    let result = device.call(
        ids::load_clip::FUNCTION,
        vec![(ids::load_clip::CLIP, Value::U32(3))],
    );
    let Err(CallError::Guest { message }) = result else {
        panic!("expected a guest error, got {result:?}");
    };
    assert_eq!(
        message,
        "parameter `clip` of `load_clip`: value does not convert"
    );
    assert_eq!(device.load_clip(r1()), 0, "the refused call used no id");
}

#[test]
fn the_host_module_describes_its_31_functions_in_declaration_order() {
    let module = arora_engine::module::HostModule::from_exports(
        ids::MODULE,
        arora_animation_module::exports(arora_animation_module::AnimationModule::new()),
    );
    let descriptions = module.descriptions();
    assert_eq!(descriptions.len(), 31);
    for (n, description) in descriptions.iter().enumerate() {
        let id = arora_types::Uuid::from_u128(0x76697a69_6a00_0000_0f00_000000000001 + n as u128);
        assert_eq!(description.id, id);
        let described = &arora_animation_module::animation::descriptions()[&id];
        assert_eq!(description.name, described.name);
    }
}
