// Scene -> SVG. Each region kind has one function that lays the region out at the origin as a
// list of parts and reports its size; a SceneView stacks the regions. Every element for a scene id
// is a <g data-id> whose first child is a transparent hit rectangle (class icw-hit): it widens the
// click area and is what the CSS outlines for targets, selections and marks.
//
// Redraws are keyed. A part is drawn by a pure function of its arguments and keyed by them (as
// JSON); a group part is a <g> whose children are parts in turn; a part may be placed by a
// translate that is not in its key. A SceneView redraws by keeping every element whose key is
// unchanged, moving it if its place changed: a move changes a pile count and the top of a tower,
// and the rest of the board stays as it is, in the DOM too (so the browser lays out little).

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
const SQ = 64; // one grid square: a tree of three pieces stays readable in it
const CHIP_CHARS = 26; // longest row label shown whole
const DIE = 34;
const DIE_LABEL_H = 13; // a die's name above it
const NOTE_CHAR = 5.6; // rough width of a die note's character
const NOTE_CHARS = 18; // longest die note shown whole

export interface DrawnScene {
  svg: SVGSVGElement;
  /** The element drawn for each scene id, the first in document order if an id repeats. */
  byId: Map<string, SVGGElement>;
}

/** One element of the drawing: `make` draws it from what `key` names, `at` (a transform) places
 * it. A group's `children` are reconciled into it, unless they are drawn from the same `from` as
 * last time (then they are as they should be, and not even listed). */
interface Part {
  key: string;
  make: () => SVGElement;
  at?: string;
  children?: () => Part[];
  from?: string;
}

/** A region laid out at the origin: its parts, in drawing order, and its size. */
interface Layout {
  parts: Part[];
  width: number;
  height: number;
}

type Attrs = Record<string, string | number | null>;

/** A part drawn by `draw(...args)`: `draw` must depend on nothing but its arguments (and
 * constants), since the key is `tag` and the arguments as JSON. */
function part<A extends unknown[]>(tag: string, draw: (...args: A) => SVGElement, ...args: A): Part {
  return { key: tag + JSON.stringify(args), make: () => draw(...args) };
}

/** A <g> with these attributes around `children`, placed at (x, y) when given. When `from` is
 * given, the children must depend on nothing else (and constants). */
function group(attrs: Attrs, children: () => Part[], options: { place?: [number, number]; from?: unknown[] } = {}): Part {
  const g: Part = { key: "g" + JSON.stringify(attrs), make: () => svg("g", attrs), children };
  if (options.place) g.at = `translate(${r1(options.place[0])},${r1(options.place[1])})`;
  if (options.from) g.from = JSON.stringify(options.from);
  return g;
}

/** What a drawn part is now: its key, its element, where it was placed, what its children were
 * drawn from. */
interface Drawn {
  key: string;
  el: SVGElement;
  at: string | undefined;
  from: string | undefined;
}

/** The parts drawn into each container element, in order (the DOM is only written, never read). */
const DRAWN = new WeakMap<Element, Drawn[]>();

/** Make `parent`'s children the elements of `parts`, in order: the element of a part whose key
 * is unchanged stays (it is not even moved when already in place), the others are drawn anew. */
function reconcile(parent: Element, parts: readonly Part[]): void {
  const before = DRAWN.get(parent) ?? [];
  const spare = new Map<string, Drawn[]>();
  for (const d of before) {
    const same = spare.get(d.key);
    if (same) same.push(d);
    else spare.set(d.key, [d]);
  }
  const after = parts.map((p): Drawn => {
    const d = spare.get(p.key)?.shift() ?? { key: p.key, el: p.make(), at: undefined, from: undefined };
    if (p.at !== undefined && d.at !== p.at) {
      d.el.setAttribute("transform", p.at);
      d.at = p.at;
    }
    if (p.children && (p.from === undefined || p.from !== d.from)) {
      reconcile(d.el, p.children());
      d.from = p.from;
    }
    return d;
  });
  DRAWN.set(parent, after);
  if (after.length === before.length && after.every((d, i) => d === before[i])) return;
  // Drop what was not kept first, so the kept elements that follow it need no move.
  for (const list of spare.values()) for (const d of list) d.el.remove();
  let next = parent.firstElementChild;
  for (const { el } of after) {
    if (el === next) next = next.nextElementSibling;
    else parent.insertBefore(el, next);
  }
}

