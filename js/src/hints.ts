// Hints on the board: the hint agent's best moves at the position shown, each one's path ids
// shaded by its share of the search (stronger for more), with the figures in a tooltip, and the
// same in words in a list beside the board (so nothing is told by colour alone).
//
// A shade is a rectangle laid over the item's hit rectangle, just after it: under the item's own
// drawing, so pieces and text stay on top. Changing the hints only adds, changes or removes
// shades and classes on the drawn elements: the scene is not redrawn.

import { arrowShape, boxOf } from "./arrow-geometry";
import { h, r1, svg } from "./dom";
import type { Hint } from "./types";

/** How opaque the shade of an item is for the share of the search through it: between 0.1 and
 * 0.42, the most that keeps the board's text at 4.5:1 on it in light and dark themes (checked by
 * tests/contrast.test.ts). */
export function shadeOpacity(share: number): number {
  return Math.round((0.1 + 0.32 * Math.min(1, Math.max(0, share))) * 1000) / 1000;
}

/** A share as a percentage ("42%"; "<1%" for a sliver). */
export function percent(share: number): string {
  const p = Math.round(share * 100);
  return p === 0 && share > 0 ? "<1%" : `${p}%`;
}

/** A hint in words, as the move's button says it: "keep Fierce and Clever — 42% (84 of 200 simulations)". */
export function hintLine(hint: Hint): string {
  return `${hint.label || hint.text} — ${percent(hint.share)}${hint.note ? ` (${hint.note})` : ""}`;
}

export interface HintLook {
  share: number; // the shares of the hints through this item, summed (at most 1)
  lines: string[]; // the tooltip: one line per hint through it, best first
}

/** The look of each drawn item on a hint's path. An item on several hints' paths adds their
 * shares (a piece most moves start from is shaded the most); ids not drawn are left out (the
 * list still names their moves). */
export function hintLooks<E>(hints: readonly Hint[], byId: ReadonlyMap<string, E>): Map<E, HintLook> {
  const out = new Map<E, HintLook>();
  hints.forEach((hint, i) => {
    for (const id of new Set(hint.path)) {
      const e = byId.get(id);
      if (e === undefined) continue;
      const look = out.get(e) ?? { share: 0, lines: [] };
      look.share = Math.min(1, look.share + hint.share);
      look.lines.push(`Hint ${i + 1}: ${hintLine(hint)}`);
      out.set(e, look);
    }
  });
  return out;
}

function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

const GEOMETRY = ["x", "y", "width", "height", "rx"];

/** The shades on the drawing, changed only where they differ. */
export class HintShades {
  private shaded = new Map<SVGGElement, SVGRectElement>();

  /** Show exactly these looks. Call again after the scene is redrawn: an item may be new, or
   * its hit rectangle redrawn, and the shade follows it. */
  show(want: ReadonlyMap<SVGGElement, HintLook>): void {
    for (const [e, shade] of this.shaded) {
      if (want.has(e)) continue;
      shade.remove();
      e.classList.remove("icw-hinted");
      e.style.removeProperty("--icw-hint-opacity");
      e.removeAttribute("data-hint-share");
    }
    const next = new Map<SVGGElement, SVGRectElement>();
    for (const [e, look] of want) {
      const shade = this.shaded.get(e) ?? svg("rect", { class: "icw-hint-shade" });
      if (!shade.firstChild) shade.append(svg("title"));
      const text = look.lines.join("\n");
      if (shade.firstChild!.textContent !== text) shade.firstChild!.textContent = text;
      const hit = e.firstElementChild;
      if (hit?.classList.contains("icw-hit")) {
        for (const a of GEOMETRY) {
          const v = hit.getAttribute(a);
          if (v === null) shade.removeAttribute(a);
          else setAttr(shade, a, v);
        }
        if (hit.nextElementSibling !== shade) hit.after(shade);
      } else if (shade.parentNode !== e) e.append(shade); // no hit rectangle to lie over: the class and the list still tell
      if (!e.classList.contains("icw-hinted")) e.classList.add("icw-hinted");
      const opacity = String(shadeOpacity(look.share));
      if (e.style.getPropertyValue("--icw-hint-opacity") !== opacity) e.style.setProperty("--icw-hint-opacity", opacity);
      setAttr(e, "data-hint-share", String(Math.round(look.share * 1000) / 1000));
      next.set(e, shade);
    }
    this.shaded = next;
  }
}

