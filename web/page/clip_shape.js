// Reading a parsed JSON tree (json_text.js) against a document's shape, refusing it with
// the words and place serde's derived readers give — the engine's 2.0 reader
// (engine/src/clip/document.rs) and the CLI's 1.x reader (cli/src/convert.rs) — so that a
// refusal names what `arora-animation check` names.
//
// A shape is one of: { t: "string" | "i64" | "u32" | "f64" | "keyvalue" | "any" |
// "transition" | "pairing" | "handles" }, { t: "option", of }, { t: "seq", of },
// { t: "struct", name, fields: [{ key, shape, required }] }. Numbers come back as their
// node (the literal is sent to the device as written, so the device converts it exactly as
// the engine's reader does).

import { errorAt, errorOn } from "./json_text.js";

const I64_MAX = 9223372036854775807n;
const I64_MIN = -9223372036854775808n;
const U32_MAX = 4294967295n;

/** serde_json's float form (zmij): shortest digits, `.0` on integers, exponent outside [1e-5, 1e16). */
export function floatText(x) {
  if (Object.is(x, -0)) return "-0.0";
  if (x === 0) return "0.0";
  const [mantissa, exp] = x.toExponential().split("e");
  const e = Number(exp);
  if (e < -5 || e >= 16) {
    return `${mantissa}e${e < 0 ? "-" : "+"}${Math.abs(e)}`;
  }
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = x < 0 ? "-" : "";
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.padEnd(e + 1, "0");
  const rest = digits.slice(e + 1);
  return `${sign}${whole.slice(0, e + 1)}.${rest || "0"}`;
}

/** What serde calls a node when it is of the wrong type ("integer `5`", "map", …). */
function unexpected(node) {
  switch (node.type) {
    case "null":
      return "null";
    case "bool":
      return `boolean \`${node.value}\``;
    case "string":
      return `string ${JSON.stringify(node.text)}`;
    case "array":
      return "sequence";
    case "object":
      return "map";
    default: {
      const n = numberKind(node);
      return n.kind === "float" ? `floating point \`${floatText(n.value)}\`` : `integer \`${n.value}\``;
    }
  }
}

/** An integer literal as serde_json reads it: u64, i64 or (otherwise) a float. */
function numberKind(node) {
  if (node.integer && node.raw !== "-0") {
    const v = BigInt(node.raw);
    if (!node.negative && v <= 18446744073709551615n) return { kind: "int", value: v };
    if (node.negative && v >= I64_MIN) return { kind: "int", value: v };
  }
  return { kind: "float", value: Number(node.raw) };
}

/** The first byte after `[` or `{` and its spaces, past the closing bracket when empty. */
function afterOpen(bytes, node) {
  let j = node.open + 1;
  while ([0x20, 0x0a, 0x09, 0x0d].includes(bytes[j])) j += 1;
  return j === node.close ? j + 1 : j;
}

/** serde_json's place for a wrong type met by a typed reader: after a scalar, before a bracket. */
function wrongType(bytes, node, expected) {
  const at = node.type === "array" || node.type === "object" ? node.open : node.end;
  return errorAt(bytes, at, `invalid type: ${unexpected(node)}, expected ${expected}`);
}

/** The same, met by a reader that takes any value (it enters a bracket before refusing). */
function wrongAny(bytes, node, expected) {
  const at = node.type === "array" || node.type === "object" ? afterOpen(bytes, node) : node.end;
  return errorAt(bytes, at, `invalid type: ${unexpected(node)}, expected ${expected}`);
}

const TRANSITION_NAMES = new Set([
  "linear", "sine", "quad", "cubic", "quart", "quint", "expo", "circ", "back",
  "explicit-handles", "inferred-auto-clamped",
]);
const TRANSITION_EXPECTED = 'a transition name or a {"dtNs", "dv"} handle';
const HANDLE = {
  t: "struct",
  name: "HandleDoc",
  fields: [
    { key: "dtNs", shape: { t: "f64" }, required: true },
    { key: "dv", shape: { t: "f64" }, required: true },
  ],
};

/** Reads `node` as `shape`; throws a JsonError naming the first thing serde would refuse. */
export function read(bytes, node, shape) {
  switch (shape.t) {
    case "option":
      return node.type === "null" ? null : read(bytes, node, shape.of);
    case "string":
      if (node.type !== "string") throw wrongType(bytes, node, "a string");
      return node.text;
    case "f64":
      if (node.type !== "number") throw wrongType(bytes, node, "f64");
      return node;
    case "i64":
    case "u32":
      return readInteger(bytes, node, shape.t);
    case "seq":
      if (node.type !== "array") throw wrongType(bytes, node, "a sequence");
      return node.items.map((item) => read(bytes, item, shape.of));
    case "struct":
      return readStruct(bytes, node, shape);
    case "any":
      return node;
    case "keyvalue":
      if (["number", "bool", "string"].includes(node.type)) return node;
      throw wrongAny(bytes, node, "a number, a boolean or a string");
    case "transition":
      return readTransition(bytes, node);
    case "pairing":
      return readPairing(bytes, node);
    case "handles":
      return readHandles(bytes, node);
    default:
      throw new Error(`unknown shape ${shape.t}`);
  }
}

function readInteger(bytes, node, type) {
  if (node.type !== "number") throw wrongType(bytes, node, type);
  const n = numberKind(node);
  if (n.kind === "float") throw wrongType(bytes, node, type);
  const fits = type === "i64" ? n.value <= I64_MAX : n.value >= 0n && n.value <= U32_MAX;
  if (!fits) throw errorAt(bytes, node.end, `invalid value: integer \`${n.value}\`, expected ${type}`);
  return node;
}

