// The authors' page: loads the device, reads the clip files given to it (the file input or
// a drop; a glTF file, known by its content, is converted by the engine's glTF code), and each animation frame steps the device (`step_values` with the frame's
// delta), shows every output's value and the player's state, and draws the curves and the
// playhead.
//
// With `?clock=manual` the page never steps by itself: only "step N frames of dt" (or
// `window.__animation.stepFrames`) steps, so a test decides every step's dt.
//
// No error is lost: a refusal (a file, a bake, a control, `create_player`) is shown where
// it belongs, and anything that throws — in the animation frame, reading a file, a
// control — is shown in the page's error line (#page-error); the frame loop keeps running.

import { Device } from "./device.js";
import { Session, Refusal } from "./session.js";
import { draw } from "./drawing.js";
import { showOutputs } from "./outputs.js";
import { wireTransport, showClips } from "./transport.js";
import { wireLimits, showLimits } from "./limits.js";
import { wireEditor } from "./editor.js";
import { decorate } from "./editor_pointer.js";
import { readClipFile, isGltf } from "./pkg/arora_web.js";

const $ = (id) => document.getElementById(id);
const manual = new URLSearchParams(location.search).get("clock") === "manual";
/** The longest frame the real clock steps: a tab in the background does not jump ahead. */
const MAX_FRAME_NS = 100e6;

class Page {
  constructor(session) {
    this.session = session;
    this.shape = null;
    this.lastFrame = null;
    /** Animation frames run so far: a test sees the loop still running. */
    this.frames = 0;
  }

  /**
   * Reads and loads one clip file; a refusal — the file's, the device's — is shown and
   * nothing else changes; anything thrown is shown too.
   */
  load(name, source) {
    let result;
    try {
      result = this.session.load(name, source);
    } catch (e) {
      result = { ok: false, message: e instanceof Refusal ? e.message : `${name}: ${describe(e)}` };
    }
    if (!result.ok) {
      $("clip-error").textContent = result.message;
      return result;
    }
    $("clip-error").textContent = "";
    this.clipsChanged();
    return { ok: true, anim: result.clip.anim, instance: result.clip.instance };
  }

  /**
   * The device's bake of every clip, two samples per pixel of the common time axis; a bake
   * the device refuses is shown, and that clip drawn without its curve.
   */
  rebake() {
    const width = ($("curves").clientWidth || 900) - 166;
    const endS = Math.max(1, ...this.session.clips.map((c) => c.endNs)) / 1e9;
    const rate = Math.max(1, (2 * width) / endS);
    const refused = [];
    for (const clip of this.session.clips) {
      try {
        clip.bake = this.session.bake(clip, rate);
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        clip.bake = null;
        refused.push(e.message);
      }
    }
    $("bake-error").textContent = refused.join("\n");
  }

  /** After a clip came or went: bake again (the time axis is common), list, redraw. */
  clipsChanged() {
    this.rebake();
    showClips($("clips"), this);
    const end = Math.max(0, ...this.session.clips.map((c) => c.endNs));
    $("playhead").max = String(end);
    showLimits(this);
    this.render();
    this.editor?.showSelection();
  }

  /** `n` steps of `dtNs` each, then one redraw. */
  stepFrames(n, dtNs) {
    for (let i = 0; i < n; i += 1) this.session.step(dtNs);
    this.render();
  }

  notice(text) {
    $("notice").textContent = text;
  }

  /** Shows what threw (`where` says during what); it stays until the next one. */
  failed(where, error) {
    $("page-error").textContent = `error ${where}: ${describe(error)}`;
  }

