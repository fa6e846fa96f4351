// The legal-move list beside the board: the moves at the cursor in words, as Python lists them
// (`move_list`: at most a few hundred, with how many there are), filtered by typing, each played
// by a click that sends what the board's own clicks would (a seat's click path, or a move's text).
// It knows no rules: Python lists the moves and checks the one sent as every move.

import { h, list, object, setText, show, str } from "./dom";
import { LastDrawn } from "./redraw";

export interface ListedMove {
  seat: number;
  label: string; // the move in words
  path: string[]; // the clicks that choose it on the board ([]: a move with no place, sent by text)
  text: string; // its text in the game's notation
}

export interface MoveListData {
  rows: ListedMove[];
  count: number; // how many moves match Python's filter (more than the rows when they are cut)
  filter: string; // the words Python filtered by
}

/** The `move_list` trait, read as untrusted JSON: malformed rows are left out. */
export function readMoveList(v: unknown): MoveListData {
  const o = object<Record<string, unknown>>(v) ?? {};
  const rows = list<unknown>(o.rows)
    .filter((r): r is unknown[] => Array.isArray(r) && r.length >= 4 && Number.isInteger(r[0]) && Array.isArray(r[2]))
    .map(([seat, label, path, text]) => ({
      seat: seat as number,
      label: str(label),
      path: (path as unknown[]).filter((p): p is string => typeof p === "string"),
      text: str(text),
    }));
  const count = Number(o.count);
  return { rows, count: Number.isInteger(count) && count >= rows.length ? count : rows.length, filter: str(o.filter) };
}

/** The words typed, split for matching: every one must occur in a move's words (any case). */
export function words(typed: string): string[] {
  return typed.toLowerCase().split(/\s+/).filter((w) => w !== "");
}

/** Whether a move matches every word typed. */
export function matches(move: ListedMove, typed: readonly string[]): boolean {
  const hay = `${move.label} ${move.text}`.toLowerCase();
  return typed.every((w) => hay.includes(w));
}

/** The line under the filter: how many moves, and how many are shown when the list is cut. */
export function countLine(shown: number, count: number, typed: boolean): string {
  const moves = (n: number): string => `${n.toLocaleString("en")} ${n === 1 ? "move" : "moves"}`;
  if (count === 0) return typed ? "no move matches" : "no legal move for the seat shown here";
  return shown < count ? `${shown.toLocaleString("en")} of ${moves(count)}: type to narrow` : moves(count);
}

export class MoveList {
  readonly el = h("section", "icw-move-list", undefined, { "aria-label": "legal moves" });
  readonly input = h("input", "icw-move-filter", undefined, {
    type: "search", placeholder: "filter the moves", "aria-label": "filter the legal moves", spellcheck: "false",
  });
  private readonly count = h("div", "icw-move-count", undefined, { "aria-live": "polite" });
  private readonly items = h("ul", "icw-move-items");
  private data: MoveListData = { rows: [], count: 0, filter: "" };
  private readonly drawn = new LastDrawn();

  constructor() {
    this.el.append(h("div", "icw-move-list-title", "Legal moves"), this.input, this.count, this.items);
    show(this.el, false);
  }

  /** Python's list changed (a new position, or its answer to a filter). */
  update(data: MoveListData): void {
    this.data = data;
    this.draw();
  }

  /** The rows shown: Python's, narrowed at once by the words typed since. */
  shown(): ListedMove[] {
    const typed = words(this.input.value);
    return this.data.rows.filter((m) => matches(m, typed));
  }

  /** The words typed changed; true when Python should list again with them: its rows were cut,
   * or it filtered by other words (so the rows it holds back may match). */
  typed(): boolean {
    this.draw();
    const now = words(this.input.value).join(" ");
    const cut = this.data.count > this.data.rows.length;
    return now !== words(this.data.filter).join(" ") && (cut || this.data.filter.trim() !== "");
  }

  /** The move of a clicked row, or null. */
  moveAt(target: EventTarget | null): ListedMove | null {
    const b = target instanceof Element ? target.closest("button[data-move]") : null;
    if (!b || !this.items.contains(b)) return null;
    return this.shown()[Number(b.getAttribute("data-move"))] ?? null;
  }

  private draw(): void {
    const rows = this.shown();
    const typed = this.input.value.trim() !== "";
    const count = typed && this.data.count <= this.data.rows.length ? rows.length : this.data.count;
    show(this.el, this.data.rows.length > 0 || this.data.count > 0 || this.data.filter !== "" || typed);
    setText(this.count, countLine(rows.length, Math.max(count, rows.length), typed));
    if (!this.drawn.changed("rows", rows)) return;
    this.items.replaceChildren(...rows.map((m, i) => {
      const b = h("button", "icw-move-row", m.label, { type: "button", "data-move": i, "data-text": m.text, "data-seat": m.seat });
      const li = h("li");
      li.append(b);
      return li;
    }));
  }
}