/** A scene id's attributes for its group (no data-id when the id is empty). */
function idAttrs(id: unknown, cls: string): Attrs {
  return { class: cls, "data-id": str(id) || null };
}

/** The hit rectangle of an item: first child of its group. */
function hitRect(x: number, y: number, w: number, hgt: number): SVGRectElement {
  return svg("rect", { class: "icw-hit", x: r1(x), y: r1(y), width: r1(w), height: r1(hgt), rx: 3 });
}

/** A group for scene id `id`, with its hit rectangle. */
function item(id: unknown, cls: string, x: number, y: number, w: number, hgt: number): SVGGElement {
  const g = svg("g", idAttrs(id, cls));
  g.append(hitRect(x, y, w, hgt));
  return g;
}

function tooltip(g: SVGElement, text: string): void {
  g.append(title(text));
}

function title(text: string): SVGTitleElement {
  return svg("title", {}, text);
}

function describe(p: Piece): string {
  return `${str(p.colour)} ${SIZE_NAMES[clampSize(p.size)]}`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/** A coloured chip with a label on it (rows of piles). */
function chip(label: string, colour: unknown, x: number, y: number, w: number): SVGGElement {
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

/** One pile, its pyramid over its count, centred on cx. */
function drawPile(pile: Pile, cx: number, y: number): SVGGElement {
  const count = Number(pile.count) || 0;
  const pg = item(pile.id, count > 0 ? "icw-pile" : "icw-pile icw-empty", cx - CELL / 2 + 1, y, CELL - 2, ROW_H - 4);
  pg.append(drawPyramid(str(pile.colour), pile.size, cx, y + 46), svg("text", { class: "icw-count", x: cx, y: y + 57 }, `×${count}`));
  tooltip(pg, `${describe(pile)} ×${count} (${str(pile.id)})`);
  return pg;
}

function layoutPiles(region: Region): Layout {
  const rows = objects<NonNullable<Region["rows"]>[number]>(region.rows);
  const parts: Part[] = [];
  const chipW = rows.reduce((m, row) => Math.max(m, row.label ? chipWidth(str(row.label)) : 0), 0);
  const x0 = PAD + (chipW ? chipW + 8 : 0);
  let width = MIN_W;
  rows.forEach((row, i) => {
    const y = LABEL_H + PAD + i * ROW_H;
    if (row.label) parts.push(part("chip", chip, str(row.label), row.colour, PAD, y + 24, chipW));
    objects<Pile>(row.piles).forEach((pile, j) => parts.push(part("pile", drawPile, pile, x0 + j * CELL + CELL / 2, y)));
    width = Math.max(width, x0 + objects(row.piles).length * CELL + PAD);
  });
  return { parts, width, height: LABEL_H + PAD + Math.max(1, rows.length) * ROW_H };
}

/** The height each piece of a stack shows, bottom first: all but the top one show their lower part. */
function shownHeights(pieces: Piece[]): number[] {
  return pieces.map((p, i) => pyramidHeight(p.size) * (i < pieces.length - 1 ? STEP : 1));
}

/** Height of a stack of pieces. */
function stackHeight(pieces: Piece[]): number {
  return shownHeights(pieces).reduce((a, b) => a + b, 0);
}

/** A piece of a stack centred on x = 0, its base at y = `base`, showing `shown` of its height. */
function drawPiece(p: Piece, base: number, shown: number): SVGGElement {
  const w = pyramidWidth(p.size);
  const pg = item(p.id, "icw-piece", -w / 2 - 1, base - shown, w + 2, shown);
  pg.append(drawPyramid(str(p.colour), p.size, 0, r1(base)));
  tooltip(pg, `${describe(p)}${p.id ? ` (${str(p.id)})` : ""}`);
  return pg;
}

/** Pieces stacked bottom first on the origin: each later piece sits on the lower part of the one
 * below, drawn after it, so every piece shows its colour, size and pips. As parts, for a tower. */
function stackParts(pieces: Piece[]): Part[] {
  let base = 0;
  return shownHeights(pieces).map((shown, i) => {
    const piece = part("piece", drawPiece, pieces[i]!, r1(base), shown);
    base -= shown;
    return piece;
  });
}

function towerLabel(t: Tower): string {
  return str(t.label ?? t.id);
}

function drawText(cls: string, x: number, y: number, text: string, anchor: string | null = null): SVGTextElement {
  return svg("text", { class: cls, x, y, "text-anchor": anchor }, text);
}

function drawOwner(colour: unknown, cx: number): SVGCircleElement {
  const p = paint(colour);
  return svg("circle", { class: "icw-owner", cx, cy: 23, r: 4.5, fill: p.fill, stroke: p.stroke });
}

function drawEmptyTower(): SVGLineElement {
  return svg("line", { class: "icw-tower-empty", x1: -12, x2: 12, y1: 0, y2: 0 });
}

/** A tower, drawn about its base centre: a group placed at (cx, baseline) whose hit area reaches
 * up to `top`, so all towers of a line have the same target area. */
function towerPart(tower: Tower, cx: number, top: number, baseline: number, col: number): Part {
  const height = baseline - top;
  return group(idAttrs(tower.id, "icw-tower"), () => towerParts(tower, height, col), { place: [cx, baseline], from: [tower, height, col] });
}

/** The inside of a tower about its base centre, its hit area `height` + FOOT high. */
function towerParts(tower: Tower, height: number, col: number): Part[] {
  const pieces = objects<Piece>(tower.pieces);
  const label = towerLabel(tower);
  const parts = [part("hit", hitRect, -col / 2 + 2, -height, col - 4, height + FOOT)];
  if (!pieces.length) parts.push(part("empty", drawEmptyTower));
  parts.push(...stackParts(pieces));
  parts.push(part("text", drawText, "icw-tower-label", 0, 13, truncate(label, Math.floor((col - 6) / CHAR))));
  const hasOwner = tower.owner !== null && tower.owner !== undefined && tower.owner !== "";
  const hasPoints = tower.points !== null && tower.points !== undefined;
  const pts = hasPoints ? str(tower.points) : "";
  const x = hasOwner && pts ? -3 * pts.length - 1 : 0;
  if (hasOwner) parts.push(part("owner", drawOwner, tower.owner, pts ? x - 6 : 0));
  if (pts) parts.push(part("text", drawText, "icw-points", hasOwner ? x + 1 : 0, 27, pts, hasOwner ? "start" : "middle"));
  const owner = hasOwner ? `, owner ${str(tower.owner)}` : "";
  const points = hasPoints ? `, ${str(tower.points)} points` : "";
  const order = pieces.length ? `, bottom to top: ${pieces.map(describe).join(", ")}` : ", empty";
  parts.push(part("title", title, `${label}${order}${owner}${points}`));
  return parts;
}

function layoutTowers(region: Region): Layout {
  const towers = objects<Tower>(region.towers);
  const parts: Part[] = [];
  const longest = towers.reduce((m, t) => Math.max(m, towerLabel(t).length), 0);
  const col = Math.round(Math.min(96, Math.max(COL, CHAR * longest + 8)));
  const perLine = Math.max(1, Math.floor((MAX_W - 2 * PAD) / col));
  let y = LABEL_H + PAD;
  for (let start = 0; start < towers.length; start += perLine) {
    const line = towers.slice(start, start + perLine);
    const tallest = line.reduce((m, t) => Math.max(m, stackHeight(objects<Piece>(t.pieces))), 24);
    const baseline = y + tallest + 4;
    line.forEach((t, i) => parts.push(towerPart(t, PAD + i * col + col / 2, y, baseline, col)));
    y = baseline + FOOT + 4;
  }
  const width = Math.max(MIN_W, Math.min(towers.length, perLine) * col + 2 * PAD);
  return { parts, width, height: towers.length ? y : y + 40 };
}

function count(v: unknown, low: number, high: number, fallback: number): number {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) ? Math.max(low, Math.min(high, n)) : fallback;
}

/** The squares of a board and its coordinates, rank 0 at the bottom. */
function drawSquares(files: number, ranks: number, fileLabels: string[], rankLabels: string[], x0: number, y0: number): SVGGElement {
  const top = (rank: number): number => y0 + (ranks - 1 - rank) * SQ;
  const g = svg("g");
  for (let f = 0; f < files; f++) {
    for (let rk = 0; rk < ranks; rk++) {
      g.append(svg("rect", { class: (f + rk) % 2 ? "icw-sq" : "icw-sq icw-sq-alt", x: x0 + f * SQ, y: top(rk), width: SQ, height: SQ }));
    }
    if (fileLabels[f] !== undefined) g.append(svg("text", { class: "icw-coord", x: x0 + f * SQ + SQ / 2, y: y0 + ranks * SQ + 12 }, fileLabels[f]));
  }
  rankLabels.slice(0, ranks).forEach((l, rk) => g.append(svg("text", { class: "icw-coord", x: PAD + 6, y: top(rk) + SQ / 2 + 4 }, l)));
  return g;
}

/** A listed cell of a board, with its stack shrunk to fit the square. */
function drawCell(c: Cell, x: number, y: number): SVGGElement {
  const cg = item(c.id, "icw-cell", x, y, SQ, SQ);
  const pieces = objects<Piece>(c.pieces);
  if (pieces.length) {
    const k = Math.min(1, (SQ - 8) / stackHeight(pieces), (SQ - 6) / Math.max(...pieces.map((p) => pyramidWidth(p.size))));
    const stack = svg("g", { transform: `translate(${x + SQ / 2},${y + SQ - 4}) scale(${r1(k * 100) / 100})` });
    let base = 0;
    shownHeights(pieces).forEach((shown, i) => {
      stack.append(drawPiece(pieces[i]!, r1(base), shown));
      base -= shown;
    });
    cg.append(stack);
  }
  tooltip(cg, `${str(c.id)}${pieces.length ? `: ${pieces.map(describe).join(", ")}` : ""}`);
  return cg;
}

/** A board of squares; each listed cell is an item with its stack. */
function layoutGrid(region: Region): Layout {
  const files = count(region.files, 1, 32, 8);
  const ranks = count(region.ranks, 1, 32, 8);
  const fileLabels = list<unknown>(region.file_labels).map(str);
  const rankLabels = list<unknown>(region.rank_labels).map(str);
  const x0 = PAD + (rankLabels.length ? 16 : 0);
  const y0 = LABEL_H + PAD;
  const parts = [part("squares", drawSquares, files, ranks, fileLabels, rankLabels, x0, y0)];
  for (const c of objects<Cell>(region.cells)) {
    const f = Number(c.file);
    const rk = Number(c.rank);
    if (!(Number.isInteger(f) && Number.isInteger(rk) && f >= 0 && f < files && rk >= 0 && rk < ranks)) continue;
    parts.push(part("cell", drawCell, c, x0 + f * SQ, y0 + (ranks - 1 - rk) * SQ));
  }
  return { parts, width: x0 + files * SQ + PAD, height: y0 + ranks * SQ + (fileLabels.length ? 16 : 0) };
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

function drawDie(d: Die, x: number, y: number, col: number): SVGGElement {
  const used = d.used === true;
  const label = str(d.label);
  const top = label ? y + DIE_LABEL_H : y;
  const dg = item(d.id, used ? "icw-die icw-used" : "icw-die", x - 3, y - 3, col - 6, top - y + DIE + 22);
  const cx = x + col / 2 - 6;
  if (label) dg.append(svg("text", { class: "icw-die-label", x: cx, y: y + 9 }, truncate(label, 8)));
  dg.append(svg("rect", { class: "icw-die-face", x: cx - DIE / 2, y: top, width: DIE, height: DIE, rx: 5 }));
  const face = d.face;
  const pips = typeof face === "number" ? PIPS[face] : undefined;
  if (pips) for (const [dx, dy] of pips) dg.append(svg("circle", { class: "icw-die-pip", cx: cx + dx * 9, cy: top + DIE / 2 + dy * 9, r: 3 }));
  else dg.append(svg("text", { class: "icw-die-text", x: cx, y: top + DIE / 2 + 5 }, face === null || face === undefined ? "?" : str(face)));
  const note = str(d.note);
  if (note) dg.append(svg("text", { class: "icw-die-note", x: cx, y: top + DIE + 14 }, truncate(note, NOTE_CHARS)));
  tooltip(dg, `${label || str(d.id)}: ${face ?? "not rolled"}${used ? ", used" : ""}${note ? `, ${note}` : ""}`);
  return dg;
}

/** Dice in a row, each in a column wide enough for its note. */
function layoutDice(region: Region): Layout {
  const dice = objects<Die>(region.dice);
  const y = LABEL_H + PAD;
  const longest = dice.reduce((m, d) => Math.max(m, Math.min(NOTE_CHARS, str(d.note).length)), 0);
  const col = Math.round(Math.max(DIE + 14, NOTE_CHAR * longest + 12));
  const labelled = dice.some((d) => str(d.label) !== "");
  const parts = dice.map((d, i) => part("die", drawDie, d, PAD + i * col, y, col));
  return { parts, width: Math.max(MIN_W, 2 * PAD + dice.length * col), height: y + (labelled ? DIE_LABEL_H : 0) + DIE + 22 };
}

function layoutUnknown(region: Region): Layout {
  const text = part("text", drawText, "icw-muted", PAD, LABEL_H + PAD + 12, `(no drawing for region kind "${str(region.kind)}")`);
  return { parts: [text], width: MIN_W + 80, height: LABEL_H + PAD + 24 };
}

const LAYOUTS: Record<string, (region: Region) => Layout> = {
  piles: layoutPiles,
  towers: layoutTowers,
  grid: layoutGrid,
  dice: layoutDice,
};

function drawRegionBackground(width: number, height: number): SVGRectElement {
  const bg = hitRect(0, 0, width, height);
  bg.classList.add("icw-region-bg");
  return bg;
}

/** A region at y: a group for its id whose hit rectangle is its background (the target area of
 * the region itself, as wide as the scene), its label, and its parts in a group. */
function regionPart(region: Region, layout: Layout, y: number, width: number): Part {
  const kind = str(region.kind);
  const parts = [part("bg", drawRegionBackground, width, r1(layout.height + PAD))];
  if (region.label) parts.push(part("text", drawText, "icw-region-label", PAD, 15, str(region.label)));
  parts.push(group({ class: "icw-region-body" }, () => layout.parts));
  return group(idAttrs(region.id, `icw-region icw-region-${token(kind)}`), () => parts, { place: [0, y] });
}

/** A scene drawn into one <svg class="icw-scene"> with a viewBox (it scales to its container),
 * redrawn in place: `draw` keeps every part of the previous drawing that has not changed. */
export class SceneView {
  readonly svg: SVGSVGElement = svg("svg", { class: "icw-scene" });
  private marked: [Element, string][] = [];

  draw(scene: Scene | null | undefined): DrawnScene {
    const regions = objects<Region>(scene?.regions);
    const layouts = regions.map((r) => {
      const kind = str(r.kind);
      return (Object.hasOwn(LAYOUTS, kind) ? LAYOUTS[kind]! : layoutUnknown)(r);
    });
    const width = layouts.reduce((m, l) => Math.max(m, l.width), MIN_W);
    let y = 0;
    const parts = regions.map((r, i) => {
      const layout = layouts[i]!;
      const at = y;
      y += layout.height + PAD + GAP;
      return regionPart(r, layout, at, width);
    });
    reconcile(this.svg, parts);
    const height = Math.max(40, y - GAP);
    const viewBox = `0 0 ${width} ${r1(height)}`;
    if (this.svg.getAttribute("viewBox") !== viewBox) this.svg.setAttribute("viewBox", viewBox);
    const maxWidth = `${Math.round(width * 1.6)}px`; // do not blow small scenes up
    if (this.svg.style.maxWidth !== maxWidth) this.svg.style.maxWidth = maxWidth;
    const label = str(scene?.title);
    if (!label) this.svg.removeAttribute("aria-label");
    else if (this.svg.getAttribute("aria-label") !== label) this.svg.setAttribute("aria-label", label);

    const byId = new Map<string, SVGGElement>();
    for (const g of this.svg.querySelectorAll<SVGGElement>("g[data-id]")) {
      const id = g.getAttribute("data-id")!;
      if (!byId.has(id)) byId.set(id, g);
    }
    const marked: [Element, string][] = [];
    for (const m of objects<{ id: unknown; kind: unknown }>(scene?.marks)) {
      const el = byId.get(str(m.id));
      if (el) marked.push([el, `icw-mark-${token(m.kind)}`]);
    }
    for (const [el, cls] of this.marked) {
      if (!marked.some(([e, c]) => e === el && c === cls)) el.classList.remove(cls);
    }
    for (const [el, cls] of marked) if (!el.classList.contains(cls)) el.classList.add(cls);
    this.marked = marked;
    return { svg: this.svg, byId };
  }
}

/** A scene drawn once (a SceneView redraws in place). */
export function drawScene(scene: Scene | null | undefined): DrawnScene {
  return new SceneView().draw(scene);
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