function readStruct(bytes, node, shape) {
  if (node.type === "array") return readStructSeq(bytes, node, shape);
  if (node.type !== "object") throw wrongType(bytes, node, `struct ${shape.name}`);
  const out = {};
  const seen = new Set();
  for (const entry of node.entries) {
    const field = shape.fields.find((f) => f.key === entry.key);
    if (!field) continue;
    if (seen.has(field.key)) throw errorAt(bytes, entry.afterKey, `duplicate field \`${field.key}\``);
    seen.add(field.key);
    out[field.key] = read(bytes, entry.value, field.shape);
  }
  for (const field of shape.fields) {
    if (field.required && !seen.has(field.key)) {
      throw errorAt(bytes, node.close + 1, `missing field \`${field.key}\``);
    }
  }
  return out;
}

/** The reader quirk of docs/curves.md §1.6: an array standing for a struct, fields in order. */
function readStructSeq(bytes, node, shape) {
  const out = {};
  const n = shape.fields.length;
  for (const [i, field] of shape.fields.entries()) {
    const item = node.items[i];
    if (item === undefined) {
      if (field.required) {
        throw errorAt(bytes, node.close + 1, `invalid length ${i}, expected struct ${shape.name} with ${n} elements`);
      }
      continue;
    }
    out[field.key] = read(bytes, item, field.shape);
  }
  if (node.items.length > n) throw errorOn(bytes, node.items[n].start, "trailing characters");
  return out;
}

function readTransition(bytes, node) {
  if (node.type === "string") {
    if (TRANSITION_NAMES.has(node.text)) return { name: node.text };
    throw errorAt(bytes, node.end, `invalid value: ${unexpected(node)}, expected ${TRANSITION_EXPECTED}`);
  }
  if (node.type === "object") return { handle: readStruct(bytes, node, HANDLE) };
  throw wrongAny(bytes, node, TRANSITION_EXPECTED);
}

function readPairing(bytes, node) {
  // serde also reads an enum from a one-entry map, `{"paired": null}`.
  if (node.type === "object" && node.entries.length === 1 && node.entries[0].value.type === "null") {
    const key = node.entries[0].key;
    if (key === "paired" || key === "free") return key;
  }
  if (node.type !== "string") throw errorOn(bytes, node.start, "expected value");
  if (node.text === "paired" || node.text === "free") return node.text;
  throw errorAt(bytes, node.end, `unknown variant \`${node.text}\`, expected \`paired\` or \`free\``);
}

/** The 1.x side: one `{x, y}` handle or a list of them (serde's untagged enum). */
function readHandles(bytes, node) {
  const handle = (n) => {
    if (n.type === "object") {
      const x = n.entries.filter((e) => e.key === "x");
      const y = n.entries.filter((e) => e.key === "y");
      if (x.length === 1 && y.length === 1 && x[0].value.type === "number" && y[0].value.type === "number") {
        return { x: x[0].value, y: y[0].value };
      }
    }
    if (n.type === "array" && n.items.length === 2 && n.items.every((i) => i.type === "number")) {
      return { x: n.items[0], y: n.items[1] };
    }
    return null;
  };
  const one = handle(node);
  if (one) return [one];
  if (node.type === "array") {
    const many = node.items.map(handle);
    if (many.every(Boolean)) return many;
  }
  // The refusal carries no place until the enclosing transitions object ends, which reads
  // the spaces after the value and its closing brace.
  let at = node.end ?? node.close + 1;
  while ([0x20, 0x0a, 0x09, 0x0d].includes(bytes[at])) at += 1;
  if (bytes[at] === 0x7d) at += 1;
  throw errorAt(bytes, at, "data did not match any variant of untagged enum Handles");
}

const field = (key, shape, required = false) => ({ key, shape, required });
const text = { t: "string" };

/** The 2.0 clip document (engine/src/clip/document.rs). */
export const CLIP_DOC = {
  t: "struct",
  name: "ClipDoc",
  fields: [
    field("name", text),
    field("lengthNs", { t: "option", of: { t: "i64" } }),
    field("tracks", {
      t: "seq",
      of: {
        t: "struct",
        name: "TrackDoc",
        fields: [
          field("id", text, true),
          field("name", text),
          field("animatableId", text, true),
          field("points", {
            t: "seq",
            of: {
              t: "struct",
              name: "KeypointDoc",
              fields: [
                field("id", text, true),
                field("timeNs", { t: "i64" }, true),
                field("value", { t: "keyvalue" }, true),
                field("transitions", {
                  t: "struct",
                  name: "TransitionsDoc",
                  fields: [
                    field("in", { t: "option", of: { t: "transition" } }),
                    field("out", { t: "option", of: { t: "transition" } }),
                    field("pairing", { t: "option", of: { t: "pairing" } }),
                  ],
                }),
              ],
            },
          }, true),
        ],
      },
    }, true),
  ],
};

/** The 1.x stored animation as `arora-animation convert` reads it (cli/src/convert.rs). */
export const V1_DOC = {
  t: "struct",
  name: "ClipDoc",
  fields: [
    field("name", text),
    field("duration", { t: "u32" }, true),
    field("tracks", {
      t: "seq",
      of: {
        t: "struct",
        name: "TrackDoc",
        fields: [
          field("id", text, true),
          field("name", text),
          field("animatableId", text, true),
          field("points", {
            t: "seq",
            of: {
              t: "struct",
              name: "PointDoc",
              fields: [
                field("id", text, true),
                field("stamp", { t: "f64" }, true),
                field("value", { t: "any" }, true),
                field("transitions", {
                  t: "struct",
                  name: "TransitionsDoc",
                  fields: [
                    field("in", { t: "option", of: { t: "handles" } }),
                    field("out", { t: "option", of: { t: "handles" } }),
                  ],
                }),
              ],
            },
          }, true),
        ],
      },
    }, true),
  ],
};
