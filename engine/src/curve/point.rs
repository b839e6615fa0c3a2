//! A point of the resolution plane (docs/curves.md §3.2): what curve resolution moves around.

/// A point of the resolution plane: time in milliseconds, value in value units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Point {
    pub t: f64,
    pub v: f64,
}

impl Point {
    #[inline]
    pub(crate) fn new(t: f64, v: f64) -> Point {
        Point { t, v }
    }

    /// Moved by a delta, component by component.
    #[inline]
    pub(crate) fn offset(self, dt: f64, dv: f64) -> Point {
        Point::new(self.t + dt, self.v + dv)
    }
}
