// Where annotations go on the drawing: the box of a drawn scene id in the scene's own coordinates
// (its hit rectangle, through the translates and scales of the groups around it), and the shape
// of an arrow between two boxes. Pure but for reading attributes, so it runs without layout.

/** A rectangle in scene coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An affine map [a, b, c, d, e, f]: (x, y) -> (a x + c y + e, b x + d y + f), as SVG's matrix(). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m then n: the map that applies `n` first, then `m` (as nested SVG transforms do, outer first). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const [a2, b2, c2, d2, e2, f2] = n;
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

/** An SVG transform attribute's translate(), scale() and matrix() functions as one matrix; any
 * other function (rotate, skew) is left out: the scene draws none. */
export function parseTransform(text: string | null): Matrix {
  let m = IDENTITY;
  for (const [, name, args] of (text ?? "").matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const n = args!.split(/[\s,]+/).filter((s) => s !== "").map(Number);
    if (n.some((v) => !Number.isFinite(v))) continue;
    if (name === "translate") m = multiply(m, [1, 0, 0, 1, n[0] ?? 0, n[1] ?? 0]);
    else if (name === "scale") m = multiply(m, [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1, 0, 0]);
    else if (name === "matrix" && n.length === 6) m = multiply(m, n as Matrix);
  }
  return m;
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function attr(el: Element, name: string): number {
  const v = Number(el.getAttribute(name));
  return Number.isFinite(v) ? v : 0;
}

/** The map from an element's own coordinates to those of `root` (the scene's svg): the transforms
 * of the element and of the groups around it; null when it is not inside `root`. */
export function toRoot(el: Element, root: Element): Matrix | null {
  let m = IDENTITY;
  let n: Element | null = el;
  for (; n && n !== root; n = n.parentElement) m = multiply(parseTransform(n.getAttribute("transform")), m);
  return n === root ? m : null;
}

/** A box mapped through `m` (the box around its mapped corners). */
export function mapBox(m: Matrix, b: Box): Box {
  const [x1, y1] = apply(m, b.x, b.y);
  const [x2, y2] = apply(m, b.x + b.width, b.y + b.height);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** The box of a drawn item (a `<g data-id>`) in the coordinates of `root` (the scene's svg): its
 * hit rectangle, its first child, mapped through the transforms of the item and the groups
 * around it; null when it has no hit rectangle or is not inside `root`. */
export function boxOf(item: Element, root: Element): Box | null {
  const rect = item.firstElementChild;
  if (!rect || !rect.classList.contains("icw-hit")) return null;
  const m = toRoot(item, root);
  if (!m) return null;
  return mapBox(m, { x: attr(rect, "x"), y: attr(rect, "y"), width: attr(rect, "width"), height: attr(rect, "height") });
}

export function centre(b: Box): [number, number] {
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** An arrow drawn as a shaft (a line) and a head (a triangle whose tip is `tip`). */
export interface ArrowShape {
  x1: number;
  y1: number;
  x2: number; // where the shaft meets the head's base
  y2: number;
  tip: [number, number];
  head: [number, number][]; // tip, then the two corners of the base
}

export const HEAD_LENGTH = 13;
export const HEAD_HALF_WIDTH = 7;

/** The arrow from one box to another, centre to centre as chess boards draw them: it leaves the
 * first box a little way from its centre and its tip stops short of the second's centre by a
 * quarter of that box's smaller side (at most 12), so the place stays readable under it. Null
 * when the centres are too close for an arrow. */
export function arrowShape(from: Box, to: Box): ArrowShape | null {
  const [ax, ay] = centre(from);
  const [bx, by] = centre(to);
  const dx = bx - ax;
  const dy = by - ay;
  const length = Math.hypot(dx, dy);
  const start = Math.min(12, Math.min(from.width, from.height) / 4);
  const end = Math.min(12, Math.min(to.width, to.height) / 4);
  if (length - start - end < HEAD_LENGTH + 2) return null;
  const ux = dx / length;
  const uy = dy / length;
  const tip: [number, number] = [bx - ux * end, by - uy * end];
  const base: [number, number] = [tip[0] - ux * HEAD_LENGTH, tip[1] - uy * HEAD_LENGTH];
  const side: [number, number] = [-uy * HEAD_HALF_WIDTH, ux * HEAD_HALF_WIDTH];
  return {
    x1: ax + ux * start,
    y1: ay + uy * start,
    x2: base[0],
    y2: base[1],
    tip,
    head: [tip, [base[0] + side[0], base[1] + side[1]], [base[0] - side[0], base[1] - side[1]]],
  };
}
