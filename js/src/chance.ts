// Chance controls: for a `dice` region, a Roll button when a roll is due and one select per die to
// set the faces by hand when settable; for a `deck` region, a Draw button when a draw is due and
// a select of the cards it may be set to. Python decides whether either is legal, and offers them
// only where chance is due. Where the position shown was reached by a chance event that nothing
// follows, Python may offer to replace it (`chance_replace`): the same selects, under the event in
// words, and a Replace button that asks before anything is sent (naming the event by its text).

import { h, list, objects, str } from "./dom";
import type { DeckRegion, DiceRegion, Die } from "./types";

type ChanceRegion = DiceRegion | DeckRegion;

/** The button that sends the values chosen: Set dice / Set draw, or Replace… (which asks first). */
type SetButton = (kind: "dice" | "deck") => HTMLElement;

const setButton: SetButton = (kind) =>
  kind === "dice"
    ? h("button", "icw-set-chance", "Set dice", { type: "button", "data-chance": "set" })
    : h("button", "icw-set-draw", "Set draw", { type: "button", "data-chance": "set" });

const replaceButton: SetButton = () => h("button", "icw-replace", "Replace…", { type: "button", "data-chance": "ask" });

function diceControls(box: HTMLElement, r: DiceRegion, button: SetButton): void {
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
  box.append(button("dice"));
}

function deckControls(box: HTMLElement, r: DeckRegion, button: SetButton): void {
  if (r.due) box.append(h("button", "icw-draw", "Draw", { type: "button", "data-chance": "roll" }));
  const choices = list<unknown>(r.choices).filter((c): c is unknown[] => Array.isArray(c) && c.length > 0);
  if (!r.settable || !choices.length) return;
  const sel = h("select", "", undefined, { "data-draw": "", "aria-label": `${str(r.label) || "deck"}: the card to draw` });
  for (const [value, label] of choices) sel.append(h("option", "", str(label ?? value), { value: str(value) }));
  box.append(sel, button("deck"));
}

/** One box per dice or deck region that offers an action; none when nothing can be done by hand. */
export function drawChance(regions: unknown): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  for (const r of objects<ChanceRegion>(regions)) {
    if ((r.kind !== "dice" && r.kind !== "deck") || !(r.due || r.settable)) continue;
    const box = h("div", "icw-chance-region", undefined, { "data-region": str(r.id), "data-kind": r.kind });
    box.append(h("span", "icw-chance-label", str(r.label) || (r.kind === "dice" ? "Dice" : "Deck")));
    if (r.kind === "dice") diceControls(box, r, setButton);
    else deckControls(box, r, setButton);
    if (box.childElementCount > 1) boxes.push(box);
  }
  return boxes;
}

/** What Python offers to replace: the chance event that led here, by its text (sent back to name
 * it) and in words (shown), and the regions that could set it where it was due. */
export interface ChanceReplace {
  text: string;
  label: string;
  regions: unknown;
}

/** One box per region that could set the event `offer` names, each with a Replace… button; none
 * when nothing is offered. */
export function drawReplace(offer: ChanceReplace | null): HTMLElement[] {
  if (!offer || !offer.text) return [];
  const boxes: HTMLElement[] = [];
  for (const r of objects<ChanceRegion>(offer.regions)) {
    if ((r.kind !== "dice" && r.kind !== "deck") || !r.settable) continue;
    const box = h("div", "icw-chance-region icw-chance-replace", undefined, {
      "data-region": str(r.id), "data-kind": r.kind, "data-replace": offer.text, "data-label": offer.label || offer.text,
    });
    box.append(h("span", "icw-chance-label", `Set instead of ${offer.label || offer.text}:`));
    if (r.kind === "dice") diceControls(box, { ...r, due: false }, replaceButton);
    else deckControls(box, { ...r, due: false }, replaceButton);
    if (box.childElementCount > 2) boxes.push(box);
  }
  return boxes;
}

/** Ask before replacing: what changes, with Replace and Keep (pressing Replace… again asks once). */
export function askReplace(box: Element): void {
  if (box.querySelector(".icw-replace-confirm")) return;
  const text = box.getAttribute("data-label") ?? box.getAttribute("data-replace") ?? "";
  const ask = h("span", "icw-replace-confirm", undefined, { role: "alert" });
  ask.append(
    h("span", "", `This changes the record: ${text} is replaced by the ${box.getAttribute("data-kind") === "dice" ? "dice" : "card"} chosen.`),
    h("button", "icw-replace-yes", "Replace", { type: "button", "data-chance": "replace" }),
    h("button", "icw-replace-no", "Keep", { type: "button", "data-chance": "keep" }),
  );
  box.append(ask);
}

/** The values chosen in one region's box: the dice faces in die order, or the card to draw. */
export function readChance(box: ParentNode): (number | string)[] {
  const draw = box.querySelector<HTMLSelectElement>("select[data-draw]");
  if (draw) return [draw.value];
  return [...box.querySelectorAll<HTMLSelectElement>("select[data-die]")].map((s) => Number(s.value));
}
