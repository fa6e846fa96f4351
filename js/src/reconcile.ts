// Keyed redraws in place. A part is drawn by a pure function of its arguments and keyed by them
// (as JSON); a group part is a <g> whose children are parts in turn; a part may be placed by a
// translate that is not in its key. `reconcile` keeps every element whose key is unchanged,
// moving it if its place changed: a move changes a pile count and the top of a tower, and the rest
// of the board stays as it is, in the DOM too (so the browser lays out little).

import { r1, svg } from "./dom";

export type Attrs = Record<string, string | number | null>;

/** One element of the drawing: `make` draws it from what `key` names, `at` (a transform) places
 * it. A group's `children` are reconciled into it, unless they are drawn from the same `from` as
 * last time (then they are as they should be, and not even listed). */
export interface Part {
  key: string;
  make: () => SVGElement;
  at?: string;
  children?: () => Part[];
  from?: string;
}

/** A part drawn by `draw(...args)`: `draw` must depend on nothing but its arguments (and
 * constants), since the key is `tag` and the arguments as JSON. */
export function part<A extends unknown[]>(tag: string, draw: (...args: A) => SVGElement, ...args: A): Part {
  return { key: tag + JSON.stringify(args), make: () => draw(...args) };
}

/** A <g> with these attributes around `children`, placed at (x, y) when given, and drawn `scale`
 * times its size. When `from` is given, the children must depend on nothing else (and constants). */
export function group(attrs: Attrs, children: () => Part[], options: { place?: [number, number]; scale?: number; from?: unknown[] } = {}): Part {
  const g: Part = { key: "g" + JSON.stringify(attrs), make: () => svg("g", attrs), children };
  if (options.place) g.at = `translate(${r1(options.place[0])},${r1(options.place[1])})`;
  if (options.scale !== undefined && options.scale !== 1) g.at = `${g.at ?? ""} scale(${Math.round(options.scale * 1000) / 1000})`.trim();
  if (options.from) g.from = JSON.stringify(options.from);
  return g;
}

/** What a drawn part is now: its key, its element, where it was placed, what its children were
 * drawn from. */
interface Drawn {
  key: string;
  el: SVGElement;
  at: string | undefined;
  from: string | undefined;
}

/** The parts drawn into each container element, in order (the DOM is only written, never read). */
const DRAWN = new WeakMap<Element, Drawn[]>();

/** Make `parent`'s children the elements of `parts`, in order: the element of a part whose key
 * is unchanged stays (it is not even moved when already in place), the others are drawn anew. */
export function reconcile(parent: Element, parts: readonly Part[]): void {
  const before = DRAWN.get(parent) ?? [];
  // Mostly the parts come in the order they were drawn: those before the first change are the
  // same by place, and only the rest are looked up by key.
  let kept = 0;
  while (kept < parts.length && kept < before.length && parts[kept]!.key === before[kept]!.key) kept++;
  const spare = new Map<string, Drawn[]>();
  for (const d of before.slice(kept)) {
    const same = spare.get(d.key);
    if (same) same.push(d);
    else spare.set(d.key, [d]);
  }
  const after = parts.map((p, i): Drawn => {
    const d = (i < kept ? before[i] : spare.get(p.key)?.shift()) ?? { key: p.key, el: p.make(), at: undefined, from: undefined };
    if (p.at !== undefined && d.at !== p.at) {
      d.el.setAttribute("transform", p.at);
      d.at = p.at;
    }
    if (p.children && (p.from === undefined || p.from !== d.from)) {
      reconcile(d.el, p.children());
      d.from = p.from;
    }
    return d;
  });
  DRAWN.set(parent, after);
  if (after.length === before.length && after.every((d, i) => d === before[i])) return;
  // Drop what was not kept first, so the kept elements that follow it need no move.
  for (const list of spare.values()) for (const d of list) d.el.remove();
  let next = parent.firstElementChild;
  for (const { el } of after) {
    if (el === next) next = next.nextElementSibling;
    else parent.insertBefore(el, next);
  }
}
