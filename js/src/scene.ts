// Scene -> SVG. Each region kind's module (regions/) lays its region out at the origin as a list
// of parts and reports its size; a SceneView stacks the regions and redraws in place (reconcile.ts).

import { object, objects, r1, str, svg, token } from "./dom";
import { part, group, reconcile, type Part } from "./reconcile";
import { LABEL_H, MAX_W, MIN_W, PAD, drawText, hitRect, idAttrs, type Layout, type Room } from "./regions/common";
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
function regionPart(region: Region, layout: Layout, y: number, width: number): Part {
  const kind = str(region.kind);
  const parts = [part("bg", drawRegionBackground, width, r1(layout.height + PAD))];
  if (region.label) parts.push(part("text", drawText, "icw-region-label", PAD, 15, str(region.label)));
  parts.push(group({ class: "icw-region-body" }, () => layout.parts));
  return group(idAttrs(region.id, `icw-region icw-region-${token(kind)}`), () => parts, { place: [0, y] });
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

  draw(data: unknown, room: number = MAX_W): DrawnScene {
    const scene = object<Scene>(data);
    const regions = objects<Region>(scene?.regions);
    const layouts = regions.map((r) => layoutRegion(r, { width: Math.max(MIN_W, room) }));
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
