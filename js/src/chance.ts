// Chance controls: for a `dice` region, a Roll button when a roll is due and one select per die to
// set the faces by hand when settable; for a `deck` region, a Draw button when a draw is due and
// a select of the cards it may be set to. Python decides whether either is legal.

import { h, list, objects, str } from "./dom";
import type { DeckRegion, DiceRegion, Die } from "./types";

type ChanceRegion = DiceRegion | DeckRegion;

function diceControls(box: HTMLElement, r: DiceRegion): void {
  if (r.due) box.append(h("button", "icw-roll", "Roll", { type: "button", "data-chance": "roll" }));
  if (!r.settable) return;
  const faces = Math.max(1, Math.min(100, Math.floor(Number(r.faces)) || 6));
  objects<Die>(r.dice).forEach((d, i) => {
    const sel = h("select", "", undefined, { "data-die": i, "aria-label": `${str(d.label) || str(d.id) || "die"} face` });
    for (let f = 1; f <= faces; f++) sel.append(h("option", "", String(f), { value: f }));
    const face = Number(d.face);
    sel.value = String(Number.isInteger(face) && face >= 1 && face <= faces ? face : 1);
    box.append(sel);
  });
  box.append(h("button", "icw-set-chance", "Set dice", { type: "button", "data-chance": "set" }));
}

function deckControls(box: HTMLElement, r: DeckRegion): void {
  if (r.due) box.append(h("button", "icw-draw", "Draw", { type: "button", "data-chance": "roll" }));
  const choices = list<unknown>(r.choices).filter((c): c is unknown[] => Array.isArray(c) && c.length > 0);
  if (!r.settable || !choices.length) return;
  const sel = h("select", "", undefined, { "data-draw": "", "aria-label": `${str(r.label) || "deck"}: the card to draw` });
  for (const [value, label] of choices) sel.append(h("option", "", str(label ?? value), { value: str(value) }));
  box.append(sel, h("button", "icw-set-draw", "Set draw", { type: "button", "data-chance": "set" }));
}

/** One box per dice or deck region that offers an action; none when nothing can be done by hand. */
export function drawChance(regions: unknown): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  for (const r of objects<ChanceRegion>(regions)) {
    if ((r.kind !== "dice" && r.kind !== "deck") || !(r.due || r.settable)) continue;
    const box = h("div", "icw-chance-region", undefined, { "data-region": str(r.id), "data-kind": r.kind });
    box.append(h("span", "icw-chance-label", str(r.label) || (r.kind === "dice" ? "Dice" : "Deck")));
    if (r.kind === "dice") diceControls(box, r);
    else deckControls(box, r);
    if (box.childElementCount > 1) boxes.push(box);
  }
  return boxes;
}

/** The values chosen in one region's box: the dice faces in die order, or the card to draw. */
export function readChance(box: ParentNode): (number | string)[] {
  const draw = box.querySelector<HTMLSelectElement>("select[data-draw]");
  if (draw) return [draw.value];
  return [...box.querySelectorAll<HTMLSelectElement>("select[data-die]")].map((s) => Number(s.value));
}
