//! Random calls of all 31 functions, as the guest's argument buffers: the functions and
//! their parameters taken from the contract's one listing, each argument drawn by its
//! contract type with [`crate::random_arguments`], the buffer now and then spoiled.

use arora_animation_module::animation::ids;
use arora_animation_module::records::{AnimationClip, Clip};
use arora_animation_test_support::random::Source;
use arora_buffers::serde_uuid::serialize;
use arora_types::Uuid;
use arora_types::value::{Structure, StructureField, Value};

use crate::random_arguments::{animation_clip, clip, float, optional, some_id, spoil, time};

/// A random argument of a parameter of the contract's type, as a caller sends it: mostly
/// well typed, now and then spoiled; an optional one in any of the forms the contract
/// reads. `parameter` is the parameter's id constant (`DT_NS`), for the few whose values
/// are drawn by what they mean.
trait Draw {
    /// The argument; none when it is left out.
    fn draw(random: &mut Source, parameter: &str) -> Option<Value>;
}

/// Ids (players, animations, instances): ones that may exist, sometimes none that can.
impl Draw for u32 {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        spoil(random, some_id)
    }
}

/// A step's `dt_ns` from a few spans; every other time at its edges.
impl Draw for u64 {
    fn draw(random: &mut Source, parameter: &str) -> Option<Value> {
        let dt = [0, 1, 16_666_667, 100_000_000, 1_000_000_000];
        let ns = match parameter {
            "DT_NS" => *random.pick(&dt),
            _ => time(random),
        };
        spoil(random, |_| Value::U64(ns))
    }
}

/// A window's or a bake's start within 1.5 s and end within 3 s, so that bakes have
/// samples; the other optional times at their edges.
impl Draw for Option<u64> {
    fn draw(random: &mut Source, parameter: &str) -> Option<Value> {
        let ns = match parameter {
            "START_NS" => random.below(1_500_000_000) as u64,
            "END_NS" => random.below(3_000_000_000) as u64,
            _ => time(random),
        };
        optional(random, |_| Value::U64(ns))
    }
}

/// A bake's frame rate: usual, odd and refused ones.
impl Draw for Option<f32> {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        let rate = *random.pick(&[60.0, 24.0, 997.0, 0.0, -5.0, f32::NAN, 1e9]);
        optional(random, |_| Value::F32(rate))
    }
}

impl Draw for f32 {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        spoil(random, |random| Value::F32(float(random) as f32))
    }
}

impl Draw for f64 {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        spoil(random, |random| Value::F64(float(random)))
    }
}

/// A start offset within ±2 s.
impl Draw for i64 {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        spoil(random, |random| {
            Value::I64(random.below(4_000_000_000) as i64 - 2_000_000_000)
        })
    }
}

/// A loop mode: the three names, the published module's and two it refuses.
impl Draw for String {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        let mode = *random.pick(&["once", "loop", "bounce", "ping_pong", "Loop", ""]);
        spoil(random, |_| Value::String(mode.into()))
    }
}

/// A player's name.
impl Draw for Option<String> {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        let name = Value::String(random.pick(&["", "p", "nämé"]).to_string());
        optional(random, |_| name)
    }
}

impl Draw for bool {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        spoil(random, |random| Value::Boolean(random.one_in(2)))
    }
}

impl Draw for Clip {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        Some(clip(random))
    }
}

impl Draw for AnimationClip {
    fn draw(random: &mut Source, _: &str) -> Option<Value> {
        Some(animation_clip(random))
    }
}

/// A function's arguments, drawn.
type Arguments = fn(&mut Source) -> Vec<(Uuid, Option<Value>)>;

/// The 31 functions of the contract's one listing (`for_each_function!`): each one's name,
/// id, and its arguments drawn by their contract types under their parameter ids.
macro_rules! listed {
    // One entry of the listing, as it stands there on one line.
    ($($(#[$doc:meta])* fn $name:ident = $generated:ident($($arg:ident $param:ident: $client:ty => $contract:ty),* $(,)?) -> $answer:ty => $ret:ty;)*) => {
        const LISTED: [(&str, Uuid, Arguments); 31] = [$(
            (stringify!($name), ids::$name::FUNCTION, |_random| vec![
                $((ids::$name::$param, <$contract as Draw>::draw(_random, stringify!($param)))),*
            ]),
        )*];
    };
}

arora_animation_module::for_each_function!(listed);

/// How often a function is called, against 3 for most: the value step (what a device
/// calls every frame) and adding instances often, the removals and the stops seldom, so
/// that sessions hold players with clips to step and bake.
fn weight(name: &str) -> u32 {
    match name {
        "step_values" => 12,
        "add_instance" | "play" => 6,
        "pause" | "stop" | "remove_player" | "unload_animation" => 1,
        _ => 3,
    }
}

/// One random call: the function and its argument fields.
pub fn call(random: &mut Source) -> (Uuid, Vec<(Uuid, Option<Value>)>) {
    let weights = LISTED.map(|(name, ..)| weight(name));
    let (_, function, arguments) = LISTED[random.weighted(&weights)];
    (function, arguments(random))
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
