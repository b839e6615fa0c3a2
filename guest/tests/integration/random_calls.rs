//! Random calls of all 31 functions, as the guest's argument buffers: each function's
//! arguments drawn by [`crate::random_arguments`], the buffer now and then spoiled.

use arora_animation_module::animation::ids;
use arora_animation_test_support::random::Source;
use arora_buffers::serde_uuid::serialize;
use arora_types::Uuid;
use arora_types::value::{Structure, StructureField, Value};

use crate::random_arguments::{animation_clip, clip, float, optional, some_id, spoil, time};

/// One random call: the function and its argument fields.
pub fn call(random: &mut Source) -> (Uuid, Vec<(Uuid, Option<Value>)>) {
    use ids::*;
    let id = |random: &mut Source| some_id(random);
    let t = |random: &mut Source| Value::U64(time(random));
    let f32v = |random: &mut Source| Value::F32(float(random) as f32);
    match random.below(34) {
        0 => (
            load_clip::FUNCTION,
            vec![(load_clip::CLIP, Some(clip(random)))],
        ),
        1 => (
            load_animation::FUNCTION,
            vec![(load_animation::CLIP, Some(animation_clip(random)))],
        ),
        2 => {
            let name = Value::String(random.pick(&["", "p", "nämé"]).to_string());
            (
                create_player::FUNCTION,
                vec![(create_player::NAME, optional(random, |_| name))],
            )
        }
        3 | 4 => (
            add_instance::FUNCTION,
            vec![
                (add_instance::PLAYER, Some(id(random))),
                (add_instance::ANIM, Some(id(random))),
            ],
        ),
        5 => (
            add_instance_with_weight::FUNCTION,
            vec![
                (add_instance_with_weight::PLAYER, Some(id(random))),
                (add_instance_with_weight::ANIM, Some(id(random))),
                (add_instance_with_weight::WEIGHT, Some(f32v(random))),
            ],
        ),
        6..=8 => {
            let (function, dt, at) = *random.pick(&[
                (step::FUNCTION, step::DT_NS, step::TIME_NS),
                (
                    step_values::FUNCTION,
                    step_values::DT_NS,
                    step_values::TIME_NS,
                ),
                (
                    step_with_velocities::FUNCTION,
                    step_with_velocities::DT_NS,
                    step_with_velocities::TIME_NS,
                ),
            ]);
            let dt_ns = Value::U64(*random.pick(&[0, 1, 16_666_667, 100_000_000, 1_000_000_000]));
            let now = t(random);
            (
                function,
                vec![
                    (dt, spoil(random, |_| dt_ns)),
                    (at, optional(random, |_| now)),
                ],
            )
        }
        9..=11 => (
            step_values::FUNCTION,
            vec![(step_values::DT_NS, Some(Value::U64(16_666_667)))],
        ),
        12 => (player_states::FUNCTION, vec![]),
        13 => (output_keys::FUNCTION, vec![]),
        14 | 15 => {
            let (function, anim, rate, start, end) = *random.pick(&[
                (
                    bake::FUNCTION,
                    bake::ANIM,
                    bake::FRAME_RATE,
                    bake::START_NS,
                    bake::END_NS,
                ),
                (
                    bake_with_derivatives::FUNCTION,
                    bake_with_derivatives::ANIM,
                    bake_with_derivatives::FRAME_RATE,
                    bake_with_derivatives::START_NS,
                    bake_with_derivatives::END_NS,
                ),
            ]);
            let frame_rate =
                Value::F32(*random.pick(&[60.0, 24.0, 997.0, 0.0, -5.0, f32::NAN, 1e9]));
            let start_ns = Value::U64(random.below(1_500_000_000) as u64);
            let end_ns = Value::U64(random.below(3_000_000_000) as u64);
            (
                function,
                vec![
                    (anim, spoil(random, |random| id(random))),
                    (rate, optional(random, |_| frame_rate)),
                    (start, optional(random, |_| start_ns)),
                    (end, optional(random, |_| end_ns)),
                ],
            )
        }
        16 => {
            let (function, player) = *random.pick(&[
                (play::FUNCTION, play::PLAYER),
                (pause::FUNCTION, pause::PLAYER),
                (stop::FUNCTION, stop::PLAYER),
            ]);
            (function, vec![(player, spoil(random, |random| id(random)))])
        }
        17 => (
            seek::FUNCTION,
            vec![
                (seek::PLAYER, Some(id(random))),
                (seek::TIME_NS, spoil(random, |random| t(random))),
            ],
        ),
        18 => (
            set_speed::FUNCTION,
            vec![
                (set_speed::PLAYER, Some(id(random))),
                (set_speed::SPEED, spoil(random, |random| f32v(random))),
            ],
        ),
        19 => {
            let mode = *random.pick(&["once", "loop", "bounce", "ping_pong", "Loop", ""]);
            (
                set_loop::FUNCTION,
                vec![
                    (set_loop::PLAYER, Some(id(random))),
                    (
                        set_loop::MODE,
                        spoil(random, |_| Value::String(mode.into())),
                    ),
                ],
            )
        }
        20 => (
            set_window::FUNCTION,
            vec![
                (set_window::PLAYER, Some(id(random))),
                (set_window::START_NS, spoil(random, |random| t(random))),
                (set_window::END_NS, optional(random, |random| t(random))),
            ],
        ),
        21 => (
            play_at::FUNCTION,
            vec![
                (play_at::PLAYER, Some(id(random))),
                (play_at::TIME_NS, Some(t(random))),
            ],
        ),
        22 => (
            set_length::FUNCTION,
            vec![
                (set_length::PLAYER, Some(id(random))),
                (set_length::LENGTH_NS, optional(random, |random| t(random))),
            ],
        ),
        23 => (
            set_reversed::FUNCTION,
            vec![
                (set_reversed::PLAYER, Some(id(random))),
                (
                    set_reversed::REVERSED,
                    spoil(random, |random| Value::Boolean(random.one_in(2))),
                ),
            ],
        ),
        24 => (
            set_weight::FUNCTION,
            vec![
                (set_weight::PLAYER, Some(id(random))),
                (set_weight::INSTANCE, Some(id(random))),
                (set_weight::WEIGHT, spoil(random, |random| f32v(random))),
            ],
        ),
        25 => (
            set_start_offset::FUNCTION,
            vec![
                (set_start_offset::PLAYER, Some(id(random))),
                (set_start_offset::INSTANCE, Some(id(random))),
                (
                    set_start_offset::OFFSET_NS,
                    spoil(random, |random| {
                        Value::I64(random.below(4_000_000_000) as i64 - 2_000_000_000)
                    }),
                ),
            ],
        ),
        26 => (
            set_time_scale::FUNCTION,
            vec![
                (set_time_scale::PLAYER, Some(id(random))),
                (set_time_scale::INSTANCE, Some(id(random))),
                (
                    set_time_scale::TIME_SCALE,
                    spoil(random, |random| f32v(random)),
                ),
            ],
        ),
        27 => (
            set_rate::FUNCTION,
            vec![
                (set_rate::PLAYER, Some(id(random))),
                (set_rate::INSTANCE, Some(id(random))),
                (
                    set_rate::RATE,
                    spoil(random, |random| Value::F64(float(random))),
                ),
            ],
        ),
        28 => (
            remove_instance::FUNCTION,
            vec![
                (remove_instance::PLAYER, Some(id(random))),
                (remove_instance::INSTANCE, Some(id(random))),
            ],
        ),
        29 if random.one_in(3) => (
            remove_player::FUNCTION,
            vec![(remove_player::PLAYER, Some(id(random)))],
        ),
        30 if random.one_in(3) => (
            unload_animation::FUNCTION,
            vec![(unload_animation::ANIM, Some(id(random)))],
        ),
        31 => (
            reload_clip::FUNCTION,
            vec![
                (reload_clip::ANIM, Some(id(random))),
                (reload_clip::CLIP, Some(clip(random))),
            ],
        ),
        32 => (
            reload_animation::FUNCTION,
            vec![
                (reload_animation::ANIM, Some(id(random))),
                (reload_animation::CLIP, Some(animation_clip(random))),
            ],
        ),
        _ => (play::FUNCTION, vec![(play::PLAYER, Some(id(random)))]),
    }
}

/// The argument buffer of a call, now and then with an unknown field, a
/// repeated one, or under another function's id.
pub fn buffer(random: &mut Source, function: Uuid, fields: Vec<(Uuid, Option<Value>)>) -> Vec<u8> {
    let mut fields: Vec<StructureField> = fields
        .into_iter()
        .filter_map(|(id, value)| {
            Some(StructureField {
                id,
                value: Box::new(value?),
            })
        })
        .collect();
    if random.one_in(20) {
        fields.reverse();
    }
    if random.one_in(30) {
        fields.push(StructureField {
            id: Uuid::from_u128(7),
            value: Box::new(Value::U32(1)),
        });
    }
    if random.one_in(30)
        && let Some(first) = fields.first().cloned()
    {
        fields.push(StructureField {
            id: first.id,
            value: Box::new(Value::U32(2)),
        });
    }
    let id = if random.one_in(60) {
        ids::play::FUNCTION
    } else {
        function
    };
    serialize(&Value::Structure(Structure { id, fields })).into_vec()
}
