// Hints on the board: the hint agent's best moves at the position shown, each one's path ids
// shaded by its share of the search (stronger for more), with the figures in a tooltip, and the
// same in words in a list beside the board (so nothing is told by colour alone). Each hint with a
// drawn place also gets a label, its rank and the agent's estimate of the move ("1 · 64%"), placed
// where it covers no other label and no text of the drawing, and a hint from one place to another
// a thin, see-through arrow.
//
// A shade is a rectangle laid over the item's hit rectangle, just after it: under the item's own
// drawing, so pieces and text stay on top. Changing the hints only adds, changes or removes
// shades and classes on the drawn elements: the scene is not redrawn. The front end only draws
// what Python sends: the moves, their paths, shares, values and words.

import { arrowShape, boxOf, mapBox, toRoot, type Box } from "./arrow-geometry";
import { h, r1, svg } from "./dom";
import { placeLabels, type LabelWant } from "./label-layout";
import { textWidth } from "./regions/common";
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

/** A hint in words, as the move's button says it, then the agent's figures as Python wrote them:
 * "keep Fierce and Clever — wins 64% (120 of 200 simulations)" (the share where there are none). */
export function hintLine(hint: Hint): string {
  return `${hint.label || hint.text} — ${hint.note || percent(hint.share)}`;
}

/** A hint's label on the board: its rank (the list's number) and the agent's estimate of the
 * move as Python wrote it ("1 · 64%"), or the rank alone where the agent gives none. */
