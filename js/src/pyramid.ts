// One pyramid, side-on: a triangle whose width and height grow with size, a shaded right face
// so it reads as a solid, and 1-3 pips near the base so the size reads without comparing.

import { r1, svg } from "./dom";
import { paint } from "./palette";

/** Base width and height per size (index 1..3); heights go 1 : 1.45 : 1.9. */
export const WIDTH = [0, 18, 24, 30] as const;
export const HEIGHT = [0, 22, 32, 42] as const;
export const SIZE_NAMES = ["", "small", "medium", "large"] as const;

/** Sizes outside 1..3 are drawn as the nearest real size. */
export function clampSize(size: unknown): 1 | 2 | 3 {
  const n = Math.round(Number(size));
  return n >= 3 ? 3 : n === 2 ? 2 : 1;
}

export function pyramidWidth(size: unknown): number {
  return WIDTH[clampSize(size)];
}

export function pyramidHeight(size: unknown): number {
  return HEIGHT[clampSize(size)];
}

/** A pyramid with its base centred on (x, base). */
export function drawPyramid(colour: string, size: unknown, x: number, base: number): SVGGElement {
  const s = clampSize(size);
  const w = WIDTH[s] / 2;
  const top = r1(base - HEIGHT[s]);
  const p = paint(colour);
  const g = svg("g", { class: "icw-pyr", "data-colour": colour, "data-size": s });
  const left = r1(x - w);
  const right = r1(x + w);
  g.append(
    svg("polygon", {
      class: "icw-pyr-body",
      points: `${left},${base} ${x},${top} ${right},${base}`,
      fill: p.fill,
      "fill-opacity": p.opacity,
      stroke: p.stroke,
    }),
    svg("polygon", { class: "icw-pyr-shade", points: `${x},${top} ${right},${base} ${x},${base}` }),
  );
  // Pips sit low on the face, inside the part a stacked piece leaves visible: one path of s dots.
  const py = r1(base - HEIGHT[s] * 0.2);
  let d = "";
  for (let i = 0; i < s; i++) d += `M${r1(x + (i - (s - 1) / 2) * 4.4 - 1.5)},${py}a1.5,1.5 0 1,0 3,0a1.5,1.5 0 1,0 -3,0`;
  g.append(svg("path", { class: "icw-pips", d, fill: p.ink, "data-pips": s }));
  return g;
}
