//! Values of a declared type, as a confused or hostile caller builds them.
//!
//! A *well-typed* value has the declared variant everywhere, with edge
//! numbers and strings inside. A *hostile* one is built from the same
//! schema but, here and there, a field is missing, repeated, of another
//! type, unknown, or the fields come shuffled; a dynamic field holds a
//! composite, or records nested deeper than the records go. Each call gets a
//! [`Builder`] with a byte budget, so that huge strings and long arrays stay
//! rare within one call and the calls of a long run stay affordable.

use arora_types::Uuid;
use arora_types::module::low::TypeRef;
use arora_types::ty::{
    BOOLEAN_ID, F32_ID, F64_ID, I64_ID, KEY_VALUE_ID, STRING_ID, U32_ID, U64_ID,
};
use arora_types::value::{Structure, StructureField, StructureWithoutId, Value};

use super::schema::{Field, Schema};
use super::{Source, numbers};

/// How far records nest inside records before the builder stops nesting.
const MAX_DEPTH: usize = 6;

/// The deepest chain of options or arrays a hostile value wraps around a
/// value: twice the 128 levels `arora_buffers::well_formed` lets through,
/// and shallow enough for the test's own encoder and drop, which recurse
/// per level, on a test thread's stack in a debug build.
pub const DEEP_CHAIN: usize = 256;

/// Builds the values of one call.
pub struct Builder<'a> {
    /// The schema values are built from.
    pub schema: &'a Schema,
    /// Roughly the bytes of strings and array elements this call may still
    /// hold.
    budget: usize,
}

impl<'a> Builder<'a> {
    /// A builder for one call, allowed about `budget` bytes of strings and
    /// array elements.
    pub fn new(schema: &'a Schema, budget: usize) -> Self {
        Self { schema, budget }
    }

    fn spend(&mut self, bytes: usize) -> bool {
        if bytes > self.budget {
            return false;
        }
        self.budget -= bytes;
        true
    }

    /// A string within the budget.
    fn string(&mut self, source: &mut Source) -> String {
        let s = numbers::string(source);
        if self.spend(s.len()) {
            s
        } else {
            String::new()
        }
    }

    /// An array length within the budget, counting `each` bytes an element.
    fn length(&mut self, source: &mut Source, each: usize) -> usize {
        let len = numbers::length(source);
        if self.spend(len * each) {
            len
        } else {
            len.min(1)
        }
    }

    /// A value of type `ty`; `hostile` lets parts of it go wrong.
    pub fn of_type(&mut self, source: &mut Source, ty: &TypeRef, hostile: bool) -> Value {
        self.typed(source, ty, hostile, 0)
    }

    fn typed(&mut self, source: &mut Source, ty: &TypeRef, hostile: bool, depth: usize) -> Value {
        if hostile && source.one_in(12) {
            return self.any(source, depth + 1);
        }
        match ty {
            TypeRef::Scalar { id } => self.scalar(source, *id, hostile, depth),
            TypeRef::Option { id } => match source.below(3) {
                0 => Value::Option(None),
                1 => Value::Option(Some(Box::new(self.scalar(source, *id, hostile, depth)))),
                _ => self.scalar(source, *id, hostile, depth),
            },
            TypeRef::Array { id } => self.array(source, *id, hostile, depth),
            other => panic!("no parameter or field of the module is {other:?}"),
        }
    }

    /// A value of the scalar type `id`: a primitive, the dynamic KeyValue
    /// type, or a record.
    fn scalar(&mut self, source: &mut Source, id: Uuid, hostile: bool, depth: usize) -> Value {
        match id {
            id if id == *U32_ID => Value::U32(numbers::u32(source)),
            id if id == *U64_ID => Value::U64(numbers::u64(source)),
            id if id == *I64_ID => Value::I64(numbers::i64(source)),
            id if id == *F32_ID => Value::F32(numbers::f32(source)),
            id if id == *F64_ID => Value::F64(numbers::f64(source)),
            id if id == *BOOLEAN_ID => Value::Boolean(source.one_in(2)),
            id if id == *STRING_ID => Value::String(self.string(source)),
            id if id == *KEY_VALUE_ID => self.dynamic(source, hostile, depth),
            id => match self.schema.record(id) {
                Some(fields) => Value::Structure(self.record(source, id, &fields, hostile, depth)),
                None => panic!("{id} is neither a primitive nor a record of the module"),
            },
        }
    }

    /// An array of records `id`, in either form the contract reads:
    /// `ArrayStructure`, or `ArrayValue` of structures.
    fn array(&mut self, source: &mut Source, id: Uuid, hostile: bool, depth: usize) -> Value {
        let fields = self
            .schema
            .record(id)
            .unwrap_or_else(|| panic!("the arrays of the module hold records, not {id}"));
        let len = if depth >= MAX_DEPTH {
            0
        } else {
            self.length(source, 64)
        };
        let elements: Vec<Structure> = (0..len)
            .map(|_| self.record(source, id, &fields, hostile, depth + 1))
            .collect();
        if source.one_in(4) {
            Value::ArrayValue(elements.into_iter().map(Value::Structure).collect())
        } else {
            Value::ArrayStructure {
                id,
                elements: elements
                    .into_iter()
                    .map(|s| StructureWithoutId { fields: s.fields })
                    .collect(),
            }
        }
    }

