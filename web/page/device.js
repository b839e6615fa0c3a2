// The browser device: arora-web's `Engine` with the module directory's guest loaded
// (module/header.json, module/animation.wasm), called by the contract's function and
// parameter ids (docs/contract.md §1.2). Calls are synchronous, so one animation frame's
// `step_values` is answered before the frame is drawn.

import init, { Engine } from "./pkg/arora_web.js";
import { toJson } from "./values.js";

/** Function name → [number (1-based, declaration order), parameter names in order]. */
const FUNCTIONS = {
  load_animation: [1, ["clip"]],
  create_player: [2, ["name"]],
  add_instance: [3, ["player", "anim"]],
  play: [5, ["player"]],
  pause: [6, ["player"]],
  stop: [7, ["player"]],
  seek: [8, ["player", "time_ns"]],
  set_speed: [9, ["player", "speed"]],
  set_loop: [10, ["player", "mode"]],
  set_weight: [11, ["player", "instance", "weight"]],
  remove_instance: [12, ["player", "instance"]],
  player_states: [13, []],
  bake: [14, ["anim", "frame_rate", "start_ns", "end_ns"]],
  unload_animation: [16, ["anim"]],
  add_instance_with_weight: [18, ["player", "anim", "weight"]],
  set_window: [20, ["player", "start_ns", "end_ns"]],
  step_values: [24, ["dt_ns", "time_ns"]],
  output_keys: [25, []],
  load_clip: [26, ["clip"]],
};

const hex = (n) => n.toString(16).padStart(2, "0");

/** The function id of function `n` (docs/contract.md §1.1). */
export const functionId = (n) => `76697a69-6a00-0000-0f00-0000000000${hex(n)}`;
/** The id of parameter `m` of function `n`. */
export const parameterId = (n, m) => `76697a69-6a00-0000-0f${hex(n)}-0000000000${hex(m)}`;

/** The module directory's guest on arora-web's `Engine`. */
export class Device {
  constructor(engine, loadMs) {
    this.engine = engine;
    /** Milliseconds from fetching the module directory to the guest answering. */
    this.loadMs = loadMs;
  }

  /** Loads arora-web and the module directory served beside the page. */
  static async open() {
    const started = performance.now();
    await init();
    const [header, wasm] = await Promise.all([
      fetch("./module/header.json").then(ok).then((r) => r.text()),
      fetch("./module/animation.wasm").then(ok).then((r) => r.arrayBuffer()),
    ]);
    const engine = new Engine();
    await engine.prepareModule(header, new Uint8Array(wasm));
    engine.loadPreparedModule(header);
    return new Device(engine, performance.now() - started);
  }

  /**
   * Calls `name` with `args` (parameter name → Value; a parameter left out or `undefined`
   * is not sent) and answers the returned Value; a call error throws.
   */
  call(name, args = {}) {
    const [n, params] = FUNCTIONS[name];
    const sent = params
      .map((p, i) => [parameterId(n, i + 1), args[p]])
      .filter(([, value]) => value !== undefined)
      .map(([id, value]) => ({ id, value }));
    const answer = this.engine.call(toJson({ id: functionId(n), args: sent }));
    return JSON.parse(answer).ret;
  }
}

function ok(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${response.statusText}`);
  return response;
}
