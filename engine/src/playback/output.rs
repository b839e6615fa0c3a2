//! Output positions and how samples blend into them (docs/playback.md §5.1–§5.3).

use crate::curve::track::Sample;

/// One position of the output table: the key written and the track that
/// first writes it (the player's first instance writing the key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputPosition {
    /// The output key.
    pub key: String,
    /// The id of the track that first writes it.
    pub track_id: String,
}

/// A finished value of one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OutputValue<'a> {
    /// A blended number.
    Number(f64),
    /// A boolean.
    Boolean(bool),
    /// A string.
    Text(&'a str),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Held {
    #[default]
    Empty,
    Number,
    Boolean,
    Text,
}

/// What one output position holds after a step: a number blend, a boolean, a
/// string, or nothing. Reused step after step, so it allocates nothing once
/// its text buffer has grown.
#[derive(Clone, Debug, Default)]
pub struct Output {
    held: Held,
    sum: f64,
    weight: f64,
    velocity_sum: f64,
    up_weight: f64,
    down_weight: f64,
    boolean: bool,
    text: String,
    narrow: bool,
}

impl Output {
    /// The value: `sum / weight` for numbers; none for an empty position.
    pub fn value(&self) -> Option<OutputValue<'_>> {
        match self.held {
            Held::Empty => None,
            Held::Number => Some(OutputValue::Number(self.sum / self.weight)),
            Held::Boolean => Some(OutputValue::Boolean(self.boolean)),
            Held::Text => Some(OutputValue::Text(&self.text)),
        }
    }

    /// The string, for a position holding one: what an answer's size depends on, read
    /// without finishing a number's blend.
    #[inline]
    pub fn text(&self) -> Option<&str> {
        (self.held == Held::Text).then_some(self.text.as_str())
    }

    /// The velocity on the player's timeline (value units per second), for
    /// numbers only: ±∞ when infinite contributions of one sign outweigh the
    /// other, else the finite sum over the **total** weight (docs/playback.md §5.2).
    pub fn velocity(&self) -> Option<f64> {
        if self.held != Held::Number {
            return None;
        }
        Some(if self.up_weight > self.down_weight {
            f64::INFINITY
        } else if self.down_weight > self.up_weight {
            f64::NEG_INFINITY
        } else {
            self.velocity_sum / self.weight
        })
    }

    /// For numbers: every contribution came from a narrow (single-precision)
    /// track. For booleans and strings: the writing track's flag.
    #[inline]
    pub fn narrow(&self) -> bool {
        self.narrow
    }

    /// Whether the position has no value this step.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.held == Held::Empty
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.held = Held::Empty;
    }

    /// Adds one sample with the instance's weight and rate (docs/playback.md §5.2).
    #[inline]
    pub(crate) fn add(&mut self, sample: Sample<'_>, weight: f64, rate: f64, narrow: bool) {
        match sample {
            Sample::Number { value, velocity } => {
                self.add_number(value, velocity * rate, weight, narrow)
            }
            Sample::Boolean(boolean) => {
                self.held = Held::Boolean;
                self.boolean = boolean;
                self.narrow = narrow;
            }
            Sample::Text(text) => {
                self.held = Held::Text;
                self.text.clear();
                self.text.push_str(text);
                self.narrow = narrow;
            }
        }
    }

    /// A number restarts the blend unless the position already holds one.
    fn add_number(&mut self, value: f64, velocity: f64, weight: f64, narrow: bool) {
        if self.held != Held::Number {
            self.held = Held::Number;
            self.sum = 0.0;
            self.weight = 0.0;
            self.velocity_sum = 0.0;
            self.up_weight = 0.0;
            self.down_weight = 0.0;
            self.narrow = true;
        }
        self.sum += weight * value;
        self.weight += weight;
        if velocity == f64::INFINITY {
            self.up_weight += weight;
        } else if velocity == f64::NEG_INFINITY {
            self.down_weight += weight;
        } else {
            self.velocity_sum += weight * velocity;
        }
        self.narrow &= narrow;
    }
}
