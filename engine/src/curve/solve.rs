//! Cubic Bézier arithmetic in Bernstein form and the time → parameter solver
//! (docs/curves.md §4.2–§4.3).
//!
//! Every formula is evaluated exactly as the spec writes it: products left to right starting
//! with the constant, sums left to right, no fused multiply-add. Rewriting one in Horner form
//! or letting the compiler fuse changes a few samples per million beyond 1e-9.

/// Solver stopping rule: 2^-52.
const SOLVER_EPSILON: f64 = f64::EPSILON;

/// The solver's iteration cap.
const SOLVER_ITERATIONS: usize = 100;

/// Nanoseconds per second: a slope per ns times this is a velocity per second.
const VELOCITY_SCALE: f64 = 1e9;

/// How many solves a batch runs together in lockstep.
pub(crate) const LANES: usize = 4;

/// B(p; u) = p0·w³ + 3·p1·w²·u + 3·p2·w·u² + p3·u³ with w = 1 − u.
#[inline]
pub(crate) fn bezier(p: &[f64; 4], u: f64) -> f64 {
    let w = 1.0 - u;
    p[0] * w * w * w + 3.0 * p[1] * w * w * u + 3.0 * p[2] * w * u * u + p[3] * u * u * u
}

/// B′(p; u) = 3·((p1 − p0)·w² + 2·(p2 − p1)·w·u + (p3 − p2)·u²).
#[inline]
pub(crate) fn bezier_d1(p: &[f64; 4], u: f64) -> f64 {
    let w = 1.0 - u;
    3.0 * ((p[1] - p[0]) * w * w + 2.0 * (p[2] - p[1]) * w * u + (p[3] - p[2]) * u * u)
}

/// B″(p; u) = 6·((p2 − 2·p1 + p0)·(1 − u) + (p3 − 2·p2 + p1)·u).
#[inline]
pub(crate) fn bezier_d2(p: &[f64; 4], u: f64) -> f64 {
    6.0 * ((p[2] - 2.0 * p[1] + p[0]) * (1.0 - u) + (p[3] - 2.0 * p[2] + p[1]) * u)
}

/// B‴(p) = 6·(p3 − 3·p2 + 3·p1 − p0), constant along the curve.
#[inline]
fn bezier_d3(p: &[f64; 4]) -> f64 {
    6.0 * (p[3] - 3.0 * p[2] + 3.0 * p[1] - p[0])
}

/// The parameter u at which the time curve `x` (x[0] = 0, x[3] = span) reaches `a` ns.
///
/// Safeguarded Newton: a Newton step is taken only when the derivative is positive and the
/// step lands strictly inside the bracket, otherwise the bracket is halved. On a slightly
/// non-monotonic segment this picks one particular root, which is part of the behaviour.
/// A NaN `a` runs all iterations and returns NaN.
pub(crate) fn solve(x: &[f64; 4], a: f64) -> f64 {
    let mut bracket = match Bracket::start(x, a) {
        Ok(bracket) => bracket,
        Err(u) => return u,
    };
    for _ in 0..SOLVER_ITERATIONS {
        let (next, stop) = bracket.iterate(x, a);
        if stop.stops {
            return stop.answer;
        }
        bracket = next;
    }
    bracket.u
}

