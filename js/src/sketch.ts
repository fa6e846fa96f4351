// Arrows and highlighted places on the board: drawn over the scene for the node shown, and drawn
// by a person with the mouse. A press on a place and a release on another draws an arrow between
// them; a release on the same place highlights it; the same stroke again takes it away. A stroke
// is a right-drag, a Shift-drag, or any drag while the Draw button is pressed (then a click on the
// board picks no move). Each stroke sends the node's arrows and highlights as they now are.

import {
  type Annotations, type Gesture, IDLE, NO_ANNOTATIONS, type Stroke, applyStroke, placeAt, press, release,
} from "./annotations";
import { type Box, arrowShape, boxOf } from "./arrow-geometry";
import { h, r1, setText, show, svg } from "./dom";
import { nameOf, type Names } from "./labels";
import type { Message } from "./types";

const PAD = 2; // a highlight's frame around its place

function drawArrow(from: Box, to: Box, cls: string): SVGGElement | null {
  const a = arrowShape(from, to);
  if (!a) return null;
  const g = svg("g", { class: cls });
  g.append(
    svg("line", { class: "icw-annot-shaft", x1: r1(a.x1), y1: r1(a.y1), x2: r1(a.x2), y2: r1(a.y2) }),
    svg("polygon", { class: "icw-annot-head", points: a.head.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ") }),
  );
  return g;
}

function drawPlace(b: Box, id: string): SVGRectElement {
  return svg("rect", {
    class: "icw-annot-place", "data-annot": id,
    x: r1(b.x - PAD), y: r1(b.y - PAD), width: r1(b.width + 2 * PAD), height: r1(b.height + 2 * PAD), rx: 5,
  });
}

/** The annotations in words, for those who do not see the drawing ("T1 → T3; highlighted: c3"). */
export function sketchText(a: Annotations, names: Names): string {
  const parts: string[] = [];
  if (a.arrows.length) parts.push("arrows: " + a.arrows.map(([f, t]) => `${nameOf(names, f)} → ${nameOf(names, t)}`).join(", "));
  if (a.highlights.length) parts.push("highlighted: " + a.highlights.map((id) => nameOf(names, id)).join(", "));
  return parts.join("; ");
}

/** The first drawn item of each scene id. */
function itemsOf(scene: SVGSVGElement): Map<string, Element> {
  const byId = new Map<string, Element>();
  for (const g of scene.querySelectorAll("g[data-id]")) {
    const id = g.getAttribute("data-id")!;
    if (!byId.has(id)) byId.set(id, g);
  }
  return byId;
}

export class Sketch {
  /** The Draw and Clear buttons, and the annotations in words. */
  readonly tools = h("div", "icw-draw-tools", undefined, { role: "group", "aria-label": "draw on the board" });
  readonly toggle = h("button", "icw-draw-toggle", "✎ Draw", {
    type: "button", "aria-pressed": "false",
    title: "Draw on the board: drag from one place to another for an arrow, click a place to highlight it (or right-drag, or Shift-drag, at any time)",
  });
  readonly clear = h("button", "icw-clear-drawing", "Clear drawing", { type: "button", title: "Take this position's arrows and highlights away" });
  private readonly words = h("span", "icw-sketch-text");
  /** Drawn over the scene, last in its svg; it takes no clicks. */
  readonly layer = svg("g", { class: "icw-annotation-layer", "aria-hidden": "true" });
  private shown: Annotations = NO_ANNOTATIONS;
  private node = -1;
  private gesture: Gesture = IDLE;
  private swallow = false; // the click that ends a stroke picks no move
  private preview: string | null = null; // where a stroke being drawn would end
  private svgEl: SVGSVGElement | null = null;
  private names: Names = new Map();
  drawMode = false;
  /** A published page: the drawing is shown, never changed. */
  readOnly = false;

  constructor(private readonly send: (m: Message) => void, private readonly cursor: () => number) {
    this.tools.append(this.toggle, this.clear, this.words);
  }

  /** The node shown and its annotations as Python holds them (a stroke not answered yet is
   * replaced by them). */
  update(a: Annotations, node: number, names: Names): void {
    this.shown = a;
    this.node = node;
    this.names = names;
    this.gesture = IDLE;
    this.preview = null;
    show(this.clear, !this.readOnly && a.arrows.length + a.highlights.length > 0);
    setText(this.words, sketchText(a, names));
  }

  /** Draw the annotations over `scene` (after every redraw of the scene: the places move). */
  draw(scene: SVGSVGElement): void {
    this.svgEl = scene;
    let byId: Map<string, Element> | undefined; // read only when something is drawn: mostly nothing is
    const box = (id: string): Box | null => {
      byId ??= itemsOf(scene);
      const el = byId.get(id);
      return el ? boxOf(el, scene) : null;
    };
    const out: SVGElement[] = [];
    for (const id of this.shown.highlights) {
      const b = box(id);
      if (b) out.push(drawPlace(b, id));
    }
    for (const [from, to] of this.shown.arrows) {
      const a = box(from);
      const b = box(to);
      const drawn = a && b ? drawArrow(a, b, "icw-annot-arrow") : null;
      if (drawn) {
        drawn.setAttribute("data-arrow", `${from}>${to}`);
        out.push(drawn);
      }
    }
    if (this.gesture.kind === "pressed") {
      const a = box(this.gesture.from);
      const b = this.preview === null ? null : box(this.preview);
      if (a) {
        const start = drawPlace(a, "");
        start.setAttribute("class", "icw-annot-start");
        out.push(start);
      }
      const drawn = a && b && this.preview !== this.gesture.from ? drawArrow(a, b, "icw-annot-arrow icw-annot-preview") : null;
      if (drawn) out.push(drawn);
    }
    if (out.length || this.layer.firstChild) this.layer.replaceChildren(...out);
    if (scene.lastElementChild !== this.layer) scene.append(this.layer);
  }

  setDrawMode(on: boolean): void {
    this.drawMode = on;
    this.toggle.setAttribute("aria-pressed", String(on));
  }

  /** A pointer pressed on the board; true when it starts a stroke (the event is then the board's). */
  down(e: PointerEvent, stage: Element): boolean {
    this.swallow = false;
    if (this.readOnly) return false;
    this.gesture = press(this.gesture, placeAt(e.target, stage), { button: e.button, shift: e.shiftKey, drawMode: this.drawMode });
    if (this.gesture.kind === "idle") return false;
    this.swallow = true;
    this.preview = null;
    this.redraw();
    return true;
  }

  /** The pointer moves: while a stroke is drawn, show where it would end. */
  move(e: PointerEvent, stage: Element): void {
    if (this.gesture.kind !== "pressed") return;
    const at = placeAt(e.target, stage);
    if (at === this.preview) return;
    this.preview = at;
    this.redraw();
  }

  /** The pointer released: the stroke ends (on no place, it draws nothing). */
  up(e: PointerEvent, stage: Element): void {
    if (this.gesture.kind !== "pressed") return;
    const [next, stroke] = release(this.gesture, placeAt(e.target, stage));
    this.gesture = next;
    this.preview = null;
    this.stroke(stroke);
  }

  /** Drop a stroke being drawn (the pointer left the board). */
  cancel(): void {
    if (this.gesture.kind === "idle") return;
    this.gesture = IDLE;
    this.preview = null;
    this.redraw();
  }

  /** Whether a click on the board belongs to drawing (and so picks no move). */
  takesClick(): boolean {
    const taken = this.swallow || this.drawMode;
    this.swallow = false;
    return taken;
  }

  /** Enter or Space on a place in draw mode: highlight it, or no longer. */
  key(id: string): void {
    this.stroke({ kind: "highlight", id });
  }

  /** Take the node's arrows and highlights away. */
  clearAll(): void {
    this.shown = { ...this.shown, arrows: [], highlights: [] };
    this.sendDrawing();
    this.redraw();
  }

  private stroke(s: Stroke): void {
    const next = applyStroke(this.shown, s);
    if (next !== this.shown) {
      this.shown = next;
      this.sendDrawing();
    }
    this.redraw();
  }

  private sendDrawing(): void {
    const { arrows, highlights } = this.shown;
    this.send({ do: "annotate", node: this.node >= 0 ? this.node : this.cursor(), arrows, highlights });
    show(this.clear, arrows.length + highlights.length > 0);
    setText(this.words, sketchText(this.shown, this.names));
  }

  private redraw(): void {
    if (this.svgEl) this.draw(this.svgEl);
  }
}
