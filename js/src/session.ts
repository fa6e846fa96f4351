// Which game of the board, and whose view of it: the games switcher (when the board holds more
// than one game) and the viewer control with "follow the turn" (when the game hides something).

import { h, show } from "./dom";
import { LastDrawn } from "./redraw";
import type { Choice } from "./traits";

export interface SessionState {
  viewers: Choice<number | null>[];
  viewer: number | null;
  follow: boolean;
  games: Choice<number>[];
  gameIndex: number;
  locked?: boolean; // hot-seat: the view follows the turn and may not be left from the page
}

/** What the viewer control says while hot-seat play keeps each hand hidden. */
export const LOCKED_NOTE = "Hands stay hidden in hot-seat play: board.unlock_view() in Python lets this view change.";

export class SessionControls {
  readonly games = h("label", "icw-games");
  readonly viewer = h("span", "icw-viewer", undefined, { role: "group", "aria-label": "view" });
  private readonly gameSelect = h("select", "", undefined, { "aria-label": "game" });
  private readonly viewerSelect = h("select", "", undefined, { "aria-label": "view the board as", "data-viewer": "" });
  private readonly follow = h("input", "icw-follow", undefined, { type: "checkbox" });
  private readonly lockNote = h("span", "icw-view-locked", LOCKED_NOTE);
  private viewers: Choice<number | null>[] = [];
  private readonly drawn = new LastDrawn();

  constructor(into: HTMLElement) {
    this.games.append(h("span", "icw-session-label", "Game"), this.gameSelect);
    const follow = h("label", "icw-follow-label");
    follow.append(this.follow, h("span", "", "follow the turn"));
    this.viewer.append(h("span", "icw-session-label", "View as"), this.viewerSelect, follow, this.lockNote);
    show(this.lockNote, false);
    show(this.games, false);
    show(this.viewer, false);
    into.append(this.games, this.viewer);
  }

  update(s: SessionState): void {
    if (this.drawn.changed("games", s.games)) {
      this.gameSelect.replaceChildren(...s.games.map((g) => h("option", "", g.label, { value: g.value })));
      show(this.games, s.games.length > 1);
    }
    this.gameSelect.value = String(s.gameIndex);
    if (this.drawn.changed("viewers", s.viewers)) {
      this.viewers = s.viewers;
      // An option's value is the seat as JSON ("null" for the designer's view).
      this.viewerSelect.replaceChildren(...s.viewers.map((v) => h("option", "", v.label, { value: JSON.stringify(v.value) })));
      show(this.viewer, s.viewers.length > 0);
    }
    this.viewerSelect.value = JSON.stringify(s.viewer);
    this.follow.checked = s.follow;
    // Locked, the view follows the turn: Python refuses another, and the note says why.
    show(this.lockNote, s.locked === true);
  }

  /** The viewer and follow choice as the controls show them now; `chosen`: a view was chosen in
   * the select, which stops following the turn. */
  readViewer(chosen = false): { seat: number | null; follow: boolean } {
    const seat = this.viewers.find((v) => JSON.stringify(v.value) === this.viewerSelect.value);
    return { seat: seat ? seat.value : null, follow: this.follow.checked && !chosen };
  }

  readGame(): number {
    return Number(this.gameSelect.value);
  }

  /** Which control a change event came from. */
  which(e: Event): "viewer" | "follow" | "game" | null {
    if (e.target === this.viewerSelect) return "viewer";
    if (e.target === this.follow) return "follow";
    if (e.target === this.gameSelect) return "game";
    return null;
  }
}
