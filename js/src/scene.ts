// Scene -> SVG. Each region kind's module (regions/) lays its region out at the origin as a list
// of parts and reports its size; a SceneView stacks the regions and redraws in place (reconcile.ts).

import { object, objects, r1, str, svg, token } from "./dom";
import { part, group, reconcile, type Part } from "./reconcile";
import { CHAR, LABEL_H, MAX_W, MIN_W, PAD, drawText, hitRect, idAttrs, type Layout, type Room } from "./regions/common";
import { regionKind } from "./regions/index";
import type { Region, Scene } from "./types";

const GAP = 8; // between regions
/** The widest a scene is drawn, as a multiple of its own size: small scenes are not blown up. */
const MAX_SCALE = 1.6;

export interface DrawnScene {
  svg: SVGSVGElement;
  /** The element drawn for each scene id, the first in document order if an id repeats. */
  byId: Map<string, SVGGElement>;
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

/** A region at y: a group for its id whose hit rectangle is its background (the target area of
 * the region itself, as wide as the scene), its label, and its parts in a group. */
function regionPart(region: Region, layout: Layout, x: number, y: number, width: number): Part {
  const kind = str(region.kind);
  const parts = [part("bg", drawRegionBackground, width, r1(layout.height + PAD))];
  const folds = "folded" in region && typeof region.folded === "boolean";
  if (folds) parts.push(part("fold", drawFold, str(region.id), str(region.label), region.folded === true));
  else if (region.label) parts.push(part("text", drawText, "icw-region-label", PAD, 15, str(region.label)));
  parts.push(group({ class: "icw-region-body" }, () => layout.parts));
  return group(idAttrs(region.id, `icw-region icw-region-${token(kind)}`), () => parts, { place: [x, y] });
}

/** A foldable region's label: a button that opens or closes it (a triangle says which). */
function drawFold(id: string, label: string, folded: boolean): SVGGElement {
  const g = svg("g", { class: "icw-fold", "data-fold": id, role: "button", tabindex: "0", "aria-expanded": folded ? "false" : "true" });
  g.append(
    svg("rect", { class: "icw-fold-hit", x: 0, y: 0, width: Math.max(MIN_W, 24 + label.length * CHAR), height: LABEL_H }),
    drawText("icw-region-label", PAD, 15, `${folded ? "▸" : "▾"} ${label}`),
    svg("title", {}, folded ? `${label}: click to open` : `${label}: click to fold`),
  );
  return g;
}

/** A region with its layout, where it goes and how wide its background is. */
export interface Placed {
  region: Region;
  layout: Layout;
  x: number;
  y: number;
  width: number;
}

/** The regions in rows: each under the one before, except a region marked `beside`, which goes to
 * its right when it fits in the room left (laid out for that room); each row's last region
 * reaches the row's right edge. */
export function placeRegions(regions: Region[], room: number, lay: (r: Region, room: Room) => Layout): Placed[] {
  const rows: Placed[][] = [];
  let y = 0;
  for (const region of regions) {
    const row = rows[rows.length - 1];
    const prev = row?.[row.length - 1];
    if (row && prev && "beside" in region && region.beside === true) {
      const x = prev.x + prev.layout.width + GAP;
      if (room - x > 0) {
        const layout = lay(region, { width: room - x });
        if (x + layout.width <= room) {
          row.push({ region, layout, x, y: prev.y, width: layout.width });
          continue;
        }
      }
    }
    if (row) y += Math.max(...row.map((p) => p.layout.height)) + PAD + GAP;
    const layout = lay(region, { width: room });
    rows.push([{ region, layout, x: 0, y, width: layout.width }]);
  }
  const width = Math.max(MIN_W, ...rows.flat().map((p) => p.x + p.layout.width));
  for (const row of rows) {
    const last = row[row.length - 1]!;
    last.width = width - last.x;
  }
  return rows.flat();
}


function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** A scene drawn into one <svg class="icw-scene"> with a viewBox, redrawn in place: `draw` keeps
 * every part of the previous drawing that has not changed. The scene is laid out for the room
 * it is given and drawn at least at its own size (never smaller: its text stays readable; the
 * page scrolls it instead), at most MAX_SCALE times it. */
export class SceneView {
  readonly svg: SVGSVGElement = svg("svg", { class: "icw-scene", role: "group" });
  private marked: [Element, string][] = [];
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

  draw(data: unknown, room: number = MAX_W): DrawnScene {
    this.last = [data, room];
    const scene = object<Scene>(data);
    const regions = objects<Region>(scene?.regions).map((r) => this.folded(r));
    const placed = placeRegions(regions, Math.max(MIN_W, room), layoutRegion);
    const width = placed.reduce((m, p) => Math.max(m, p.x + p.width), MIN_W);
    const parts = placed.map((p) => regionPart(p.region, p.layout, p.x, p.y, p.width));
    const y = placed.reduce((m, p) => Math.max(m, p.y + p.layout.height + PAD + GAP), 0);
    reconcile(this.svg, parts);
    const height = Math.max(40, y - GAP);
    setAttr(this.svg, "viewBox", `0 0 ${width} ${r1(height)}`);
    const minWidth = `${width}px`;
    const maxWidth = `${Math.round(width * MAX_SCALE)}px`;
    if (this.svg.style.minWidth !== minWidth) this.svg.style.minWidth = minWidth;
    if (this.svg.style.maxWidth !== maxWidth) this.svg.style.maxWidth = maxWidth;
    setAttr(this.svg, "aria-label", str(scene?.title) || "board");

    const byId = new Map<string, SVGGElement>();
    for (const g of this.svg.querySelectorAll<SVGGElement>("g[data-id]")) {
      const id = g.getAttribute("data-id")!;
      if (!byId.has(id)) byId.set(id, g);
    }
    this.mark(scene, byId);
    return { svg: this.svg, byId };
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
