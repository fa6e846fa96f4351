// A pyramid lying on its side, seen from above: a triangle whose apex points the way it faces
// (north up the page), as long as the standing pyramid is tall and as wide as its base, one half
// shaded so it reads as a solid, and 1-3 pips near the base for its size.

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

/** The length (apex to base) and breadth (the base) of a lying pyramid of a size. */
export function flatSize(size: unknown): { length: number; breadth: number } {
  const s = clampSize(size);
  return { length: HEIGHT[s], breadth: WIDTH[s] };
}

/** A lying pyramid centred on (cx, cy), its apex toward `facing`. */
export function drawFlatPyramid(colour: string, size: unknown, cx: number, cy: number, facing: Facing): SVGGElement {
  const s = clampSize(size);
  const half = HEIGHT[s] / 2;
  const w = WIDTH[s] / 2;
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
  // The pips sit in a row along the base, as on the standing pyramid's face.
  let d = "";
  for (let i = 0; i < s; i++) {
    const [x, y] = turn(facing, -half + HEIGHT[s] * 0.2, (i - (s - 1) / 2) * 4.4);
    d += `M${r1(cx + x - 1.5)},${r1(cy + y)}a1.5,1.5 0 1,0 3,0a1.5,1.5 0 1,0 -3,0`;
  }
  g.append(svg("path", { class: "icw-pips", d, fill: p.ink, "data-pips": s }));
  return g;
}
