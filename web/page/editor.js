// The clip editor: every edit an author makes — a drag on the curves (editor_pointer.js), a
// typed time or value, a side's transition, a boolean or string change's value, add,
// delete — goes to the engine's editor compiled to wasm (`ClipEditor`, web/runtime/src/
// edit.rs) as an edit in its JSON form (docs/curves.md §9.1). The engine applies it or
// refuses it with a reason; an applied edit is reloaded on the device with `reload_clip`
// (the player keeps its place) and the curves are baked by the device again, so what is
// drawn is what plays. A refused edit shows the engine's reason (#edit-error) and the last
// valid clip keeps playing. Undo and redo are the engine's; Save downloads the engine's 2.0
// document. Previewing (play, scrub, speed, loop, window) never touches the editor.

import { ClipEditor, snapTime, transitionNames } from "./pkg/arora_web.js";
import { wirePointer } from "./editor_pointer.js";
import { Refusal } from "./session.js";

const $ = (id) => document.getElementById(id);

/** The editor of the page's clips: one `ClipEditor` per clip, made at its first edit. */
export class Editor {
  constructor(page) {
    this.page = page;
    /** The keypoint selected: `{ clip, track, keypoint }` (indices), or null. */
    this.selected = null;
    /** The clip the editor's buttons act on (index in the session's clips). */
    this.current = 0;
    /** The last document saved: `{ name, text }`, or null. */
    this.saved = null;
  }

  get clips() {
    return this.page.session.clips;
  }

  /** The engine's editor of `clip`, opened on its document at its first use. */
  editorOf(clip) {
    if (!clip.editor) clip.editor = new ClipEditor(clip.document);
    return clip.editor;
  }

  /** Whether `clip` has edits not saved. */
  dirty(clip) {
    return clip.editor ? clip.editor.isDirty() : false;
  }

  /** Any clip with edits not saved (leaving asks first). */
  anyDirty() {
    return this.clips.some((c) => this.dirty(c));
  }

  /** The frame rate drags snap to, or undefined when the toggle is off. */
  snapFps() {
    return $("snap").checked ? Number($("fps").value) : undefined;
  }

  /** The keypoint time for `ms` milliseconds (the engine's snapping); throws a refusal. */
  timeNs(ms) {
    try {
      return snapTime(ms, this.snapFps());
    } catch (e) {
      throw new Refusal(e instanceof Error ? e.message : String(e));
    }
  }

  /**
   * Sends `edit` (an object in the engine's JSON form, or its text) for clip `c`; `amend` makes it part
   * of the last step (a drag's later moves). Answers whether the engine applied it.
   */
  edit(c, edit, amend = false) {
    const clip = this.clips[c];
    if (!clip) return false;
    this.current = c;
    const engine = this.editorOf(clip);
    const json = typeof edit === "string" ? edit : JSON.stringify(edit);
    return this.show(clip, amend ? engine.amend(json) : engine.apply(json));
  }

  /** Shows the engine's answer: its refusal, or the edited clip reloaded and redrawn. */
  show(clip, answer) {
    if (answer === null) return false;
    if (answer.refused !== undefined) {
      $("edit-error").textContent = answer.refused;
      return false;
    }
    $("edit-error").textContent = "";
    this.page.session.reload(clip, answer);
    this.page.clipsChanged();
    return true;
  }

  undo() {
    const clip = this.clips[this.current];
    if (clip?.editor) this.show(clip, clip.editor.undo());
  }

  redo() {
    const clip = this.clips[this.current];
    if (clip?.editor) this.show(clip, clip.editor.redo());
  }

  /** Downloads the current clip's 2.0 document, named like its file with `.json`; clean. */
  save() {
    const clip = this.clips[this.current];
    if (!clip) return;
    const engine = this.editorOf(clip);
    const text = engine.save();
    const name = `${clip.name.replace(/\.[^.]*$/, "")}.json`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
    engine.markSaved();
    this.saved = { name, text };
    this.page.clipsChanged();
  }

  /** The selected keypoint as the clip holds it, or null. */
  selectedKeypoint() {
    const s = this.selected;
    return s ? (this.clips[s.clip]?.tracks[s.track]?.keypoints[s.keypoint] ?? null) : null;
  }

  select(at) {
    this.selected = at;
    if (at) this.current = at.clip;
    this.showSelection();
  }

