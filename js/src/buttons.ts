// The buttons around the board: one per acting seat, one per move with no place on the board,
// and one per target the scene does not draw. Each is built from plain data (so the controller
// can tell when it changed) and carries its hook: data-seat, data-text or data-key.

import { h, list, str } from "./dom";
import { paint } from "./palette";
import type { Actor, Seat } from "./types";

export interface SeatButton {
  seat: string;
  name: string;
  fill: string;
}

export interface MoveButton {
  text: string;
  label: string;
  seat: string;
  fill: string;
}

export interface ChoiceButton {
  key: string;
  name: string; // what it shows
  label: string; // its accessible name: what it is and what its move does
}

/** A button per acting seat where there is a seat to choose: none for a lone actor (a turn-based
 * game's seat to move), whose chip would do nothing. */
export function seatButtons(actors: readonly Actor[]): SeatButton[] {
  if (actors.length < 2) return [];
  return actors.map((a) => ({ seat: str(a.seat), name: str(a.name ?? a.seat), fill: paint(a.colour).fill }));
}

/** The moves with no place on the board of the acting seat, or of every actor while none is. */
export function moveButtons(actors: readonly Actor[], seat: Seat | null): MoveButton[] {
  const movers = seat === null ? actors : actors.filter((a) => a.seat === seat);
  return movers.flatMap((a) =>
    list<unknown>(a.buttons)
      .filter(Array.isArray)
      .map(([t, label]) => ({ text: str(t), label: str(label ?? t), seat: str(a.seat), fill: paint(a.colour).fill })),
  );
}

export function drawSeatButton({ seat, name, fill }: SeatButton): HTMLButtonElement {
  const b = h("button", "icw-seat", undefined, { type: "button", "data-seat": seat });
  b.style.setProperty("--icw-seat", fill);
  b.append(h("span", "icw-swatch"), h("span", "", name));
  return b;
}

export function drawMoveButton({ text, label, seat, fill }: MoveButton): HTMLButtonElement {
  const b = h("button", "", label, { type: "button", "data-text": text, "data-seat": seat });
  b.style.setProperty("--icw-seat", fill);
  return b;
}

export function drawChoiceButton({ key, name, label }: ChoiceButton): HTMLButtonElement {
  return h("button", "", name, { type: "button", "data-key": key, "aria-label": label });
}
