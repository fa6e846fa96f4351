// The legal-move list beside the board: the moves at the cursor in words, as Python lists them
// (`move_list`: at most a few hundred, with how many there are), filtered by typing, each played
// by a click that sends what the board's own clicks would (a seat's click path, or a move's text).
// Folded until a person opens it (its toggle asks Python, `show_moves`): folded, it says how many
// moves there are, and a step sends no more than that.
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
  open: boolean; // the list is open (folded, Python sends only how many moves there are)
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
  return { rows, count: Number.isInteger(count) && count >= rows.length ? count : rows.length, filter: str(o.filter), open: o.open === true };
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
  /** Opens the list or folds it: the page asks Python (`show_moves`), which sends the moves. */
  readonly toggle = h("button", "icw-move-list-toggle", "Legal moves", { type: "button", "aria-expanded": "false" });
  private data: MoveListData = { rows: [], count: 0, filter: "", open: false };
  private readonly drawn = new LastDrawn();

  constructor() {
    this.el.append(this.toggle, this.count, this.input, this.items);
    show(this.el, false);
  }

  /** The open state a click on the toggle asks for, or null for any other click. */
  toggled(target: EventTarget | null): boolean | null {
    const b = target instanceof Element ? target.closest("button") : null;
    return b === this.toggle ? !this.data.open : null;
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
    const open = this.data.open;
    if (this.toggle.getAttribute("aria-expanded") !== String(open)) this.toggle.setAttribute("aria-expanded", String(open));
    show(this.input, open);
    show(this.items, open);
    setText(this.count, open ? countLine(rows.length, Math.max(count, rows.length), typed) : countLine(this.data.count, this.data.count, false));
    if (!this.drawn.changed("rows", rows)) return;
    this.items.replaceChildren(...rows.map((m, i) => {
      const b = h("button", "icw-move-row", m.label, { type: "button", "data-move": i, "data-text": m.text, "data-seat": m.seat });
      const li = h("li");
      li.append(b);
      return li;
    }));
  }
}
