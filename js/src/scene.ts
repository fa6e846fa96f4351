// Scene -> SVG. Each region kind's module (regions/) lays its region out at the origin as a list
// of parts and reports its size; a SceneView stacks the regions and redraws in place (reconcile.ts).

import { object, objects, r1, str, svg, token } from "./dom";
import { part, group, reconcile, type Part } from "./reconcile";
import { CHAR, LABEL_H, MAX_W, MIN_W, PAD, drawText, hitRect, idAttrs, textWidth, type Layout, type Room } from "./regions/common";
import { regionKind } from "./regions/index";
import type { Region, Scene } from "./types";

const GAP = 8; // between regions

export interface DrawnScene {
  svg: SVGSVGElement;
  /** The element drawn for each scene id, the first in document order if an id repeats. */
  byId: Map<string, SVGGElement>;
  /** The scene's own size (its viewBox). */
  width: number;
  height: number;
}

interface Arranged {
  parts: Part[];
  width: number;
  height: number;
  room: number;
}

/** Regions in rows: each goes beside the one before while the row stays within `room` (a hand,
 * a pile and a stash share a line), else it starts a row; a region `alone` has a row to itself.
 * Returns each region's row. */
export function rowsOf(widths: readonly number[], room: number, alone: readonly boolean[] = []): number[][] {
  const rows: number[][] = [];
  let used = Infinity;
  widths.forEach((w, i) => {
    if (!alone[i] && !alone[i - 1] && used + GAP + w <= room) {
      rows[rows.length - 1]!.push(i);
      used += GAP + w;
    } else {
      rows.push([i]);
      used = w;
    }
  });
  return rows;
}

function layoutUnknown(region: Region): Layout {
  const text = part("text", drawText, "icw-muted", PAD, LABEL_H + PAD + 12, `(no drawing for region kind "${str(region.kind)}")`);
  return { parts: [text], width: MIN_W + 80, height: LABEL_H + PAD + 24 };
}

function layoutRegion(region: Region, room: Room): Layout {
  const kind = regionKind(region.kind);
  return kind ? kind.layout(region, room) : layoutUnknown(region);
}

function drawRegionBackground(width: number, height: number): SVGRectElement {
  const bg = hitRect(0, 0, width, height);
  bg.classList.add("icw-region-bg");
  return bg;
}

/** A region at (x, y): a group for its id whose hit rectangle is its background (the target area
 * of the region itself, as wide as the scene where it has a row to itself), its label (a button
 * that opens or folds it, for a foldable region), and its parts in a group (in the middle of its
 * row, for a centrepiece). */
function regionPart(region: Region, layout: Layout, x: number, y: number, width: number, height: number): Part {
  const kind = str(region.kind);
  const parts = [part("bg", drawRegionBackground, width, r1(height + PAD))];
  if ("folded" in region && typeof region.folded === "boolean") {
    parts.push(part("fold", drawFold, str(region.id), str(region.label), region.folded));
  } else if (region.label) parts.push(part("text", drawText, "icw-region-label", PAD, 15, str(region.label)));
  const middle = layout.centre ? r1(Math.max(0, (width - layout.width) / 2)) : 0;
  parts.push(group({ class: "icw-region-body" }, () => layout.parts, layout.centre ? { place: [middle, 0] } : {}));
  return group(idAttrs(region.id, `icw-region icw-region-${token(kind)}`), () => parts, { place: [x, y] });
}

/** The label a region is drawn with (a foldable one's with a triangle saying whether it is open). */
function labelOf(region: Region): string {
  const label = str(region.label);
  return "folded" in region && typeof region.folded === "boolean" ? foldText(label, region.folded) : label;
}

function foldText(label: string, folded: boolean): string {
  return `${folded ? "▸" : "▾"} ${label}`;
}

/** A foldable region's label: a button that opens or closes it (a triangle says which). */
function drawFold(id: string, label: string, folded: boolean): SVGGElement {
  const g = svg("g", { class: "icw-fold", "data-fold": id, role: "button", tabindex: "0", "aria-expanded": folded ? "false" : "true" });
  g.append(
    svg("rect", { class: "icw-fold-hit", x: 0, y: 0, width: Math.max(MIN_W, 24 + label.length * CHAR), height: LABEL_H }),
    drawText("icw-region-label", PAD, 15, foldText(label, folded)),
    svg("title", {}, folded ? `${label}: click to open` : `${label}: click to fold`),
  );
  return g;
}

function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** A scene drawn into one <svg class="icw-scene"> with a viewBox, redrawn in place: `draw` keeps
 * every part of the previous drawing that has not changed. The scene is laid out for the room
 * it is given; how large it is shown is the board's zoom (zoom.ts). */
export class SceneView {
  readonly svg: SVGSVGElement = svg("svg", { class: "icw-scene", role: "group" });
  private marked: [Element, string][] = [];
  /** The ids of the pile regions whose list is open. */
  readonly open = new Set<string>();

