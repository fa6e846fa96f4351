// A playable board in a published page: served over http(s), the widget is drawn on a
// WorkerModel whose worker runs the board's Python session in this browser, with Download
// buttons for the record; opened from disk (file://, where browsers refuse to run the worker and
// its WebAssembly), or where the runtime cannot start, the board steps through its published
// record as a read-only page does, and says in one line how to play it.

import widget from "./index";
import { h } from "./dom";
import { WorkerModel, type Download } from "./worker-model";
import { copyRecord } from "./copy-record";
import type { Model } from "./types";

export const SERVE_NOTE =
  "To play this board, serve its folder: run `python -m http.server` in it and open http://localhost:8000/ in a browser.";

/** The fields a published board starts with, before the worker sends its own. */
const STARTING = ["title", "scene", "_timeline", "cursor", "status", "annotations", "games", "game_index",
  "variant_schema", "form_error", "seed", "viewer", "follow_turn", "viewers", "seated", "agent_choices",
  "thinking", "hints"];

/** Whether this page can run the worker (not opened from disk). */
export function canPlay(): boolean {
  return location.protocol === "http:" || location.protocol === "https:";
}

function save(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", "", undefined, { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The Download buttons: the record of the game shown, as JSON and in its text form; and Copy
 * the record (its JSON, for a message). A page that seals its records offers no text form. */
function downloads(model: WorkerModel, sealed: boolean): HTMLElement {
  const row = h("div", "icw-play-download");
  const got = (use: (d: Download) => void) => () => {
    void model.download().then((d) => (d.error ? model.say(`The record could not be made: ${d.error}.`) : use(d)));
  };
  const button = (cls: string, label: string, use: (d: Download) => void): HTMLButtonElement => {
    const b = h("button", cls, label, { type: "button" });
    b.addEventListener("click", got(use));
    return b;
  };
  row.append(button("icw-download-record", sealed ? "Download the record (sealed for the designer)" : "Download the record",
    (d) => save(`${d.name}.json`, d.json, "application/json")));
  if (!sealed) row.append(button("icw-download-record", "Download as text", (d) => save(`${d.name}.txt`, d.text, "text/plain")));
  row.append(button("icw-copy-record", "Copy the record", (d) => void copyRecord(row, d.json)));
  return row;
}

/** Draw a playable board in `el`; `still` draws it read-only (the fallback) with a note. */
export function mountPlayable(el: HTMLElement, play: Record<string, unknown>, shown: Model,
                              still: (note: string) => void): void {
  if (!canPlay()) {
    still(SERVE_NOTE);
    return;
  }
  const runtime = typeof play.runtime === "string" ? play.runtime : "icewidgets-play";
  let worker: Worker;
  try {
    worker = new Worker(new URL(`${runtime}/play-worker.js`, location.href), { type: "module" });
  } catch (err) {
    still(`This browser cannot run the rules here (${String(err)}): the record is shown read-only.`);
    return;
  }
  const marks: Record<string, number> = { page: performance.now() };  // ms since navigation
  // The published node's own fields (its scene, moves, status), and the worker's first ones for
  // the rest (the controls drawn at once, so that the board does not move when the rules start):
  // inert until then.
  const first = play.first !== null && typeof play.first === "object" ? play.first as Record<string, unknown> : {};
  const published = STARTING.filter((name) => !(name in first)).map((name) => [name, shown.get(name)]).filter(([, value]) => value !== undefined);
  const initial = { ...first, ...Object.fromEntries(published) };
  const model = new WorkerModel(worker, typeof play.start === "string" ? play.start : "", initial);
  const cleanup = widget.render({ model, el });
  const row = downloads(model, play.sealed === true);
  el.querySelector(".icw-side")?.append(row);
  marks.drawn = performance.now();
  model.onLive = () => {
    el.setAttribute("data-live", "true");
    marks.live = performance.now();
  };
  model.onMarks = (inWorker) => {  // the start's phases, for bench/publish.py
    for (const [phase, t] of Object.entries(inWorker)) marks[phase] = t - performance.timeOrigin;
    el.setAttribute("data-marks", JSON.stringify(marks));
  };
  model.onFailed = (why) => {
    worker.terminate();
    cleanup?.();
    el.replaceChildren();
    still(`The rules could not start in this browser (${why}): the record is shown read-only.`);
  };
}
