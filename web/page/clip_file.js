// Reading a clip file the way `arora-animation check` reads it (cli/src/clip_file.rs):
// JSON syntax first (`file:line:column: what`), then the document's shape
// (`file:line:column: not a clip: what`), then the rules of docs/curves.md §1.5
// (`file: track "arm" keypoint "k2": …`). A document with a top-level `duration` is a 1.x
// stored animation, read as `arora-animation convert` reads it. The device answers only
// u32::MAX for a clip it refuses, so the page finds the place itself, here.
//
// An accepted file becomes the contract's record (docs/contract.md §2.1) in the Value
// JSON form arora-web reads — `Clip` for load_clip, `AnimationClip` for load_animation —
// with every number sent as the literal the file holds, so the device converts it exactly
// as the engine's own reader does.

import { parseJson, JsonError } from "./json_text.js";
import { read, CLIP_DOC, V1_DOC } from "./clip_shape.js";
import { raw, text, structure, structures, f64, i64, option } from "./values.js";

const RECORD = {
  clip: "76697a69-6a00-0000-0000-000000000200",
  clipTrack: "76697a69-6a00-0000-0000-000000000201",
  clipKeypoint: "76697a69-6a00-0000-0000-000000000202",
  clipTransition: "76697a69-6a00-0000-0000-000000000203",
  animationClip: "76697a69-6a00-0000-0000-000000000100",
  animTrack: "76697a69-6a00-0000-0000-000000000101",
  keypoint: "76697a69-6a00-0000-0000-000000000102",
  transitionHandle: "76697a69-6a00-0000-0000-000000000103",
};

/** Field k of record `record` (docs/contract.md §1.1's pattern, checked against §2.1). */
function fieldId(record, k) {
  const rrr = record.slice(-3);
  return `76697a69-6a00-0000-0${rrr}-${k.toString(16).padStart(12, "0")}`;
}

function fields(record, values) {
  return values.map((value, i) => [fieldId(record, i + 1), value]);
}

/**
 * Reads the file `name` holding `source`: `{ ok: true, format, record, tracks, endNs }` or
 * `{ ok: false, message }` with the CLI's message.
 */
export function readClipFile(name, source) {
  let parsed;
  try {
    parsed = parseJson(source);
  } catch (e) {
    if (e instanceof JsonError) return refused(`${name}:${e.line}:${e.column}: ${e.what}`);
    throw e;
  }
  const { bytes, value } = parsed;
  const v1 = isV1(value);
  let doc;
  try {
    doc = read(bytes, value, v1 ? V1_DOC : CLIP_DOC);
  } catch (e) {
    if (!(e instanceof JsonError)) throw e;
    const what = v1 ? `not a 1.x animation: ${e.what}` : `not a clip: ${e.what}`;
    return refused(`${name}:${e.line}:${e.column}: ${what}`);
  }
  const tracks = v1 ? tracksV1(doc) : tracks20(doc);
  const badValue = v1 && findBadValue(doc);
  if (badValue) return refused(`${name}: ${badValue}`);
  const mixed = v1 ? mixedKindsV1(tracks) : mixedKinds(tracks);
  if (mixed) return refused(`${name}: ${mixed}`);
  return v1
    ? { ok: true, format: "1.x", record: recordV1(doc), tracks, endNs: Number(doc.duration.raw) * 1e6 }
    : { ok: true, format: "2.0", record: record20(doc), tracks, endNs: end20(doc, tracks) };
}

/** A 1.x animation has a `duration`, or points with a `stamp` and none with a `timeNs`. */
function isV1(value) {
  if (value.type !== "object") return false;
  if (value.entries.some((e) => e.key === "duration")) return true;
  const keys = new Set();
  const tracks = value.entries.find((e) => e.key === "tracks")?.value;
  for (const track of tracks?.type === "array" ? tracks.items : []) {
    const points = track.type === "object" ? track.entries.find((e) => e.key === "points")?.value : null;
    for (const point of points?.type === "array" ? points.items : []) {
      if (point.type === "object") point.entries.forEach((e) => keys.add(e.key));
    }
  }
  return keys.has("stamp") && !keys.has("timeNs");
}

function refused(message) {
  return { ok: false, message };
}

const kindOf = (node) => ({ number: "number", bool: "boolean", string: "string" })[node.type];

/** docs/curves.md §1.5 rule 1, worded as cli/src/clip_file.rs words it. */
function mixedKinds(tracks) {
  for (const track of tracks) {
    const first = track.keypoints[0] && kindOf(track.keypoints[0].node);
    for (const k of track.keypoints) {
      const kind = kindOf(k.node);
      if (kind !== first) {
        // The CLI names the first keypoint of that kind in the first track of that id.
        const named = tracks
          .filter((t) => t.id === track.id)
          .flatMap((t) => t.keypoints)
          .find((p) => kindOf(p.node) === kind);
        return (
          `track "${track.id}" keypoint "${named.id}": value is a ${kind} but the track's ` +
          `first keypoint is a ${first} (a track's keypoints are of one kind)`
        );
      }
    }
  }
  return null;
}

/**
 * The same rule for a 1.x animation, worded as the engine words it (`convert`'s message):
 * the engine sorts a 1.x track's points by stamp first (engine/src/clip/v1.rs).
 */
