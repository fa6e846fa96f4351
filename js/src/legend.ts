// The legend of the highlights showing now: each with a swatch drawn in the same colour and dash
// pattern as on the board (the CSS gives the swatch icw-key-<x> the look of the highlight <x>), and its
// meaning in words.

import { h, svg, token } from "./dom";
import { kindText } from "./labels";

export interface LegendEntry {
  key: string; // data-legend: "target", a move kind, "selected" or "last"
  text: string;
  classes: string; // the swatch's classes
}

/** The entries for targets ending moves of these kinds (null: a target that continues a move),
 * a selection, and a last-move mark. */
export function legendEntries(leaves: Iterable<string | null>, selected: boolean, last: boolean): LegendEntry[] {
  const kinds = new Set<string>();
  let prefix = false;
  for (const leaf of leaves) {
    if (leaf === null) prefix = true;
    else kinds.add(leaf);
  }
  const out: LegendEntry[] = [];
  if (prefix) out.push({ key: "target", text: "target", classes: "icw-key-target" });
  for (const k of [...kinds].sort()) out.push({ key: k, text: kindText(k), classes: `icw-key-leaf icw-key-kind-${token(k)}` });
  if (selected) out.push({ key: "selected", text: "selected", classes: "icw-key-selected" });
  if (last) out.push({ key: "last", text: "last move", classes: "icw-key-last" });
  return out;
}

function swatch(classes: string): SVGSVGElement {
  const s = svg("svg", { class: "icw-legend-key", viewBox: "0 0 24 16", "aria-hidden": "true" });
  const g = svg("g", { class: classes });
  g.append(svg("rect", { class: "icw-hit", x: 2, y: 2, width: 20, height: 12, rx: 3 }));
  s.append(g);
  return s;
}

/** The legend's items, one per entry. */
export function drawLegend(entries: readonly LegendEntry[]): HTMLElement[] {
  return entries.map((e) => {
    const item = h("span", "icw-legend-item", undefined, { "data-legend": e.key });
    item.append(swatch(e.classes), h("span", "", e.text));
    return item;
  });
}
