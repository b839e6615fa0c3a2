//! The failure values of player, instance, transport and bake calls
//! (docs/contract.md §4.7–§4.9, §4.12), through a real engine.

use crate::support::{Device, r1};
use arora_animation_module::animation::{self, ids};
use arora_types::record::module::frozen::ExportKind;
use arora_types::value::Value;

const MAX: u32 = u32::MAX;

#[test]
fn adding_an_instance_answers_u32_max_and_uses_no_id() {
    let mut device = Device::new();
    let anim = device.load_clip(r1());
    let player = device.create_player("p");
    assert_eq!(device.add_instance(player, anim + 1), MAX);
    assert_eq!(device.add_instance(player + 1, anim), MAX);
    for weight in [-0.5, f32::INFINITY, f32::NAN] {
        let args = vec![
            (ids::add_instance_with_weight::PLAYER, Value::U32(player)),
            (ids::add_instance_with_weight::ANIM, Value::U32(anim)),
            (ids::add_instance_with_weight::WEIGHT, Value::F32(weight)),
        ];
        assert_eq!(
            device.u32(ids::add_instance_with_weight::FUNCTION, args),
            MAX
        );
    }
    assert_eq!(device.add_instance(player, anim), 0);
}

#[test]
fn every_transport_function_answers_u32_max_for_an_unknown_player() {
    let mut device = Device::new();
    device.player_with(r1());
    let unknown = Value::U32(1);
    let calls = [
        (ids::play::FUNCTION, ids::play::PLAYER, vec![]),
        (ids::pause::FUNCTION, ids::pause::PLAYER, vec![]),
        (ids::stop::FUNCTION, ids::stop::PLAYER, vec![]),
        (
            ids::seek::FUNCTION,
            ids::seek::PLAYER,
            vec![(ids::seek::TIME_NS, Value::U64(1))],
        ),
        (
            ids::play_at::FUNCTION,
            ids::play_at::PLAYER,
            vec![(ids::play_at::TIME_NS, Value::U64(1))],
        ),
        (
            ids::set_speed::FUNCTION,
            ids::set_speed::PLAYER,
            vec![(ids::set_speed::SPEED, Value::F32(1.0))],
        ),
        (
            ids::set_loop::FUNCTION,
            ids::set_loop::PLAYER,
            vec![(ids::set_loop::MODE, Value::String("loop".into()))],
        ),
        (
            ids::set_window::FUNCTION,
            ids::set_window::PLAYER,
            vec![(ids::set_window::START_NS, Value::U64(0))],
        ),
        (ids::set_length::FUNCTION, ids::set_length::PLAYER, vec![]),
        (
            ids::set_reversed::FUNCTION,
            ids::set_reversed::PLAYER,
            vec![(ids::set_reversed::REVERSED, Value::Boolean(true))],
        ),
    ];
    for (function, player, more) in calls {
        let mut args = vec![(player, unknown.clone())];
        args.extend(more.clone());
        assert_eq!(device.u32(function, args), MAX, "{function}");
        let mut args = vec![(player, Value::U32(0))];
        args.extend(more);
        assert_eq!(device.u32(function, args), 0, "{function}");
    }
}

#[test]
fn speed_is_refused_beyond_2_pow_20_and_when_not_finite() {
    let mut device = Device::new();
    let player = device.player_with(r1());
    let speed = |device: &mut Device, speed: f32| {
        device.on_player(
            ids::set_speed::FUNCTION,
            (ids::set_speed::PLAYER, player),
            vec![(ids::set_speed::SPEED, Value::F32(speed))],
        )
    };
    assert_eq!(speed(&mut device, 1_048_576.0), 0);
    assert_eq!(speed(&mut device, -1_048_576.0), 0);
    assert_eq!(speed(&mut device, 1e-7), 0);
    for refused in [
        1_048_577.0,
        -1_048_577.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ] {
        assert_eq!(speed(&mut device, refused), MAX, "{refused}");
    }
    device.at(0);
    assert_eq!(device.state(player).speed, 1e-7);
}

#[test]
fn loop_modes_are_exact_strings() {
    let mut device = Device::new();
    let player = device.player_with(r1());
    for (mode, answer) in [
        ("once", 0),
        ("loop", 0),
        ("bounce", 0),
        ("ping_pong", 0),
        ("pingpong", MAX),
        ("Loop", MAX),
        ("", MAX),
    ] {
        let args = vec![(ids::set_loop::MODE, Value::String(mode.to_string()))];
        let answered = device.on_player(
            ids::set_loop::FUNCTION,
            (ids::set_loop::PLAYER, player),
            args,
        );
        assert_eq!(answered, answer, "{mode:?}");
    }
    assert_eq!(device.state(player).loop_mode, "ping_pong");
}

/// An instance setter of the contract: its function and its (player, instance, value)
/// parameter ids.
struct Setter(arora_types::Uuid, [arora_types::Uuid; 3]);

/// The instance setter `name` as the declaration gives it: its id and its parameters'
/// ids, in order.
fn setter(name: &str) -> Setter {
    let descriptions = animation::descriptions();
    let (id, export) = descriptions
        .iter()
        .find(|(_, export)| export.name == name)
        .unwrap_or_else(|| panic!("{name} is declared"));
    let ExportKind::Function(signature) = &export.kind;
    let [player, instance, value] = signature.parameter_ordering[..] else {
        panic!("{name} takes a player, an instance and a value");
    };
    Setter(*id, [player, instance, value])
}

