// The browser tests' driver: loads arora-web and the module directory served
// beside it, builds devices on them, and sends the calls the Rust tests give,
// answering each call's result as the JSON string arora-web returns (so no
// number is re-read by JavaScript on the way back).
import init, { AroraRuntimeBuilder, Engine } from "../pkg/arora_web.js";

const MODULE = "../module/";

/// Every device and engine opened, by name.
const opened = new Map();
let moduleFiles = null;

async function fetched(path, how) {
  const response = await fetch(MODULE + path);
  if (!response.ok) throw new Error(`${MODULE + path}: ${response.status}`);
  return response[how]();
}

/// Load arora-web and fetch the module directory: the header, the component
/// and the records as withRecords takes them. Answers the times each took (ms).
export async function load() {
  const start = performance.now();
  await init();
  const runtime = performance.now();
  const [header, wasm, records] = await Promise.all([
    fetched("header.json", "text"),
    fetched("animation.wasm", "arrayBuffer"),
    fetched("with-records.json", "json"),
  ]);
  moduleFiles = { header, wasm: new Uint8Array(wasm), records };
  const files = performance.now();
  return {
    runtimeMs: runtime - start,
    filesMs: files - runtime,
    wasmBytes: moduleFiles.wasm.length,
    recordFiles: Object.keys(records).sort(),
  };
}

/// Open the device `name` (AroraRuntimeBuilder: withModule + withRecords) and
/// the engine of the same name (Engine.loadModule), each with the module
/// alone. Answers what each describes and how long each build took (ms).
export async function open(name) {
  const { header, wasm, records } = moduleFiles;
  const start = performance.now();
  const builder = new AroraRuntimeBuilder();
  builder.withModule(header, wasm);
  builder.withRecords(records);
  const device = builder.build();
  const built = performance.now();
  const engine = new Engine();
  const moduleId = engine.loadModule(header, wasm);
  const loaded = performance.now();
  opened.set(name, { device, engine });
  return {
    deviceMs: built - start,
    engineMs: loaded - built,
    methods: await device.describeMethods(),
    moduleId,
    engineModules: JSON.parse(engine.listModules()),
  };
}

/// Send each call (an arora_types Call as JSON) in order to the device or the
/// engine `name`; answers `{ok: CallResult JSON}` or `{error: message}` per call.
export async function calls(name, on, list) {
  const { device, engine } = opened.get(name);
  const answers = [];
  for (const call of list) {
    try {
      answers.push({ ok: on === "device" ? await device.call(call) : engine.call(call) });
    } catch (error) {
      answers.push({ error: String(error) });
    }
  }
  return answers;
}

/// Time `rounds` rounds of `count` sends of `call` to the device or engine
/// `name`: the milliseconds of each round. A failed call rejects.
export async function time(name, on, call, count, rounds) {
  const { device, engine } = opened.get(name);
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      if (on === "device") await device.call(call);
      else engine.call(call);
    }
    times.push(performance.now() - start);
  }
  return times;
}
