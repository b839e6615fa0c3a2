// Drawing the loaded clips as `arora-animation plot` draws one: a panel
// per track over one time axis in seconds; a number track as the device's baked curve with
// its keypoints as rings and its authored handles as lines; boolean and string tracks as
// bands labelled with their values. The playhead is a vertical line over every panel.
//
// `panels()` tells where each panel and its axes are, in the canvas's CSS pixels, so a
// test can put an exact value where the page puts it. Under a number track, with the
// toggle on, its velocity and acceleration panels (derivatives.js); a violation of the
// limits is marked on the curves in the warning colour.

import { derivedPanels, drawDerived, drawMarks } from "./derivatives.js";

export const CURVE = "#1f6fd1";
const INK = "#1d2433";
const GRID = "#dde3ec";
const HANDLE = "#8a94a6";
const PLAYHEAD = "#d7263d";
const LEFT = 150;
const RIGHT = 16;
const PANEL = 118;
const GAP = 14;
const AXIS = 28;

/** The panel layout of `clips` for a canvas `width` CSS pixels wide. */
export function layout(clips, width) {
  const endNs = Math.max(1, ...clips.map((c) => c.endNs));
  const panels = [];
  let top = 8;
  for (const [c, clip] of clips.entries()) {
    for (const [t, track] of clip.tracks.entries()) {
      const baked = clip.bake ? clip.bake.tracks[t].values : [];
      const kind = kindOf(track, baked);
      const panel = { clip: c, track: t, id: track.id, target: track.target, kind, baked };
      panel.left = LEFT;
      panel.top = top + 24;
      panel.width = width - LEFT - RIGHT;
      panel.height = kind === "number" ? PANEL : 34;
      panel.t0 = 0;
      panel.t1 = endNs;
      Object.assign(panel, kind === "number" ? valueRange(track, baked) : { v0: 0, v1: 1 });
      panel.marks = clip.derived?.[t]?.value.marks ?? [];
      panels.push(panel);
      top = panel.top + panel.height + GAP;
      for (const d of derivedPanels(panel, clip.derived?.[t], top)) {
        panels.push(d);
        top = d.top + d.height + GAP;
      }
    }
  }
  return { panels, height: top + AXIS, endNs };
}

function kindOf(track, baked) {
  const first = track.keypoints[0]?.value ?? baked[0];
  if (first === undefined) return "empty";
  return typeof first === "number" ? "number" : typeof first === "boolean" ? "boolean" : "string";
}

/** The value axis: every sample, keypoint and handle end, with a margin. */
function valueRange(track, baked) {
  const vs = [...baked];
  for (const k of track.keypoints) {
    vs.push(k.value);
    if (k.arrive) vs.push(k.value + k.arrive.dv);
    if (k.leave) vs.push(k.value + k.leave.dv);
  }
  return paddedRange(vs);
}

/**
 * The axis over the values `vs`: their least to their greatest, widened by 8% of that span
 * on each side; a single value gets ±1 before the margin so the axis is never empty.
 */
export function paddedRange(vs) {
  let v0 = Math.min(...vs);
  let v1 = Math.max(...vs);
  if (v0 === v1) {
    v0 -= 1;
    v1 += 1;
  }
  const pad = (v1 - v0) * 0.08;
  return { v0: v0 - pad, v1: v1 + pad };
}

export const xOf = (p, timeNs) => p.left + ((timeNs - p.t0) / (p.t1 - p.t0)) * p.width;
export const yOf = (p, v) => p.top + p.height - ((v - p.v0) / (p.v1 - p.v0)) * p.height;

/** Draws everything on `canvas` (resized to the layout) and answers the layout. */
export function draw(canvas, clips, playheadNs) {
  const width = canvas.clientWidth || 900;
  const shape = layout(clips, width);
  const ratio = window.devicePixelRatio || 1;
  canvas.style.height = `${shape.height}px`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(shape.height * ratio);
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, width, shape.height);
  g.font = "12px sans-serif";
  for (const p of shape.panels) {
    if (p.derived) {
      drawDerived(g, p);
      continue;
    }
    drawFrame(g, p, clips[p.clip]);
    if (p.kind === "number") {
      drawNumber(g, p, clips[p.clip]);
      drawMarks(g, p);
    }
    else if (p.kind !== "empty") drawBands(g, p, clips[p.clip]);
  }
  if (shape.panels.length > 0) drawAxis(g, shape);
  if (playheadNs !== null && shape.panels.length > 0) {
    const x = xOf(shape.panels[0], playheadNs);
    g.strokeStyle = PLAYHEAD;
    g.lineWidth = 1.5;
    g.beginPath();
    g.moveTo(x, shape.panels[0].top - 4);
    g.lineTo(x, shape.height - AXIS + 4);
    g.stroke();
  }
  return shape;
}

