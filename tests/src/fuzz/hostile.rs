//! One hostile call of any of the 31 functions, drawn from every generator,
//! with what the contract lets it answer.

use std::collections::HashMap;

use arora_animation_module::animation::ids;
use arora_buffers::serde_uuid::serialize;
use arora_types::Uuid;
use arora_types::module::low::TypeRef;
use arora_types::value::{Structure, StructureField, Value};

pub use super::arguments::{Held, decode};
use super::arguments::{args, args_of, field, finite, held_or, name_of, names};
use super::schema::{Function, Schema, sentinels};
use super::values::Builder;
use super::{Source, bytes, defects};

/// What a hostile call may answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// Any answer the contract allows: a well-typed return value, a
    /// sentinel, or a call error of a known shape.
    Any,
    /// Exactly this failure value (docs/contract.md §4.9).
    Refused(Value),
    /// A call error with exactly this message.
    Error(String),
}

/// One hostile call: the function id `dispatch` is given, the argument
/// bytes, and what it may answer.
#[derive(Clone, Debug)]
pub struct Hostile {
    /// The function called.
    pub method: Uuid,
    /// How it was made, for a report.
    pub how: &'static str,
    /// The argument buffer sent.
    pub bytes: Vec<u8>,
    /// What the answer must be.
    pub expect: Expect,
}

/// The functions that remove or replace what the kept state holds.
const DESTRUCTIVE: [Uuid; 5] = [
    ids::unload_animation::FUNCTION,
    ids::remove_player::FUNCTION,
    ids::remove_instance::FUNCTION,
    ids::reload_animation::FUNCTION,
    ids::reload_clip::FUNCTION,
];

/// Draws hostile calls.
pub struct Generator {
    /// The module's functions and records.
    pub schema: Schema,
    /// Each function's failure value.
    pub sentinels: HashMap<Uuid, Value>,
    /// Each function's chance of being called: the destructive ones more
    /// often than the creating ones, so the state a long run builds stays
    /// bounded.
    weights: Vec<u32>,
    /// The id of the kept state's clip, player and instance: never removed
    /// nor replaced by a call that may succeed.
    kept: u32,
}

impl Generator {
    /// A generator that spares the kept state's ids `kept`.
    pub fn new(kept: u32) -> Self {
        let schema = Schema::new();
        let weights = schema
            .functions
            .iter()
            .map(|f| if DESTRUCTIVE.contains(&f.id) { 3 } else { 1 })
            .collect();
        Self {
            schema,
            sentinels: sentinels(),
            weights,
            kept,
        }
    }

    /// The next hostile call; never one that could remove or replace the
    /// kept state.
    pub fn next(&self, source: &mut Source, held: &Held) -> Hostile {
        loop {
            let call = self.draw(source, held);
            if !self.touches_kept(&call) {
                return call;
            }
        }
    }

    fn draw(&self, source: &mut Source, held: &Held) -> Hostile {
        let function = &self.schema.functions[source.weighted(&self.weights)];
        let budget = if source.one_in(50) { 4 << 20 } else { 64 << 10 };
        let mut builder = Builder::new(&self.schema, budget);
        match source.weighted(&[30, 22, 14, 20, 5, 5, 2, 2]) {
            0 => self.well_typed(source, &mut builder, held, function),
            1 => {
                let mut args = args(source, &mut builder, held, function, true);
                if source.one_in(8) && !args.is_empty() {
                    args.remove(source.below(args.len()));
                }
                if source.one_in(8) && !args.is_empty() {
                    let again = args[source.below(args.len())].clone();
                    args.push(again);
                }
                if source.one_in(8) {
                    let stranger = Uuid::from_u64_pair(source.u64(), source.u64());
                    args.push(field(stranger, builder.any(source, 0)));
                }
                source.shuffle(&mut args);
                hostile(function.id, "ill-typed", &args, Expect::Any)
            }
            2 => self.defective(source, held),
            3 => {
                let valid = self.well_typed(source, &mut builder, held, function).bytes;
                let other_fn = &self.schema.functions[source.below(self.schema.functions.len())];
                let other = self.well_typed(source, &mut builder, held, other_fn).bytes;
                let method = if source.one_in(8) {
                    other_fn.id
                } else {
                    function.id
                };
                Hostile {
                    method,
                    how: "mutated bytes",
                    bytes: bytes::mutate(source, &valid, &other),
                    expect: Expect::Any,
                }
            }
            4 => self.missing(source, &mut builder, held, function),
            5 => self.wrong_variant(source, &mut builder, held, function),
            6 => {
                let method = Uuid::from_u64_pair(source.u64(), source.u64());
                let mut call = self.well_typed(source, &mut builder, held, function);
                call.how = "an unknown function";
                call.expect = Expect::Error(format!("the module serves no function {method}"));
                call.method = method;
                call
            }
            _ => Hostile {
                method: function.id,
                how: "random bytes",
                bytes: bytes::random(source, 96),
                expect: Expect::Any,
            },
        }
    }