  render() {
    const s = this.session;
    showOutputs($("outputs"), s);
    const state = s.state ?? s.readState();
    if (state === null) {
      $("state").textContent = "no player";
      delete $("state").dataset.timeNs;
    } else {
      $("state").textContent =
        `${state.state}${state.ended ? " (ended)" : ""} · ${(state.timeNs / 1e9).toFixed(3)} s of ` +
        `${(state.durationNs / 1e9).toFixed(3)} s · speed ${state.speed} · ${state.loopMode}`;
      $("state").dataset.timeNs = String(state.timeNs);
      if (document.activeElement !== $("playhead")) $("playhead").value = String(state.timeNs);
    }
    this.shape = draw($("curves"), s.clips, s.clips.length && state ? state.timeNs : null);
    if (this.editor) decorate($("curves"), this.shape, this.editor);
  }

  /** One animation frame: a step of the real clock, a redraw; what throws is shown. */
  frame(now) {
    requestAnimationFrame((t) => this.frame(t));
    this.frames += 1;
    const dtNs = this.lastFrame === null ? 0 : Math.min(MAX_FRAME_NS, (now - this.lastFrame) * 1e6);
    this.lastFrame = now;
    try {
      if (!manual && this.session.clips.length > 0) this.session.step(dtNs);
      this.render();
    } catch (e) {
      this.failed("in the animation frame", e);
    }
  }
}

/** An error's message, or the value thrown. */
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}

async function readFiles(page, files) {
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      page.load(file.name, isGltf(bytes) ? bytes : new TextDecoder().decode(bytes));
    } catch (e) {
      page.failed(`reading ${file.name}`, e);
    }
  }
}

async function start() {
  const device = await Device.open();
  const page = new Page(new Session(device));
  wireTransport(page);
  wireLimits(() => {
    try {
      showLimits(page);
      page.render();
    } catch (e) {
      page.failed("checking the limits", e);
    }
  });
  page.editor = wireEditor(page, (what, e) => page.failed(`in ${what}`, e));
  $("file").onchange = async (e) => {
    await readFiles(page, e.target.files);
    e.target.value = "";
  };
  const drop = $("drop");
  drop.ondragover = (e) => {
    e.preventDefault();
    drop.classList.add("over");
  };
  drop.ondragleave = () => drop.classList.remove("over");
  drop.ondrop = async (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    await readFiles(page, e.dataTransfer.files);
  };
  $("clock").textContent = manual ? "manual clock: steps only when asked" : "real-time clock";
  $("status").textContent = `device ready: module loaded in ${device.loadMs.toFixed(1)} ms`;
  window.__animation = {
    /** `n` step_values of `dtNs` ns each, then a redraw. */
    stepFrames: (n, dtNs) => page.stepFrames(n, dtNs),
    /** Loads a clip file from text, as the file input does. */
    load: (name, text) => page.load(name, text),
    /** How each `[name, text]` file reads: "" when accepted, else the refusal shown. */
    check: (files) => files.map(([name, text]) => readClipFile(name, text).refused ?? ""),
    /** The panels' geometry (canvas CSS pixels) and axes. */
    panels: () => page.shape.panels.map(({ baked, ...p }) => p),
    /** The last step's values, `{ key: value }` as exact JSON text. */
    values: () => page.session.valuesJson(),
    /** The module's load time in the page, in ms. */
    loadMs: device.loadMs,
    /** The device the page calls: a test may wrap its `call` to make a call fail. */
    device,
    /** The document the editor last saved, `{ name, text }`, or null. */
    saved: () => page.editor.saved,
    /** Clip `i`'s document as played now (2.0 text) and whether it has unsaved edits. */
    document: (i) => ({ text: page.session.clips[i].document, dirty: page.editor.dirty(page.session.clips[i]) }),
    /** The device's bake of clip `i` at `rate` samples per second. */
    bake: (i, rate) => page.session.bake(page.session.clips[i], rate),
    /** How many animation frames have run. */
    frames: () => page.frames,
  };
  document.body.dataset.ready = "true";
  requestAnimationFrame((t) => page.frame(t));
}

start().catch((e) => {
  $("status").textContent = `the device did not start: ${e}`;
  throw e;
});
