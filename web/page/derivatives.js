// The velocity and acceleration panels under each number track (the page's toggle), and
// the limits' violations marked in the warning colour, as `arora-animation plot --velocity
// --acceleration --limits` draws them: the curve of the engine's exact derivative at the
// bake's times (limits.js computes them), the limits as dashed lines, the part of the curve
// beyond a limit in the warning colour, and each violation the engine found as a ring at its
// time and value — or, for a jump or an unbounded velocity (no finite value), a line across
// the panel at its time.

import { paddedRange, xOf, yOf } from "./drawing.js";

export const WARNING = "#e8590c";
const INK = "#1d2433";
const GRID = "#dde3ec";
const DERIVED = "#6a4fb3";
const HEIGHT = 80;
const GAP = 14;

/** The derived panels under number panel `p` (its `derived` entry `d`), from `top` on. */
export function derivedPanels(p, d, top) {
  const panels = [];
  for (const q of d?.panels ?? []) {
    const panel = {
      clip: p.clip,
      track: p.track,
      id: p.id,
      target: p.target,
      kind: q.kind,
      derived: true,
      baked: q.values,
      startNs: d.startNs,
      periodNs: d.periodNs,
      low: Number.isFinite(q.low) ? q.low : null,
      high: Number.isFinite(q.high) ? q.high : null,
      marks: q.marks,
      left: p.left,
      top: top + 20,
      width: p.width,
      height: HEIGHT,
      t0: p.t0,
      t1: p.t1,
    };
    Object.assign(panel, range(panel));
    panels.push(panel);
    top = panel.top + panel.height + GAP;
  }
  return panels;
}

/** The value axis: every finite sample and limit, and 0, with a margin. */
function range(p) {
  const vs = [0, ...p.baked.filter(Number.isFinite)];
  for (const v of [p.low, p.high]) if (v !== null) vs.push(v);
  return paddedRange(vs);
}

/** A derived panel: its frame and label, the limit lines, the curve, the violations. */
export function drawDerived(g, p) {
  const unit = p.kind === "velocity" ? "units/s" : "units/s²";
  g.fillStyle = INK;
  g.textBaseline = "bottom";
  g.fillText(`${p.kind} of ${p.id} (${unit})`, 8, p.top - 6);
  g.strokeStyle = GRID;
  g.lineWidth = 1;
  g.strokeRect(p.left + 0.5, p.top + 0.5, p.width - 1, p.height - 1);
  g.textBaseline = "middle";
  g.fillStyle = "#8a94a6";
  for (const v of [p.v0, 0, p.v1]) {
    g.fillText(v === 0 ? "0" : v.toPrecision(3), p.left - 60, yOf(p, v));
    g.beginPath();
    g.moveTo(p.left, yOf(p, v));
    g.lineTo(p.left + p.width, yOf(p, v));
    g.stroke();
  }
  g.save();
  g.beginPath();
  g.rect(p.left, p.top, p.width, p.height);
  g.clip();
  g.setLineDash([5, 4]);
  g.strokeStyle = WARNING;
  for (const v of [p.low, p.high]) {
    if (v === null) continue;
    g.beginPath();
    g.moveTo(p.left, yOf(p, v));
    g.lineTo(p.left + p.width, yOf(p, v));
    g.stroke();
  }
  g.setLineDash([]);
  g.lineWidth = 2;
  const beyond = (v) => (p.high !== null && v > p.high) || (p.low !== null && v < p.low);
  for (let i = 1; i < p.baked.length; i += 1) {
    const [a, b] = [p.baked[i - 1], p.baked[i]];
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    g.strokeStyle = beyond(a) || beyond(b) ? WARNING : DERIVED;
    g.beginPath();
    g.moveTo(xOf(p, p.startNs + (i - 1) * p.periodNs), yOf(p, a));
    g.lineTo(xOf(p, p.startNs + i * p.periodNs), yOf(p, b));
    g.stroke();
  }
  g.restore();
  drawMarks(g, p);
}

/**
 * Violations `p.marks` (the engine's, from `limits --format json`) in the warning colour:
 * a ring at (time, value) — the sign of a largest |velocity| or |acceleration| taken from
 * the nearest sample drawn — or a line across the panel where the value is not finite.
 */
export function drawMarks(g, p) {
  g.strokeStyle = WARNING;
  g.lineWidth = 2;
  for (const v of p.marks ?? []) {
    const x = xOf(p, v.time_s * 1e9);
    const finite = Number.isFinite(v.value) && v.limit !== "max_velocity_step";
    if (!finite) {
      g.beginPath();
      g.moveTo(x, p.top);
      g.lineTo(x, p.top + p.height);
      g.stroke();
      continue;
    }
    const signed = v.limit === "min" || v.limit === "max" ? v.value : sign(p, v.time_s * 1e9) * v.value;
    g.beginPath();
    g.arc(x, yOf(p, signed), 6, 0, 2 * Math.PI);
    g.stroke();
  }
}

/** The sign of the sample of derived panel `p` nearest `timeNs` (1 for a value panel). */
function sign(p, timeNs) {
  if (!p.derived || p.baked.length === 0) return 1;
  const i = Math.min(p.baked.length - 1, Math.max(0, Math.round((timeNs - p.startNs) / p.periodNs)));
  return p.baked[i] < 0 ? -1 : 1;
}
