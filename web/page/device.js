// The browser device: arora-web's `Engine` with the module directory's guest loaded
// (module/header.json, module/animation.wasm), called by function and parameter name.
// Every id comes from what the module directory says: the function and parameter ids
// from header.json's exports, the record fields' names from its records/ (the bundle's
// with-records.json, read by `recordFieldNames`, web/runtime/src/records.rs). Calls are
// synchronous, so one animation frame's `step_values` is answered before the frame is drawn.

import init, { Engine, recordFieldNames } from "./pkg/arora_web.js";
import { toJson } from "./values.js";

/** The module directory's guest on arora-web's `Engine`. */
export class Device {
  constructor(engine, functions, fieldNames, loadMs) {
    this.engine = engine;
    /** Function name → { id, parameters: parameter name → id } (header.json's exports). */
    this.functions = functions;
    /** Record field id → field name (records/). */
    this.fieldNames = fieldNames;
    /** Milliseconds from fetching the module directory to the guest answering. */
    this.loadMs = loadMs;
  }

  /** Loads arora-web and the module directory served beside the page. */
  static async open() {
    const started = performance.now();
    await init();
    const [header, wasm, records] = await Promise.all([
      fetch("./module/header.json").then(ok).then((r) => r.text()),
      fetch("./module/animation.wasm").then(ok).then((r) => r.arrayBuffer()),
      fetch("./module/with-records.json").then(ok).then((r) => r.json()),
    ]);
    const engine = new Engine();
    await engine.prepareModule(header, new Uint8Array(wasm));
    engine.loadPreparedModule(header);
    return new Device(engine, functionsOf(JSON.parse(header)), recordFieldNames(records), performance.now() - started);
  }

  /**
   * Calls `name` with `args` (parameter name → Value; a parameter left out or `undefined`
   * is not sent) and answers the returned Value; a call error throws.
   */
  call(name, args = {}) {
    const fn = this.functions[name];
    if (!fn) throw new Error(`the module has no function ${name}`);
    const sent = Object.entries(args)
      .filter(([, value]) => value !== undefined)
      .map(([param, value]) => {
        const id = fn.parameters[param];
        if (!id) throw new Error(`${name} has no parameter ${param}`);
        return { id, value };
      });
    const answer = this.engine.call(toJson({ id: fn.id, args: sent }));
    return JSON.parse(answer).ret;
  }
}

/** header.json's exported functions by name, with their parameters' ids by name. */
function functionsOf(header) {
  const functions = {};
  for (const f of header.exports.filter((e) => e.type === "function")) {
    functions[f.name] = { id: f.id, parameters: Object.fromEntries(f.parameters.map((p) => [p.name, p.id])) };
  }
  return functions;
}

function ok(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${response.statusText}`);
  return response;
}
