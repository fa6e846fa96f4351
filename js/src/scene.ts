// Scene -> SVG. Each region kind has one function that draws it at the origin and reports its
// size; drawScene stacks the regions. Every element for a scene id is a <g data-id> whose first
// child is a transparent hit rectangle (class icw-hit): it widens the click area and is what the
// CSS outlines for targets, selections and marks.

import { h, list, objects, r1, str, svg, token } from "./dom";
import { paint } from "./palette";
import { SIZE_NAMES, clampSize, drawPyramid, pyramidHeight, pyramidWidth } from "./pyramid";
import type { Cell, Die, Piece, Pile, Region, Scene, ScenePlayer, Tower } from "./types";

const PAD = 8; // inside a region
const GAP = 8; // between regions
const LABEL_H = 20; // region label line
const MIN_W = 240;
const MAX_W = 620; // towers wrap to new lines past this width
const CELL = 36; // one pile
const ROW_H = 64; // one row of piles
const COL = 46; // one tower, at least: wider when its labels are long
const CHAR = 6.3; // rough width of a label character
const STEP = 0.6; // a stacked piece leaves this fraction of the one below it visible
const FOOT = 32; // tower label and owner/points under a tower
const SQ = 48; // one grid square
const CHIP_CHARS = 26; // longest row label shown whole
const DIE = 30;

export interface DrawnScene {
  svg: SVGSVGElement;
  /** The element drawn for each scene id (first one wins if an id repeats). */
  byId: Map<string, SVGGElement>;
}

interface Block {
  g: SVGGElement;
  width: number;
  height: number;
  bg?: SVGRectElement;
}

type Ids = Map<string, SVGGElement>;

/** A group for scene id `id`, with its hit rectangle. */
function item(ids: Ids, id: unknown, cls: string, x: number, y: number, w: number, hgt: number): SVGGElement {
  const g = svg("g", { class: cls });
  const key = str(id);
  if (key) {
    g.setAttribute("data-id", key);
    if (!ids.has(key)) ids.set(key, g);
  }
  g.append(svg("rect", { class: "icw-hit", x: r1(x), y: r1(y), width: r1(w), height: r1(hgt), rx: 3 }));
  return g;
}

function tooltip(g: SVGElement, text: string): void {
  g.append(svg("title", {}, text));
}

