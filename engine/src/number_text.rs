//! Numbers as the command line and the page write them in lines a person reads.

/// An f64 in shortest round-trip form: plain for magnitudes in [1e-5, 1e16) and for 0,
/// exponent form otherwise (`1e-7`, `1.5e300`); `NaN`, `inf` and `-inf` as Rust spells
/// them. Reading the text back with `str::parse::<f64>` gives the same bits, so a line
/// built from it states the engine's number exactly.
pub fn shortest(x: f64) -> String {
    let magnitude = x.abs();
    if x == 0.0 || !x.is_finite() || (1e-5..1e16).contains(&magnitude) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}
