//! `Clip` (format 2.0) ⇄ engine clip (docs/contract.md §4.4).

use animation_engine::{
    Clip as EngineClip, Keypoint as EngineKeypoint, Pairing, Track, Transition, ValidClip,
};

use crate::convert::keypoint_value::{key_value, kind_name, value_of};
use crate::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use crate::typed::refused::ClipRefused;

/// The validated engine clip a `Clip` record describes.
pub fn engine_clip(clip: &Clip) -> Result<ValidClip, ClipRefused> {
    let converted = EngineClip {
        name: clip.name.clone(),
        length_ns: clip.length_ns,
        tracks: clip.tracks.iter().map(track).collect::<Result<_, _>>()?,
    };
    Ok(converted.validate()?)
}

/// The `Clip` record of an engine clip: exact, numbers as `F64`, named
/// transitions with zero offsets.
pub fn clip_record(clip: &EngineClip) -> Clip {
    Clip {
        name: clip.name.clone(),
        length_ns: clip.length_ns,
        tracks: clip.tracks.iter().map(track_record).collect(),
    }
}

fn track(track: &ClipTrack) -> Result<Track, ClipRefused> {
    let keypoints = track
        .keypoints
        .iter()
        .map(|keypoint| self::keypoint(track, keypoint))
        .collect::<Result<_, _>>()?;
    Ok(Track {
        id: track.id.clone(),
        name: track.name.clone(),
        target: track.target.clone(),
        keypoints,
    })
}

fn keypoint(track: &ClipTrack, keypoint: &ClipKeypoint) -> Result<EngineKeypoint, ClipRefused> {
    let names = || (track.id.clone(), keypoint.id.clone());
    let value = key_value(&keypoint.value).ok_or_else(|| ClipRefused::KeypointValue {
        track: track.id.clone(),
        keypoint: keypoint.id.clone(),
        value: kind_name(&keypoint.value),
    })?;
    Ok(EngineKeypoint {
        id: keypoint.id.clone(),
        time_ns: keypoint.time_ns,
        value,
        arrive: side(&keypoint.arrive, names)?,
        leave: side(&keypoint.leave, names)?,
        pairing: pairing(&keypoint.pairing).ok_or_else(|| ClipRefused::Pairing {
            track: track.id.clone(),
            keypoint: keypoint.id.clone(),
            pairing: keypoint.pairing.clone(),
        })?,
    })
}

/// Zero or one transition; none eases as `cubic` in the engine.
fn side(
    transitions: &[ClipTransition],
    names: impl Fn() -> (String, String),
) -> Result<Option<Transition>, ClipRefused> {
    match transitions {
        [] => Ok(None),
        [transition] => transition_of(transition).map(Some).ok_or_else(|| {
            let (track, keypoint) = names();
            ClipRefused::TransitionKind {
                track,
                keypoint,
                kind: transition.kind.clone(),
            }
        }),
        _ => {
            let (track, keypoint) = names();
            Err(ClipRefused::TransitionCount { track, keypoint })
        }
    }
}

/// A transition by its kind — `handle`, or a name the engine's document
/// format shares (`Transition::named`); `dt_ns` and `dv` count for `handle`
/// only.
fn transition_of(transition: &ClipTransition) -> Option<Transition> {
    if transition.kind == "handle" {
        return Some(Transition::Handle {
            dt_ns: transition.dt_ns,
            dv: transition.dv,
        });
    }
    Transition::named(&transition.kind)
}

fn pairing(text: &str) -> Option<Pairing> {
    match text {
        "" => Some(Pairing::None),
        "paired" => Some(Pairing::Paired),
        "free" => Some(Pairing::Free),
        _ => None,
    }
}

fn track_record(track: &Track) -> ClipTrack {
    ClipTrack {
        id: track.id.clone(),
        name: track.name.clone(),
        target: track.target.clone(),
        keypoints: track.keypoints.iter().map(keypoint_record).collect(),
    }
}

fn keypoint_record(keypoint: &EngineKeypoint) -> ClipKeypoint {
    ClipKeypoint {
        id: keypoint.id.clone(),
        time_ns: keypoint.time_ns,
        value: value_of(&keypoint.value),
        arrive: keypoint.arrive.iter().map(transition_record).collect(),
        leave: keypoint.leave.iter().map(transition_record).collect(),
        pairing: match keypoint.pairing {
            Pairing::None => "",
            Pairing::Paired => "paired",
            Pairing::Free => "free",
        }
        .to_string(),
    }
}

fn transition_record(transition: &Transition) -> ClipTransition {
    let (kind, dt_ns, dv) = match (*transition, transition.name()) {
        (Transition::Handle { dt_ns, dv }, _) => ("handle", dt_ns, dv),
        (_, name) => (name.unwrap_or("cubic"), 0.0, 0.0),
    };
    ClipTransition {
        kind: kind.to_string(),
        dt_ns,
        dv,
    }
}
