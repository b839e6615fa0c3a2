//! Adding a keypoint on the curve (docs/curves.md §9.2): the value the track plays at that
//! time, and on a number track the same curve, split where the new keypoint falls.
//!
//! A number segment S → E plays a cubic Bézier (X, Y) in nanoseconds from S
//! (docs/curves.md §3.8). A keypoint N added at a time t inside it splits that Bézier at the
//! parameter u the time solves to (de Casteljau), and the four sides the two halves read —
//! S.leave, N.arrive, N.leave, E.arrive — become handles at the halves' control points.
//! The two sides whose inferred tangent would now read N as a neighbour (E.leave and
//! S.arrive, when inferred) become handles at the control points they played. Before the
//! first keypoint or after the last, the track holds; the new keypoint takes the held value
//! and the side facing it is reset to absent (`cubic`), which is flat between equal values.

use crate::clip::model::{KeyValue, Keypoint, Pairing, Track, Transition, ValueKind};
use crate::curve::solve::solve;
use crate::curve::track::{CompiledTrack, Cursor, Sample, Segment};
use crate::edit::refused::EditRefused;

/// Adds keypoint `id` at `time_ns` on `track`'s curve, last in document order.
pub(crate) fn insert_on_curve(
    track: &mut Track,
    time_ns: i64,
    id: String,
) -> Result<(), EditRefused> {
    if let Some(k) = track.keypoints.iter().find(|k| k.time_ns == time_ns) {
        let (track, keypoint) = (track.id.clone(), k.id.clone());
        return Err(EditRefused::Occupied {
            track,
            keypoint,
            time_ns,
        });
    }
    let compiled = CompiledTrack::compile(track);
    let Some(sample) = compiled.sample(time_ns as f64, &mut Cursor::default()) else {
        let track = track.id.clone();
        return Err(EditRefused::NoCurve { track });
    };
    let value = match sample {
        Sample::Number { value, .. } => KeyValue::Number(value),
        Sample::Boolean(b) => KeyValue::Boolean(b),
        Sample::Text(text) => KeyValue::Text(text.to_owned()),
    };
    let mut new = Keypoint {
        id,
        time_ns,
        value,
        arrive: None,
        leave: None,
        pairing: Pairing::None,
    };
    if compiled.kind() == Some(ValueKind::Number) {
        keep_shape(track, &compiled, &mut new);
    }
    track.keypoints.push(new);
    Ok(())
}

/// Sets the sides that keep the number curve's shape around `new` (module docs).
fn keep_shape(track: &mut Track, compiled: &CompiledTrack, new: &mut Keypoint) {
    // The compiled track's time order: a stable sort by time, as `CompiledTrack::compile`.
    let mut order: Vec<usize> = (0..track.keypoints.len()).collect();
    order.sort_by_key(|&i| track.keypoints[i].time_ns);
    let n = order.len();
    let p = order.partition_point(|&i| track.keypoints[i].time_ns < new.time_ns);
    let segment = |start: usize| compiled.segments.iter().find(|s| s.start == start);
    let keys = &mut track.keypoints;
    // The inferred sides whose outer neighbour becomes `new` play on as handles.
    if let Some(seg) = p.checked_sub(2).and_then(segment) {
        freeze(&mut keys[order[p - 1]].arrive, arrive_handle(seg));
    }
    if let Some(seg) = segment(p) {
        freeze(&mut keys[order[p]].leave, leave_handle(seg));
    }
    if p == 0 {
        keys[order[0]].arrive = None;
    } else if p == n {
        keys[order[n - 1]].leave = None;
    } else if let Some(seg) = segment(p - 1) {
        split(seg, keys, (order[p - 1], order[p]), new);
    }
}

/// Splits `seg` (keypoints `s` → `e`, document indices) at `new`'s time: de Casteljau on X
/// and Y at u = solve(X, t − start), the halves' control points as handles.
fn split(seg: &Segment, keys: &mut [Keypoint], (s, e): (usize, usize), new: &mut Keypoint) {
    let a = new.time_ns as f64 - seg.origin;
    let u = solve(&seg.x, a);
    let (lx, rx) = de_casteljau(&seg.x, u);
    let (ly, ry) = de_casteljau(&seg.y, u);
    let KeyValue::Number(v) = new.value else {
        return;
    };
    keys[s].leave = Some(handle(lx[1], ly[1] - ly[0]));
    new.arrive = Some(handle(lx[2] - a, ly[2] - v));
    new.leave = Some(handle(rx[1] - a, ry[1] - v));
    keys[e].arrive = Some(handle(rx[2] - rx[3], ry[2] - ry[3]));
}

/// The two halves of a cubic's control values split at `u`:
/// p01 = w·p0 + u·p1 (w = 1 − u) and so on up to p0123, the point at u; left =
/// [p0, p01, p012, p0123], right = [p0123, p123, p23, p3].
fn de_casteljau(p: &[f64; 4], u: f64) -> ([f64; 4], [f64; 4]) {
    let w = 1.0 - u;
    let mix = |a: f64, b: f64| w * a + u * b;
    let (p01, p12, p23) = (mix(p[0], p[1]), mix(p[1], p[2]), mix(p[2], p[3]));
    let (p012, p123) = (mix(p01, p12), mix(p12, p23));
    let p0123 = mix(p012, p123);
    ([p[0], p01, p012, p0123], [p0123, p123, p23, p[3]])
}

/// An inferred side becomes `played`; any other side is left as it is.
fn freeze(side: &mut Option<Transition>, played: Transition) {
    if matches!(
        side,
        Some(Transition::Inferred | Transition::InferredAutoClamped)
    ) {
        *side = Some(played);
    }
}

/// The end keypoint's arrive side as the handle `seg` plays: C2 − E.
fn arrive_handle(seg: &Segment) -> Transition {
    handle(seg.x[2] - seg.x[3], seg.y[2] - seg.y[3])
}

/// The start keypoint's leave side as the handle `seg` plays: C1 − S.
fn leave_handle(seg: &Segment) -> Transition {
    handle(seg.x[1], seg.y[1] - seg.y[0])
}

fn handle(dt_ns: f64, dv: f64) -> Transition {
    Transition::Handle { dt_ns, dv }
}
