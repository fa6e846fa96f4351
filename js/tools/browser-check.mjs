// Look at the built widget in headless Chromium, as a person would: a light and a dark copy of
// the sample scene (with an agent thinking and hints shown), a grid-and-dice scene, cards and a deck, narrow copies (the scene's smallest
// rendered text size, which should stay >= 11px), and the time of a scene draw with ~50 pieces
// (the data-render-ms hook).
// Usage: node tools/browser-check.mjs [chromium] -> prints timings and sizes, writes PNG.
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

// JupyterLab 4's dark theme values the board reads.
const dark = `--jp-ui-font-color1: rgba(255, 255, 255, 0.87); --jp-layout-color1: #212121; --jp-layout-color2: #424242;
  --jp-border-color2: #424242; --jp-brand-color1: #2196f3; --jp-error-color1: #f44336; --jp-success-color1: #4caf50;
  --jp-warn-color1: #ff9800; --jp-info-color0: #0097a7;`;

const page = `<!doctype html><meta charset="utf-8"><style>${css}
body { margin: 0; font-family: sans-serif; } .cell { padding: 12px; } .narrow { width: 320px; flex: none; }
.dark { background: #111; ${dark} }</style>
<div class="cell" id="light"></div><div class="cell dark" id="dark"></div><div class="cell" id="grid"></div>
<div class="cell" id="cards"></div><div style="display: flex"><div class="cell narrow" id="narrow-towers"></div>
<div class="cell narrow" id="narrow-grid"></div><div class="cell narrow dark" id="narrow-cards"></div></div>
<pre id="result">pending</pre>
<script>${bundle}</script>
<script>
(async () => {
const widget = icw.default;
const scene = ${read("tests/data/scene3.json")};
const gridDice = ${read("tests/data/grid-dice.json")};
const cards = ${read("tests/data/cards-deck.json")};
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
const traits = () => ({ title: "IceTowers", scene, actors, _timeline: timeline, cursor: 5, status: "Red or Blue to play",
  error: "That tower is not yours to cap.", variant_schema: schema, seed: 1234, form_error: {},
  viewers: [], viewer: null, follow_turn: false, games: [[0, "1: IceTowers, 3 players"], [1, "2: IceTowers, 4 players"]], game_index: 1 });
const mount = (id, extra) => { const m = new Model({ ...traits(), ...extra }); widget.render({ model: m, el: document.getElementById(id) }); return m; };
// an agent seated and thinking, and the hint agent's moves on the board
const agents = { seated: [[0, null], [1, "mcts"], [2, null]], agent_choices: ["random", "greedy", "mcts"],
  thinking: { seat: 1, name: "Ben", agent: "mcts" },
  hints: [{ text: "r1>T1", path: ["free:r1", "T1"], share: 0.62, note: "124 of 200 simulations" },
    { text: "r1>table", path: ["free:r1", "table"], share: 0.25, note: "50 of 200 simulations" },
    { text: "r2>table", path: ["free:r2", "table"], share: 0.08, note: "16 of 200 simulations" }] };
mount("light", agents); mount("dark", agents);
mount("grid", { scene: gridDice, actors: [{ seat: 0, name: "One", colour: "purple", buttons: [],
  tree: { "c3.2": { e5: "move", "a1": "capture" }, "a1.0": { e5: "stack" } } }], status: "One to play", error: "" });
const cardActors = [{ seat: 0, name: "Ann", colour: "red", buttons: [], tree: { "hand:0:castle": { market: "play" }, "hand:0:7k": { market: "play" } } }];
const cardTraits = { scene: cards, actors: cardActors, status: "Ann to play", error: "",
  viewers: [[null, "Designer (sees all)"], [0, "Ann"], [1, "Ben"]], viewer: 0, follow_turn: true };
mount("cards", cardTraits);
// narrow copies: many towers, a 7x7 board, the cards in the dark theme
const many = { ...scene, regions: [scene.regions[1], { ...scene.regions[1], id: "more", label: "More towers",
  towers: Array.from({ length: 12 }, (_, i) => ({ id: "M" + i, label: "M" + i, owner: "blue", points: i, pieces: [{ id: "M" + i + ".0", colour: "blue", size: 2 }] })) }] };
mount("narrow-towers", { scene: many });
const cells = []; for (let f = 0; f < 7; f++) for (let r = 0; r < 7; r++) cells.push({ id: "abcdefg"[f] + (r + 1), file: f, rank: r, pieces: r < 2 ? [{ id: "p" + f + r, colour: "red", size: 2 }] : [] });
mount("narrow-grid", { scene: { title: "7x7", regions: [{ kind: "grid", id: "board", label: "Board", files: 7, ranks: 7,
  file_labels: [..."abcdefg"], rank_labels: [..."1234567"], cells }] }, actors: [] });
mount("narrow-cards", cardTraits);
/** The smallest rendered size of a scene text in this copy, in CSS pixels. */
const smallest = (id) => {
  const s = document.querySelector("#" + id + " svg.icw-scene");
  const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
  const sizes = [...s.querySelectorAll("text")].filter((t) => t.getBBox().width > 0).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const box = s.parentElement;
  return Math.min(...sizes).toFixed(1) + "px" + (box.scrollWidth > box.clientWidth + 1 ? " (scrolls: " + s.viewBox.baseVal.width + " in " + box.clientWidth + ")" : "");
};
// select a first piece in the light copy, so the targets show
document.querySelector('#light [data-id="free:r1"] .icw-pyr-body').dispatchEvent(new MouseEvent("click", { bubbles: true }));
if (location.hash === "#sizes") {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // the resize observers have laid out
  const ids = ["light", "grid", "cards", "narrow-towers", "narrow-grid", "narrow-cards"];
  document.getElementById("result").textContent = "smallest scene text: " + ids.map((id) => id + " " + smallest(id)).join(", ");
  return;
}
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
  ", a mark moved median " + mark[15] + " max " + mark[29];
})();
</script>`;
writeFileSync(out + ".html", page);
const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,3400"];
const result = (extra, url) => {
  const dom = execFileSync(browser, [...flags, ...extra, "--dump-dom", url], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return /<pre id="result">([^<]*)<\/pre>/.exec(dom)?.[1] ?? "no result";
};
// Timings run synchronously up to the load event (the clock runs); the sizes need frames (the
// resize observers), so that run lets virtual time pass.
console.log(result([], out + ".html"));
console.log(result(["--virtual-time-budget=3000"], `file://${out}.html#sizes`));
execFileSync(browser, [...flags, "--virtual-time-budget=3000", `--screenshot=${out}.png`, `file://${out}.html#sizes`], { stdio: "ignore" });
console.log("screenshot:", out + ".png");
