// Arora `Value`s in the JSON form arora-web reads and writes (`{"u32": 5}`,
// `{"struct": {"id", "fields"}}`, "unit", …), and their JSON text. A number may be given
// as `raw(literal)` to be written exactly as a file spelled it, and a `bigint` is written
// in full: a u64 or i64 past 2^53 keeps every digit.

/** A number to be written as the literal `text` (already valid JSON). */
export const raw = (text) => ({ $raw: text });

export const u32 = (n) => ({ u32: n });
export const u64 = (n) => ({ u64: n });
export const i64 = (n) => ({ i64: n });
export const f32 = (x) => ({ f32: x });
export const f64 = (x) => ({ f64: x });
export const text = (s) => ({ str: s });
export const bool = (b) => ({ bool: b });
/** `Option(Some(v))`, or `Option(None)` for `null`. */
export const option = (v) => ({ option: v });

/** A `Structure` of record `id`; `fields` is a list of `[field id, value]`. */
export function structure(id, fields) {
  return { struct: { id, fields: fields.map(([fid, value]) => ({ id: fid, value })) } };
}

/** An `ArrayStructure` of record `id`; each element a list of `[field id, value]`. */
export function structures(id, elements) {
  return {
    structs: {
      id,
      elements: elements.map((fields) => ({ fields: fields.map(([fid, value]) => ({ id: fid, value })) })),
    },
  };
}

/** JSON text of `v`, writing `raw` literals and bigints as they are. */
export function toJson(v) {
  if (typeof v === "bigint") return v.toString();
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if ("$raw" in v) return v.$raw;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(",")}}`;
}

/**
 * A returned `Value` as plain JS: numbers, booleans and strings as themselves, `Unit` as
 * `null`, an option as its content or `null`, arrays as arrays, a structure as an object
 * of its field ids (`fieldsOf` names them).
 */
export function plain(value) {
  if (value === "unit") return null;
  const [kind, inner] = Object.entries(value)[0];
  switch (kind) {
    case "option":
      return inner === null ? null : plain(inner);
    case "struct":
      return Object.fromEntries(inner.fields.map((f) => [f.id, plain(f.value)]));
    case "structs":
      return inner.elements.map((e) => Object.fromEntries(e.fields.map((f) => [f.id, plain(f.value)])));
    case "values":
      return inner.map(plain);
    case "keyvalue":
      return plain(inner);
    default:
      return inner;
  }
}

/** The variant name of a returned `Value` (`"f64"`, `"bool"`, `"unit"`, …). */
export function variant(value) {
  return value === "unit" ? "unit" : Object.keys(value)[0];
}
