//! What one call's argument may cost the guest to decode.
//!
//! The guest decodes a call's argument buffer into `Value`s before any
//! function sees it, and a `Value` takes many times the bytes that encode
//! it: a structure field is 17 bytes on the wire and a field slot plus a
//! boxed `Value` in memory; a unit element of a value array is one byte and
//! a whole `Value`. A device caps a guest's memory (256 MiB by default), and
//! a decode past the cap fails an allocation, which aborts: a trap, and the
//! instance with every clip and player in it is lost (docs/contract.md §4.13). So
//! the bytes are walked first, counting what decoding them would allocate,
//! and a call whose argument would take more than [`MAX_DECODED_BYTES`] is
//! refused before anything is decoded.
//!
//! The count follows `arora_buffers`' decoder allocation by allocation
//! (every `String`, `Vec` and `Box` it makes, each with
//! [`ALLOCATION_OVERHEAD`]), on a buffer `arora_buffers::well_formed` has
//! accepted: its nesting is bounded, so the walk's recursion is too.

use std::mem::size_of;

use arora_animation_module::ALLOCATION_OVERHEAD;
use arora_buffers::{
    ALIGNMENT, BUFFER_SIZE_SIZE, TYPE_ARRAY, TYPE_BOOLEAN, TYPE_ENUMERATION, TYPE_F32, TYPE_F64,
    TYPE_I8, TYPE_I16, TYPE_I32, TYPE_I64, TYPE_MAP, TYPE_OPTION, TYPE_STRING, TYPE_STRUCTURE,
    TYPE_U8, TYPE_U16, TYPE_U32, TYPE_U64, TYPE_UUID, TYPE_VALUE,
};
use arora_types::keyvalue::KeyValueField;
use arora_types::value::{EnumerationWithoutId, StructureField, StructureWithoutId, Value};

/// The most a call's argument may take once decoded: 64 MiB, a quarter of a
/// device's default guest memory. A call then holds its buffer, its decoded
/// `Value`s, the records they convert to and what the engine builds from
/// them at once, each about as large as the last or smaller, beside the
/// state already loaded. About 100,000 keypoints of a 2.0 clip, or a 60 MiB
/// string.
pub const MAX_DECODED_BYTES: usize = 64 << 20;

/// The linear memory a device gives a guest by default
/// (`arora_engine::limits::DEFAULT_MEMORY`): what the guest counts its free
/// bytes from.
pub const MEMORY: usize = 256 << 20;

/// Memory kept out of what the guest calls free: the allocator's overhead
/// and fragmentation beyond the bytes it counts as live, and the stack.
pub const RESERVE: usize = 32 << 20;

/// How many times its decoded size an argument may take at once while a
/// call runs (its `Value`s, the records they convert to, what the engine
/// builds from them): an argument is refused when that would not fit in the
/// memory free.
pub const ARGUMENT_COPIES: usize = 3;

/// The most an argument may take once decoded when `free` bytes are free:
/// [`MAX_DECODED_BYTES`], or a third of the free memory when that is less.
pub fn argument_limit(free: usize) -> usize {
    MAX_DECODED_BYTES.min(free / ARGUMENT_COPIES)
}

/// What decoding the well-formed `buffer` would allocate, in bytes, at
/// least; `None` when the walk finds it is not well formed after all.
pub fn decoded_bytes(buffer: &[u8]) -> Option<usize> {
    let mut walk = Walk {
        buffer,
        at: BUFFER_SIZE_SIZE,
        bytes: 0,
    };
    walk.value()?;
    Some(walk.bytes)
}

struct Walk<'a> {
    buffer: &'a [u8],
    at: usize,
    bytes: usize,
}

