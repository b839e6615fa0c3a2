//! A call's arguments, read straight from its Arora Buffer when they are plain — a
//! structure under the function's id of at most [`MOST`] fields, each a scalar, a string,
//! or an option of one, under distinct ids ([`Arguments::read`]) — or else from the call
//! decoded as a general `Value`, as the contract reads them: each parameter's first field,
//! any other field left alone ([`Arguments::of_call`]).
//!
//! A getter answers none for an argument that is not exactly the parameter's type (or
//! left out, when the parameter is not optional): the caller then runs the call as a host
//! registration does, which refuses it by the contract's words.

use arora_buffers::{
    BUFFER_SIZE_SIZE, TYPE_BOOLEAN, TYPE_F32, TYPE_F64, TYPE_I64, TYPE_OPTION, TYPE_STRING,
    TYPE_STRUCTURE, TYPE_U32, TYPE_U64,
};
use arora_types::Uuid;
use arora_types::call::Call;
use arora_types::value::Value;

/// The most fields read: the most parameters of a function read here.
pub const MOST: usize = 4;

/// One argument as it travels.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Argument<'a> {
    U32(u32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    Boolean(bool),
    Text(&'a str),
    /// `Option(None)`.
    Nothing,
    /// `Option(Some(U64))`.
    SomeU64(u64),
    /// `Option(Some(F32))`.
    SomeF32(f32),
    /// Anything else: of no parameter's type.
    Other,
}

impl<'a> Argument<'a> {
    /// `value` as it travels.
    fn of(value: &'a Value) -> Self {
        match value {
            Value::U32(x) => Self::U32(*x),
            Value::U64(x) => Self::U64(*x),
            Value::I64(x) => Self::I64(*x),
            Value::F32(x) => Self::F32(*x),
            Value::F64(x) => Self::F64(*x),
            Value::Boolean(x) => Self::Boolean(*x),
            Value::String(x) => Self::Text(x),
            Value::Option(None) => Self::Nothing,
            Value::Option(Some(inner)) => match **inner {
                Value::U64(x) => Self::SomeU64(x),
                Value::F32(x) => Self::SomeF32(x),
                _ => Self::Other,
            },
            _ => Self::Other,
        }
    }
}

/// The arguments of one plain call, by parameter id.
#[derive(Debug)]
pub struct Arguments<'a> {
    fields: [(Uuid, Argument<'a>); MOST],
    len: usize,
}

/// A cursor over the buffer's bytes.
struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let taken = self.bytes.get(self.at..self.at.checked_add(N)?)?;
        self.at += N;
        taken.try_into().ok()
    }

    fn byte(&mut self) -> Option<u8> {
        self.take::<1>().map(|[byte]| byte)
    }

    fn uuid(&mut self) -> Option<Uuid> {
        self.take().map(Uuid::from_bytes)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }

    fn text(&mut self) -> Option<&'a str> {
        let len = usize::try_from(self.u32()?).ok()?;
        let bytes = self.bytes.get(self.at..self.at.checked_add(len)?)?;
        self.at += len;
        std::str::from_utf8(bytes).ok()
    }

    /// One argument of a kind read here.
    fn argument(&mut self) -> Option<Argument<'a>> {
        Some(match self.byte()? {
            TYPE_U32 => Argument::U32(self.u32()?),
            TYPE_U64 => Argument::U64(self.u64()?),
            TYPE_I64 => Argument::I64(self.take().map(i64::from_le_bytes)?),
            TYPE_F32 => Argument::F32(self.take().map(f32::from_le_bytes)?),
            TYPE_F64 => Argument::F64(self.take().map(f64::from_le_bytes)?),
            // As `arora_buffers` decodes a boolean: any byte but 0 is true.
            TYPE_BOOLEAN => Argument::Boolean(self.byte()? != 0),
            TYPE_STRING => Argument::Text(self.text()?),
            TYPE_OPTION => match self.byte()? {
                0 => Argument::Nothing,
                _ => match self.byte()? {
                    TYPE_U64 => Argument::SomeU64(self.u64()?),
                    TYPE_F32 => Argument::SomeF32(self.take().map(f32::from_le_bytes)?),
                    _ => return None,
                },
            },
            _ => return None,
        })
    }
}

