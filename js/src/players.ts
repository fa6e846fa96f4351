// The score panel: one entry per scene player (swatch, name, score, note, badges), the winners
// marked by a "winner" badge as well as a class.

import { h, list, objects, str } from "./dom";
import { paint } from "./palette";
import type { ScenePlayer } from "./types";

export function drawPlayers(players: unknown): HTMLElement {
  const panel = h("div", "icw-players");
  for (const pl of objects<ScenePlayer>(players)) {
    const winner = pl.winner === true;
    const row = h("div", winner ? "icw-player icw-winner" : "icw-player", undefined, { "data-seat": str(pl.seat) });
    const sw = h("span", "icw-swatch");
    const p = paint(pl.colour);
    sw.style.background = p.fill;
    sw.style.borderColor = p.stroke;
    row.append(sw, h("span", "icw-pname", str(pl.name ?? pl.seat)));
    if (pl.score !== null && pl.score !== undefined) row.append(h("span", "icw-score", str(pl.score)));
    if (winner) row.append(h("span", "icw-badge icw-winner-badge", "winner"));
    if (pl.note) row.append(h("span", "icw-pnote", str(pl.note)));
    for (const b of list<unknown>(pl.badges)) row.append(h("span", "icw-badge", str(b)));
    panel.append(row);
  }
  return panel;
}
