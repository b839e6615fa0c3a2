//! Moving a handle (docs/curves.md §9.1), and on a paired keypoint its partner with it.
//!
//! `pairing` is editor data (docs/curves.md §1.3): playback never reads it, the editor does.
//! When a keypoint is `paired` and both its sides are handles, moving one turns the other to
//! point the opposite way, keeping its own length, so the curve stays smooth through the
//! keypoint. Lengths and directions are taken in the (millisecond, value) plane where
//! handles resolve (docs/curves.md §3.2); opposite directions stay opposite in any scaling of
//! the two axes, so the partner is collinear on any drawing of the curve.

use crate::clip::model::{Keypoint, Pairing, Transition};
use crate::curve::hypot::hypot;
use crate::edit::edits::Side;
use crate::edit::refused::EditRefused;
use crate::units::NS_PER_MS;

/// Sets `side` of `keypoint` (of track `track`) to the handle (`dt_ns`, `dv`), turning its
/// partner when the keypoint is paired; refused when the side holds no handle.
pub(crate) fn move_handle(
    track: &str,
    keypoint: &mut Keypoint,
    side: Side,
    (dt_ns, dv): (f64, f64),
) -> Result<(), EditRefused> {
    let slot = *side_of(keypoint, side);
    if !matches!(slot, Some(Transition::Handle { .. })) {
        return Err(EditRefused::NotAHandle {
            track: track.to_string(),
            keypoint: keypoint.id.clone(),
            side,
            kind: slot.and_then(|t| t.name()).unwrap_or("absent (cubic)"),
        });
    }
    *side_of(keypoint, side) = Some(Transition::Handle { dt_ns, dv });
    if keypoint.pairing == Pairing::Paired {
        let partner = side_of(keypoint, other(side));
        if let Some(Transition::Handle { dt_ns: pt, dv: pv }) = *partner {
            let (pt, pv) = opposite((dt_ns, dv), (pt, pv));
            *partner = Some(Transition::Handle { dt_ns: pt, dv: pv });
        }
    }
    Ok(())
}

/// The side `side` names on `keypoint`.
pub(crate) fn side_of(keypoint: &mut Keypoint, side: Side) -> &mut Option<Transition> {
    match side {
        Side::Arrive => &mut keypoint.arrive,
        Side::Leave => &mut keypoint.leave,
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Arrive => Side::Leave,
        Side::Leave => Side::Arrive,
    }
}

/// The partner (ns, value) turned opposite to `moved`, keeping its length: with t = dt / 1e6
/// (ms), L = hypot(t, dv) of each, the partner becomes (−(t·L′) / L, −(dv·L′) / L) for the
/// moved handle (t, dv, L) and the partner's length L′, back in ns. A zero or non-finite
/// length leaves the partner as it is (no direction to follow, or nothing to keep).
fn opposite(moved: (f64, f64), partner: (f64, f64)) -> (f64, f64) {
    let (t, v) = (moved.0 / NS_PER_MS, moved.1);
    let length = hypot(t, v);
    let kept = hypot(partner.0 / NS_PER_MS, partner.1);
    let usable = |l: f64| l.is_finite() && l > 0.0;
    if !usable(length) || !usable(kept) {
        return partner;
    }
    (-(t * kept) / length * NS_PER_MS, -(v * kept) / length)
}
