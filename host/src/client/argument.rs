//! The client's typed arguments as the contract carries them: [`Argument<C>`] turns a
//! client type into the `Value` of the contract's parameter type `C`.
//!
//! The pair names the conversion, so one client type can cross as two contract types: a
//! [`TimelinePosition`] is `seek`'s unsigned `u64` and `set_start_offset`'s signed `i64`.
//! A time before 0 crosses as 0 wherever the contract's time is unsigned
//! (docs/contract.md §4.10).

use animation_engine::{
    AnimationId, ClipTime, DeviceSpan, DeviceTime, InstanceId, LoopMode, PlayerId, TimelinePosition,
};
use arora_types::value::Value;

use crate::convert::time::unsigned;
use crate::records::{AnimationClip, Clip};

/// A client argument that crosses as the contract's parameter type `C`.
pub(super) trait Argument<C> {
    /// The value sent under the parameter's id.
    fn value(self) -> Value;
}

/// An optional argument: `Option(None)` or `Option(Some(x))`.
impl<C, T: Argument<C>> Argument<Option<C>> for Option<T> {
    fn value(self) -> Value {
        Value::Option(self.map(|value| Box::new(value.value())))
    }
}

/// Engine ids cross as their number.
macro_rules! raw_ids {
    ($($id:ty),*) => {$(
        impl Argument<u32> for $id {
            fn value(self) -> Value {
                self.raw().into()
            }
        }
    )*};
}
raw_ids!(AnimationId, PlayerId, InstanceId);

/// Times cross unsigned, clamped at 0.
macro_rules! unsigned_times {
    ($($time:ty),*) => {$(
        impl Argument<u64> for $time {
            fn value(self) -> Value {
                unsigned(self.ns()).into()
            }
        }
    )*};
}
unsigned_times!(DeviceSpan, DeviceTime, TimelinePosition, ClipTime);

/// `set_start_offset`'s offset: signed, as it is.
impl Argument<i64> for TimelinePosition {
    fn value(self) -> Value {
        self.ns().into()
    }
}

/// Numbers and flags cross as they are.
macro_rules! same {
    ($($plain:ty),*) => {$(
        impl Argument<$plain> for $plain {
            fn value(self) -> Value {
                self.into()
            }
        }
    )*};
}
same!(f32, f64, bool);

/// A loop mode crosses by its contract name.
impl Argument<String> for LoopMode {
    fn value(self) -> Value {
        self.name().to_string().into()
    }
}

/// A player's name.
impl Argument<String> for &str {
    fn value(self) -> Value {
        self.to_string().into()
    }
}

/// Clips cross as their records.
impl Argument<Clip> for &Clip {
    fn value(self) -> Value {
        self.clone().into()
    }
}

impl Argument<AnimationClip> for &AnimationClip {
    fn value(self) -> Value {
        self.clone().into()
    }
}
