//! The module layer at the extremes of 1.x clips (docs/contract.md §4.3,
//! docs/contract.md §4.5): saturated stamps play and bake without a panic, and a segment whose
//! value change overflows gives non-finite handles, which refuse the clip.

use crate::support::{clip1, first_track_times, new_player, point1};
use arora_animation_module::records::{AnimationClip, Keypoint, TransitionHandle};
use arora_animation_module::{Animation, ContractModule};
use arora_types::value::Value;

/// A 1.x keypoint with `handle`, if any, on both sides.
fn point(id: &str, stamp: f32, value: Value, handle: Option<(f32, f32)>) -> Keypoint {
    let handles = handle.map(|(x, y)| TransitionHandle { x, y });
    point1(id, stamp, value, handles.into_iter().collect())
}

/// Loads `clip`, plays it on a player from device 0 to `i64::MAX` and bakes
/// it; the animation id (or `u32::MAX`).
fn exercise(module: &mut ContractModule, clip: AnimationClip) -> u32 {
    let anim = Animation::load_animation(module, clip);
    let player = new_player(module, "p");
    Animation::add_instance(module, player, anim);
    Animation::set_speed(module, player, -1_048_576.0);
    for time in [0, 1, u64::MAX / 2, u64::MAX] {
        Animation::step_with_velocities(module, 1, Some(time));
        Animation::step(module, 0, None);
    }
    Animation::bake_with_derivatives(module, anim, Some(1e-30), None, None);
    Animation::bake(module, anim, None, Some(u64::MAX), Some(0));
    anim
}

#[test]
fn saturated_stamps_load_play_and_bake_without_a_panic() {
    let mut module = ContractModule::new();
    let points = vec![
        point(
            "hi",
            f32::MAX,
            Value::U64(u64::MAX),
            Some((f32::MAX, -f32::MAX)),
        ),
        point(
            "lo",
            -f32::MAX,
            Value::I64(i64::MIN),
            Some((-f32::MAX, f32::MAX)),
        ),
        point("mid", 0.5, Value::F32(f32::MAX), None),
    ];
    assert_eq!(exercise(&mut module, clip1("extreme", u32::MAX, points)), 0);
    let converted = arora_animation_module::engine_clip_v1(&clip1(
        "extreme",
        u32::MAX,
        vec![
            point("hi", f32::MAX, Value::F64(1.0), None),
            point("lo", -f32::MAX, Value::F64(0.0), None),
        ],
    ))
    .expect("accepted");
    assert_eq!(first_track_times(&converted), vec![i64::MIN, i64::MAX]);
    assert_eq!(converted.length_ns(), Some(4_294_967_295_000_000));
}

#[test]
fn a_value_change_that_overflows_gives_non_finite_handles_and_refuses_the_clip() {
    let mut module = ContractModule::new();
    let overflowing = vec![
        point("a", 0.0, Value::F64(-f64::MAX), None),
        point("b", 1.0, Value::F64(f64::MAX), None),
    ];
    assert_eq!(
        exercise(&mut module, clip1("extreme", 1000, overflowing)),
        u32::MAX
    );
    let shared_time = vec![
        point("a", 0.5, Value::F64(-f64::MAX), None),
        point("b", 0.5, Value::F64(f64::MAX), None),
    ];
    assert_eq!(
        exercise(&mut module, clip1("extreme", 1000, shared_time)),
        0
    );
}
