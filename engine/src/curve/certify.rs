//! Which segments may be solved by the fast method (docs/curves.md §0): a certificate, computed
//! once per segment when its track is compiled, that any solver landing as close to the root as
//! the fast one does gives values within 1e-12 of max(|v|, 1) and velocities within 1e-10
//! value units per second of what the literal docs/curves.md §4.3 solver gives.
//!
//! Write the time derivative x′(s) = 3·q(s) with q(s) = A(1−s)² + 2B(1−s)s + Cs², where
//! A = X1, B = X2 − X1, C = span − X2 (X the segment's time control values, docs/curves.md §3.8).
//! Then:
//!
//! * **Minimum slope** m = 3·min(A, C, q(s*)) − rounding, with s* = (A − B)/(A − 2B + C) the
//!   vertex of q when it is a minimum inside (0, 1). Nothing certifies unless m > 0: a
//!   segment whose time stalls or runs backwards somewhere has roots the literal solver picks
//!   by its path (docs/curves.md §3.6), so only the literal solver may answer there.
//! * **Time error** δ: how far (ns) from the exact root the time x(u) of any good solver's
//!   answer lies — rounding of the residual in Bernstein and in power form, both solvers
//!   together: δ = ε·(18·Xmax + 8·Σ|cᵢ|), c the power-basis coefficients of x.
//! * **Value bound.** Over each of [`PIECES`] equal pieces of the parameter range, a time
//!   error δ moves u by at most δ/mⱼ (mⱼ the piece's minimum of x′), plus 4ε for rounding
//!   u itself, and the value by max|y′|ⱼ times that; the Bernstein evaluation of the value
//!   rounds by at most 14ε·Ymax more. Certified when the worst piece stays within
//!   1e-12·max(vmin, 1), vmin = min|Yᵢ| when the Yᵢ share a sign (then |value| ≥ vmin
//!   everywhere on the curve), else 0.
//! * **Velocity bound.** The velocity y′/x′·1e9 moves with u by at most
//!   (|y″|·x′ + |y′|·|x″|)/x′² per unit of u, and rounds in y′ and x′ by
//!   2ε·(Ly/mⱼ)·(7 + 6·x′max/mⱼ), Ly = 3·max|ΔY|. Certified when the worst piece, in value
//!   units per second, stays within 1e-10. Without it, a velocity near zero moves by 1e-4
//!   relative for one ulp of u.
//!
//! Caveats: the bound is conservative (piecewise extremes, generous rounding constants), so
//! some segments that would in fact meet the tolerance are solved literally. Values whose
//! range crosses zero with magnitudes in the hundreds cannot certify at all: there one ulp
//! of u alone exceeds 1e-12. Every quantity is computed so that a NaN or an infinity fails
//! the certificate (comparisons with NaN are false).

/// ε of the rounding bounds: 2^-52.
const EPS: f64 = f64::EPSILON;

/// How many equal pieces of the parameter range the bounds are taken over: finer pieces
/// give tighter bounds (the slope is small on few of them) at a compile cost linear in it.
const PIECES: usize = 32;

/// The tolerance on values, relative to max(|value|, 1) (docs/curves.md §0).
pub(crate) const VALUE_TOLERANCE: f64 = 1e-12;

/// The tolerance on velocities, in value units per second (docs/curves.md §0).
pub(crate) const VELOCITY_TOLERANCE: f64 = 1e-10;

/// Nanoseconds per second: velocities are per second, the curve's time is in ns.
const SEC: f64 = 1e9;

/// A quadratic in Bernstein form, a(1−s)² + 2b(1−s)s + cs², and its extremes on a range.
#[derive(Clone, Copy)]
struct Quadratic {
    a: f64,
    b: f64,
    c: f64,
}

impl Quadratic {
    fn at(&self, s: f64) -> f64 {
        let w = 1.0 - s;
        self.a * w * w + 2.0 * self.b * w * s + self.c * s * s
    }

