//! The independent reading of docs/curves.md §3.1–docs/curves.md §3.8 that
//! `curves_match_an_independent_reading.rs` compares the engine with: the control points of
//! every segment, written from the spec text alone, one function per rule, in the spec's
//! operation order (the rules fix each rounding, so the engine must match them bit for bit).
//! Sampling the segments (docs/curves.md §4) is read another way, in `curves_reading_by_bisection`.

// `hypot` is the engine's on purpose: docs/curves.md §0 leaves it to the platform, and the engine's
// portable, correctly rounded one is this product's platform (see its docs).
use animation_engine::{Easing, KeyValue, Keypoint, Track, Transition, hypot};

const EPS: f64 = 1e-6;

#[derive(Clone, Copy, Debug, PartialEq)]
struct P {
    t: f64,
    v: f64,
}

fn p(t: f64, v: f64) -> P {
    P { t, v }
}

/// docs/curves.md §3.3 table: (leave, arrive) parameters.
fn params(e: Easing) -> [(f64, f64); 2] {
    match e {
        Easing::Linear => [(0.33, 0.33), (0.66, 0.66)],
        Easing::Sine => [(0.37, 0.0), (0.63, 1.0)],
        Easing::Quad => [(0.45, 0.0), (0.55, 1.0)],
        Easing::Cubic => [(0.65, 0.0), (0.35, 1.0)],
        Easing::Quart => [(0.76, 0.0), (0.24, 1.0)],
        Easing::Quint => [(0.83, 0.0), (0.17, 1.0)],
        Easing::Expo => [(0.87, 0.0), (0.13, 1.0)],
        Easing::Circ => [(0.85, 0.0), (0.15, 1.0)],
        Easing::Back => [(0.68, -0.6), (0.32, 1.6)],
    }
}

fn unit(dt: f64, dv: f64) -> (P, f64) {
    let l = hypot(dt, dv);
    if l == 0.0 || !l.is_finite() {
        return (p(0.0, 0.0), 1.0);
    }
    (p(dt / l, dv / l), l)
}

/// docs/curves.md §3.4: (arriving delta, leaving delta) at q between prev and next.
fn tangent(prev: P, q: P, next: P) -> Option<(P, P)> {
    let (ui, li) = unit(q.t - prev.t, q.v - prev.v);
    let (uo, lo) = unit(next.t - q.t, next.v - q.v);
    let d = p(ui.t + uo.t, ui.v + uo.v);
    let sigma = hypot(d.t, d.v) * 2.5614;
    if !sigma.is_finite() || sigma <= 0.0 {
        return None;
    }
    let a = f64::min(li, 5.0 * lo) / sigma;
    let l = f64::min(lo, 5.0 * li) / sigma;
    Some((p(-d.t * a, -d.v * a), p(d.t * l, d.v * l)))
}

fn scale_to_time(q: P, c: P, tau: f64) -> P {
    let dt = c.t - q.t;
    if dt == 0.0 {
        return p(tau, q.v);
    }
    let r = (tau - q.t) / dt;
    if !r.is_finite() {
        return p(tau, q.v);
    }
    p(q.t + dt * r, q.v + (c.v - q.v) * r)
}

fn to_time(q: P, c: P, tau: f64) -> P {
    if (tau - c.t).abs() < EPS {
        c
    } else {
        scale_to_time(q, c, tau)
    }
}

fn within_times(s: P, e: P, q: P, c: P) -> P {
    let (lo, hi) = (f64::min(s.t, e.t), f64::max(s.t, e.t));
    if lo <= c.t && c.t <= hi {
        return c;
    }
    scale_to_time(q, c, if c.t < lo { lo } else { hi })
}

fn within_values(q: P, o: P, c: P) -> P {
    let (lo, hi) = (f64::min(q.v, o.v), f64::max(q.v, o.v));
    if lo <= c.v && c.v <= hi {
        return c;
    }
    let nu = if c.v < lo { lo } else { hi };
    if (nu - q.v).abs() < EPS {
        return p(c.t, nu);
    }
    let dv = c.v - q.v;
    if dv == 0.0 {
        return p(q.t, nu);
    }
    let r = (nu - q.v) / dv;
    if !r.is_finite() {
        return p(q.t, nu);
    }
    p(q.t + (c.t - q.t) * r, q.v + dv * r)
}

fn near(x: P, y: P) -> bool {
    (x.t - y.t).abs() < EPS && (x.v - y.v).abs() < EPS
}

fn sgn(x: f64) -> i32 {
    (x > 0.0) as i32 - (x < 0.0) as i32
}

