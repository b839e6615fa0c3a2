//! Ids running out (docs/playback.md §7.1, docs/contract.md §4.9), through the contract on a
//! registration whose counters start at `u32::MAX - 2`: each kind hands out
//! `u32::MAX - 2` and `u32::MAX - 1`, then answers the `u32::MAX` sentinel —
//! never the sentinel as an id — and the refused call changes nothing. An id
//! of `u32::MAX` names nothing.

use crate::support::{
    Device, MS, clip, clip1, close, elements, key, load_animation, point, r1, track,
};
use arora_animation_module::AnimationModule;
use arora_animation_module::animation::ids;
use arora_animation_module::records::{AnimationClip, Clip};
use arora_types::value::Value;

const MAX: u32 = u32::MAX;

/// A device whose first animation, player and instance ids are `u32::MAX - 2`.
fn near_the_end() -> Device {
    Device::with_module(AnimationModule::with_first_ids(MAX - 2))
}

/// `ty: y` holding 7.
fn seven() -> Clip {
    clip(
        "seven",
        vec![track("ty", "y", vec![key("k", 0, Value::F64(7.0))])],
    )
}

/// A 1.x clip: `x` holding 1 (in F64).
fn one_v1() -> AnimationClip {
    clip1("v1", 1000, vec![point("k", 0.0, Value::F64(1.0))])
}

fn add_instance_with_weight(device: &mut Device, player: u32, anim: u32, weight: f32) -> u32 {
    let values = vec![Value::U32(player), Value::U32(anim), Value::F32(weight)];
    device.u32_in_order(ids::add_instance_with_weight::FUNCTION, values)
}

fn set_weight(device: &mut Device, player: u32, instance: u32, weight: f32) -> u32 {
    let values = vec![Value::U32(player), Value::U32(instance), Value::F32(weight)];
    device.u32_in_order(ids::set_weight::FUNCTION, values)
}

fn remove_instance(device: &mut Device, player: u32, instance: u32) -> u32 {
    let values = vec![Value::U32(player), Value::U32(instance)];
    device.u32_in_order(ids::remove_instance::FUNCTION, values)
}

/// Whether `bake` accepts `anim` (an `Option` answered `Some`).
fn bakes(device: &mut Device, anim: u32) -> bool {
    let args = vec![(ids::bake::ANIM, Value::U32(anim))];
    match device.ret(ids::bake::FUNCTION, args) {
        Value::Option(answer) => answer.is_some(),
        other => panic!("bake answers an Option, got {other:?}"),
    }
}

/// `(player, [(instance, anim)])` for every player, in order.
fn listing(device: &mut Device) -> Vec<(u32, Vec<(u32, u32)>)> {
    device
        .states()
        .into_iter()
        .map(|state| {
            let instances = state
                .instances
                .iter()
                .map(|instance| (instance.instance, instance.anim))
                .collect();
            (state.player, instances)
        })
        .collect()
}

/// The values of a step at `time_ns`.
fn values_at(device: &mut Device, time_ns: u64) -> Vec<Value> {
    elements(&device.step_values(0, Some(time_ns)).values).to_vec()
}

#[test]
fn animation_ids_end_at_max_minus_1_then_every_load_answers_the_sentinel() {
    let mut device = near_the_end();
    assert_eq!(device.load_clip(r1()), MAX - 2);
    assert_eq!(device.load_clip(seven()), MAX - 1);
    let revision = device.keys().revision;
    assert_eq!(device.load_clip(r1()), MAX);
    assert_eq!(
        load_animation(&mut device, one_v1()),
        MAX,
        "1.x and 2.0 clips share the counter"
    );
    assert_eq!(device.load_clip(seven()), MAX, "and it stays exhausted");
    assert_eq!(device.keys().revision, revision);
    // The loaded clips still play and bake; players and instances still count
    // from their own start.
    assert!(bakes(&mut device, MAX - 2) && bakes(&mut device, MAX - 1));
    assert!(!bakes(&mut device, MAX));
    let player = device.create_player("p");
    assert_eq!(player, MAX - 2);
    assert_eq!(device.add_instance(player, MAX - 2), MAX - 2);
    assert_eq!(device.add_instance(player, MAX - 1), MAX - 1);
    assert_eq!(
        listing(&mut device),
        vec![(MAX - 2, vec![(MAX - 2, MAX - 2), (MAX - 1, MAX - 1)])]
    );
    assert_eq!(device.keys().keys, vec!["x".to_string(), "y".to_string()]);
    device.at(0);
    let values = values_at(&mut device, 250 * MS);
    close(&values[0], 250.0);
    assert_eq!(values[1], Value::F64(7.0));
}

#[test]
fn player_ids_end_at_max_minus_1_then_create_player_answers_the_sentinel() {
    let mut device = near_the_end();
    let anim = device.load_clip(r1());
    assert_eq!(anim, MAX - 2);
    assert_eq!(device.create_player("a"), MAX - 2);
    assert_eq!(device.create_player("b"), MAX - 1);
    let revision = device.keys().revision;
    assert_eq!(device.create_player("c"), MAX);
    assert_eq!(device.create_player("d"), MAX, "and it stays exhausted");
    assert_eq!(device.keys().revision, revision);
    let states = device.states();
    let players: Vec<(u32, &str)> = states
        .iter()
        .map(|state| (state.player, state.name.as_str()))
        .collect();
    assert_eq!(players, vec![(MAX - 2, "a"), (MAX - 1, "b")]);
    // Both players still take instances and play.
    assert_eq!(device.add_instance(MAX - 1, anim), MAX - 2);
    assert_eq!(
        listing(&mut device),
        vec![(MAX - 2, vec![]), (MAX - 1, vec![(MAX - 2, MAX - 2)])]
    );
    device.at(0);
    close(&values_at(&mut device, 400 * MS)[0], 400.0);
    assert_eq!(device.time(MAX - 1), 400 * MS);
    assert_eq!(device.state(MAX - 2).state, "playing");
}