    /// (min, max) over [s0, s1]: the ends and the vertex when it lies inside.
    fn range(&self, s0: f64, s1: f64) -> (f64, f64) {
        let (e0, e1) = (self.at(s0), self.at(s1));
        let (mut lo, mut hi) = (e0.min(e1), e0.max(e1));
        let curvature = self.a - 2.0 * self.b + self.c;
        if curvature != 0.0 {
            let vertex = (self.a - self.b) / curvature;
            if s0 < vertex && vertex < s1 {
                let v = self.at(vertex);
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        (lo, hi)
    }

    /// A bound on the rounding error of [`Quadratic::at`] and of the Bernstein derivative.
    fn rounding(&self) -> f64 {
        24.0 * EPS * (self.a.abs() + 2.0 * self.b.abs() + self.c.abs())
    }
}

/// Largest |l| over [s0, s1] of the linear function l(s) = p(1−s) + q·s.
fn linear_max(p: f64, q: f64, s0: f64, s1: f64) -> f64 {
    let at = |s: f64| (p * (1.0 - s) + q * s).abs();
    at(s0).max(at(s1))
}

/// Bounds (lo, hi) on the time derivative x′ over the whole segment, rounding included:
/// lo ≤ x′(s) ≤ hi for every s in [0, 1], for the segment with time control values `x`.
pub(crate) fn slope_bounds(x: &[f64; 4]) -> (f64, f64) {
    let qx = Quadratic {
        a: x[1],
        b: x[2] - x[1],
        c: x[3] - x[2],
    };
    let slack = 3.0 * qx.rounding();
    let (lo, hi) = qx.range(0.0, 1.0);
    (3.0 * lo - slack, 3.0 * hi + slack)
}

/// Whether the segment with time control values `x` (x[0] = 0, x[3] = span > 0) and value
/// control values `y` is certified well-conditioned (see the module docs).
pub(crate) fn certified(x: &[f64; 4], y: &[f64; 4]) -> bool {
    let span = x[3];
    if span.is_nan() || span <= 0.0 || !x.iter().chain(y).all(|v| v.is_finite()) {
        return false;
    }
    // x′ = 3·q_x, y′ = 3·q_y; x″ and y″ are linear: 6·(p(1−s) + q·s).
    let qx = Quadratic {
        a: x[1],
        b: x[2] - x[1],
        c: span - x[2],
    };
    let qy = Quadratic {
        a: y[1] - y[0],
        b: y[2] - y[1],
        c: y[3] - y[2],
    };
    let (x2a, x2b) = (x[2] - 2.0 * x[1], span - 2.0 * x[2] + x[1]);
    let (y2a, y2b) = (y[2] - 2.0 * y[1] + y[0], y[3] - 2.0 * y[2] + y[1]);
    let (slack_x, slack_y) = (3.0 * qx.rounding(), 3.0 * qy.rounding());
    let (min_slope, _) = slope_bounds(x);
    if min_slope.is_nan() || min_slope <= 0.0 {
        return false;
    }
    let x_max = x[1].abs().max(x[2].abs()).max(span);
    let y_max = y.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let c = [
        3.0 * x[1],
        3.0 * x[2] - 6.0 * x[1],
        span - 3.0 * x[2] + 3.0 * x[1],
    ];
    let delta = EPS * (18.0 * x_max + 8.0 * c.iter().map(|c| c.abs()).sum::<f64>());
    let ly = 3.0
        * [y[1] - y[0], y[2] - y[1], y[3] - y[2]]
            .iter()
            .fold(0.0f64, |m, d| m.max(d.abs()));
    let (mut value_bound, mut velocity_bound) = (0.0f64, 0.0f64);
    for j in 0..PIECES {
        let (s0, s1) = (j as f64 / PIECES as f64, (j + 1) as f64 / PIECES as f64);
        let (q_lo, q_hi) = qx.range(s0, s1);
        let m = 3.0 * q_lo - slack_x;
        let dx_max = 3.0 * q_hi + slack_x;
        let (y_lo, y_hi) = qy.range(s0, s1);
        let dy_max = 3.0 * y_lo.abs().max(y_hi.abs()) + slack_y;
        let ddx_max = 6.0 * linear_max(x2a, x2b, s0, s1);
        let ddy_max = 6.0 * linear_max(y2a, y2b, s0, s1);
        let du = delta / m + 4.0 * EPS;
        value_bound = value_bound.max(dy_max * du);
        let moved = (ddy_max * dx_max + dy_max * ddx_max) / (m * m) * du;
        let rounded = 2.0 * EPS * (ly / m) * (7.0 + 6.0 * dx_max / m);
        velocity_bound = velocity_bound.max(moved + rounded);
    }
    let value_bound = value_bound + 14.0 * EPS * y_max;
    let velocity_bound = SEC * velocity_bound;
    let same_sign = y.iter().all(|&v| v > 0.0) || y.iter().all(|&v| v < 0.0);
    let v_min = if same_sign {
        y.iter().fold(f64::INFINITY, |m, v| m.min(v.abs()))
    } else {
        0.0
    };
    value_bound <= VALUE_TOLERANCE * v_min.max(1.0) && velocity_bound <= VELOCITY_TOLERANCE
}