/// docs/curves.md §3.3–docs/curves.md §3.5: the raw point of one side (`leave` true for C1).
fn raw(leave: bool, tr: Option<Transition>, s: P, e: P, b: Option<P>, a: Option<P>) -> P {
    let (q, o) = if leave { (s, e) } else { (e, s) };
    let eased = |easing: Easing| {
        let (px, py) = params(easing)[usize::from(!leave)];
        let tm = px * (e.t - s.t) + s.t;
        let vm = s.v + (e.v - s.v) * py;
        let d = p(tm - q.t, vm - q.v);
        p(q.t + d.t, q.v + d.v)
    };
    let frame = if leave {
        b.map(|b| (b, s, e))
    } else {
        a.map(|a| (s, e, a))
    };
    let inferred = || frame.and_then(|(pp, qq, nn)| tangent(pp, qq, nn).map(|d| (d, pp, nn)));
    match tr.unwrap_or(Transition::Ease(Easing::Cubic)) {
        Transition::Handle { dt_ns, dv } => p(q.t + dt_ns / 1e6, q.v + dv),
        Transition::Ease(easing) => eased(easing),
        Transition::Inferred => match inferred() {
            None => eased(Easing::Cubic),
            Some(((arr, lv), _, _)) => {
                let d = if leave { lv } else { arr };
                p(q.t + d.t, q.v + d.v)
            }
        },
        Transition::InferredAutoClamped => match inferred() {
            None => eased(Easing::Cubic),
            Some(((arr, lv), pp, nn)) => {
                let mut d = if leave { lv } else { arr };
                let (ri, ro) = (q.v - pp.v, nn.v - q.v);
                if ri.abs() < EPS || ro.abs() < EPS || sgn(ri) != sgn(ro) {
                    d.v = 0.0;
                }
                let mut c = p(q.t + d.t, q.v + d.v);
                c = within_times(s, e, q, c);
                c = within_values(q, o, c);
                c = within_times(s, e, q, c);
                let diff = p(c.t - q.t, c.v - q.v);
                p(q.t + diff.t, q.v + diff.v)
            }
        },
    }
}

fn monotone(x1: f64, x2: f64) -> bool {
    let a = 1.0 + 3.0 * (x1 - x2);
    let b = 3.0 * (x2 - 2.0 * x1);
    let c = 3.0 * x1;
    let (qa, qb, qc) = (3.0 * a, 2.0 * b, c);
    let xp = |s: f64| qa * s * s + qb * s + qc;
    let mut m = f64::min(xp(0.0), xp(1.0));
    if qa.abs() > EPS {
        let s = -qb / (2.0 * qa);
        if (0.0..=1.0).contains(&s) {
            m = f64::min(m, xp(s));
        }
    }
    m >= -EPS
}

/// docs/curves.md §3.6 then docs/curves.md §3.7.
fn effective(
    s: P,
    e: P,
    b: Option<P>,
    a: Option<P>,
    l: Option<Transition>,
    r: Option<Transition>,
) -> (P, P) {
    let mut c1 = raw(true, l, s, e, b, a);
    let mut c2 = raw(false, r, s, e, b, a);
    let delta = e.t - s.t;
    if delta == 0.0 {
        c1 = to_time(s, c1, s.t);
        c2 = to_time(e, c2, e.t);
    } else {
        if c1.t < s.t {
            c1 = to_time(s, c1, s.t);
        }
        if c2.t > e.t {
            c2 = to_time(e, c2, e.t);
        }
        let n1 = (c1.t - s.t) / delta;
        let n2 = (c2.t - s.t) / delta;
        if !monotone(n1, n2) {
            let (mut lo, mut hi, mut best) = (0.0, 1.0, (0.0, 1.0));
            for _ in 0..30 {
                let f = (lo + hi) / 2.0;
                let (x1, x2) = (n1 * f, 1.0 + (n2 - 1.0) * f);
                if monotone(x1, x2) {
                    best = (x1, x2);
                    lo = f;
                } else {
                    hi = f;
                }
            }
            let t1 = to_time(s, c1, s.t + best.0 * delta);
            let t2 = to_time(e, c2, s.t + best.1 * delta);
            if !near(c1, t1) {
                c1 = t1;
            }
            if !near(c2, t2) {
                c2 = t2;
            }
        }
    }
    if l == Some(Transition::InferredAutoClamped) {
        let x = within_times(s, e, s, within_values(s, e, c1));
        if !near(x, c1) {
            c1 = x;
        }
    }
    if r == Some(Transition::InferredAutoClamped) {
        let x = within_times(s, e, e, within_values(e, s, c2));
        if !near(x, c2) {
            c2 = x;
        }
    }
    (c1, c2)
}

/// A compiled reference segment: start index, f64 start/end, X and Y.
pub struct Seg {
    pub i: usize,
    pub ts: f64,
    pub te: f64,
    pub x: [f64; 4],
    pub y: [f64; 4],
}

pub fn reference(track: &Track) -> (Vec<(i64, f64)>, Vec<Seg>) {
    let mut k: Vec<&Keypoint> = track.keypoints.iter().collect();
    k.sort_by_key(|kp| kp.time_ns);
    let val = |kp: &Keypoint| match kp.value {
        KeyValue::Number(v) => v,
        _ => unreachable!(),
    };
    let pt = |i: usize| p(k[i].time_ns as f64 / 1e6, val(k[i]));
    let mut segs = Vec::new();
    for i in 0..k.len().saturating_sub(1) {
        if k[i].time_ns == k[i + 1].time_ns {
            continue;
        }
        let (s, e) = (pt(i), pt(i + 1));
        let b = if i > 0 { Some(pt(i - 1)) } else { None };
        let a = if i + 2 < k.len() {
            Some(pt(i + 2))
        } else {
            None
        };
        let (c1, c2) = effective(s, e, b, a, k[i].leave, k[i + 1].arrive);
        let (ts, te) = (k[i].time_ns as f64, k[i + 1].time_ns as f64);
        segs.push(Seg {
            i,
            ts,
            te,
            x: [0.0, (c1.t - s.t) * 1e6, (c2.t - s.t) * 1e6, te - ts],
            y: [s.v, c1.v, c2.v, e.v],
        });
    }
    (k.iter().map(|kp| (kp.time_ns, val(kp))).collect(), segs)
}