impl Setter {
    /// The answer to setting instance `i` of player `p` to `value`.
    fn set(&self, device: &mut Device, p: u32, i: u32, value: Value) -> u32 {
        let Setter(function, [player, instance, set]) = *self;
        let args = vec![
            (player, Value::U32(p)),
            (instance, Value::U32(i)),
            (set, value),
        ];
        device.u32(function, args)
    }
}

/// A device with player 0 holding instance 0 of R1, and player 1 (`q`) holding none.
fn two_players() -> (Device, u32, u32) {
    let mut device = Device::new();
    let player = device.player_with(r1());
    let other = device.create_player("q");
    (device, player, other)
}

/// [`two_players`] with instance setter `name` refusing each of `bad` on player 0's
/// instance 0 (`u32::MAX`): the device, the two players and the setter.
fn refusing(name: &str, bad: impl IntoIterator<Item = Value>) -> (Device, u32, u32, Setter) {
    let (mut device, player, other) = two_players();
    let setter = setter(name);
    for bad in bad {
        assert_eq!(
            setter.set(&mut device, player, 0, bad.clone()),
            MAX,
            "{bad:?}"
        );
    }
    (device, player, other, setter)
}

#[test]
fn a_weight_below_zero_or_not_finite_or_of_another_player_s_instance_answers_u32_max() {
    let bad = [-1.0, f32::NAN, f32::INFINITY].map(Value::F32);
    let (mut device, player, other, set_weight) = refusing("set_weight", bad);
    assert_eq!(set_weight.set(&mut device, other, 0, Value::F32(1.0)), MAX);
    assert_eq!(set_weight.set(&mut device, player, 0, Value::F32(0.0)), 0);
    assert_eq!(device.state(player).instances[0].weight, 0.0);
}

#[test]
fn a_rate_not_positive_and_finite_or_of_an_unknown_instance_answers_u32_max() {
    let bad = [0.0, -1.0, f64::NAN, f64::INFINITY].map(Value::F64);
    let (mut device, player, _, set_rate) = refusing("set_rate", bad);
    assert_eq!(set_rate.set(&mut device, player, 3, Value::F64(2.0)), MAX);
    assert_eq!(device.state(player).instances[0].rate, 1.0);
}

#[test]
fn a_time_scale_not_positive_and_finite_or_of_another_player_s_instance_answers_u32_max() {
    let bad = [0.0, -2.0, f32::INFINITY, f32::NAN].map(Value::F32);
    let (mut device, player, other, set_time_scale) = refusing("set_time_scale", bad);
    assert_eq!(
        set_time_scale.set(&mut device, other, 0, Value::F32(2.0)),
        MAX
    );
    assert_eq!(device.state(player).instances[0].rate, 1.0);
}

#[test]
fn a_start_offset_of_another_player_s_instance_answers_u32_max_and_any_i64_is_kept() {
    let (mut device, player, other) = two_players();
    let set_start_offset = setter("set_start_offset");
    assert_eq!(
        set_start_offset.set(&mut device, other, 0, Value::I64(5)),
        MAX
    );
    let min = Value::I64(i64::MIN);
    assert_eq!(set_start_offset.set(&mut device, player, 0, min), 0);
    let instance = &device.state(player).instances[0];
    assert_eq!((instance.rate, instance.start_offset_ns), (1.0, i64::MIN));
}

fn bake(
    device: &mut Device,
    anim: u32,
    rate: Option<f32>,
    start: Option<u64>,
    end: Option<u64>,
) -> Value {
    let mut args = vec![(ids::bake::ANIM, Value::U32(anim))];
    args.extend(rate.map(|rate| (ids::bake::FRAME_RATE, Value::F32(rate))));
    args.extend(start.map(|start| (ids::bake::START_NS, Value::U64(start))));
    args.extend(end.map(|end| (ids::bake::END_NS, Value::U64(end))));
    device.ret(ids::bake::FUNCTION, args)
}

#[test]
fn a_refused_bake_answers_none() {
    let mut device = Device::new();
    let anim = device.load_clip(r1());
    let none = Value::Option(None);
    assert_eq!(bake(&mut device, anim + 1, None, None, None), none);
    for rate in [0.0, -5.0, f32::NAN, f32::INFINITY] {
        assert_eq!(
            bake(&mut device, anim, Some(rate), None, None),
            none,
            "{rate}"
        );
    }
    assert_eq!(bake(&mut device, anim, Some(2e6), None, None), none);
    assert_eq!(
        bake(&mut device, anim, Some(1e6), Some(0), Some(1_048_576_000)),
        none
    );
    let Value::Option(Some(accepted)) = bake(&mut device, anim, Some(1e6), None, None) else {
        panic!("a 1 s clip bakes at 10^6 fps");
    };
    let baked =
        arora_animation_module::records::BakedAnimation::try_from(*accepted).expect("a bake");
    assert_eq!(
        crate::support::elements(&baked.tracks[0].values).len(),
        1_000_001
    );
    let derivatives = device.ret(
        ids::bake_with_derivatives::FUNCTION,
        vec![(ids::bake_with_derivatives::ANIM, Value::U32(99))],
    );
    assert_eq!(derivatives, none);
}
