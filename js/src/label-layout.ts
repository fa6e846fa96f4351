// Where small labels go on a drawing so that none covers another, nor any text the drawing holds:
// each label is tried at its anchor, then along its arrow, then at spots ever further around the
// anchor, and takes the first that is free. Pure: boxes in, boxes out (the hint labels use it).

import type { Box } from "./arrow-geometry";

/** A label to place: its size, where it would best sit (its centre) and, for a label of an
 * arrow, the arrow's ends (spots along it are tried before spots around the anchor). */
export interface LabelWant {
  anchor: [number, number];
  width: number;
  height: number;
  along?: [[number, number], [number, number]];
}

/** The room kept between a label and anything else. */
export const LABEL_GAP = 2;

/** Whether two boxes overlap, or come within `gap` of each other. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/** How far around its anchor a label is looked for, in steps of half its size each way: the
 * whole drawing where its bounds are known (at most this many steps), else this many. */
const RINGS = 24;
const MOST_RINGS = 100;
/** Spots within this distance of the anchor that also leave `avoid`'s boxes uncovered are taken
 * before any nearer spot that covers one. */
const SOFT_REACH = 48;

/** The box of a label centred at (x, y), kept inside `bounds` where it fits. */
function at(want: LabelWant, x: number, y: number, bounds: Box | null): Box {
  let bx = x - want.width / 2;
  let by = y - want.height / 2;
  if (bounds) {
    if (want.width <= bounds.width) bx = Math.min(Math.max(bx, bounds.x), bounds.x + bounds.width - want.width);
    if (want.height <= bounds.height) by = Math.min(Math.max(by, bounds.y), bounds.y + bounds.height - want.height);
  }
  return { x: bx, y: by, width: want.width, height: want.height };
}

/** The centres to try for a label, nearest first: its anchor, spots along its arrow, then a grid
 * of half-label steps around the anchor ordered by distance, as far as the drawing reaches. */
function spots(want: LabelWant, bounds: Box | null): [number, number][] {
  const [ax, ay] = want.anchor;
  const out: [number, number][] = [[ax, ay]];
  if (want.along) {
    const [[x1, y1], [x2, y2]] = want.along;
    for (const t of [0.4, 0.6, 0.3, 0.7, 0.25, 0.75]) out.push([x1 + (x2 - x1) * t, y1 + (y2 - y1) * t]);
  }
  const sx = (want.width + LABEL_GAP) / 2;
  const sy = (want.height + LABEL_GAP) / 2;
  const grid: [number, number, number][] = [];
  const rings = bounds ? Math.min(MOST_RINGS, Math.ceil(Math.max(bounds.width / sx, bounds.height / sy)) + 1) : RINGS;
  for (let i = -rings; i <= rings; i++) {
    for (let j = -rings; j <= rings; j++) {
      if (i === 0 && j === 0) continue;
      const dx = i * sx;
      const dy = j * sy;
      grid.push([dx * dx + dy * dy, ax + dx, ay + dy]);
    }
  }
  grid.sort((a, b) => a[0] - b[0]);
  for (const [, x, y] of grid) out.push([x, y]);
  return out;
}

/** The boxes of `wants`, in their order (the first gets the spot nearest its anchor): no two
 * overlap, none overlaps an `obstacles` box (the drawing's texts), each inside `bounds` where it
 * fits; a label leaves `avoid`'s boxes (the pieces the hints start from and go to) uncovered
 * where a free spot near enough allows. Where the drawing has no spot left clear of its texts, a
 * label takes the nearest spot clear of the other labels (over a text, but seen); where even that
 * fails, it goes below everything, so no two labels ever overlap however many there are. */
export function placeLabels(wants: readonly LabelWant[], obstacles: readonly Box[], bounds: Box | null = null,
  avoid: readonly Box[] = []): Box[] {
  const placed: Box[] = [];
  const apart = (b: Box): boolean => !placed.some((p) => overlaps(b, p, LABEL_GAP));
  const free = (b: Box): boolean => apart(b) && !obstacles.some((o) => overlaps(b, o, LABEL_GAP));
  for (const want of wants) {
    let found: Box | null = null;
    let fallback: Box | null = null;
    const [ax, ay] = want.anchor;
    const tries = spots(want, bounds);
    for (const [x, y] of tries) {
      const box = at(want, x, y, bounds);
      if (!free(box)) continue;
      const far = Math.hypot(box.x + box.width / 2 - ax, box.y + box.height / 2 - ay) > SOFT_REACH;
      if (!avoid.some((a) => overlaps(box, a))) {
        if (!far || fallback === null) {
          found = box;
          break;
        }
      }
      fallback ??= box;
      if (far) break; // beyond the reach: the nearest free spot, covering a piece or not
    }
    found ??= fallback;
    if (!found && bounds) {
      for (const [x, y] of tries) {
        const box = at(want, x, y, bounds);
        if (apart(box)) {
          found = box;
          break;
        }
      }
    }
    if (!found) {
      const bottom = Math.max(bounds ? bounds.y + bounds.height : -Infinity, ...placed.map((p) => p.y + p.height),
        ...obstacles.map((o) => o.y + o.height), want.anchor[1]);
      found = { x: want.anchor[0] - want.width / 2, y: bottom + LABEL_GAP + 1, width: want.width, height: want.height };
    }
    placed.push(found);
  }
  return placed;
}