/** The hint arrows: one per hint whose path names two drawn places, from the first (the piece
 * moved) to the last (where it goes), as wide as its share of the search, with the share in
 * words at its middle; best first, so the best is drawn last, on top. */
export function drawHintArrows(hints: readonly Hint[], byId: ReadonlyMap<string, SVGGElement>, root: Element): SVGGElement[] {
  const out: SVGGElement[] = [];
  hints.forEach((hint, i) => {
    const drawn = hint.path.filter((id) => byId.has(id));
    const from = drawn[0];
    const to = drawn[drawn.length - 1];
    if (from === undefined || to === undefined || from === to) return;
    const a = boxOf(byId.get(from)!, root);
    const b = boxOf(byId.get(to)!, root);
    const shape = a && b ? arrowShape(a, b) : null;
    if (!shape) return;
    const g = svg("g", { class: "icw-hint-arrow", "data-hint": hint.text });
    g.style.setProperty("--icw-hint-width", String(r1(2 + 4 * Math.min(1, Math.max(0, hint.share)))));
    const mx = (shape.x1 + shape.x2) / 2;
    const my = (shape.y1 + shape.y2) / 2;
    g.append(
      svg("title", {}, `Hint ${i + 1}: ${hintLine(hint)}`),
      svg("line", { class: "icw-hint-shaft", x1: r1(shape.x1), y1: r1(shape.y1), x2: r1(shape.x2), y2: r1(shape.y2) }),
      svg("polygon", { class: "icw-hint-head", points: shape.head.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ") }),
      svg("text", { class: "icw-hint-share", x: r1(mx), y: r1(my), "text-anchor": "middle", "dominant-baseline": "central" }, percent(hint.share)),
    );
    out.unshift(g);
  });
  return out;
}

/** The layer of hint arrows over the scene, kept just under the annotations' layer, and only while there are arrows. */
export class HintArrows {
  readonly layer = svg("g", { class: "icw-hint-layer", "aria-hidden": "true" });
  private key = "";

  draw(hints: readonly Hint[], byId: ReadonlyMap<string, SVGGElement>, root: SVGSVGElement): void {
    const arrows = drawHintArrows(hints, byId, root);
    if (arrows.length === 0) {
      // no layer while there is nothing to show: the scene is then the picture an export draws
      this.key = "";
      this.layer.replaceChildren();
      this.layer.remove();
      return;
    }
    const key = arrows.map((g) => g.outerHTML).join("");
    if (key !== this.key) {
      this.key = key;
      this.layer.replaceChildren(...arrows);
    }
    const annotations = root.querySelector(":scope > .icw-annotation-layer");
    if (annotations) {
      if (annotations.previousElementSibling !== this.layer) annotations.before(this.layer);
    } else if (root.lastElementChild !== this.layer) root.append(this.layer);
  }
}

/** The list beside the board: one entry per hint, best first, in words. */
export function drawHintList(hints: readonly Hint[]): HTMLLIElement[] {
  return hints.map((hint) => {
    const li = h("li", "icw-hint-item", undefined, { "data-text": hint.text });
    const bar = h("span", "icw-hint-bar", undefined, { "aria-hidden": "true" });
    bar.style.setProperty("--icw-share", String(Math.round(hint.share * 1000) / 1000));
    li.append(h("span", "icw-hint-words", hintLine(hint)), bar);
    return li;
  });
}
