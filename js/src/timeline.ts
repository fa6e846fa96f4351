// The record as a move list, like a PGN viewer: the main line flows in order, each variation
// starts an indented line, a comment is shown as text under its move. The set-up's chance events
// (two or more rows with no mover's colour right after the start, before any seat's move: Dectana's
// lay and deal) fold into one "set-up" row that opens on demand.

import { MARK_NAMES, type MoveMark, isMark } from "./annotations";
import { h, objects, str } from "./dom";
import { paint } from "./palette";
import type { TimelineEntry } from "./types";

export interface TimelineView {
  el: HTMLElement;
  /** Show these entries: when they only add entries at the end (a move played at the end of the
   * line being read), those are appended; otherwise the list is drawn again. */
  update(entries: unknown): void;
  /** Mark the cursor's entry (aria-current) and scroll it into view inside the list. */
  setCurrent(cursor: number): void;
}

/** The `_timeline` trait's rows, `[id, parent, ply, label, colour, depth, comment, mark, tags]`
 * each, as entries; a row of another shape is left out. */
export function readTimeline(rows: unknown): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (!Array.isArray(rows)) return entries;
  for (const row of rows) {
    if (!Array.isArray(row) || typeof row[0] !== "number") continue;
    const [id, parent, ply, label, colour, depth, comment, mark, tags] = row as unknown[];
    entries.push({
      id: id as number,
      parent: typeof parent === "number" ? parent : null,
      ply: Number(ply) || 0,
      label: str(label),
      colour: typeof colour === "string" ? colour : null,
      depth: Number(depth) || 0,
      comment: str(comment),
      mark: isMark(mark) ? mark : "",
      tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string" && t !== "") : [],
    });
  }
  return entries;
}

/** The last node of the line through `node`: follow first children. */
export function lineEnd(entries: readonly TimelineEntry[], node: number): number {
  const first = new Map<number, number>();
  for (const e of entries) if (e.parent !== null && e.parent !== undefined && !first.has(e.parent)) first.set(e.parent, e.id);
  const seen = new Set<number>();
  let n = node;
  while (first.has(n) && !seen.has(n)) {
    seen.add(n);
    n = first.get(n)!;
  }
  return n;
}

function entry(e: TimelineEntry): HTMLButtonElement {
  const b = h("button", "icw-move", undefined, { type: "button", "data-node": e.id });
  if (e.ply > 0) b.append(h("span", "icw-ply", `${e.ply}.`));
  if (e.colour) {
    const dot = h("span", "icw-dot");
    dot.style.background = paint(e.colour).fill;
    b.append(dot);
  }
  b.append(h("span", "icw-label", str(e.label)));
  if (e.mark) b.append(h("span", "icw-move-mark", e.mark, { title: MARK_NAMES[e.mark as MoveMark] ?? "" }));
  const tags = e.tags ?? [];
  if (tags.length) b.append(h("span", "icw-tag-mark", tags.length > 1 ? `#${tags.length}` : "#", { title: `tags: ${tags.join(", ")}` }));
  if (e.comment) {
    b.append(h("span", "icw-note-mark", "✎", { "aria-hidden": "true" }));
    b.title = str(e.comment);
  }
  return b;
}

function indent(el: HTMLElement, depth: number): HTMLElement {
  const d = Math.max(0, Math.min(12, Math.floor(Number(depth) || 0)));
  if (d > 0) {
    el.classList.add("icw-variation");
    el.style.marginLeft = `${d * 0.9}em`;
  }
  return el;
}

/** Keep `el` visible inside the scrolling `box` without scrolling the page around it. */
function reveal(box: HTMLElement, el: HTMLElement): void {
  const top = el.offsetTop;
  const bottom = top + el.offsetHeight;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
}

/** Whether two entries would be drawn the same. */
function sameEntry(a: TimelineEntry, b: TimelineEntry): boolean {
  return (
    a.id === b.id && a.parent === b.parent && a.ply === b.ply && a.label === b.label &&
    a.colour === b.colour && a.depth === b.depth && a.comment === b.comment && a.mark === b.mark &&
    (a.tags ?? []).join("\n") === (b.tags ?? []).join("\n")
  );
}

/** Whether `e`, read right after `last`, goes on the start's run of chance events: the main
 * line's next row, made by no seat (a chance event's row has no colour). */