export function badgeText(hint: Hint, rank: number): string {
  return hint.valueText ? `${rank} · ${hint.valueText}` : String(rank);
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

/** The label's text size and height (the stylesheet's `.icw-hint-label-text`). */
export const LABEL_FONT = 11;
export const LABEL_HEIGHT = 16;
const LABEL_PAD = 5;
/** A label further than this from its anchor gets a leader line back to it. */
const LEADER_FROM = 14;
/** The items a label keeps off where it can are those at most this wide and high (pieces, dice). */
const SMALL_ITEM = 100;

/** Where a text of the drawing lies, in the coordinates of `root`: the browser's measure where
 * there is one, else an estimate from its position, size and anchor (wide enough for either
 * anchor where the stylesheet sets it). */
function textBox(el: SVGTextElement, root: Element): Box | null {
  const m = toRoot(el, root);
  if (!m || !el.textContent) return null;
  let local: Box | null = null;
  try {
    const b = typeof el.getBBox === "function" ? el.getBBox() : null;
    if (b && b.width > 0 && b.height > 0) local = { x: b.x, y: b.y, width: b.width, height: b.height };
  } catch {
    local = null; // not laid out (a hidden board): estimate
  }
  if (!local) {
    const num = (name: string, fallback: number): number => {
      const v = Number.parseFloat(el.getAttribute(name) ?? "");
      return Number.isFinite(v) ? v : fallback;
    };
    const size = num("font-size", 14);
    const x = num("x", 0);
    const y = num("y", 0);
    const w = textWidth(el.textContent, size);
    const anchor = el.getAttribute("text-anchor");
    const left = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : anchor === "start" ? x : x - w / 2;
    const right = anchor === "middle" ? x + w / 2 : anchor === "end" ? x : x + w;
    local = { x: left, y: y - size * 0.9, width: right - left, height: size * 1.4 };
  }
  return mapBox(m, local);
}

/** The boxes of the texts the scene draws (names, labels, counts): what a hint label never covers. */
export function sceneTextBoxes(root: Element): Box[] {
  const out: Box[] = [];
  for (const el of root.querySelectorAll<SVGTextElement>("text")) {
    if (el.closest(".icw-hint-layer, .icw-annotation-layer")) continue;
    const b = textBox(el, root);
    if (b) out.push(b);
  }
  return out;
}

function viewBounds(root: Element): Box | null {
  const v = (root.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  return v.length === 4 && v.every(Number.isFinite) && v[2]! > 0 && v[3]! > 0 ? { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! } : null;
}

/** What a hint draws on the board, best first: one arrow per hint whose path names two drawn
 * places, from the first (the piece moved) to the last (where it goes), thin, as wide as its
 * share of the search (the stylesheet makes it see-through, so the pieces it crosses show), and
 * one label per hint with a drawn place (at its arrow, or over its place), placed so that no two
 * labels overlap and none covers a text of the drawing (`placeLabels`). The arrows come first,
 * the best last (on top), then the labels over them. */
export function drawHintMarks(hints: readonly Hint[], byId: ReadonlyMap<string, SVGGElement>, root: Element): SVGGElement[] {
  if (hints.length === 0) return [];
  const arrows: SVGGElement[] = [];
  const wants: LabelWant[] = [];
  const labelled: number[] = [];
  const avoid: Box[] = [];
  hints.forEach((hint, i) => {
    const drawn = hint.path.filter((id) => byId.has(id));
    const from = drawn[0];
    const to = drawn[drawn.length - 1];
    if (from === undefined || to === undefined) return;
    const a = boxOf(byId.get(from)!, root);
    const b = from === to ? a : boxOf(byId.get(to)!, root);
    if (a) avoid.push(a);
    if (b && b !== a) avoid.push(b);
    const shape = a && b && from !== to ? arrowShape(a, b) : null;
    const width = r1(textWidth(badgeText(hint, i + 1), LABEL_FONT) + 2 * LABEL_PAD);
    const title = `Hint ${i + 1}: ${hintLine(hint)}`;
    if (shape) {
      const g = svg("g", { class: "icw-hint-arrow", "data-hint": hint.text });
      g.style.setProperty("--icw-hint-width", String(r1(1.5 + 2 * Math.min(1, Math.max(0, hint.share)))));
      g.append(
        svg("title", {}, title),
        svg("line", { class: "icw-hint-shaft", x1: r1(shape.x1), y1: r1(shape.y1), x2: r1(shape.x2), y2: r1(shape.y2) }),
        svg("polygon", { class: "icw-hint-head", points: shape.head.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ") }),
      );
      arrows.unshift(g);
      wants.push({ anchor: [(shape.x1 + shape.x2) / 2, (shape.y1 + shape.y2) / 2], width, height: LABEL_HEIGHT,
        along: [[shape.x1, shape.y1], shape.tip] });
    } else {
      const place = b ?? a;
      if (!place) return;
      wants.push({ anchor: [place.x + place.width / 2, place.y - LABEL_HEIGHT / 2 - 2], width, height: LABEL_HEIGHT });
    }
    labelled.push(i);
  });
  if (wants.length === 0) return arrows;
  // a label leaves the pieces uncovered where it can: the hints' own places and every small item
  // drawn (pieces, dice, stacks; not the regions, nor a card it would have to leave for far away)
  for (const g of byId.values()) {
    const b = boxOf(g, root);
    if (b && b.width <= SMALL_ITEM && b.height <= SMALL_ITEM) avoid.push(b);
  }
  const small = avoid.filter((b) => b.width <= SMALL_ITEM && b.height <= SMALL_ITEM);
  const boxes = placeLabels(wants, sceneTextBoxes(root), viewBounds(root), small);
  const labels = boxes.map((box, k) => {
    const i = labelled[k]!;
    const hint = hints[i]!;
    const want = wants[k]!;
    const g = svg("g", { class: "icw-hint-label", "data-hint": hint.text });
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    g.append(svg("title", {}, `Hint ${i + 1}: ${hintLine(hint)}`));
    if (Math.hypot(cx - want.anchor[0], cy - want.anchor[1]) > LEADER_FROM) {
      g.append(svg("line", { class: "icw-hint-leader", x1: r1(cx), y1: r1(cy), x2: r1(want.anchor[0]), y2: r1(want.anchor[1]) }));
    }
    g.append(
      svg("rect", { class: "icw-hint-label-bg", x: r1(box.x), y: r1(box.y), width: r1(box.width), height: r1(box.height), rx: LABEL_HEIGHT / 2 }),
      svg("text", { class: "icw-hint-label-text", x: r1(cx), y: r1(cy), "text-anchor": "middle", "dominant-baseline": "central" }, badgeText(hint, i + 1)),
    );
    return g;
  });
  return [...arrows, ...labels];
}

/** The layer of hint arrows and labels over the scene, kept just under the annotations' layer,
 * and only while there is something in it. */
export class HintArrows {
  readonly layer = svg("g", { class: "icw-hint-layer", "aria-hidden": "true" });
  private key = "";

  draw(hints: readonly Hint[], byId: ReadonlyMap<string, SVGGElement>, root: SVGSVGElement): void {
    const arrows = drawHintMarks(hints, byId, root);
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