    /// A call with the declared variant everywhere (edge values inside);
    /// a non-finite speed, weight, rate, time scale or frame rate is
    /// refused by its sentinel.
    fn well_typed(
        &self,
        source: &mut Source,
        builder: &mut Builder,
        held: &Held,
        function: &Function,
    ) -> Hostile {
        let mut args = args(source, builder, held, function, false);
        let non_finite = args.iter().any(|arg| {
            let name = name_of(function, arg.id);
            matches!(
                name,
                "speed" | "weight" | "rate" | "time_scale" | "frame_rate"
            ) && !finite(&arg.value)
        });
        let expect = match self.sentinels.get(&function.id) {
            Some(sentinel) if non_finite => Expect::Refused(sentinel.clone()),
            _ => Expect::Any,
        };
        if source.one_in(4) {
            source.shuffle(&mut args);
        }
        hostile(function.id, "well-typed", &args, expect)
    }

    /// A load or reload of a valid clip with one defect.
    fn defective(&self, source: &mut Source, held: &Held) -> Hostile {
        let anim = held_or(source, &held.anims);
        let (function, args) = match source.below(4) {
            0 => (
                ids::load_clip::FUNCTION,
                vec![(ids::load_clip::CLIP, defects::clip(source).1)],
            ),
            1 => (
                ids::load_animation::FUNCTION,
                vec![(ids::load_animation::CLIP, defects::animation_clip(source).1)],
            ),
            2 => (
                ids::reload_clip::FUNCTION,
                vec![
                    (ids::reload_clip::ANIM, Value::U32(anim)),
                    (ids::reload_clip::CLIP, defects::clip(source).1),
                ],
            ),
            _ => (
                ids::reload_animation::FUNCTION,
                vec![
                    (ids::reload_animation::ANIM, Value::U32(anim)),
                    (
                        ids::reload_animation::CLIP,
                        defects::animation_clip(source).1,
                    ),
                ],
            ),
        };
        let args: Vec<StructureField> = args.into_iter().map(|(id, v)| field(id, v)).collect();
        let sentinel = self.sentinels[&function].clone();
        hostile(
            function,
            "a clip with one defect",
            &args,
            Expect::Refused(sentinel),
        )
    }

    /// A well-typed call with one required argument left out.
    fn missing(
        &self,
        source: &mut Source,
        builder: &mut Builder,
        held: &Held,
        function: &Function,
    ) -> Hostile {
        let mut call = self.well_typed(source, builder, held, function);
        let required: Vec<_> = function
            .parameters
            .iter()
            .filter(|p| !matches!(p.ty, TypeRef::Option { .. }))
            .collect();
        if required.is_empty() {
            return call;
        }
        let gone = *source.pick(&required);
        let args = args_of(&call.bytes)
            .into_iter()
            .filter(|arg| arg.id != gone.id)
            .collect::<Vec<_>>();
        call = hostile(
            function.id,
            "a required argument missing",
            &args,
            Expect::Any,
        );
        call.expect = Expect::Error(format!(
            "missing parameter `{}` of `{}`",
            gone.name, function.name
        ));
        call
    }

    /// A well-typed call with one primitive argument of another variant.
    fn wrong_variant(
        &self,
        source: &mut Source,
        builder: &mut Builder,
        held: &Held,
        function: &Function,
    ) -> Hostile {
        let call = self.well_typed(source, builder, held, function);
        let primitive: Vec<_> = function
            .parameters
            .iter()
            .filter(
                |p| matches!(&p.ty, TypeRef::Scalar { id } if self.schema.record(*id).is_none()),
            )
            .collect();
        if primitive.is_empty() {
            return call;
        }
        let wrong = *source.pick(&primitive);
        let declared = builder.of_type(source, &wrong.ty, false);
        let value = loop {
            let value = builder.flat(source);
            if std::mem::discriminant(&value) != std::mem::discriminant(&declared) {
                break value;
            }
        };
        let expect = Expect::Error(format!(
            "parameter `{}` of `{}`: unexpected value {value}",
            wrong.name, function.name
        ));
        let args: Vec<_> = args_of(&call.bytes)
            .into_iter()
            .map(|arg| {
                if arg.id == wrong.id {
                    field(arg.id, value.clone())
                } else {
                    arg
                }
            })
            .collect();
        hostile(function.id, "an argument of another variant", &args, expect)
    }

    /// Whether `call` could remove or replace the kept state: a destructive
    /// function whose arguments name the kept id, unless it must be refused.
    fn touches_kept(&self, call: &Hostile) -> bool {
        if !DESTRUCTIVE.contains(&call.method) || matches!(call.expect, Expect::Refused(_)) {
            return false;
        }
        let Some(Value::Structure(Structure { fields, .. })) = decode(&call.bytes) else {
            return false;
        };
        fields.iter().any(|f| names(&f.value, self.kept))
    }
}

fn hostile(method: Uuid, how: &'static str, args: &[StructureField], expect: Expect) -> Hostile {
    let value = Value::Structure(Structure {
        id: method,
        fields: args.to_vec(),
    });
    Hostile {
        method,
        how,
        bytes: serialize(&value).into_vec(),
        expect,
    }
}
