// The web worker of a playable published page: it loads Pyodide from the site's runtime folder
// (the folder this script is in), unpacks the icewidgets package and runs the board's session
// (icewidgets/publishing/web_worker.py). The page posts {start: data} once (the board's start, packed
// as published data is, so that the page never holds it open), then {message: text}
// for each of the widget's messages and {download: true} for the record; the worker posts
// {update: text} after each action (the fields set and the splices, JSON), {download: text}
// (a record the page's data says to seal is sealed here, so the page never holds it open), or
// {failed: text} where the runtime could not start. Once the board is live it posts {marks},
// when each phase of its start ended (ms since the epoch, as performance.timeOrigin + now()).

import { gunzip } from "./gunzip";
import { seal, type SealKey } from "./seal";

interface PyProxy {
  receive(text: string): void;
  download(): string;
}

interface Pyodide {
  unpackArchive(buffer: Uint8Array, format: string, options: { extractDir: string }): void;
  runPython(code: string): unknown;
  globals: { get(name: string): (data: string, post: (text: string) => void) => PyProxy };
}

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (e: MessageEvent) => void): void;
  location: { href: string };
};

const here = new URL(".", scope.location.href).href;
let player: PyProxy | null = null;
let sealTo: SealKey | null = null;
const waiting: MessageEvent["data"][] = [];
const marks: Record<string, number> = {};
const mark = (phase: string): void => {
  marks[phase] = performance.timeOrigin + performance.now();
};
mark("worker");

const START = `
import sys
sys.path.insert(0, "/lib/iw")
from icewidgets.publishing.web_worker import Player
`;

async function start(packed: string): Promise<void> {
  const data = await gunzip(packed);
  sealTo = ((JSON.parse(data) as { seal?: SealKey | null }).seal) ?? null;
  const { loadPyodide } = (await import(/* @vite-ignore */ `${here}pyodide.mjs`)) as {
    loadPyodide(options: { indexURL: string }): Promise<Pyodide>;
  };
  mark("pyodide_mjs");
  const [py, zip] = await Promise.all([
    loadPyodide({ indexURL: here }).then((p) => (mark("load_pyodide"), p)),
    fetch(`${here}icewidgets.zip`).then((r) => {
      if (!r.ok) throw new Error(`icewidgets.zip: ${r.status}`);
      return r.arrayBuffer();
    }).then((b) => (mark("zip_fetched"), b)),
  ]);
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: "/lib/iw" });
  mark("unpacked");
  py.runPython(START);
  mark("imported");
  player = py.globals.get("Player")(data, (text: string) => scope.postMessage({ update: text }));
  mark("player");
  scope.postMessage({ marks });
  for (const queued of waiting.splice(0)) handle(queued);
}

function handle(data: Record<string, unknown>): void {
  if (!player) {
    waiting.push(data);
    return;
  }
  if (typeof data.message === "string") player.receive(data.message);
  else if (data.download) void download(player).then((text) => scope.postMessage({ download: text }));
}

/** The record to download: as the session gives it, or sealed where it says to seal. */
async function download(from: PyProxy): Promise<string> {
  const d = JSON.parse(from.download()) as { name: string; seal?: { record: string; seen: string } };
  if (!d.seal) return JSON.stringify(d);
  if (!sealTo) return JSON.stringify({ name: d.name, error: "this page has no key to seal its record with" });
  try {
    return JSON.stringify({ name: d.name, json: await seal(d.seal.record, d.seal.seen, sealTo), text: "" });
  } catch (err) {
    return JSON.stringify({ name: d.name, error: err instanceof Error ? err.message : String(err) });
  }
}

scope.addEventListener("message", (e: MessageEvent) => {
  const data = (e.data ?? {}) as Record<string, unknown>;
  if (typeof data.start === "string") {
    start(data.start).catch((err: unknown) => scope.postMessage({ failed: String(err) }));
  } else handle(data);
});
