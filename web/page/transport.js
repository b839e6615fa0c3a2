// The transport controls: play / pause / stop, the playhead (a slider, a time field, and a
// drag on the curves), speed (negative plays backwards), loop mode, window, the manual
// clock's "step N frames of dt", and a weight slider per clip instance. Each control makes
// one contract call through the session; a refused value is shown, nothing else changes,
// and a call that throws is shown in the page's error line.

import { Refusal } from "./session.js";

const $ = (id) => document.getElementById(id);

/**
 * Runs the control `what` (`call` answers whether the device accepted it) and shows the
 * outcome: nothing, "refused: …", or what threw.
 */
export function act(page, what, call) {
  try {
    page.notice(call() === false ? `refused: ${what}` : "");
  } catch (e) {
    if (e instanceof Refusal) page.notice(e.message);
    else page.failed(`in ${what}`, e);
  }
}

/** Connects the controls to `page` (main.js: its session, redraw, notice and errors). */
export function wireTransport(page) {
  const session = page.session;
  const answer = (what, call) => act(page, what, call);
  $("play").onclick = () => answer("play", () => session.play());
  $("pause").onclick = () => answer("pause", () => session.pause());
  $("stop").onclick = () => answer("stop", () => session.stop());
  $("speed").onchange = (e) => answer(`speed ${e.target.value}`, () => session.setSpeed(Number(e.target.value)));
  $("loop").onchange = (e) => answer(`loop ${e.target.value}`, () => session.setLoop(e.target.value));
  $("window-apply").onclick = () => {
    const start = Number($("window-start").value || 0) * 1e6;
    const endText = $("window-end").value.trim();
    answer("window", () => session.setWindow(start, endText === "" ? null : Number(endText) * 1e6));
  };
  $("seek-ms").onchange = (e) => answer(`seek ${e.target.value} ms`, () => session.seek(Number(e.target.value) * 1e6));
  $("playhead").oninput = (e) => answer("seek", () => session.seek(Number(e.target.value)));
  $("step").onclick = () => {
    answer("step", () => page.stepFrames(Number($("step-count").value), Number($("step-dt-ns").value)));
  };
  wireDrag(page);
}

/** Dragging on the curves moves the playhead (a seek per move). */
function wireDrag(page) {
  const canvas = $("curves");
  let dragging = false;
  const seekTo = (event) => {
    const p = page.shape?.panels[0];
    if (!p) return;
    const x = event.clientX - canvas.getBoundingClientRect().left;
    const t = p.t0 + ((x - p.left) / p.width) * (p.t1 - p.t0);
    act(page, "seek", () => page.session.seek(Math.min(Math.max(t, p.t0), p.t1)));
  };
  canvas.onpointerdown = (e) => {
    if (!page.shape?.panels.length || e.clientX - canvas.getBoundingClientRect().left < page.shape.panels[0].left) return;
    dragging = true;
    canvas.setPointerCapture(e.pointerId);
    seekTo(e);
  };
  canvas.onpointermove = (e) => dragging && seekTo(e);
  canvas.onpointerup = () => {
    dragging = false;
  };
}

/** The clip rows: name, format, a weight slider and a remove button each. */
export function showClips(list, page) {
  const session = page.session;
  list.replaceChildren(
    ...session.clips.map((clip, index) => {
      const li = document.createElement("li");
      li.dataset.anim = clip.anim;
      const name = document.createElement("span");
      name.className = "clip-name";
      name.textContent = `${clip.name}${page.editor?.dirty(clip) ? " *" : ""} (${clip.format}, anim ${clip.anim}, instance ${clip.instance})`;
      const weight = document.createElement("input");
      weight.type = "range";
      weight.min = "0";
      weight.max = "1";
      weight.step = "0.01";
      weight.value = String(clip.weight);
      weight.className = "weight";
      weight.setAttribute("aria-label", `weight of ${clip.name}`);
      const shown = document.createElement("output");
      shown.textContent = String(Number(clip.weight.toFixed(2)));
      weight.oninput = () => {
        shown.textContent = weight.value;
        act(page, `weight ${weight.value}`, () => session.setWeight(index, Number(weight.value)));
      };
      const remove = document.createElement("button");
      remove.textContent = "remove";
      remove.onclick = () =>
        act(page, `remove ${clip.name}`, () => {
          session.remove(index);
          page.clipsChanged();
        });
      const notes = document.createElement("span");
      notes.className = "clip-notes";
      notes.textContent = clip.notes.join("\n");
      li.append(name, weight, shown, remove, notes);
      return li;
    }),
  );
}