  /** Open a pile's list, or close it (the caller draws again). */
  toggle(id: string): void {
    if (!this.open.delete(id)) this.open.add(id);
  }

  /** The folds a person chose, by region id: [folded as the scene had it, folded as chosen]. */
  private folds = new Map<string, [boolean, boolean]>();
  private last: [unknown, number] = [null, MAX_W];
  /** Called after a fold opened or closed the drawing (the board redraws what depends on it). */
  onFold: () => void = () => {};

  /** A click or key on a foldable region's label (`at` inside it) opens or folds it and redraws;
   * false when `at` is no such label. The widget wires it (an exported picture has no events). */
  fold(at: EventTarget | null): boolean {
    const el = at instanceof Element ? at.closest("[data-fold]") : null;
    if (!el || !this.svg.contains(el)) return false;
    const id = el.getAttribute("data-fold") ?? "";
    const shown = el.getAttribute("aria-expanded") === "false";
    const [given, now] = this.folds.get(id) ?? [shown, shown];
    this.folds.set(id, [given, !now]);
    this.draw(...this.last);
    (this.svg.querySelector(`[data-fold="${CSS.escape(id)}"]`) as SVGGElement | null)?.focus({ preventScroll: true });
    this.onFold();
    return true;
  }

  /** A foldable region as the person chose it; a choice lasts while the scene folds it the same way. */
  private folded(r: Region): Region {
    if (!("folded" in r) || typeof r.folded !== "boolean") return r;
    const chosen = this.folds.get(str(r.id));
    if (!chosen) return r;
    if (chosen[0] !== r.folded) {
      this.folds.delete(str(r.id));
      return r;
    }
    return { ...r, folded: chosen[1] };
  }

  /** The room the scene was last laid out for. */
  room = MAX_W;

  /** Draw a scene laid out for `room`: regions share a row while it stays within the room. */
  draw(data: unknown, room: number = MAX_W): DrawnScene {
    this.last = [data, room];
    const scene = object<Scene>(data);
    const regions = objects<Region>(scene?.regions).map((r) => this.folded(r));
    const best = this.arrange(regions, room);
    const { parts, width, height } = best;
    this.room = best.room;
    reconcile(this.svg, parts);
    setAttr(this.svg, "viewBox", `0 0 ${width} ${r1(height)}`);
    setAttr(this.svg, "aria-label", str(scene?.title) || "board");

    const byId = new Map<string, SVGGElement>();
    for (const g of this.svg.querySelectorAll<SVGGElement>("g[data-id]")) {
      const id = g.getAttribute("data-id")!;
      if (!byId.has(id)) byId.set(id, g);
    }
    this.mark(scene, byId);
    return { svg: this.svg, byId, width, height };
  }

  /** The size of the scene last drawn, laid out for `room`. */
  sizeFor(room: number): [number, number] {
    const regions = objects<Region>(object<Scene>(this.last[0])?.regions).map((r) => this.folded(r));
    const { width, height } = this.arrange(regions, room);
    return [width, height];
  }

  /** The regions laid out for `room`, in rows. */
  private arrange(regions: Region[], room: number): Arranged {
    const roomW = Math.max(MIN_W, room);
    const layouts = regions.map((r) => layoutRegion(r, { width: roomW, open: this.open.has(str(r.id)) }));
    // A region is at least as wide as its label (its neighbour in a row starts after it).
    const widths = layouts.map((l, i) => Math.max(l.width, r1(textWidth(labelOf(regions[i]!)) + 2 * PAD)));
    const rows = rowsOf(widths, Math.max(roomW, ...widths), layouts.map((l) => l.centre === true));
    const width = rows.reduce((m, row) => Math.max(m, row.reduce((w, i) => w + widths[i]!, GAP * (row.length - 1))), MIN_W);
    let y = 0;
    const parts: Part[] = [];
    for (const row of rows) {
      const tall = Math.max(...row.map((i) => layouts[i]!.height));
      let x = 0;
      for (const i of row) {
        const w = row.length === 1 ? width : i === row[row.length - 1] ? width - x : widths[i]!;
        parts.push(regionPart(regions[i]!, layouts[i]!, x, y, w, tall));
        x += w + GAP;
      }
      y += tall + PAD + GAP;
    }
    return { parts, width, height: Math.max(40, y - GAP), room: roomW };
  }

  /** Marks are classes (icw-mark-<kind>) on the elements they name, changed only where they differ. */
  private mark(scene: Scene | undefined, byId: Map<string, SVGGElement>): void {
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
  }
}

/** A scene drawn once (a SceneView redraws in place). */
export function drawScene(scene: unknown, room?: number): DrawnScene {
  return new SceneView().draw(scene, room);
}