impl Walk<'_> {
    fn take(&mut self, len: usize) -> Option<&[u8]> {
        let bytes = self.buffer.get(self.at..self.at.checked_add(len)?)?;
        self.at += len;
        Some(bytes)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u32(&mut self) -> Option<usize> {
        let bytes = self.take(4)?.try_into().ok()?;
        Some(u32::from_le_bytes(bytes) as usize)
    }

    /// One allocation of `len` bytes.
    fn allocate(&mut self, len: usize) {
        self.bytes = self
            .bytes
            .saturating_add(len)
            .saturating_add(ALLOCATION_OVERHEAD);
    }

    /// A `Vec` of `count` elements of `size` bytes.
    fn allocate_vec(&mut self, count: usize, size: usize) {
        if count > 0 {
            self.allocate(count.saturating_mul(size));
        }
    }

    fn string(&mut self) -> Option<()> {
        let len = self.u32()?;
        self.take(len)?;
        if len > 0 {
            self.allocate(len);
        }
        Some(())
    }

    /// A value held in a `Box`.
    fn boxed(&mut self) -> Option<()> {
        self.allocate(size_of::<Value>());
        self.value()
    }

    /// A structure's fields: a `Vec` of them, each value boxed.
    fn fields(&mut self) -> Option<()> {
        let count = self.u32()?;
        self.allocate_vec(count, size_of::<StructureField>());
        for _ in 0..count {
            self.take(16)?;
            self.boxed()?;
        }
        Some(())
    }

    /// One value, whose own slot its holder counted.
    fn value(&mut self) -> Option<()> {
        match self.u8()? {
            TYPE_BOOLEAN | TYPE_U8 | TYPE_I8 => self.take(1).map(drop),
            TYPE_U16 | TYPE_I16 => self.take(2).map(drop),
            TYPE_U32 | TYPE_I32 | TYPE_F32 => self.take(4).map(drop),
            TYPE_U64 | TYPE_I64 | TYPE_F64 => self.take(8).map(drop),
            TYPE_STRING => self.string(),
            TYPE_UUID => self.take(16).map(drop),
            TYPE_STRUCTURE => {
                self.take(16)?;
                self.fields()
            }
            TYPE_ENUMERATION => {
                self.take(32)?;
                self.boxed()
            }
            TYPE_OPTION => match self.u8()? {
                0 => Some(()),
                _ => self.boxed(),
            },
            TYPE_MAP => {
                self.take(16)?;
                let count = self.u32()?;
                // A hash table of (key, field) entries, about half full.
                self.allocate_vec(
                    count.saturating_mul(2),
                    size_of::<String>() + size_of::<KeyValueField>(),
                );
                for _ in 0..count {
                    // The key, once as the key and once as the field's name.
                    let at = self.at;
                    self.string()?;
                    let key = self.at - at - 4;
                    if key > 0 {
                        self.allocate(key);
                    }
                    self.take(16)?;
                    self.boxed()?;
                }
                Some(())
            }
            TYPE_ARRAY => self.array(),
            _ => Some(()),
        }
    }

    /// An array: its elements' type and count, then its elements.
    fn array(&mut self) -> Option<()> {
        let ty = self.u8()?;
        let count = self.u32()?;
        let primitive = match ty {
            TYPE_BOOLEAN | TYPE_U8 | TYPE_I8 => Some(1),
            TYPE_U16 | TYPE_I16 => Some(2),
            TYPE_U32 | TYPE_I32 | TYPE_F32 => Some(4),
            TYPE_U64 | TYPE_I64 | TYPE_F64 => Some(8),
            _ => None,
        };
        if let Some(size) = primitive {
            self.take(ALIGNMENT - self.at % ALIGNMENT)?;
            self.take(count.checked_mul(size)?)?;
            self.allocate_vec(count, size);
            return Some(());
        }
        match ty {
            TYPE_STRING => {
                self.allocate_vec(count, size_of::<String>());
                (0..count).try_for_each(|_| self.string())
            }
            TYPE_STRUCTURE => {
                self.take(16)?;
                self.allocate_vec(count, size_of::<StructureWithoutId>());
                (0..count).try_for_each(|_| self.fields())
            }
            TYPE_ENUMERATION => {
                self.take(16)?;
                self.allocate_vec(count, size_of::<EnumerationWithoutId>());
                (0..count).try_for_each(|_| {
                    self.take(16)?;
                    self.boxed()
                })
            }
            TYPE_VALUE => {
                self.allocate_vec(count, size_of::<Value>());
                (0..count).try_for_each(|_| self.value())
            }
            _ => Some(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arora_buffers::serde_uuid::serialize;
    use arora_types::Uuid;
    use arora_types::value::Structure;

    #[test]
    fn a_scalar_takes_nothing_beyond_its_slot() {
        assert_eq!(decoded_bytes(&serialize(&Value::F64(1.0))), Some(0));
    }

    #[test]
    fn a_string_takes_its_bytes_and_one_allocation() {
        let bytes = serialize(&Value::String("abcd".into()));
        assert_eq!(decoded_bytes(&bytes), Some(4 + ALLOCATION_OVERHEAD));
    }

    /// One unit a byte on the wire, a whole `Value` decoded: the ratio the
    /// limit is there for.
    #[test]
    fn a_value_array_of_units_takes_a_value_per_byte() {
        let bytes = serialize(&Value::ArrayValue(vec![Value::Unit; 1000]));
        assert_eq!(
            decoded_bytes(&bytes),
            Some(1000 * size_of::<Value>() + ALLOCATION_OVERHEAD)
        );
    }

    #[test]
    fn a_structure_takes_its_field_slots_and_a_box_per_field() {
        let field = |n| StructureField {
            id: Uuid::from_u128(n),
            value: Box::new(Value::U32(1)),
        };
        let bytes = serialize(&Value::Structure(Structure {
            id: Uuid::nil(),
            fields: vec![field(1), field(2)],
        }));
        assert_eq!(
            decoded_bytes(&bytes),
            Some(
                2 * size_of::<StructureField>()
                    + ALLOCATION_OVERHEAD
                    + 2 * (size_of::<Value>() + ALLOCATION_OVERHEAD)
            )
        );
    }

    #[test]
    fn bytes_cut_short_are_no_count() {
        let bytes = serialize(&Value::String("abcd".into()));
        assert_eq!(decoded_bytes(&bytes[..bytes.len() - 1]), None);
    }
}