function describe(p: Piece): string {
  return `${str(p.colour)} ${SIZE_NAMES[clampSize(p.size)]}`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/** A coloured chip with a label on it (rows of piles). */
function chip(label: string, colour: string | undefined, x: number, y: number, w: number): SVGGElement {
  const p = paint(colour);
  const g = svg("g", { class: "icw-chip" });
  g.append(
    svg("rect", { x, y, width: w, height: 18, rx: 4, fill: p.fill, "fill-opacity": p.opacity, stroke: p.stroke }),
    svg("text", { x: x + 6, y: y + 13, fill: p.ink }, truncate(label, CHIP_CHARS)),
  );
  if (label.length > CHIP_CHARS) tooltip(g, label);
  return g;
}

function chipWidth(label: string): number {
  return Math.round(Math.max(44, 6.6 * Math.min(label.length, CHIP_CHARS) + 14));
}

function drawPiles(region: Region, ids: Ids): Block {
  const rows = objects<NonNullable<Region["rows"]>[number]>(region.rows);
  const g = svg("g");
  const chipW = rows.reduce((m, row) => Math.max(m, row.label ? chipWidth(str(row.label)) : 0), 0);
  const x0 = PAD + (chipW ? chipW + 8 : 0);
  let width = MIN_W;
  rows.forEach((row, i) => {
    const y = LABEL_H + PAD + i * ROW_H;
    if (row.label) g.append(chip(str(row.label), row.colour, PAD, y + 24, chipW));
    objects<Pile>(row.piles).forEach((pile, j) => {
      const cx = x0 + j * CELL + CELL / 2;
      const count = Number(pile.count) || 0;
      const pg = item(ids, pile.id, count > 0 ? "icw-pile" : "icw-pile icw-empty", cx - CELL / 2 + 1, y, CELL - 2, ROW_H - 4);
      pg.append(drawPyramid(str(pile.colour), pile.size, cx, y + 46), svg("text", { class: "icw-count", x: cx, y: y + 57 }, `×${count}`));
      tooltip(pg, `${describe(pile)} ×${count} (${str(pile.id)})`);
      g.append(pg);
    });
    width = Math.max(width, x0 + objects(row.piles).length * CELL + PAD);
  });
  return { g, width, height: LABEL_H + PAD + Math.max(1, rows.length) * ROW_H };
}

/** Height of a tower: each piece but the top one shows its lower part. */
function towerHeight(pieces: Piece[]): number {
  let total = 0;
  pieces.forEach((p, i) => (total += pyramidHeight(p.size) * (i < pieces.length - 1 ? STEP : 1)));
  return total;
}

/** Pieces stacked bottom first on (cx, baseline): each later piece sits on the lower part of
 * the one below, drawn after it, so every piece shows its colour, size and pips. */
function drawStack(ids: Ids, pieces: Piece[], cx: number, baseline: number, into: SVGGElement): void {
  let base = baseline;
  pieces.forEach((p, i) => {
    const ph = pyramidHeight(p.size);
    const shown = i < pieces.length - 1 ? ph * STEP : ph;
    const w = pyramidWidth(p.size);
    const pg = item(ids, p.id, "icw-piece", cx - w / 2 - 1, base - shown, w + 2, shown);
    pg.append(drawPyramid(str(p.colour), p.size, cx, r1(base)));
    tooltip(pg, `${describe(p)}${p.id ? ` (${str(p.id)})` : ""}`);
    into.append(pg);
    base -= shown;
  });
}

function towerLabel(t: Tower): string {
  return str(t.label ?? t.id);
}

function drawTower(tower: Tower, ids: Ids, cx: number, top: number, baseline: number, col: number): SVGGElement {
  const pieces = objects<Piece>(tower.pieces);
  const label = towerLabel(tower);
  const g = item(ids, tower.id, "icw-tower", cx - col / 2 + 2, top, col - 4, baseline - top + FOOT);
  if (!pieces.length) g.append(svg("line", { class: "icw-tower-empty", x1: cx - 12, x2: cx + 12, y1: baseline, y2: baseline }));
  drawStack(ids, pieces, cx, baseline, g);
  g.append(svg("text", { class: "icw-tower-label", x: cx, y: baseline + 13 }, truncate(label, Math.floor((col - 6) / CHAR))));
  const hasOwner = tower.owner !== null && tower.owner !== undefined && tower.owner !== "";
  const hasPoints = tower.points !== null && tower.points !== undefined;
  if (hasOwner || hasPoints) {
    const pts = hasPoints ? str(tower.points) : "";
    const x = hasOwner && pts ? cx - 3 * pts.length - 1 : cx;
    if (hasOwner) {
      const p = paint(tower.owner);
      g.append(svg("circle", { class: "icw-owner", cx: pts ? x - 6 : cx, cy: baseline + 23, r: 4.5, fill: p.fill, stroke: p.stroke }));
    }
    if (pts) g.append(svg("text", { class: "icw-points", x: hasOwner ? x + 1 : cx, y: baseline + 27, "text-anchor": hasOwner ? "start" : "middle" }, pts));
  }
  const owner = hasOwner ? `, owner ${str(tower.owner)}` : "";
  const points = hasPoints ? `, ${str(tower.points)} points` : "";
  const order = pieces.length ? `, bottom to top: ${pieces.map(describe).join(", ")}` : ", empty";
  tooltip(g, `${label}${order}${owner}${points}`);
  return g;
}

function drawTowers(region: Region, ids: Ids): Block {
  const towers = objects<Tower>(region.towers);
  const g = svg("g");
  const longest = towers.reduce((m, t) => Math.max(m, towerLabel(t).length), 0);
  const col = Math.round(Math.min(96, Math.max(COL, CHAR * longest + 8)));
  const perLine = Math.max(1, Math.floor((MAX_W - 2 * PAD) / col));
  let y = LABEL_H + PAD;
  for (let start = 0; start < towers.length; start += perLine) {
    const line = towers.slice(start, start + perLine);
    const tallest = line.reduce((m, t) => Math.max(m, towerHeight(objects<Piece>(t.pieces))), 24);
    const baseline = y + tallest + 4;
    line.forEach((t, i) => g.append(drawTower(t, ids, PAD + i * col + col / 2, y, baseline, col)));
    y = baseline + FOOT + 4;
  }
  const width = Math.max(MIN_W, Math.min(towers.length, perLine) * col + 2 * PAD);
  return { g, width, height: towers.length ? y : y + 40 };
}

function count(v: unknown, low: number, high: number, fallback: number): number {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) ? Math.max(low, Math.min(high, n)) : fallback;
}

