// A node's annotations as the board draws and edits them: arrows between two scene ids, places
// highlighted, a move mark and free tags. Pure: reading the trait, toggling an arrow or a place,
// and the mouse gesture that draws them (press on one place, release on another for an arrow, on
// the same place for a highlight).

import { object, str } from "./dom";

/** The move marks, after chess's, in the order the buttons show them. */
export const MARKS = ["!", "?", "!!", "??", "!?", "?!"] as const;
export type MoveMark = (typeof MARKS)[number];

/** What each mark says, for the buttons' names. */
export const MARK_NAMES: Record<MoveMark, string> = {
  "!": "good move",
  "?": "mistake",
  "!!": "brilliant move",
  "??": "blunder",
  "!?": "interesting move",
  "?!": "dubious move",
};

// The limits of the record (the same as Python's checks).
export const MAX_ARROWS = 64;
export const MAX_HIGHLIGHTS = 128;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
const MAX_ID = 200;

export type Arrow = [string, string];

export interface Annotations {
  arrows: Arrow[];
  highlights: string[];
  mark: MoveMark | "";
  tags: string[];
}

export const NO_ANNOTATIONS: Annotations = { arrows: [], highlights: [], mark: "", tags: [] };

function isId(v: unknown): v is string {
  return typeof v === "string" && v.length > 0 && v.length <= MAX_ID;
}

export function isMark(v: unknown): v is MoveMark {
  return typeof v === "string" && (MARKS as readonly string[]).includes(v);
}

/** The `annotations` trait, read as untrusted JSON: entries of the wrong shape are left out. */
export function readAnnotations(v: unknown): Annotations {
  const o = object<Record<string, unknown>>(v) ?? {};
  const arrows: Arrow[] = [];
  for (const a of Array.isArray(o.arrows) ? o.arrows : []) {
    if (Array.isArray(a) && a.length === 2 && isId(a[0]) && isId(a[1])) arrows.push([a[0], a[1]]);
  }
  const highlights = (Array.isArray(o.highlights) ? o.highlights : []).filter(isId);
  const tags = [...new Set((Array.isArray(o.tags) ? o.tags : []).filter((t): t is string => typeof t === "string" && t !== "").map(str))];
  return { arrows, highlights: [...new Set(highlights)], mark: isMark(o.mark) ? o.mark : "", tags };
}

/** The arrow from `from` to `to` added, or taken away when it is there already. */
export function toggleArrow(a: Annotations, from: string, to: string): Annotations {
  const kept = a.arrows.filter(([f, t]) => !(f === from && t === to));
  if (kept.length < a.arrows.length) return { ...a, arrows: kept };
  if (a.arrows.length >= MAX_ARROWS) return a;
  return { ...a, arrows: [...a.arrows, [from, to]] };
}

/** The place highlighted, or no longer when it was. */
export function toggleHighlight(a: Annotations, id: string): Annotations {
  if (a.highlights.includes(id)) return { ...a, highlights: a.highlights.filter((h) => h !== id) };
  if (a.highlights.length >= MAX_HIGHLIGHTS) return a;
  return { ...a, highlights: [...a.highlights, id] };
}

/** The tags with `text` added (trimmed; an empty one or one already there changes nothing). */
export function addTag(tags: readonly string[], text: string): string[] {
  const tag = text.trim();
  return tag === "" || tags.includes(tag) ? [...tags] : [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/** The mark a mark button sets: its own, or none when it is the mark already. */
export function nextMark(now: MoveMark | "", pressed: MoveMark): MoveMark | "" {
  return now === pressed ? "" : pressed;
}

// -- the gesture ----------------------------------------------------------------------------------

/** The drawing gesture so far: nothing, or a press on a place. */
export type Gesture = { kind: "idle" } | { kind: "pressed"; from: string };
export const IDLE: Gesture = { kind: "idle" };

/** What a finished gesture draws. */
export type Stroke = { kind: "none" } | { kind: "arrow"; from: string; to: string } | { kind: "highlight"; id: string };

/** The press that may start a gesture: which button, whether Shift is held, whether draw mode is on. */
export interface Press {
  button: number; // 0 main (left), 2 secondary (right)
  shift: boolean;
  drawMode: boolean;
}

/** Whether a press draws (rather than picks a move): the right button, Shift with the main
 * button, or the main button in draw mode. */
export function draws(p: Press): boolean {
  return p.button === 2 || (p.button === 0 && (p.shift || p.drawMode));
}

/** A press on place `id` (null: on no place). */
export function press(_g: Gesture, id: string | null, how: Press): Gesture {
  return id !== null && draws(how) ? { kind: "pressed", from: id } : IDLE;
}

/** A release on place `id` (null: on no place): what it draws, and the gesture after it. */
export function release(g: Gesture, id: string | null): [Gesture, Stroke] {
  if (g.kind !== "pressed" || id === null) return [IDLE, { kind: "none" }];
  return [IDLE, id === g.from ? { kind: "highlight", id } : { kind: "arrow", from: g.from, to: id }];
}

/** The annotations with a stroke drawn on them. */
export function applyStroke(a: Annotations, s: Stroke): Annotations {
  if (s.kind === "arrow") return toggleArrow(a, s.from, s.to);
  if (s.kind === "highlight") return toggleHighlight(a, s.id);
  return a;
}

/** The place a pointer is on: walking out from the element under it, the outermost scene id
 * inside a region (a tower rather than its piece, a square rather than its stack), or the region
 * itself on its empty part; null off the drawing. */
export function placeAt(from: EventTarget | null, stop: Element): string | null {
  let place: string | null = null;
  for (let n = from instanceof Element ? from : null; n && n !== stop; n = n.parentElement) {
    const id = n.getAttribute("data-id");
    if (id === null || id === "") continue;
    if (n.classList.contains("icw-region")) return place ?? id;
    place = id;
  }
  return place;
}