#[test]
fn instance_ids_end_at_max_minus_1_across_players_then_adding_answers_the_sentinel() {
    let mut device = near_the_end();
    let ramp = device.load_clip(r1());
    let held = device.load_clip(seven());
    let p = device.create_player("p");
    let q = device.create_player("q");
    assert_eq!((ramp, held, p, q), (MAX - 2, MAX - 1, MAX - 2, MAX - 1));
    assert_eq!(device.add_instance(p, ramp), MAX - 2);
    assert_eq!(device.add_instance(q, held), MAX - 1);
    let revision = device.keys().revision;
    assert_eq!(device.add_instance(p, held), MAX);
    assert_eq!(add_instance_with_weight(&mut device, q, ramp, 0.5), MAX);
    assert_eq!(device.keys().revision, revision);
    let expected = vec![(p, vec![(MAX - 2, ramp)]), (q, vec![(MAX - 1, held)])];
    assert_eq!(listing(&mut device), expected);
    device.at(0);
    let values = values_at(&mut device, 100 * MS);
    close(&values[0], 100.0);
    assert_eq!(values[1], Value::F64(7.0));
    // The instances handed out still answer; a removed one is not reused.
    assert_eq!(set_weight(&mut device, p, MAX - 2, 0.5), MAX - 2);
    assert_eq!(
        device.states()[0].instances[0].weight.to_bits(),
        0.5f32.to_bits()
    );
    assert_eq!(remove_instance(&mut device, q, MAX - 1), 1);
    assert_eq!(device.add_instance(q, held), MAX);
    assert_eq!(
        listing(&mut device),
        vec![(p, vec![(MAX - 2, ramp)]), (q, vec![])]
    );
}

/// Every call naming `u32::MAX` as an id answers its failure value, and
/// changes nothing.
fn max_names_nothing(device: &mut Device, anim: u32, player: u32, instance: u32) {
    let before = listing(device);
    let revision = device.keys().revision;
    assert_eq!(device.add_instance(MAX, anim), MAX);
    assert_eq!(device.add_instance(player, MAX), MAX);
    assert_eq!(add_instance_with_weight(device, MAX, anim, 1.0), MAX);
    assert_eq!(add_instance_with_weight(device, player, MAX, 1.0), MAX);
    let play = vec![(ids::play::PLAYER, Value::U32(MAX))];
    assert_eq!(device.u32(ids::play::FUNCTION, play), MAX);
    let speed = vec![
        (ids::set_speed::PLAYER, Value::U32(MAX)),
        (ids::set_speed::SPEED, Value::F32(2.0)),
    ];
    assert_eq!(device.u32(ids::set_speed::FUNCTION, speed), MAX);
    assert_eq!(set_weight(device, player, MAX, 1.0), MAX);
    assert_eq!(set_weight(device, MAX, instance, 1.0), MAX);
    let rate = vec![
        (ids::set_rate::PLAYER, Value::U32(player)),
        (ids::set_rate::INSTANCE, Value::U32(MAX)),
        (ids::set_rate::RATE, Value::F64(2.0)),
    ];
    assert_eq!(device.u32(ids::set_rate::FUNCTION, rate), MAX);
    assert_eq!(remove_instance(device, player, MAX), 0);
    assert_eq!(remove_instance(device, MAX, instance), 0);
    let remove = vec![(ids::remove_player::PLAYER, Value::U32(MAX))];
    assert!(!device.bool(ids::remove_player::FUNCTION, remove));
    let unload = vec![(ids::unload_animation::ANIM, Value::U32(MAX))];
    assert!(!device.bool(ids::unload_animation::FUNCTION, unload));
    let reload = vec![
        (ids::reload_clip::ANIM, Value::U32(MAX)),
        (ids::reload_clip::CLIP, r1().into()),
    ];
    assert!(!device.bool(ids::reload_clip::FUNCTION, reload));
    assert!(!bakes(device, MAX));
    assert_eq!(listing(device), before);
    assert_eq!(device.keys().revision, revision);
}

#[test]
fn max_as_an_id_is_unknown_once_every_id_is_used() {
    let mut device = near_the_end();
    let anim = device.load_clip(r1());
    let player = device.create_player("p");
    let instance = device.add_instance(player, anim);
    assert_eq!((anim, player, instance), (MAX - 2, MAX - 2, MAX - 2));
    assert_eq!(device.load_clip(seven()), MAX - 1);
    assert_eq!(device.create_player("q"), MAX - 1);
    assert_eq!(device.add_instance(player, anim), MAX - 1);
    assert_eq!(device.load_clip(seven()), MAX);
    assert_eq!(device.create_player("r"), MAX);
    assert_eq!(device.add_instance(player, anim), MAX);
    max_names_nothing(&mut device, anim, player, instance);
    device.at(0);
    close(&values_at(&mut device, 300 * MS)[0], 300.0);
}

#[test]
fn max_as_an_id_is_unknown_on_a_fresh_registration() {
    let mut device = Device::new();
    let anim = device.load_clip(r1());
    let player = device.create_player("p");
    let instance = device.add_instance(player, anim);
    assert_eq!((anim, player, instance), (0, 0, 0));
    max_names_nothing(&mut device, anim, player, instance);
}
