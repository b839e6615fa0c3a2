// The page's one animation session on the device: one player ("page"), one instance per
// loaded clip, every change made by a contract call. The calls, in the order the page makes
// them, are what web/README.md lists ("What the page calls"), so a test can make the same
// calls on a native device and compare. Answers are read by field name (the records').
//
// A call the device refuses answers a `Refusal`-worthy value (`u32::MAX`, `none`); what
// cannot be done is thrown as a `Refusal` naming the call, for the page to show.

import { readClipFile, readGltfFile } from "./pkg/arora_web.js";
import { plain, variant, u32, u64, f32, text, option, raw, toJson } from "./values.js";

const REFUSED = 4294967295;

/** What the device refused: shown on the page as it is, nothing else changed. */
export class Refusal extends Error {}

/** The clip rows, the player and the output table of the page. */
export class Session {
  constructor(device) {
    this.device = device;
    /** Loaded clips in load order: { anim, instance, name, format, document, tracks, endNs, notes, weight, bake }. */
    this.clips = [];
    /** The page's player, `null` until the device gave one. */
    this.player = null;
    this.keys = [];
    this.revision = null;
    /** The last step's values, one per output key (`null` where none), and their variants. */
    this.values = [];
    this.variants = [];
    this.state = null;
  }

  /** `name` called with `args`, its answer as plain JS (fields by name). */
  call(name, args = {}) {
    return plain(this.device.call(name, args), this.device.fieldNames);
  }

  /**
   * The page's player, created ("page") and paused by the first call that needs it (the
   * first file opened or control used); a refusal throws, and the next need asks again.
   */
  ensurePlayer() {
    if (this.player !== null) return this.player;
    const player = this.call("create_player", { name: option(text("page")) });
    if (player === REFUSED) throw new Refusal('refused: create_player("page") answered u32::MAX');
    this.player = player;
    this.call("pause", { player: u32(player) });
    return player;
  }

  /**
   * Reads and loads the clip file `name` holding `source` — text (a clip file), or bytes
   * (a `Uint8Array`: a glTF file, converted as `convert` does) — and adds it as an instance
   * of weight 1 (the page bakes it for drawing); answers `{ ok: true, clip }` or
   * `{ ok: false, message }` (the line `check` or `convert` prints, or the device's refusal).
   */
  load(name, source) {
    const file = typeof source === "string" ? readClipFile(name, source) : readGltfFile(name, source);
    if (file.refused) return { ok: false, message: file.refused };
    const player = this.ensurePlayer();
    const anim = this.call(file.load, { clip: raw(file.record) });
    if (anim === REFUSED) return { ok: false, message: `${name}: refused by the device (${file.load} answered u32::MAX)` };
    const instance = this.call("add_instance_with_weight", { player: u32(player), anim: u32(anim), weight: f32(1) });
    if (instance === REFUSED) {
      this.call("unload_animation", { anim: u32(anim) });
      return { ok: false, message: `${name}: refused by the device (add_instance_with_weight answered u32::MAX)` };
    }
    const clip = { anim, instance, name, format: file.format, document: file.document, tracks: file.tracks, endNs: file.endNs, notes: file.notes, weight: 1, bake: null };
    this.clips.push(clip);
    this.refreshKeys();
    return { ok: true, clip };
  }

  /**
   * The device's own bake of `clip` at `rate` (samples per second) over its default window;
   * a bake the device refuses throws a `Refusal`.
   */
  bake(clip, rate) {
    const baked = this.call("bake", { anim: u32(clip.anim), frame_rate: option(f32(Math.fround(rate))) });
    if (baked === null) throw new Refusal(`${clip.name}: the device refused to bake it (bake answered none), so its curves are not drawn`);
    return {
      frameRate: baked.frame_rate,
      startNs: baked.start_ns,
      endNs: baked.end_ns,
      tracks: baked.tracks.map((t) => ({ target: t.animatable_id, values: t.values })),
    };
  }

  /**
   * Replaces `clip`'s animation on the device with `edited` (the editor's answer: record,
   * document, tracks, endNs) by `reload_clip`: its instance keeps its weight and timing and
   * the player its position, speed and state; a refusal throws and changes nothing.
   */
  reload(clip, edited) {
    if (this.call("reload_clip", { anim: u32(clip.anim), clip: raw(edited.record) }) !== true) {
      throw new Refusal(`${clip.name}: refused by the device (reload_clip answered false)`);
    }
    Object.assign(clip, { document: edited.document, tracks: edited.tracks, endNs: edited.endNs });
    this.refreshKeys();
  }

  /** Removes the clip row `index`: its instance, then the clip. */
  remove(index) {
    const [clip] = this.clips.splice(index, 1);
    this.call("remove_instance", { player: u32(this.player), instance: u32(clip.instance) });
    this.call("unload_animation", { anim: u32(clip.anim) });
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
    return this.call(name, { player: u32(this.ensurePlayer()), ...args }) !== REFUSED;
  }

  /** One `step_values` of `dtNs` ns; keeps its values and reads the player's state. */
  step(dtNs) {
    const answer = this.device.call("step_values", { dt_ns: u64(Math.max(0, Math.round(dtNs))) });
    const fields = Object.fromEntries(answer.struct.fields.map((f) => [this.device.fieldNames[f.id], f.value]));
    if (plain(fields.revision) !== this.revision) this.refreshKeys();
    const values = fields.values;
    const list = values.keyvalue ? values.keyvalue.values : values.values;
    this.values = list.map((v) => plain(v));
    this.variants = list.map(variant);
    this.readState();
  }

  /** Re-reads the output keys (after a structural edit). */
  refreshKeys() {
    const answer = this.call("output_keys");
    this.revision = answer.revision;
    this.keys = answer.keys;
    if (this.values.length !== this.keys.length) {
      this.values = this.keys.map(() => null);
      this.variants = this.keys.map(() => "unit");
    }
  }

  /** The player's state (`player_states`), or `null` before the page has a player. */
  readState() {
    if (this.player === null) return (this.state = null);
    const s = this.call("player_states").find((p) => p.player === this.player);
    if (!s) return (this.state = null);
    this.state = {
      state: s.state,
      timeNs: s.time_ns,
      durationNs: s.duration_ns,
      speed: s.speed,
      loopMode: s.loop_mode,
      ended: s.ended,
      windowStartNs: s.window_start_ns,
      windowEndNs: s.window_end_ns,
      weights: s.instances.map((i) => i.weight),
    };
    return this.state;
  }

  /** For a test: the last step's values as `{ key: value }` JSON text, exact. */
  valuesJson() {
    return toJson(Object.fromEntries(this.keys.map((k, i) => [k, this.values[i]])));
  }
}
