//! `judgeLimits` and `clipDerivatives`: a robot's limits checked on the page by the engine's
//! own code — the reader of the limits file, the exact bounds (docs/curves.md §8), the
//! judgement and the lines `arora-animation limits` prints — and the velocity and
//! acceleration of each number track at the times the page draws, from the same formulas.
//!
//! Both read clips as their 2.0 document text (each session clip's `document`: what the
//! editor keeps up to date), so an edit is judged as soon as it is made.

use animation_engine::limits::{Limits, judge_clips, judgement_lines, report_json};
use animation_engine::{BoundsWindow, Clip, CompiledClip, Cursor, ValidClip};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::clip::answer;

/// What the page shows of the limits: the limits file's refusal, or per clip.
#[derive(Serialize)]
#[serde(untagged)]
enum Judged {
    /// The limits file refused (or a clip's document, which the page never sends broken):
    /// the line `arora-animation limits` prints after its `error: `.
    Refused {
        /// The line.
        error: String,
    },
    /// Every clip, in the order given.
    Clips {
        /// One per clip.
        clips: Vec<ClipJudged>,
    },
}

/// One clip's judgement.
#[derive(Serialize)]
struct ClipJudged {
    /// Each violation, then each target no table names, exactly as `limits` prints them.
    lines: Vec<String>,
    /// `limits --format json`'s object for the clip (bounds and violations), as JSON text.
    report: String,
    /// Per track, the limits that apply to its target (`None` when no table names it).
    limits: Vec<Option<TrackLimits>>,
}

/// The limits that apply to one target, for drawing their lines.
#[derive(Serialize)]
struct TrackLimits {
    min: Option<f64>,
    max: Option<f64>,
    max_velocity: Option<f64>,
    max_acceleration: Option<f64>,
}

/// Judges the clips `files` (`[[name, document], …]`, 2.0 document texts) against the
/// limits file `limits_name` holding `limits_text`, over each track's key range, as
/// `arora-animation limits <names…> --limits <limits_name>` does: `{ error }` with the line
/// it prints for a refused limits file (a table matching no target of the clips included),
/// or `{ clips: [{ lines, report, limits }] }`. Only a failure to hand the answer to
/// JavaScript throws.
#[wasm_bindgen(js_name = judgeLimits)]
pub fn judge_limits(
    files: JsValue,
    limits_name: &str,
    limits_text: &str,
) -> Result<JsValue, JsError> {
    let files: Vec<(String, String)> = serde_wasm_bindgen::from_value(files)?;
    answer(&judged(&files, limits_name, limits_text))
}

fn judged(files: &[(String, String)], limits_name: &str, limits_text: &str) -> Judged {
    let refused = |error: String| Judged::Refused { error };
    let limits = match Limits::from_toml(limits_text) {
        Ok(limits) => limits,
        Err(e) => return refused(e.line_in(limits_name)),
    };
    let mut clips: Vec<ValidClip> = Vec::new();
    for (name, text) in files {
        match Clip::from_json(text) {
            Ok(valid) => clips.push(valid),
            Err(e) => return refused(format!("{name}: {e}")),
        }
    }
    let each: Vec<&ValidClip> = clips.iter().collect();
    let judged = match judge_clips(&each, BoundsWindow::KEYS, Some(&limits)) {
        Ok(judged) => judged,
        Err(e) => return refused(e.line_in(limits_name)),
    };
    let mut answer = Vec::new();
    for ((name, _), (bounds, judgement)) in files.iter().zip(&judged) {
        let report = match report_json(name, bounds, judgement) {
            Ok(report) => report,
            Err(e) => return refused(format!("{name}: cannot write JSON: {e}")),
        };
        let applied = |target: &str| {
            limits.for_target(target).map(|l| TrackLimits {
                min: l.min,
                max: l.max,
                max_velocity: l.max_velocity,
                max_acceleration: l.max_acceleration,
            })
        };
        answer.push(ClipJudged {
            lines: judgement_lines(name, limits_name, judgement),
            report,
            limits: bounds.iter().map(|t| applied(&t.target)).collect(),
        });
    }
    Judged::Clips { clips: answer }
}

/// One number track's derivatives at the times asked.
#[derive(Serialize)]
struct TrackDerivatives {
    /// Units per second of clip time.
    velocity: Vec<f64>,
    /// Units per second².
    acceleration: Vec<f64>,
}

/// The velocity and acceleration of every number track of the clip `document` (2.0 text) at
/// clip times `times_ns`, exactly as the engine evaluates them (`derivatives_at`): per track
/// in clip order `{ velocity, acceleration }`, `null` for a boolean or string track; `null`
/// for a document that does not read. Only a failure to hand the answer to JavaScript
/// throws.
#[wasm_bindgen(js_name = clipDerivatives)]
pub fn clip_derivatives(document: &str, times_ns: &[f64]) -> Result<JsValue, JsError> {
    let Ok(valid) = Clip::from_json(document) else {
        return Ok(JsValue::NULL);
    };
    let compiled = CompiledClip::compile(&valid);
    let track = |t: &animation_engine::CompiledTrack| {
        let mut cursor = Cursor::default();
        let mut out = TrackDerivatives {
            velocity: Vec::with_capacity(times_ns.len()),
            acceleration: Vec::with_capacity(times_ns.len()),
        };
        for &time in times_ns {
            let d = t.derivatives_at(time, &mut cursor)?;
            out.velocity.push(d.velocity);
            out.acceleration.push(d.acceleration);
        }
        Some(out)
    };
    let tracks: Vec<Option<TrackDerivatives>> = compiled.tracks.iter().map(track).collect();
    answer(&tracks)
}
