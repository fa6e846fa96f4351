// Look at the built widget in headless Chromium, as a person would: a light and a dark copy
// of the sample scene, a grid-and-dice scene, and the time of a scene draw with ~50 pieces
// (the data-render-ms hook).
// Usage: node tools/browser-check.mjs [chromium] -> prints timings, writes PNG.
// The page is one classic script (the bundle built here as an IIFE), so everything has run when
// Chromium dumps the DOM at the load event; virtual time is not used, as it freezes the clock.
import { execFileSync } from "node:child_process";
import { buildSync } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const here = new URL("..", import.meta.url).pathname;
const read = (p) => readFileSync(join(here, p), "utf8");
const browser = process.argv[2] ?? "chromium";
const out = join(tmpdir(), "icw-check");

const bundle = buildSync({
  entryPoints: [join(here, "src/index.ts")], bundle: true, minify: true, format: "iife", globalName: "icw", write: false,
}).outputFiles[0].text;
const css = buildSync({ entryPoints: [join(here, "src/styles.css")], minify: true, write: false }).outputFiles[0].text;

const page = `<!doctype html><meta charset="utf-8"><style>${css}
body { margin: 0; font-family: sans-serif; } .cell { padding: 12px; }
.dark { background: #111; --jp-ui-font-color1: #e6e6e6; --jp-ui-font-color2: #a8a8a8; --jp-layout-color1: #111;
  --jp-layout-color2: #2a2a2a; --jp-border-color2: #444; --jp-brand-color1: #4ea1f3; }</style>
<div class="cell" id="light"></div><div class="cell dark" id="dark"></div><div class="cell" id="grid"></div><pre id="result">pending</pre>
<script>${bundle}</script>
<script>
(async () => {
const widget = icw.default;
const scene = ${read("tests/data/scene3.json")};
const gridDice = ${read("tests/data/grid-dice.json")};
const timeline = ${read("tests/data/timeline.json")};
const schema = ${read("tests/data/schema.json")};
class Model {
  constructor(d) { this.d = d; this.l = {}; }
  get(k) { return this.d[k]; }
  on(e, f) { (this.l[e] ??= []).push(f); }
  off(e, f) { this.l[e] = (this.l[e] ?? []).filter((g) => g !== f); }
  send(m) { console.log(JSON.stringify(m)); }
  set(k, v) { this.d[k] = v; (this.l["change:" + k] ?? []).forEach((f) => f()); }
}
const actors = [{ seat: 0, name: "Red", colour: "red", buttons: [["r:pass", "Pass"]],
  tree: { "free:r1": { T1: "cap", T3: "cap", table: "place" }, "free:r2": { table: "place" } } },
  { seat: 2, name: "Blue", colour: "blue", buttons: [], tree: { "free:b1": { table: "place" } } }];
const traits = () => ({ title: "IceTowers", scene, actors, timeline, cursor: 5, status: "Red or Blue to play",
  error: "That tower is not yours to cap.", variant_schema: schema });
const models = ["light", "dark"].map((id) => { const m = new Model(traits()); widget.render({ model: m, el: document.getElementById(id) }); return m; });
const g = new Model({ ...traits(), scene: gridDice, actors: [{ seat: 0, name: "One", colour: "purple", buttons: [],
  tree: { "c3.2": { e5: "move", "a1": "move" }, "a1.0": { e5: "move" } } }], status: "One to play", error: "" });
widget.render({ model: g, el: document.getElementById("grid") });
// select a first piece in the light copy, so the targets show
document.querySelector('#light [data-id="free:r1"] .icw-pyr-body').dispatchEvent(new MouseEvent("click", { bubbles: true }));
// timing: ~50 extra pieces, redrawn 40 times, the last 30 timed: every piece changed (a full
// draw), and only a mark moved (the view keeps every element but the marked ones)
const towers = (shift) => Array.from({ length: 10 }, (_, i) => ({ id: "X" + i, label: "X" + i, owner: "red", points: i,
  pieces: Array.from({ length: 5 }, (_, j) => ({ id: "X" + i + "." + j, colour: ["red", "green", "blue", "yellow", "ghost"][(j + shift) % 5], size: (j % 3) + 1 })) }));
const big = (shift) => ({ ...scene, regions: [...scene.regions, { kind: "towers", id: "more", label: "More", towers: towers(shift) }] });
const el = document.createElement("div"); document.body.append(el);
const m = new Model({ ...traits(), scene: big(0) }); widget.render({ model: m, el });
const time = async (next) => {
  const ms = [];
  for (let i = 0; i < 40; i++) {
    m.set("scene", next(i));
    await Promise.resolve();
    if (i >= 10) ms.push(Number(el.querySelector(".icw-board").getAttribute("data-render-ms"))); // after a warm-up
  }
  return ms.sort((a, b) => a - b);
};
const full = await time((i) => big(i + 1));
const mark = await time((i) => ({ ...big(0), marks: [{ id: "X" + (i % 10), kind: "last" }] }));
el.remove();
document.getElementById("result").textContent = "render-ms full draw median " + full[15] + " max " + full[29] +
  ", a mark moved median " + mark[15] + " max " + mark[29] + " pieces " + (document.querySelectorAll("#light .icw-pyr").length);
})();
</script>`;
writeFileSync(out + ".html", page);
const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"];
const dom = execFileSync(browser, [...flags, "--dump-dom", out + ".html"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
console.log(/<pre id="result">([^<]*)<\/pre>/.exec(dom)?.[1] ?? "no result");
execFileSync(browser, [...flags, "--window-size=1000,2000", `--screenshot=${out}.png`, out + ".html"], { stdio: "ignore" });
console.log("screenshot:", out + ".png");