/** A board of squares, rank 0 at the bottom; each listed cell is an item with its stack. */
function drawGrid(region: Region, ids: Ids): Block {
  const files = count(region.files, 1, 32, 8);
  const ranks = count(region.ranks, 1, 32, 8);
  const fileLabels = list<unknown>(region.file_labels);
  const rankLabels = list<unknown>(region.rank_labels);
  const x0 = PAD + (rankLabels.length ? 16 : 0);
  const y0 = LABEL_H + PAD;
  const top = (rank: number): number => y0 + (ranks - 1 - rank) * SQ;
  const g = svg("g");
  for (let f = 0; f < files; f++) {
    for (let rk = 0; rk < ranks; rk++) {
      g.append(svg("rect", { class: (f + rk) % 2 ? "icw-sq" : "icw-sq icw-sq-alt", x: x0 + f * SQ, y: top(rk), width: SQ, height: SQ }));
    }
    if (fileLabels[f] !== undefined) g.append(svg("text", { class: "icw-coord", x: x0 + f * SQ + SQ / 2, y: y0 + ranks * SQ + 12 }, str(fileLabels[f])));
  }
  rankLabels.slice(0, ranks).forEach((l, rk) => g.append(svg("text", { class: "icw-coord", x: PAD + 6, y: top(rk) + SQ / 2 + 4 }, str(l))));
  for (const c of objects<Cell>(region.cells)) {
    const f = Number(c.file);
    const rk = Number(c.rank);
    if (!(Number.isInteger(f) && Number.isInteger(rk) && f >= 0 && f < files && rk >= 0 && rk < ranks)) continue;
    const x = x0 + f * SQ;
    const cg = item(ids, c.id, "icw-cell", x, top(rk), SQ, SQ);
    const pieces = objects<Piece>(c.pieces);
    if (pieces.length) {
      // Shrink a tall stack to fit its square.
      const k = Math.min(1, (SQ - 8) / towerHeight(pieces), (SQ - 6) / Math.max(...pieces.map((p) => pyramidWidth(p.size))));
      const stack = svg("g", { transform: `translate(${x + SQ / 2},${top(rk) + SQ - 4}) scale(${r1(k * 100) / 100})` });
      drawStack(ids, pieces, 0, 0, stack);
      cg.append(stack);
    }
    tooltip(cg, `${str(c.id)}${pieces.length ? `: ${pieces.map(describe).join(", ")}` : ""}`);
    g.append(cg);
  }
  return { g, width: x0 + files * SQ + PAD, height: y0 + ranks * SQ + (fileLabels.length ? 16 : 0) };
}