  /** The editor's fields for the current clip and the selected keypoint. */
  showSelection() {
    const clip = this.clips[this.current];
    $("edit-name").textContent = clip ? `${clip.name}${this.dirty(clip) ? " *" : ""}` : "no clip";
    $("undo").disabled = !clip?.editor || clip.editor.undoLength() === 0;
    $("redo").disabled = !clip?.editor || clip.editor.redoLength() === 0;
    $("save").disabled = !clip;
    const k = this.selectedKeypoint();
    if (!k) this.selected = null;
    for (const id of ["edit-time", "edit-value", "edit-arrive", "edit-leave", "edit-delete"]) $(id).disabled = !k;
    if (!k) {
      $("edit-selected").textContent = "no keypoint selected: click one on the curves, double-click a curve to add one";
      return;
    }
    const track = this.clips[this.selected.clip].tracks[this.selected.track];
    $("edit-selected").textContent = `keypoint ${k.id} of ${track.id}`;
    if (document.activeElement !== $("edit-time")) $("edit-time").value = String(k.timeNs / 1e6);
    if (document.activeElement !== $("edit-value")) $("edit-value").value = String(k.value);
    const number = typeof k.value === "number";
    $("edit-arrive").disabled = $("edit-leave").disabled = !number;
    $("edit-arrive").value = k.arriveKind ?? "";
    $("edit-leave").value = k.leaveKind ?? "";
  }

  /** A keypoint edit of the selected keypoint: `{ move: { at, to } }` and the like. */
  at() {
    const { track, keypoint } = this.selected;
    return { track, keypoint };
  }

  typedTime() {
    if (!this.selected) return;
    this.edit(this.selected.clip, { move: { at: this.at(), to: { time: { timeNs: this.timeNs(Number($("edit-time").value)) } } } });
  }

  /**
   * The typed value, sent as the engine reads it: on a string track as text; elsewhere a
   * JSON literal (a number as typed, so the engine rounds it; `true`, `false`) as it is,
   * anything else as text. The engine refuses a value of another kind than the track's.
   */
  typedValue() {
    const k = this.selectedKeypoint();
    if (!k) return;
    const text = $("edit-value").value;
    const literal = typeof k.value !== "string" && isLiteral(text) ? text.trim() : JSON.stringify(text);
    const at = JSON.stringify(this.at());
    this.edit(this.selected.clip, `{"move":{"at":${at},"to":{"value":${literal}}}}`);
  }

  /** Sets `side` ("arrive" or "leave") of the selected keypoint to the list's choice. */
  typedTransition(side, choice) {
    const k = this.selectedKeypoint();
    if (!k) return;
    let transition = choice === "" ? null : choice;
    if (choice === "handle") {
      // A new handle: a third of the way to the neighbour on that side, level.
      const keys = this.clips[this.selected.clip].tracks[this.selected.track].keypoints;
      const times = keys.map((x) => x.timeNs).filter((t) => (side === "leave" ? t > k.timeNs : t < k.timeNs));
      const gap = times.length ? Math.min(...times.map((t) => Math.abs(t - k.timeNs))) : 1e8;
      transition = { dtNs: (side === "leave" ? gap : -gap) / 3, dv: 0 };
    }
    this.edit(this.selected.clip, { setTransition: { at: this.at(), side, transition } });
  }

  deleteSelected() {
    if (!this.selected) return;
    const at = this.at();
    if (this.edit(this.selected.clip, { delete: { at } })) this.select(null);
  }
}

/** Whether `text` is one JSON number or boolean literal. */
function isLiteral(text) {
  try {
    const value = JSON.parse(text);
    return typeof value === "number" || typeof value === "boolean";
  } catch {
    return false;
  }
}

/** Builds the editor of `page` and connects its controls, keys and the pointer. */
export function wireEditor(page, act) {
  const editor = new Editor(page);
  const run = (what, call) => {
    try {
      call();
    } catch (e) {
      if (e instanceof Refusal) $("edit-error").textContent = e.message;
      else act(what, e);
    }
    editor.showSelection();
  };
  for (const id of ["edit-arrive", "edit-leave"]) {
    const list = $(id);
    list.append(new Option("absent (cubic)", ""), new Option("handle", "handle"));
    for (const name of transitionNames()) list.append(new Option(name, name));
    list.onchange = () => run("a transition", () => editor.typedTransition(id === "edit-arrive" ? "arrive" : "leave", list.value));
  }
  $("undo").onclick = () => run("undo", () => editor.undo());
  $("redo").onclick = () => run("redo", () => editor.redo());
  $("save").onclick = () => run("save", () => editor.save());
  $("edit-delete").onclick = () => run("delete", () => editor.deleteSelected());
  $("edit-time").onchange = () => run("a time", () => editor.typedTime());
  $("edit-value").onchange = () => run("a value", () => editor.typedValue());
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === "z") {
      e.preventDefault();
      run(e.shiftKey ? "redo" : "undo", () => (e.shiftKey ? editor.redo() : editor.undo()));
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      run("delete", () => editor.deleteSelected());
    }
  });
  window.addEventListener("beforeunload", (e) => {
    if (!editor.anyDirty()) return;
    e.preventDefault();
    e.returnValue = "";
  });
  wirePointer(editor, run);
  editor.showSelection();
  return editor;
}
