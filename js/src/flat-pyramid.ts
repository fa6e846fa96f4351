// Pyramids on a board seen from above. One lying on its side is a long, narrow triangle whose apex
// points the way it faces (north up the page), as long as the standing pyramid is tall and half
// as wide as its base, one half shaded so it reads as a solid; one standing upright is its square
// base with the four faces meeting at the apex, so the two never look alike. Both show 1-3 pips
// for their size.

import { r1, svg } from "./dom";
import { paint } from "./palette";
import { HEIGHT, WIDTH, clampSize } from "./pyramid";

export type Facing = "n" | "e" | "s" | "w";
export const FACINGS: readonly Facing[] = ["n", "e", "s", "w"];
export const FACING_NAMES: Readonly<Record<Facing, string>> = { n: "north", e: "east", s: "south", w: "west" };

export function isFacing(f: unknown): f is Facing {
  return typeof f === "string" && (FACINGS as readonly string[]).includes(f);
}

/** A point of the east-pointing shape turned to face `f` (screen y grows down, so north is -y). */
function turn(f: Facing, dx: number, dy: number): [number, number] {
  switch (f) {
    case "e":
      return [dx, dy];
    case "s":
      return [-dy, dx];
    case "w":
      return [-dx, -dy];
    case "n":
      return [dy, -dx];
  }
}

/** A lying pyramid is this much narrower than its base, so it reads as lying at a glance. */
const LYING_BREADTH = 0.5;

/** The length (apex to base) and breadth (across its base) of a lying pyramid of a size. */
export function flatSize(size: unknown): { length: number; breadth: number } {
  const s = clampSize(size);
  return { length: HEIGHT[s], breadth: WIDTH[s] * LYING_BREADTH };
}

/** The pips of size `s` in a row centred on (cx, cy), `step` apart along (ux, uy). */
function pips(s: number, cx: number, cy: number, ux: number, uy: number, step = 4.4): string {
  let d = "";
  for (let i = 0; i < s; i++) {
    const k = (i - (s - 1) / 2) * step;
    d += `M${r1(cx + ux * k - 1.5)},${r1(cy + uy * k)}a1.5,1.5 0 1,0 3,0a1.5,1.5 0 1,0 -3,0`;
  }
  return d;
}

/** A standing pyramid seen from above, centred on (cx, cy): its square base, the four faces
 * meeting at the apex in the middle (the east and south ones shaded), its pips on the south face. */
export function drawTopPyramid(colour: string, size: unknown, cx: number, cy: number): SVGGElement {
  const s = clampSize(size);
  const w = WIDTH[s] / 2;
  const p = paint(colour);
  const c = `${r1(cx)},${r1(cy)}`;
  const nw = `${r1(cx - w)},${r1(cy - w)}`;
  const ne = `${r1(cx + w)},${r1(cy - w)}`;
  const se = `${r1(cx + w)},${r1(cy + w)}`;
  const sw = `${r1(cx - w)},${r1(cy + w)}`;
  const g = svg("g", { class: "icw-pyr icw-pyr-top", "data-colour": colour, "data-size": s, "data-facing": "up" });
  g.append(
    svg("polygon", { class: "icw-pyr-body", points: `${nw} ${ne} ${se} ${sw}`, fill: p.fill, "fill-opacity": p.opacity, stroke: p.stroke }),
    svg("polygon", { class: "icw-pyr-shade", points: `${ne} ${se} ${c}` }),
    svg("polygon", { class: "icw-pyr-shade", points: `${se} ${sw} ${c}` }),
    svg("path", { class: "icw-pyr-edge", d: `M${nw}L${se}M${ne}L${sw}`, stroke: p.stroke, fill: "none" }),
  );
  g.append(svg("path", { class: "icw-pips", d: pips(s, cx, cy + w * 0.62, 1, 0, Math.min(4.4, (2 * w - 4) / Math.max(1, s))), fill: p.ink, "data-pips": s }));
  return g;
}

/** A lying pyramid centred on (cx, cy), its apex toward `facing`. */
export function drawFlatPyramid(colour: string, size: unknown, cx: number, cy: number, facing: Facing): SVGGElement {
  const s = clampSize(size);
  const half = HEIGHT[s] / 2;
  const w = (WIDTH[s] * LYING_BREADTH) / 2;
  const at = (dx: number, dy: number): string => {
    const [x, y] = turn(facing, dx, dy);
    return `${r1(cx + x)},${r1(cy + y)}`;
  };
  const p = paint(colour);
  const g = svg("g", { class: "icw-pyr icw-pyr-flat", "data-colour": colour, "data-size": s, "data-facing": facing });
  g.append(
    svg("polygon", {
      class: "icw-pyr-body",
      points: `${at(half, 0)} ${at(-half, -w)} ${at(-half, w)}`,
      fill: p.fill,
      "fill-opacity": p.opacity,
      stroke: p.stroke,
    }),
    svg("polygon", { class: "icw-pyr-shade", points: `${at(half, 0)} ${at(-half, w)} ${at(-half, 0)}` }),
  );
  // The pips sit in a row along the length, from the base toward the apex.
  const [x0, y0] = turn(facing, -half + 5 + ((s - 1) / 2) * 4.4, 0);
  const [ux, uy] = turn(facing, 1, 0);
  g.append(svg("path", { class: "icw-pips", d: pips(s, cx + x0, cy + y0, ux, uy), fill: p.ink, "data-pips": s }));
  return g;
}
