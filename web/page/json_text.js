// JSON text to a tree that remembers where each part sits, refusing a malformed text with
// the message and the place `arora-animation check` names (serde_json's own wording and
// its line/column rules: lines from 1, columns in UTF-8 bytes, "peek" errors pointing at
// the offending byte, the others just after the last byte read).
//
// Nodes (each also with `start`, the byte index of its first byte):
// { type: "object", open, close, entries: [{ key, keyEnd, afterKey, value }] },
// { type: "array", open, close, items }, { type: "string", end, text },
// { type: "number", end, raw, negative, integer }, { type: "bool", end, value },
// { type: "null", end }. Offsets are byte indices into the UTF-8 text.

/** A refusal with serde_json's message and place. */
export class JsonError extends Error {
  constructor(what, line, column) {
    super(`${line}:${column}: ${what}`);
    this.what = what;
    this.line = line;
    this.column = column;
  }
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/** serde_json's position of byte index `i`: line from 1, column = bytes since the line began. */
export function positionOf(bytes, i) {
  let lineStart = 0;
  let line = 1;
  for (let j = 0; j < i; j += 1) {
    if (bytes[j] === 0x0a) {
      line += 1;
      lineStart = j + 1;
    }
  }
  return { line, column: i - lineStart };
}

/** A JsonError at byte index `i` (serde_json's `error`: just after what was read). */
export function errorAt(bytes, i, what) {
  const { line, column } = positionOf(bytes, i);
  return new JsonError(what, line, column);
}

/** A JsonError pointing at the byte at `i` (serde_json's `peek_error`). */
export function errorOn(bytes, i, what) {
  return errorAt(bytes, Math.min(i + 1, bytes.length), what);
}

/** Parses `text` (a string) as serde_json parses a `serde_json::Value`. */
export function parseJson(text) {
  const bytes = new TextEncoder().encode(text);
  const reader = new Reader(bytes);
  const value = reader.value(0);
  const next = reader.skipSpace();
  if (next !== undefined) throw errorOn(bytes, reader.i, "trailing characters");
  return { bytes, value };
}

const SPACE = new Set([0x20, 0x0a, 0x09, 0x0d]);
const isDigit = (b) => b >= 0x30 && b <= 0x39;

class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.i = 0;
  }

  peek() {
    return this.i < this.bytes.length ? this.bytes[this.i] : undefined;
  }

  skipSpace() {
    while (SPACE.has(this.peek())) this.i += 1;
    return this.peek();
  }

  fail(what) {
    return errorAt(this.bytes, this.i, what);
  }

  failOn(what) {
    return errorOn(this.bytes, this.i, what);
  }

  value(depth) {
    const b = this.skipSpace();
    if (b === undefined) throw this.failOn("EOF while parsing a value");
    return { start: this.i, ...this.valueAt(b, depth) };
  }

  valueAt(b, depth) {
    if (depth >= 128 && (b === 0x5b || b === 0x7b)) throw this.failOn("recursion limit exceeded");
    switch (b) {
      case 0x6e: // n
        this.i += 1;
        this.ident("ull");
        return { type: "null", end: this.i };
      case 0x74: // t
        this.i += 1;
        this.ident("rue");
        return { type: "bool", end: this.i, value: true };
      case 0x66: // f
        this.i += 1;
        this.ident("alse");
        return { type: "bool", end: this.i, value: false };
      case 0x22: // "
        this.i += 1;
        return { type: "string", ...this.string() };
      case 0x5b:
        return this.array(depth);
      case 0x7b:
        return this.object(depth);
      default:
        if (b === 0x2d || isDigit(b)) return this.number();
        throw this.failOn("expected value");
    }
  }

  ident(rest) {
    for (const expected of rest) {
      const b = this.peek();
      if (b === undefined) throw this.fail("EOF while parsing a value");
      this.i += 1;
      if (b !== expected.charCodeAt(0)) throw this.fail("expected ident");
    }
  }

  string() {
    const parts = [];
    let start = this.i;
    for (;;) {
      const b = this.peek();
      if (b === undefined) throw this.fail("EOF while parsing a string");
      this.i += 1;
      if (b === 0x22) {
        parts.push(decoder.decode(this.bytes.subarray(start, this.i - 1)));
        return { end: this.i, text: parts.join("") };
      }
      if (b === 0x5c) {
        parts.push(decoder.decode(this.bytes.subarray(start, this.i - 1)));
        parts.push(this.escape());
        start = this.i;
      } else if (b < 0x20) {
        throw this.fail("control character (\\u0000-\\u001F) found while parsing a string");
      }
    }
  }

  escape() {
    const b = this.peek();
    if (b === undefined) throw this.fail("EOF while parsing a string");
    this.i += 1;
    const simple = { 0x22: '"', 0x5c: "\\", 0x2f: "/", 0x62: "\b", 0x66: "\f", 0x6e: "\n", 0x72: "\r", 0x74: "\t" };
    if (b in simple) return simple[b];
    if (b !== 0x75) throw this.fail("invalid escape");
    const unit = this.hex();
    if (unit >= 0xdc00 && unit <= 0xdfff) throw this.fail("lone leading surrogate in hex escape");
    if (unit < 0xd800 || unit > 0xdbff) return String.fromCharCode(unit);
    if (this.peek() !== 0x5c || this.bytes[this.i + 1] !== 0x75) {
      this.i += 1;
      throw this.fail("unexpected end of hex escape");
    }
    this.i += 2;
    const low = this.hex();
    if (low < 0xdc00 || low > 0xdfff) throw this.fail("lone leading surrogate in hex escape");
    return String.fromCharCode(unit, low);
  }

  hex() {
    // serde_json reads the four bytes first, then refuses any that is not a hex digit.
    if (this.i + 4 > this.bytes.length) {
      this.i = this.bytes.length;
      throw this.fail("EOF while parsing a string");
    }
    const digits = decoder.decode(this.bytes.subarray(this.i, this.i + 4));
    this.i += 4;
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw this.fail("invalid escape");
    return parseInt(digits, 16);
  }

  number() {
    const start = this.i;
    const negative = this.peek() === 0x2d;
    if (negative) this.i += 1;
    const first = this.peek();
    if (first === undefined) throw this.fail("EOF while parsing a value");
    this.i += 1;
    if (first === 0x30) {
      if (isDigit(this.peek())) throw this.failOn("invalid number");
    } else if (isDigit(first)) {
      while (isDigit(this.peek())) this.i += 1;
    } else {
      throw this.fail("invalid number");
    }
    let integer = true;
    if (this.peek() === 0x2e) {
      integer = false;
      this.i += 1;
      if (!isDigit(this.peek())) {
        throw this.failOn(this.peek() === undefined ? "EOF while parsing a value" : "invalid number");
      }
      while (isDigit(this.peek())) this.i += 1;
    }
    if (this.peek() === 0x65 || this.peek() === 0x45) {
      integer = false;
      this.i += 1;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.i += 1;
      const digit = this.peek();
      if (digit === undefined) throw this.fail("EOF while parsing a value");
      this.i += 1;
      if (!isDigit(digit)) throw this.fail("invalid number");
      while (isDigit(this.peek())) this.i += 1;
    }
    const raw = decoder.decode(this.bytes.subarray(start, this.i));
    if (!Number.isFinite(Number(raw))) throw this.fail("number out of range");
    return { type: "number", end: this.i, raw, negative, integer };
  }

  array(depth) {
    const open = this.i;
    this.i += 1;
    const items = [];
    for (;;) {
      const b = this.skipSpace();
      if (b === undefined) throw this.failOn("EOF while parsing a list");
      if (b === 0x5d) break;
      if (items.length > 0) {
        if (b !== 0x2c) throw this.failOn("expected `,` or `]`");
        this.i += 1;
        const after = this.skipSpace();
        if (after === 0x5d) throw this.failOn("trailing comma");
        if (after === undefined) throw this.failOn("EOF while parsing a value");
      }
      items.push(this.value(depth + 1));
    }
    const close = this.i;
    this.i += 1;
    return { type: "array", open, close, items };
  }

  object(depth) {
    const open = this.i;
    this.i += 1;
    const entries = [];
    for (;;) {
      const b = this.skipSpace();
      if (b === undefined) throw this.failOn("EOF while parsing an object");
      if (b === 0x7d) break;
      if (entries.length > 0) {
        if (b !== 0x2c) throw this.failOn("expected `,` or `}`");
        this.i += 1;
        const after = this.skipSpace();
        if (after === 0x7d) throw this.failOn("trailing comma");
        if (after === undefined) throw this.failOn("EOF while parsing a value");
        if (after !== 0x22) throw this.failOn("key must be a string");
      } else if (b !== 0x22) {
        throw this.failOn("key must be a string");
      }
      this.i += 1;
      const key = this.string();
      this.skipSpace();
      const afterKey = this.i;
      const colon = this.peek();
      if (colon === undefined) throw this.failOn("EOF while parsing an object");
      if (colon !== 0x3a) throw this.failOn("expected `:`");
      this.i += 1;
      const value = this.value(depth + 1);
      entries.push({ key: key.text, keyEnd: key.end, afterKey, value });
    }
    const close = this.i;
    this.i += 1;
    return { type: "object", open, close, entries };
  }
}