function mixedKindsV1(tracks) {
  const order = (a, b) => a.stamp - b.stamp || (Object.is(a.stamp, -0) ? -1 : 0) - (Object.is(b.stamp, -0) ? -1 : 0);
  for (const track of tracks) {
    const points = [...track.keypoints].sort(order);
    const first = points[0] && kindOf(points[0].node);
    const other = points.map((k) => kindOf(k.node)).find((kind) => kind !== first);
    if (other) {
      return `track "${track.id}" mixes ${first} and ${other} keypoints: a track's keypoints are of one kind`;
    }
  }
  return null;
}

/** A 1.x point whose value is not a number, boolean or string (cli/src/convert.rs). */
function findBadValue(doc) {
  for (const track of doc.tracks) {
    for (const point of track.points) {
      if (!kindOf(point.value)) {
        return `track "${track.id}" point "${point.id}": a value is a number, boolean or string`;
      }
    }
  }
  return null;
}

/** What the drawing needs of a track: id, target, and keypoints with explicit handles. */
function tracks20(doc) {
  return doc.tracks.map((t) => ({
    id: t.id,
    target: t.animatableId,
    keypoints: t.points.map((p) => {
      const side = (s) => (s && s.handle ? { dtNs: Number(s.handle.dtNs.raw), dv: Number(s.handle.dv.raw) } : null);
      return {
        id: p.id,
        timeNs: Number(p.timeNs.raw),
        node: p.value,
        value: jsValue(p.value),
        arrive: side(p.transitions?.in),
        leave: side(p.transitions?.out),
      };
    }),
  }));
}

/** 1.x points on the 2.0 time axis (docs/contract.md §4.3.4); handles are not drawn. */
function tracksV1(doc) {
  const durationMs = Number(doc.duration.raw);
  return doc.tracks.map((t) => ({
    id: t.id,
    target: t.animatableId,
    keypoints: t.points.map((p) => ({
      id: p.id,
      stamp: Math.fround(Number(p.stamp.raw)),
      timeNs: Math.round(Math.fround(Number(p.stamp.raw)) * durationMs * 1e6),
      node: p.value,
      value: jsValue(p.value),
      arrive: null,
      leave: null,
    })),
  }));
}

function jsValue(node) {
  if (node.type === "number") return Number(node.raw);
  if (node.type === "bool") return node.value;
  return node.text;
}

/** docs/curves.md §1.1: the length, else the latest keypoint, at least 0. */
function end20(doc, tracks) {
  if (doc.lengthNs) return Math.max(0, Number(doc.lengthNs.raw));
  const times = tracks.flatMap((t) => t.keypoints.map((k) => k.timeNs));
  return Math.max(0, ...times);
}

/** A keypoint value as the record's dynamic field carries it. */
function keyValue(node) {
  if (node.type === "number") return f64(raw(node.raw));
  if (node.type === "bool") return { bool: node.value };
  return text(node.text);
}

function transition(side) {
  if (!side) return structures(RECORD.clipTransition, []);
  const values = side.handle
    ? [text("handle"), f64(raw(side.handle.dtNs.raw)), f64(raw(side.handle.dv.raw))]
    : [text(side.name), f64(raw("0.0")), f64(raw("0.0"))];
  return structures(RECORD.clipTransition, [fields(RECORD.clipTransition, values)]);
}

function record20(doc) {
  const keypoint = (p) =>
    fields(RECORD.clipKeypoint, [
      text(p.id),
      i64(raw(p.timeNs.raw)),
      keyValue(p.value),
      transition(p.transitions?.in),
      transition(p.transitions?.out),
      text(p.transitions?.pairing ?? ""),
    ]);
  const track = (t) =>
    fields(RECORD.clipTrack, [
      text(t.id),
      text(t.name ?? ""),
      text(t.animatableId),
      structures(RECORD.clipKeypoint, t.points.map(keypoint)),
    ]);
  return structure(
    RECORD.clip,
    fields(RECORD.clip, [
      text(doc.name ?? ""),
      option(doc.lengthNs ? i64(raw(doc.lengthNs.raw)) : null),
      structures(RECORD.clipTrack, doc.tracks.map(track)),
    ]),
  );
}

function recordV1(doc) {
  const handles = (list) =>
    structures(
      RECORD.transitionHandle,
      (list ?? []).map((h) => fields(RECORD.transitionHandle, [{ f32: raw(h.x.raw) }, { f32: raw(h.y.raw) }])),
    );
  const point = (p) =>
    fields(RECORD.keypoint, [
      text(p.id),
      { f32: raw(p.stamp.raw) },
      keyValue(p.value),
      handles(p.transitions?.in),
      handles(p.transitions?.out),
    ]);
  const track = (t) =>
    fields(RECORD.animTrack, [
      text(t.id),
      text(t.name ?? ""),
      text(t.animatableId),
      structures(RECORD.keypoint, t.points.map(point)),
    ]);
  return structure(
    RECORD.animationClip,
    fields(RECORD.animationClip, [
      text(doc.name ?? ""),
      { u32: raw(doc.duration.raw) },
      structures(RECORD.animTrack, doc.tracks.map(track)),
    ]),
  );
}
