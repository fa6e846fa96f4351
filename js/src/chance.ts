// Chance controls for `dice` regions: a Roll button when a roll is due, and one select per die
// to set the faces by hand when the region is settable. Python decides whether either is legal.

import { h, objects, str } from "./dom";
import type { Die, Region } from "./types";

/** One box per dice region that offers an action; none when nothing can be done by hand. */
export function drawChance(regions: unknown): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  for (const r of objects<Region>(regions)) {
    if (r.kind !== "dice" || !(r.due || r.settable)) continue;
    const box = h("div", "icw-chance-region", undefined, { "data-region": str(r.id) });
    box.append(h("span", "icw-chance-label", str(r.label || "Dice")));
    if (r.due) box.append(h("button", "icw-roll", "Roll", { type: "button", "data-chance": "roll" }));
    if (r.settable) {
      const faces = Math.max(1, Math.min(100, Math.floor(Number(r.faces)) || 6));
      objects<Die>(r.dice).forEach((d, i) => {
        const sel = h("select", "", undefined, { "data-die": i, "aria-label": `${str(d.id) || "die"} face` });
        for (let f = 1; f <= faces; f++) sel.append(h("option", "", String(f), { value: f }));
        const face = Number(d.face);
        sel.value = String(Number.isInteger(face) && face >= 1 && face <= faces ? face : 1);
        box.append(sel);
      });
      box.append(h("button", "icw-set-chance", "Set dice", { type: "button", "data-chance": "set" }));
    }
    boxes.push(box);
  }
  return boxes;
}

/** The faces chosen in one region's box, in die order. */
export function readChance(box: ParentNode): number[] {
  return [...box.querySelectorAll<HTMLSelectElement>("select[data-die]")].map((s) => Number(s.value));
}