/// The accessors of parameters of one plain type: `name: type = Variant;` reads a parameter
/// present and an `Argument::Variant`, none otherwise.
macro_rules! plain_parameters {
    ($($(#[$doc:meta])* $name:ident: $ty:ty = $variant:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self, id: Uuid) -> Option<$ty> {
            match self.get(id)? {
                Argument::$variant(x) => Some(x),
                _ => None,
            }
        }
    )*};
}

impl<'a> Arguments<'a> {
    /// The arguments `buffer` carries for function `method`, when the call is plain and
    /// names only parameters among `parameters`; none otherwise.
    pub fn read(buffer: &'a [u8], method: Uuid, parameters: &[Uuid]) -> Option<Self> {
        let mut bytes = Bytes {
            bytes: buffer,
            at: BUFFER_SIZE_SIZE,
        };
        if bytes.byte()? != TYPE_STRUCTURE || bytes.uuid()? != method {
            return None;
        }
        let len = usize::try_from(bytes.u32()?).ok()?;
        if len > MOST {
            return None;
        }
        let mut fields = [(Uuid::nil(), Argument::Nothing); MOST];
        for at in 0..len {
            let id = bytes.uuid()?;
            if !parameters.contains(&id) || fields[..at].iter().any(|(seen, _)| *seen == id) {
                return None;
            }
            fields[at] = (id, bytes.argument()?);
        }
        (bytes.at == buffer.len()).then_some(Self { fields, len })
    }

    /// The arguments of the decoded `call` for `parameters` (at most [`MOST`]), as the
    /// contract reads them: each parameter's first field; fields of other ids, and later
    /// fields of the same id, left alone.
    pub fn of_call(call: &'a Call, parameters: &[Uuid]) -> Option<Self> {
        let mut fields = [(Uuid::nil(), Argument::Nothing); MOST];
        let mut len = 0;
        for &id in parameters {
            if let Some(field) = call.args.iter().find(|field| field.id == id) {
                *fields.get_mut(len)? = (id, Argument::of(&field.value));
                len += 1;
            }
        }
        Some(Self { fields, len })
    }

    fn get(&self, id: Uuid) -> Option<Argument<'a>> {
        self.fields[..self.len]
            .iter()
            .find(|(field, _)| *field == id)
            .map(|(_, argument)| *argument)
    }

    plain_parameters! {
        /// A `u32` parameter, present and a `U32`.
        u32: u32 = U32;
        /// A `u64` parameter, present and a `U64`.
        u64: u64 = U64;
        /// An `i64` parameter, present and an `I64`.
        i64: i64 = I64;
        /// An `f32` parameter, present and an `F32`.
        f32: f32 = F32;
        /// An `f64` parameter, present and an `F64`.
        f64: f64 = F64;
        /// A `bool` parameter, present and a `Boolean`.
        boolean: bool = Boolean;
        /// A string parameter, present and a `String`.
        text: &'a str = Text;
    }

    /// An `Option<u64>` parameter as the contract reads one (docs/contract.md §1.3):
    /// left out or `Option(None)` is none, `Option(Some(U64))` or a bare `U64` is the
    /// number. The outer none: of another type.
    pub fn optional_u64(&self, id: Uuid) -> Option<Option<u64>> {
        match self.get(id) {
            None | Some(Argument::Nothing) => Some(None),
            Some(Argument::SomeU64(x) | Argument::U64(x)) => Some(Some(x)),
            Some(_) => None,
        }
    }

    /// An `Option<f32>` parameter, read as [`optional_u64`](Self::optional_u64) reads.
    pub fn optional_f32(&self, id: Uuid) -> Option<Option<f32>> {
        match self.get(id) {
            None | Some(Argument::Nothing) => Some(None),
            Some(Argument::SomeF32(x) | Argument::F32(x)) => Some(Some(x)),
            Some(_) => None,
        }
    }
}