    /// A record `id` from its declared `fields`; when `hostile`, now and then
    /// a field is left out, sent twice, of the wrong type, or unknown, and
    /// the fields are shuffled.
    fn record(
        &mut self,
        source: &mut Source,
        id: Uuid,
        fields: &[Field],
        hostile: bool,
        depth: usize,
    ) -> Structure {
        let mut out = Vec::with_capacity(fields.len() + 2);
        for field in fields {
            if hostile && source.one_in(16) {
                continue;
            }
            let value = self.typed(source, &field.ty, hostile, depth);
            out.push(StructureField {
                id: field.id,
                value: Box::new(value),
            });
            if hostile && source.one_in(24) {
                let again = self.typed(source, &field.ty, hostile, depth);
                out.push(StructureField {
                    id: field.id,
                    value: Box::new(again),
                });
            }
        }
        if hostile && source.one_in(12) {
            let stranger = if source.one_in(2) {
                Uuid::from_u128(u128::from(source.u64()) << 64 | u128::from(source.u64()))
            } else {
                // A field id of another record: known to the module, wrong here.
                let other = *source.pick(&self.schema.record_ids());
                let others = self.schema.record(other).unwrap_or_default();
                others.first().map_or(Uuid::nil(), |f| f.id)
            };
            let value = self.any(source, depth + 1);
            out.push(StructureField {
                id: stranger,
                value: Box::new(value),
            });
        }
        if hostile && source.one_in(6) {
            source.shuffle(&mut out);
        }
        Structure { id, fields: out }
    }

    /// A dynamic (keyvalue) field's value: mostly a number, boolean or
    /// string a keypoint takes; when `hostile`, any value at all.
    fn dynamic(&mut self, source: &mut Source, hostile: bool, depth: usize) -> Value {
        match source.below(if hostile { 12 } else { 10 }) {
            0..=3 => Value::F64(numbers::f64(source)),
            4 => Value::F32(numbers::f32(source)),
            5 => Value::I64(numbers::i64(source)),
            6 => Value::U32(numbers::u32(source)),
            7 => Value::Boolean(source.one_in(2)),
            8 | 9 => Value::String(self.string(source)),
            _ => self.any(source, depth + 1),
        }
    }

    /// Any value at all: every variant, records of the module nested inside
    /// one another, and now and then a chain of options or arrays thousands
    /// deep.
    pub fn any(&mut self, source: &mut Source, depth: usize) -> Value {
        if depth < MAX_DEPTH && source.one_in(200) {
            return self.deep_chain(source);
        }
        let choice = source.below(if depth < MAX_DEPTH { 26 } else { 20 });
        match choice {
            0 => Value::Unit,
            1 => Value::Boolean(source.one_in(2)),
            2 => Value::U8(source.u32() as u8),
            3 => Value::U16(source.u32() as u16),
            4 => Value::U32(numbers::u32(source)),
            5 => Value::U64(numbers::u64(source)),
            6 => Value::I8(source.u32() as i8),
            7 => Value::I16(source.u32() as i16),
            8 => Value::I32(source.u32() as i32),
            9 => Value::I64(numbers::i64(source)),
            10 => Value::F32(numbers::f32(source)),
            11 => Value::F64(numbers::f64(source)),
            12 => Value::String(self.string(source)),
            13 => Value::Uuid(Uuid::from_u64_pair(source.u64(), source.u64())),
            14 => {
                let len = self.length(source, 8);
                Value::ArrayF64((0..len).map(|_| numbers::f64(source)).collect())
            }
            15 => {
                let len = self.length(source, 8);
                Value::ArrayF32((0..len).map(|_| numbers::f32(source)).collect())
            }
            16 => {
                let len = self.length(source, 16);
                Value::ArrayString((0..len).map(|_| self.string(source)).collect())
            }
            17 => {
                let len = self.length(source, 8);
                Value::ArrayU32((0..len).map(|_| numbers::u32(source)).collect())
            }
            18 => Value::ArrayBoolean(vec![true; self.length(source, 1)]),
            19 => Value::Option(None),
            20 | 21 => {
                let id = *source.pick(&self.schema.record_ids());
                self.scalar(source, id, true, depth + 1)
            }
            22 => {
                let id = *source.pick(&self.schema.record_ids());
                self.array(source, id, true, depth + 1)
            }
            23 => Value::Option(Some(Box::new(self.any(source, depth + 1)))),
            _ => {
                let len = self.length(source, 16).min(8);
                Value::ArrayValue((0..len).map(|_| self.any(source, depth + 1)).collect())
            }
        }
    }

    /// Any value that is neither a record nor nested: what a decoder takes
    /// whole, so a call carrying it fails on its type alone.
    pub fn flat(&mut self, source: &mut Source) -> Value {
        self.any(source, MAX_DEPTH)
    }

    /// A number wrapped in up to [`DEEP_CHAIN`] options or one-element
    /// arrays.
    fn deep_chain(&mut self, source: &mut Source) -> Value {
        let levels = 1 + source.below(DEEP_CHAIN);
        let as_options = source.one_in(2);
        let mut value = Value::F64(1.0);
        for _ in 0..levels {
            value = if as_options {
                Value::Option(Some(Box::new(value)))
            } else {
                Value::ArrayValue(vec![value])
            };
        }
        value
    }
}
