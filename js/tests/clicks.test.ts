import { describe, expect, it } from "vitest";
import { resolveClick } from "../src/clicks";
import { drawScene } from "../src/scene";
import type { Scene } from "../src/types";
import cardsDeck from "./data/cards-deck.json";
import gridDice from "./data/grid-dice.json";
import scene3 from "./data/scene3.json";
import { loose } from "./loose";

const SCENES: [string, Scene][] = [["piles and towers", loose(scene3)], ["grid and dice", loose(gridDice)], ["cards and a deck", loose(cardsDeck)]];

describe("resolveClick", () => {
  for (const [name, scene] of SCENES) {
    const { svg } = drawScene(scene);
    const items = [...svg.querySelectorAll("g[data-id]:not(.icw-region)")];
    const regions = [...svg.querySelectorAll("g.icw-region[data-id]")];

    it(`a click on anything drawn inside a target is that target: ${name}`, () => {
      expect(items.length).toBeGreaterThan(3);
      for (const item of items) {
        const id = item.getAttribute("data-id")!;
        for (const el of [item, ...item.querySelectorAll("*")]) {
          expect(resolveClick(el, svg, (k) => k === id), `${el.tagName}.${el.getAttribute("class")} in ${id}`).toEqual({ kind: "target", id });
        }
      }
    });

    it(`a region is a target for its empty part only: ${name}`, () => {
      for (const region of regions) {
        const id = region.getAttribute("data-id")!;
        for (const el of [region, ...region.querySelectorAll("*")]) {
          const item = el.closest("g[data-id]:not(.icw-region)");
          const hit = resolveClick(el, svg, (k) => k === id);
          if (item) expect(hit).toEqual({ kind: "item", id: item.getAttribute("data-id") });
          else expect(hit).toEqual({ kind: "target", id });
        }
      }
    });

    it(`with no target, a drawn item is named, and empty space is nothing: ${name}`, () => {
      for (const item of items) {
        const inner = item.querySelector("*:not(title)") ?? item;
        const innermost = inner.closest("g[data-id]")!.getAttribute("data-id");
        expect(resolveClick(inner, svg, () => false)).toEqual({ kind: "item", id: innermost });
      }
      for (const region of regions) {
        expect(resolveClick(region.querySelector(".icw-region-bg"), svg, () => false)).toEqual({ kind: "empty" });
        expect(resolveClick(region.querySelector(".icw-region-label"), svg, () => false)).toEqual({ kind: "empty" });
      }
      expect(resolveClick(svg, svg, () => true)).toEqual({ kind: "empty" });
      expect(resolveClick(null, svg, () => true)).toEqual({ kind: "empty" });
    });
  }

  it("the innermost target wins: a piece that is a target inside a target tower", () => {
    const { svg } = drawScene(scene3 as Scene);
    const pip = svg.querySelector('[data-id="T1.1"] .icw-pyr-body')!;
    expect(resolveClick(pip, svg, (k) => k === "T1" || k === "T1.1")).toEqual({ kind: "target", id: "T1.1" });
    expect(resolveClick(pip, svg, (k) => k === "T1" || k === "table")).toEqual({ kind: "target", id: "T1" });
  });

  it("a deck's stack stands for its region: a target, or an item to ask about", () => {
    const { svg } = drawScene(cardsDeck as Scene);
    const back = svg.querySelector(".icw-deck .icw-card-back-body")!;
    expect(resolveClick(back, svg, (k) => k === "deck")).toEqual({ kind: "target", id: "deck" });
    expect(resolveClick(back, svg, () => false)).toEqual({ kind: "item", id: "deck" });
    expect(resolveClick(svg.querySelector('[data-id="deck"] .icw-deck-count'), svg, () => false)).toEqual({ kind: "item", id: "deck" });
  });
});
