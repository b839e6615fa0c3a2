// Arora `Value`s in the JSON form arora-web reads and writes (`{"u32": 5}`,
// `{"struct": {"id", "fields"}}`, "unit", …), and their JSON text. A value may be given as
// `raw(text)` to be written as that JSON text (a clip's record, as web/runtime/ wrote it),
// and a `bigint` is written in full: a u64 or i64 past 2^53 keeps every digit.

/** A value to be written as the JSON `text` (already valid JSON). */
export const raw = (text) => ({ $raw: text });

export const u32 = (n) => ({ u32: n });
export const u64 = (n) => ({ u64: n });
export const f32 = (x) => ({ f32: x });
export const text = (s) => ({ str: s });
/** `Option(Some(v))`, or `Option(None)` for `null`. */
export const option = (v) => ({ option: v });

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
 * of its fields by name (`names`: field id → name, the records' own; a field the records
 * do not name keeps its id).
 */
export function plain(value, names = {}) {
  if (value === "unit") return null;
  const [kind, inner] = Object.entries(value)[0];
  const fields = (list) => Object.fromEntries(list.map((f) => [names[f.id] ?? f.id, plain(f.value, names)]));
  switch (kind) {
    case "option":
      return inner === null ? null : plain(inner, names);
    case "struct":
      return fields(inner.fields);
    case "structs":
      return inner.elements.map((e) => fields(e.fields));
    case "values":
      return inner.map((v) => plain(v, names));
    case "keyvalue":
      return plain(inner, names);
    default:
      return inner;
  }
}

/** The variant name of a returned `Value` (`"f64"`, `"bool"`, `"unit"`, …). */
export function variant(value) {
  return value === "unit" ? "unit" : Object.keys(value)[0];
}