/// [`solve`] for `N` independent (curve, time) pairs at once, with the same results.
///
/// One solve is a chain of dependent iterations, each waiting on a division; running
/// several in lockstep lets the processor overlap their chains. Each lane performs exactly
/// the operations of a lone solve, so the answers are bit for bit the same. The lanes do
/// not branch: a lane keeps iterating (without effect on its answer) until every lane has
/// stopped, so the compiler can run them side by side as vector operations.
fn solve_all<const N: usize>(x: [&[f64; 4]; N], a: [f64; N]) -> [f64; N] {
    let mut found = [0.0; N];
    let mut stopped = [false; N];
    let mut brackets = [Bracket::IDLE; N];
    for lane in 0..N {
        match Bracket::start(x[lane], a[lane]) {
            Ok(bracket) => brackets[lane] = bracket,
            Err(u) => (found[lane], stopped[lane]) = (u, true),
        }
    }
    let mut iterations = 0;
    while !stopped.iter().all(|&stopped| stopped) {
        if iterations == SOLVER_ITERATIONS {
            for lane in 0..N {
                found[lane] = if stopped[lane] {
                    found[lane]
                } else {
                    brackets[lane].u
                };
            }
            break;
        }
        for lane in 0..N {
            let (next, stop) = brackets[lane].iterate(x[lane], a[lane]);
            let first = !stopped[lane] & stop.stops;
            found[lane] = if first { stop.answer } else { found[lane] };
            stopped[lane] |= stop.stops;
            brackets[lane] = next;
        }
        iterations += 1;
    }
    found
}

/// [`solve_all`] of the first `len` (at most [`LANES`]) pairs only, the other answers 0:
/// the lockstep computes every lane it is given until all have stopped, so a partly filled
/// batch runs no idle lanes.
pub(crate) fn solve_some(len: usize, x: [&[f64; 4]; LANES], a: [f64; LANES]) -> [f64; LANES] {
    fn first<const K: usize>(x: [&[f64; 4]; LANES], a: [f64; LANES]) -> [f64; LANES] {
        let u = solve_all::<K>(std::array::from_fn(|i| x[i]), std::array::from_fn(|i| a[i]));
        std::array::from_fn(|i| if i < K { u[i] } else { 0.0 })
    }
    match len {
        0 => [0.0; LANES],
        1 => first::<1>(x, a),
        2 => first::<2>(x, a),
        3 => first::<3>(x, a),
        _ => solve_all(x, a),
    }
}

/// A docs/curves.md §4.3 solve between iterations: the bracket [lo, hi] and the current u.
#[derive(Clone, Copy, Debug)]
struct Bracket {
    lo: f64,
    hi: f64,
    u: f64,
}

impl Bracket {
    /// A lane with nothing to solve.
    const IDLE: Bracket = Bracket {
        lo: 0.0,
        hi: 1.0,
        u: 0.0,
    };

    /// Step 1's early answers (`Err`: `a` ≤ 0 → 0, `a` ≥ span → 1), else step 2.
    #[inline(always)]
    fn start(x: &[f64; 4], a: f64) -> Result<Bracket, f64> {
        if a <= 0.0 {
            Err(0.0)
        } else if a >= x[3] {
            Err(1.0)
        } else {
            Ok(Bracket {
                lo: 0.0,
                hi: 1.0,
                u: a / x[3],
            })
        }
    }

    /// One iteration of step 3: the state for the next one, and whether it stops here.
    #[inline(always)]
    fn iterate(self, x: &[f64; 4], a: f64) -> (Bracket, Stop) {
        let u = self.u;
        let e = bezier(x, u) - a;
        let below = e < 0.0;
        let lo = if below { u } else { self.lo };
        let hi = if below { self.hi } else { u };
        let d = bezier_d1(x, u);
        let newton = u - e / d;
        let inside = d > 0.0 && lo < newton && newton < hi;
        let next = if inside { newton } else { 0.5 * (lo + hi) };
        let converged =
            ((next - u).abs() <= SOLVER_EPSILON * next.max(u)) | (hi - lo <= SOLVER_EPSILON * hi);
        let zero = e == 0.0;
        let stop = Stop {
            stops: zero | converged,
            answer: if zero { u } else { next },
        };
        (Bracket { lo, hi, u: next }, stop)
    }
}

/// Whether an iteration stops the solve, and its answer if so. Not an `Option`: the lockstep
/// selects on it lane by lane without branching.
#[derive(Clone, Copy, Debug)]
struct Stop {
    stops: bool,
    answer: f64,
}