export function continuesSetup(e: TimelineEntry, last: TimelineEntry): boolean {
  return e.parent === last.id && e.depth === 0 && !e.colour && e.ply > 0;
}

const setupText = (n: number): string => `set-up: ${n} chance events`;

/** The set-up row: a disclosure whose summary counts the events, holding their entries. */
interface SetupFold {
  box: HTMLDetailsElement;
  summary: HTMLElement;
  line: HTMLElement;
  count: number;
}

export function drawTimeline(entries: unknown, cursor: number): TimelineView {
  const el = h("div", "icw-timeline", undefined, { "aria-label": "moves" });
  const byNode = new Map<number, HTMLElement>();
  let shown: TimelineEntry[] = [];
  let line: HTMLElement | null = null; // the line the next entry continues, if at `depth`
  let depth = -1;
  let run: TimelineEntry[] = []; // the start's chance events so far, while nothing else followed
  let growing = true;
  let fold: SetupFold | null = null;
  let foldOpen = false; // kept when the list is drawn again

  /** Fold the run's first entry (drawn as a row, with its comment if any) into a new set-up row. */
  function openFold(first: HTMLElement, note: Element | null): SetupFold {
    const box = h("details", "icw-setup") as HTMLDetailsElement;
    box.open = foldOpen;
    const summary = h("summary", "icw-setup-summary", setupText(1));
    const foldLine = h("div", "icw-line");
    foldLine.append(first);
    box.append(summary, foldLine);
    if (note) box.append(note);
    box.addEventListener("toggle", () => {
      foldOpen = box.open;
    });
    el.append(box);
    line = null;
    return { box, summary, line: note ? box.appendChild(h("div", "icw-line")) : foldLine, count: 1 };
  }

  /** Draw `e` inside the set-up row when it is one of the start's chance events past the first. */
  function intoSetup(e: TimelineEntry, b: HTMLElement): boolean {
    const last = shown.length ? shown[shown.length - 1] : undefined;
    if (!growing || !last || !continuesSetup(e, last)) {
      if (last) growing = false;
      return false;
    }
    run.push(e);
    if (run.length < 2) return false;
    if (!fold) {
      const first = byNode.get(run[0]!.id)!;
      fold = openFold(first, run[0]!.comment ? el.lastElementChild : null);
    }
    fold.line.append(b);
    if (e.comment) {
      fold.box.append(h("div", "icw-note", str(e.comment)));
      fold.line = fold.box.appendChild(h("div", "icw-line"));
    }
    fold.summary.textContent = setupText(++fold.count);
    return true;
  }

  function append(more: readonly TimelineEntry[]): void {
    for (const e of more) {
      const b = entry(e);
      byNode.set(e.id, b);
      const folded = intoSetup(e, b);
      shown.push(e);
      if (folded) continue;
      if (!line || e.depth !== depth) {
        depth = e.depth;
        line = indent(h("div", "icw-line"), depth);
        el.append(line);
      }
      line.append(b);
      if (e.comment) {
        el.append(indent(h("div", "icw-note", str(e.comment)), depth));
        line = null; // the line goes on below the comment
      }
    }
  }

  let current: HTMLElement | undefined;
  let currentNode = Number.NaN;
  const setCurrent = (c: number): void => {
    const next = byNode.get(c);
    currentNode = c;
    if (next === current) return;
    current?.removeAttribute("aria-current");
    current?.classList.remove("icw-current");
    current = next;
    if (!current) return;
    current.setAttribute("aria-current", "step");
    current.classList.add("icw-current");
    const folded = current.closest("details");
    if (folded && !folded.open) folded.open = foldOpen = true; // the cursor is in the set-up: show it
    // Read layout in the next frame, when the browser has laid out anyway: reading it now would
    // force a layout of the whole page inside the update.
    const target = current;
    requestAnimationFrame(() => {
      if (el.isConnected && target === current) reveal(el, target);
    });
  };

  const update = (next: unknown): void => {
    const all = objects<TimelineEntry>(next);
    if (all.length >= shown.length && shown.every((e, i) => sameEntry(e, all[i]!))) {
      append(all.slice(shown.length));
      return;
    }
    el.replaceChildren();
    byNode.clear();
    shown = [];
    line = null;
    depth = -1;
    run = [];
    growing = true;
    fold = null;
    current = undefined;
    append(all);
    setCurrent(currentNode);
  };

  append(objects<TimelineEntry>(entries));
  setCurrent(cursor);
  return { el, update, setCurrent };
}