function drawFrame(g, p, clip) {
  g.fillStyle = INK;
  g.textBaseline = "bottom";
  g.fillText(`${clip.name} · ${p.id} → ${p.target}`, 8, p.top - 10);
  g.strokeStyle = GRID;
  g.lineWidth = 1;
  g.strokeRect(p.left + 0.5, p.top + 0.5, p.width - 1, p.height - 1);
  if (p.kind === "number") {
    g.textBaseline = "middle";
    g.fillStyle = HANDLE;
    for (const v of [p.v0, (p.v0 + p.v1) / 2, p.v1]) {
      const y = yOf(p, v);
      g.fillText(v.toPrecision(3), p.left - 60, y);
      g.beginPath();
      g.moveTo(p.left, y);
      g.lineTo(p.left + p.width, y);
      g.stroke();
    }
  }
}

/** The baked curve, then the handles, then the keypoints as rings. */
function drawNumber(g, p, clip) {
  g.save();
  g.beginPath();
  g.rect(p.left, p.top, p.width, p.height);
  g.clip();
  const period = clip.bake ? 1e9 / clip.bake.frameRate : 0; // no bake: nothing to draw
  g.strokeStyle = CURVE;
  g.lineWidth = 2;
  g.lineJoin = "round";
  g.beginPath();
  p.baked.forEach((v, i) => {
    const x = xOf(p, clip.bake.startNs + i * period);
    if (i === 0) g.moveTo(x, yOf(p, v));
    else g.lineTo(x, yOf(p, v));
  });
  g.stroke();
  const track = clip.tracks[p.track];
  g.strokeStyle = HANDLE;
  g.fillStyle = HANDLE;
  g.lineWidth = 1;
  for (const k of track.keypoints) {
    for (const h of [k.arrive, k.leave]) {
      if (!h) continue;
      const x0 = xOf(p, k.timeNs);
      const y0 = yOf(p, k.value);
      const x1 = xOf(p, k.timeNs + h.dtNs);
      const y1 = yOf(p, k.value + h.dv);
      g.beginPath();
      g.moveTo(x0, y0);
      g.lineTo(x1, y1);
      g.stroke();
      g.beginPath();
      g.arc(x1, y1, 2.5, 0, 2 * Math.PI);
      g.fill();
    }
  }
  g.strokeStyle = INK;
  g.fillStyle = "#ffffff";
  g.lineWidth = 1.5;
  for (const k of track.keypoints) {
    g.beginPath();
    g.arc(xOf(p, k.timeNs), yOf(p, k.value), 4, 0, 2 * Math.PI);
    g.fill();
    g.stroke();
  }
  g.restore();
}

const BAND_COLOURS = ["#cfe3ff", "#ffe2b8", "#d4f1d0", "#f6d0e4", "#e6dcff", "#fff3b0"];

/** Runs of one value as bands, each labelled with its value. */
function drawBands(g, p, clip) {
  const period = clip.bake ? 1e9 / clip.bake.frameRate : 0; // no bake: nothing to draw
  const seen = [];
  let start = 0;
  for (let i = 1; i <= p.baked.length; i += 1) {
    if (i < p.baked.length && p.baked[i] === p.baked[start]) continue;
    const v = p.baked[start];
    const x0 = xOf(p, clip.bake.startNs + start * period);
    const x1 = Math.min(xOf(p, clip.bake.startNs + i * period), p.left + p.width);
    if (!seen.includes(v)) seen.push(v);
    g.fillStyle = typeof v === "boolean" ? (v ? "#8fd19e" : "#eef1f5") : BAND_COLOURS[seen.indexOf(v) % BAND_COLOURS.length];
    g.fillRect(x0, p.top + 1, x1 - x0, p.height - 2);
    g.fillStyle = INK;
    g.textBaseline = "middle";
    g.fillText(String(v), x0 + 4, p.top + p.height / 2);
    start = i;
  }
}

function drawAxis(g, shape) {
  const p = shape.panels[0];
  const y = shape.height - AXIS + 6;
  const seconds = (p.t1 - p.t0) / 1e9;
  const step = niceStep(seconds / 8);
  g.fillStyle = INK;
  g.textBaseline = "top";
  for (let s = 0; s <= seconds + 1e-9; s += step) {
    const x = xOf(p, p.t0 + s * 1e9);
    g.fillText(`${Number(s.toFixed(6))} s`, x - 8, y);
  }
}

function niceStep(raw) {
  const base = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * base).find((s) => s >= raw);
}