/// Slope dY/dX at parameter `u`, in value units per time unit of `x`.
///
/// Where time stalls (B′(X; u) = 0) the slope is the limit along the curve: the first
/// non-zero derivatives of time and value are compared (docs/curves.md §4.4), giving a finite
/// tangent, 0, or a signed infinity.
#[inline]
pub(crate) fn slope(x: &[f64; 4], y: &[f64; 4], u: f64) -> f64 {
    slope_with(x, y, u, bezier_d1(x, u))
}

/// [`slope`] with `dx` = B′(X; u) already computed (a step reusing a solve has it).
#[inline]
pub(crate) fn slope_with(x: &[f64; 4], y: &[f64; 4], u: f64, dx: f64) -> f64 {
    if dx != 0.0 {
        bezier_d1(y, u) / dx
    } else {
        stalled_slope(x, y, u, dx)
    }
}

/// [`slope`] where time stalls (`dx` = B′(X; u) = 0): never on a certified segment, so kept
/// out of line, leaving the common case small enough to inline into a step's solve reuse.
#[cold]
#[inline(never)]
fn stalled_slope(x: &[f64; 4], y: &[f64; 4], u: f64, dx: f64) -> f64 {
    let xs = [dx, bezier_d2(x, u), bezier_d3(x)];
    let ys = [bezier_d1(y, u), bezier_d2(y, u), bezier_d3(y)];
    let (Some(kx), Some(ky)) = (first_non_zero(&xs), first_non_zero(&ys)) else {
        return 0.0;
    };
    let r = ys[ky] / xs[kx];
    if ky == kx {
        r
    } else if ky > kx {
        0.0
    } else {
        let sigma = if u > 0.0 && (kx - ky) % 2 == 1 {
            -1.0
        } else {
            1.0
        };
        f64::INFINITY.copysign(r * sigma)
    }
}

/// Position of the first entry that is not zero (NaN counts as not zero).
#[inline]
fn first_non_zero(s: &[f64; 3]) -> Option<usize> {
    s.iter().position(|&v| v != 0.0)
}

/// Value B(Y; u) and velocity slope × 1e9 (docs/curves.md §4.4) of [`LANES`] curves at once, each
/// lane exactly what a lone evaluation gives: the values, time and value derivatives and
/// their quotients are computed across the lanes together, and only a lane whose time
/// stalls (B′(X; u) = 0, never on a certified segment) takes [`slope`]'s limit rules.
/// Each lane also gives B′(X; u), for reuse of the solve by a track with the same timing.
/// Only the first `len` lanes are in use: the others (leftover or idle curves, whose time
/// often stalls) answer their quotients unchecked, so that they never take the limit
/// rules — out of line, and in wasm a step's single-lane batches spent ≈ 10 % there.
/// Always inlined, like the batch solve before it: as a call, its inputs went through
/// memory (a bake measured ≈ 5 % slower).
#[inline(always)]
pub(crate) fn numbers_at(
    len: usize,
    x: [&[f64; 4]; LANES],
    y: [&[f64; 4]; LANES],
    u: [f64; LANES],
) -> [(f64, f64, f64); LANES] {
    let value: [f64; LANES] = std::array::from_fn(|i| bezier(y[i], u[i]));
    let dx: [f64; LANES] = std::array::from_fn(|i| bezier_d1(x[i], u[i]));
    let dy: [f64; LANES] = std::array::from_fn(|i| bezier_d1(y[i], u[i]));
    let mut velocity: [f64; LANES] = std::array::from_fn(|i| dy[i] / dx[i] * VELOCITY_SCALE);
    for i in 0..len.min(LANES) {
        if dx[i] == 0.0 {
            velocity[i] = slope(x[i], y[i], u[i]) * VELOCITY_SCALE;
        }
    }
    std::array::from_fn(|i| (value[i], velocity[i], dx[i]))
}
