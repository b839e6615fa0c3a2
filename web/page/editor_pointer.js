// The pointer on the curves, for the editor (editor.js): a press on a keypoint or a handle
// end selects it and a drag moves it — by the pixels moved, at the scale the panel had when
// the drag began, so a drag of n pixels moves n pixels' worth whatever the redraw does to
// the axes; shift locks the time or the value (the one moved less); the snap toggle puts
// times on whole frames (the engine's `snapTime`). A double-click on a panel adds a
// keypoint there, on the curve. A press anywhere else is left to the playhead's drag
// (transport.js). `decorate` marks the boolean and string changes and the selection.

import { xOf, yOf } from "./drawing.js";

const $ = (id) => document.getElementById(id);
/** How near (CSS pixels) a press must be to a keypoint or a handle end to take it. */
const REACH = 7;
const SELECTED = "#f28c28";
const INK = "#1d2433";

/** The panel of `shape` under (x, y), or undefined. */
function panelAt(shape, x, y) {
  return shape?.panels.find((p) => !p.derived && x >= p.left && x <= p.left + p.width && y >= p.top && y <= p.top + p.height);
}

/** Where keypoint `k` of panel `p` is drawn (band tracks: mid-height). */
function keyPoint(p, k) {
  return [xOf(p, k.timeNs), p.kind === "number" ? yOf(p, k.value) : p.top + p.height / 2];
}

/**
 * What a press at (x, y) takes: `{ panel, keypoint, side }` — `side` "arrive" or "leave"
 * for a handle end, null for the keypoint — nearest within REACH, or null.
 */
export function hitTest(clips, shape, x, y) {
  let best = null;
  let bestDistance = REACH;
  const consider = (panel, keypoint, side, [px, py]) => {
    const d = Math.hypot(px - x, py - y);
    if (d <= bestDistance) {
      best = { panel, keypoint, side };
      bestDistance = d;
    }
  };
  for (const p of shape?.panels ?? []) {
    const track = clips[p.clip]?.tracks[p.track];
    if (!track || p.derived || p.kind === "empty") continue;
    track.keypoints.forEach((k, i) => {
      consider(p, i, null, keyPoint(p, k));
      if (p.kind !== "number") return;
      for (const side of ["arrive", "leave"]) {
        const h = k[side];
        if (h) consider(p, i, side, [xOf(p, k.timeNs + h.dtNs), yOf(p, k.value + h.dv)]);
      }
    });
  }
  return best;
}

/** Connects the pointer on the curves to `editor`; `run` runs an action showing failures. */
export function wirePointer(editor, run) {
  const canvas = $("curves");
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  let drag = null;
  // Capture on the canvas's parent: a press that takes a keypoint never reaches the
  // playhead's drag on the canvas.
  canvas.parentElement.addEventListener(
    "pointerdown",
    (e) => {
      if (e.target !== canvas) return;
      const [x, y] = at(e);
      const hit = hitTest(editor.clips, editor.page.shape, x, y);
      if (!hit) return;
      e.stopPropagation();
      e.preventDefault();
      canvas.setPointerCapture(e.pointerId);
      const p = hit.panel;
      const key = editor.clips[p.clip].tracks[p.track].keypoints[hit.keypoint];
      drag = { ...hit, scale: { ...p }, x0: x, y0: y, key: { ...key }, moved: false };
      editor.select({ clip: p.clip, track: p.track, keypoint: hit.keypoint });
    },
    { capture: true },
  );
  canvas.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const [x, y] = at(e);
    run("a drag", () => {
      const edit = dragEdit(editor, drag, x - drag.x0, y - drag.y0, e.shiftKey);
      if (edit && editor.edit(drag.panel.clip, edit, drag.moved)) drag.moved = true;
    });
  });
  const end = () => {
    drag = null;
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("dblclick", (e) => {
    const [x, y] = at(e);
    const p = panelAt(editor.page.shape, x, y);
    if (!p || p.kind === "empty" || hitTest(editor.clips, editor.page.shape, x, y)) return;
    run("adding a keypoint", () => {
      const ms = (p.t0 + ((x - p.left) / p.width) * (p.t1 - p.t0)) / 1e6;
      const insert = { insert: { track: p.track, timeNs: editor.timeNs(ms), value: "onCurve" } };
      if (editor.edit(p.clip, insert)) {
        const count = editor.clips[p.clip].tracks[p.track].keypoints.length;
        editor.select({ clip: p.clip, track: p.track, keypoint: count - 1 });
      }
    });
  });
}

/**
 * The edit a drag of (dx, dy) pixels makes, at the scale its panel had when it began; with
 * `locked`, only the time or only the value (the one the pointer moved more along).
 */
function dragEdit(editor, drag, dx, dy, locked) {
  const s = drag.scale;
  const nsPerPx = (s.t1 - s.t0) / s.width;
  const valuePerPx = (s.v1 - s.v0) / s.height;
  const at = { track: s.track, keypoint: drag.keypoint };
  if (drag.side) {
    const h = drag.key[drag.side];
    const keepTime = locked && Math.abs(dy) > Math.abs(dx);
    const keepValue = locked && !keepTime;
    return {
      moveHandle: {
        at,
        side: drag.side,
        dtNs: keepTime ? h.dtNs : h.dtNs + dx * nsPerPx,
        dv: keepValue ? h.dv : h.dv - dy * valuePerPx,
      },
    };
  }
  const timeNs = () => editor.timeNs((drag.key.timeNs + dx * nsPerPx) / 1e6);
  if (s.kind !== "number" || (locked && Math.abs(dx) >= Math.abs(dy))) {
    return { move: { at, to: { time: { timeNs: timeNs() } } } };
  }
  const value = drag.key.value - dy * valuePerPx;
  if (locked) return { move: { at, to: { value } } };
  return { move: { at, to: { timeAndValue: { timeNs: timeNs(), value } } } };
}

/** Marks every boolean and string change, and rings the selected keypoint. */
export function decorate(canvas, shape, editor) {
  if (!shape) return;
  const g = canvas.getContext("2d");
  for (const p of shape.panels) {
    const track = editor.clips[p.clip]?.tracks[p.track];
    if (!track || p.derived || p.kind === "empty") continue;
    track.keypoints.forEach((k, i) => {
      const [x, y] = keyPoint(p, k);
      const s = editor.selected;
      const chosen = s && s.clip === p.clip && s.track === p.track && s.keypoint === i;
      if (p.kind !== "number") {
        g.fillStyle = chosen ? SELECTED : INK;
        g.beginPath();
        g.moveTo(x, y - 6);
        g.lineTo(x + 5, y);
        g.lineTo(x, y + 6);
        g.lineTo(x - 5, y);
        g.closePath();
        g.fill();
      } else if (chosen) {
        g.strokeStyle = SELECTED;
        g.lineWidth = 2.5;
        g.beginPath();
        g.arc(x, y, 6.5, 0, 2 * Math.PI);
        g.stroke();
      }
    });
  }
}
