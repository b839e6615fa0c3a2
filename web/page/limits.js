// A robot's limits on the page: the velocity and acceleration of each number track drawn
// under it (the "velocity and acceleration" toggle), a limits file typed or loaded, and its
// violations listed — each line exactly the one `arora-animation limits` prints, because
// the page's wasm runs the engine's own limits code on each clip's 2.0 document
// (`judgeLimits`, `clipDerivatives`: web/runtime/src/limits.rs). The violations are marked
// on the curves in the warning colour (derivatives.js draws them).
//
// `showLimits(page)` recomputes all of it from the session's clips; the page calls it after
// every change of clips (an edit included) and of the limits text. It only reads documents
// and computes numbers — no device call — so it is cheap enough for every pointer move.

import { judgeLimits, clipDerivatives } from "./pkg/arora_web.js";

const $ = (id) => document.getElementById(id);

/** The name violations and errors give the limits: the file loaded, or `limits.toml` typed. */
let limitsName = "limits.toml";

/** Wires the toggle, the limits text and its file input to call `changed()`. */
export function wireLimits(changed) {
  $("derivatives").onchange = changed;
  $("limits").oninput = changed;
  $("limits-file").onchange = async (e) => {
    const file = e.target.files[0];
    if (file) {
      $("limits").value = await file.text();
      limitsName = file.name;
    }
    e.target.value = "";
    changed();
  };
}

/**
 * Judges every clip of `page.session` against the limits text (when there is one) and,
 * with the toggle on, computes each number track's velocity and acceleration at its bake's
 * times; sets `clip.derived` (what derivatives.js draws) and the violations list.
 */
export function showLimits(page) {
  const clips = page.session.clips;
  const text = $("limits").value;
  const judged = text.trim() === "" || clips.length === 0
    ? { clips: [] }
    : judgeLimits(clips.map((c) => [c.name, c.document]), limitsName, text);
  $("limits-error").textContent = judged.error ?? "";
  const list = $("violations");
  list.replaceChildren();
  const on = $("derivatives").checked;
  for (const [i, clip] of clips.entries()) {
    const judgement = judged.clips?.[i] ?? null;
    for (const line of judgement?.lines ?? []) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    clip.derived = derived(clip, judgement, on);
  }
}

/**
 * Per track of `clip`: the violations to mark on its value panel and, with `on`, its
 * velocity and acceleration panels' samples, limit lines and marks; `null` for a track
 * neither has.
 */
function derived(clip, judgement, on) {
  const report = judgement ? JSON.parse(judgement.report) : null;
  const times = on && clip.bake ? bakeTimes(clip.bake) : null;
  const curves = times ? clipDerivatives(clip.document, times) : null;
  return clip.tracks.map((track, t) => {
    const limits = judgement?.limits[t] ?? {};
    const mine = (report?.violations ?? []).filter((v) => v.track === track.id);
    const marks = (names) => mine.filter((v) => names.includes(v.limit));
    const panel = (values, low, high, limitNames) => ({
      values,
      low,
      high,
      marks: marks(limitNames),
    });
    const d = curves?.[t] ?? null;
    return {
      value: { marks: marks(["min", "max"]) },
      panels: d
        ? [
            { kind: "velocity", ...panel(d.velocity, -(limits.max_velocity ?? NaN), limits.max_velocity ?? NaN, ["max_velocity", "max_velocity_step"]) },
            { kind: "acceleration", ...panel(d.acceleration, -(limits.max_acceleration ?? NaN), limits.max_acceleration ?? NaN, ["max_acceleration"]) },
          ]
        : [],
      startNs: clip.bake?.startNs ?? 0,
      periodNs: clip.bake ? 1e9 / clip.bake.frameRate : 0,
    };
  });
}

/** The clip times (ns) of a bake's samples: where the value curve is drawn too. */
function bakeTimes(bake) {
  const count = bake.tracks.reduce((n, t) => Math.max(n, t.values.length), 0);
  const period = 1e9 / bake.frameRate;
  return Float64Array.from({ length: count }, (_, i) => bake.startNs + i * period);
}
