// The page's one animation session on the device: one player ("page"), one instance per
// loaded clip, every change made by a contract call. The calls, in the order the page makes
// them, are what web/README.md lists ("What the page calls"), so a test can make the same
// calls on a native device and compare.

import { readClipFile } from "./clip_file.js";
import { plain, variant, u32, u64, f32, text, option, toJson } from "./values.js";

const REFUSED = 4294967295;
const STATE = "76697a69-6a00-0000-0111-0000000000";
const INSTANCE = "76697a69-6a00-0000-0112-0000000000";
const BAKED = "76697a69-6a00-0000-0120-0000000000";
const BAKED_TRACK = "76697a69-6a00-0000-0121-0000000000";

/** The clip rows, the player and the output table of the page. */
export class Session {
  constructor(device) {
    this.device = device;
    /** Loaded clips in load order: { anim, instance, name, format, tracks, endNs, weight, bake }. */
    this.clips = [];
    this.player = plain(device.call("create_player", { name: option(text("page")) }));
    device.call("pause", { player: u32(this.player) });
    this.keys = [];
    this.revision = null;
    /** The last step's values, one per output key (`null` where none), and their variants. */
    this.values = [];
    this.variants = [];
    this.state = null;
  }

  /**
   * Reads and loads the clip file `name` holding `source` and adds it as an instance of
   * weight 1 (the page bakes it for drawing); answers `{ ok: true, clip }` or
   * `{ ok: false, message }`.
   */
  load(name, source) {
    const file = readClipFile(name, source);
    if (!file.ok) return file;
    const load = file.format === "1.x" ? "load_animation" : "load_clip";
    const anim = plain(this.device.call(load, { clip: file.record }));
    if (anim === REFUSED) return { ok: false, message: `${name}: refused by the device (${load} answered u32::MAX)` };
    const instance = plain(
      this.device.call("add_instance_with_weight", { player: u32(this.player), anim: u32(anim), weight: f32(1) }),
    );
    const clip = { anim, instance, name, format: file.format, tracks: file.tracks, endNs: file.endNs, weight: 1, bake: null };
    this.clips.push(clip);
    this.refreshKeys();
    return { ok: true, clip };
  }

  /** The device's own bake of `clip` at `rate` (samples per second) over its default window. */
  bake(clip, rate) {
    const answer = plain(this.device.call("bake", { anim: u32(clip.anim), frame_rate: option(f32(Math.fround(rate))) }));
    if (answer === null) return null;
    const frameRate = answer[`${BAKED}01`];
    return {
      frameRate,
      startNs: answer[`${BAKED}02`],
      endNs: answer[`${BAKED}03`],
      tracks: answer[`${BAKED}04`].map((t) => ({ target: t[`${BAKED_TRACK}01`], values: t[`${BAKED_TRACK}02`] })),
    };
  }

  /** Removes the clip row `index`: its instance, then the clip. */
  remove(index) {
    const [clip] = this.clips.splice(index, 1);
    this.device.call("remove_instance", { player: u32(this.player), instance: u32(clip.instance) });
    this.device.call("unload_animation", { anim: u32(clip.anim) });
    this.refreshKeys();
  }

  setWeight(index, weight) {
    const clip = this.clips[index];
    clip.weight = Math.fround(weight);
    return this.transport("set_weight", { instance: u32(clip.instance), weight: f32(clip.weight) });
  }

  play() {
    return this.transport("play");
  }

  pause() {
    return this.transport("pause");
  }

  stop() {
    return this.transport("stop");
  }

  seek(timeNs) {
    return this.transport("seek", { time_ns: u64(Math.max(0, Math.round(timeNs))) });
  }

  setSpeed(speed) {
    return this.transport("set_speed", { speed: f32(Math.fround(speed)) });
  }

  setLoop(mode) {
    return this.transport("set_loop", { mode: text(mode) });
  }

  /** The window in ns; `endNs` null for none. */
  setWindow(startNs, endNs) {
    return this.transport("set_window", {
      start_ns: u64(Math.max(0, Math.round(startNs))),
      end_ns: option(endNs === null ? null : u64(Math.max(0, Math.round(endNs)))),
    });
  }

  /** A call on the player; true when the device accepted it. */
  transport(name, args = {}) {
    return plain(this.device.call(name, { player: u32(this.player), ...args })) !== REFUSED;
  }

  /** One `step_values` of `dtNs` ns; keeps its values and reads the player's state. */
  step(dtNs) {
    const answer = this.device.call("step_values", { dt_ns: u64(Math.max(0, Math.round(dtNs))) });
    const fields = answer.struct.fields;
    const revision = plain(fields[0].value);
    if (revision !== this.revision) this.refreshKeys();
    const values = fields[1].value;
    const list = values.keyvalue ? values.keyvalue.values : values.values;
    this.values = list.map(plain);
    this.variants = list.map(variant);
    this.readState();
  }

  /** Re-reads the output keys (after a structural edit). */
  refreshKeys() {
    const answer = plain(this.device.call("output_keys"));
    this.revision = answer["76697a69-6a00-0000-0114-000000000001"];
    this.keys = answer["76697a69-6a00-0000-0114-000000000002"];
    if (this.values.length !== this.keys.length) {
      this.values = this.keys.map(() => null);
      this.variants = this.keys.map(() => "unit");
    }
  }

  /** The player's state (`player_states`), as plain fields. */
  readState() {
    const states = plain(this.device.call("player_states"));
    const s = states.find((p) => p[`${STATE}01`] === this.player);
    this.state = {
      state: s[`${STATE}02`],
      timeNs: s[`${STATE}03`],
      durationNs: s[`${STATE}04`],
      speed: s[`${STATE}05`],
      loopMode: s[`${STATE}08`],
      ended: s[`${STATE}09`],
      windowStartNs: s[`${STATE}0a`],
      windowEndNs: s[`${STATE}0b`],
      weights: s[`${STATE}07`].map((i) => i[`${INSTANCE}03`]),
    };
    return this.state;
  }

  /** For a test: the last step's values as `{ key: value }` JSON text, exact. */
  valuesJson() {
    return toJson(Object.fromEntries(this.keys.map((k, i) => [k, this.values[i]])));
  }
}