/** Pip positions on a die face, in thirds of its half-width. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function drawDice(region: Region, ids: Ids): Block {
  const dice = objects<Die>(region.dice);
  const g = svg("g");
  const y = LABEL_H + PAD;
  dice.forEach((d, i) => {
    const x = PAD + i * (DIE + 12);
    const used = d.used === true;
    const dg = item(ids, d.id, used ? "icw-die icw-used" : "icw-die", x - 3, y - 3, DIE + 6, DIE + 20);
    dg.append(svg("rect", { class: "icw-die-face", x, y, width: DIE, height: DIE, rx: 5 }));
    const face = d.face;
    const pips = typeof face === "number" ? PIPS[face] : undefined;
    if (pips) for (const [dx, dy] of pips) dg.append(svg("circle", { class: "icw-die-pip", cx: x + DIE / 2 + dx * 8, cy: y + DIE / 2 + dy * 8, r: 2.6 }));
    else dg.append(svg("text", { class: "icw-die-text", x: x + DIE / 2, y: y + DIE / 2 + 5 }, face === null || face === undefined ? "?" : str(face)));
    const note = str(d.note);
    if (note) dg.append(svg("text", { class: "icw-die-note", x: x + DIE / 2, y: y + DIE + 13 }, truncate(note, 7)));
    tooltip(dg, `${str(d.id)}: ${face ?? "not rolled"}${used ? ", used" : ""}${note ? `, ${note}` : ""}`);
    g.append(dg);
  });
  return { g, width: Math.max(MIN_W, 2 * PAD + dice.length * (DIE + 12)), height: y + DIE + 20 };
}

function drawUnknown(region: Region): Block {
  const g = svg("g");
  g.append(svg("text", { class: "icw-muted", x: PAD, y: LABEL_H + PAD + 12 }, `(no drawing for region kind "${str(region.kind)}")`));
  return { g, width: MIN_W + 80, height: LABEL_H + PAD + 24 };
}

const DRAWERS: Record<string, (region: Region, ids: Ids) => Block> = {
  piles: drawPiles,
  towers: drawTowers,
  grid: drawGrid,
  dice: drawDice,
};

/** A region: its own drawing under a label, on a background that is the region's hit area. */
function drawRegion(region: Region, ids: Ids): Block {
  const kind = str(region.kind);
  const inner = (Object.hasOwn(DRAWERS, kind) ? DRAWERS[kind]! : drawUnknown)(region, ids);
  const g = item(ids, region.id, `icw-region icw-region-${token(kind)}`, 0, 0, inner.width, inner.height + PAD);
  const bg = g.firstChild as SVGRectElement;
  bg.classList.add("icw-region-bg");
  if (region.label) g.append(svg("text", { class: "icw-region-label", x: PAD, y: 15 }, str(region.label)));
  g.append(inner.g);
  return { g, width: inner.width, height: inner.height + PAD, bg };
}

/** The whole scene as one <svg class="icw-scene"> with a viewBox; it scales to its container. */
export function drawScene(scene: Scene | null | undefined): DrawnScene {
  const byId: Ids = new Map();
  const root = svg("svg", { class: "icw-scene" });
  const blocks = objects<Region>(scene?.regions).map((r) => drawRegion(r, byId));
  const width = blocks.reduce((m, b) => Math.max(m, b.width), MIN_W);
  let y = 0;
  for (const b of blocks) {
    b.g.setAttribute("transform", `translate(0,${y})`);
    b.bg?.setAttribute("width", String(width)); // regions share the full width
    root.append(b.g);
    y += b.height + GAP;
  }
  const height = Math.max(40, y - GAP);
  root.setAttribute("viewBox", `0 0 ${width} ${r1(height)}`);
  root.style.maxWidth = `${Math.round(width * 1.6)}px`; // do not blow small scenes up
  if (scene?.title) root.setAttribute("aria-label", str(scene.title));
  for (const m of objects<{ id: unknown; kind: unknown }>(scene?.marks)) {
    byId.get(str(m.id))?.classList.add(`icw-mark-${token(m.kind)}`);
  }
  return { svg: root, byId };
}

/** The score panel: one entry per scene player (swatch, name, score, note, badges). */
export function drawPlayers(players: unknown): HTMLElement {
  const panel = h("div", "icw-players");
  for (const pl of objects<ScenePlayer>(players)) {
    const row = h("div", "icw-player", undefined, { "data-seat": str(pl.seat) });
    const sw = h("span", "icw-swatch");
    const p = paint(pl.colour);
    sw.style.background = p.fill;
    sw.style.borderColor = p.stroke;
    row.append(sw, h("span", "icw-pname", str(pl.name ?? pl.seat)));
    if (pl.score !== null && pl.score !== undefined) row.append(h("span", "icw-score", str(pl.score)));
    if (pl.note) row.append(h("span", "icw-pnote", str(pl.note)));
    for (const b of list<unknown>(pl.badges)) row.append(h("span", "icw-badge", str(b)));
    panel.append(row);
  }
  return panel;
}
