import { describe, expect, it } from "vitest";
import { hintText, kindText, nameOf, sceneNames, targetLabel } from "../src/labels";
import type { Scene } from "../src/types";
import cardsDeck from "./data/cards-deck.json";
import gridDice from "./data/grid-dice.json";
import scene3 from "./data/scene3.json";

describe("sceneNames", () => {
  it("names piles, pieces, towers and regions as a person reads them", () => {
    const names = sceneNames(scene3 as Scene);
    expect(names.get("free:r1")).toBe("red small");
    expect(names.get("free:g3")).toBe("green large");
    expect(names.get("T1")).toBe("T1");
    expect(names.get("T2")).toBe("<b>T2</b>");
    expect(names.get("T1.0")).toBe("red large in T1");
    expect(names.get("table")).toBe("Towers"); // the region itself: "on the table" has a name
    expect(names.get("free")).toBe("Freestanding");
  });

  it("names dice by their label, cells by id, cards by label", () => {
    const grid = sceneNames({ ...gridDice, regions: [...gridDice.regions, { kind: "dice", id: "more", dice: [{ id: "die9", label: "d1" }] }] });
    expect(grid.get("c3")).toBe("c3");
    expect(grid.get("c3.1")).toBe("purple medium on c3");
    expect(grid.get("die0")).toBe("a 5"); // no label: the face it shows
    expect(grid.get("die9")).toBe("d1");
    const cards = sceneNames(cardsDeck as Scene);
    expect(cards.get("hand:0:castle")).toBe("The Castle");
    expect(cards.get("hand:1:0")).toBe("face-down card");
    expect(cards.get("deck")).toBe("Draw pile");
  });

  it("names what a board of spaces draws: spaces, their cards and suits, pyramids by colour, size and facing", () => {
    const names = sceneNames({
      regions: [
        { kind: "spaces", id: "board", label: "Board", spaces: [
          { id: "0,1", x: 0, y: 1, label: "0,1", under: 0,
            card: { id: "0,1/card", label: "The Castle", detail: "", hidden: false, rank: "7", suits: [{ id: "0,1/card/suns", suit: "suns" }] },
            pieces: [{ id: "0,1/r3e", colour: "red", size: 3, facing: "e" }, { id: "0,1/b1u", colour: "blue", size: 1, facing: "up" }] },
          { id: "-2,0", x: -2, y: 0, label: "-2,0", under: 0, card: null, pieces: [] },
        ] },
        { kind: "cards", id: "hand:0", label: "Hand", cards: [{ id: "hand:castle", label: "The Castle", detail: "", hidden: false, rank: "7", suits: [{ id: "hand:castle/suns", suit: "suns" }] }] },
      ],
    });
    expect(names.get("0,1/r3e")).toBe("red large pointing east on 0,1");
    expect(names.get("0,1/b1u")).toBe("blue small upright on 0,1");
    expect(names.get("0,1/card")).toBe("The Castle on 0,1");
    expect(names.get("0,1/card/suns")).toBe("Suns of The Castle on 0,1");
    expect(names.get("0,1")).toBe("0,1 (The Castle)");
    expect(names.get("-2,0")).toBe("-2,0 (wasteland)");
    expect(names.get("hand:castle/suns")).toBe("Suns of The Castle in Hand");
  });

  it("keeps the first name of a repeated id, and survives odd scenes", () => {
    expect(sceneNames({ regions: [{ kind: "towers", id: "x", label: "One" }, { kind: "towers", id: "x", label: "Two" }] }).get("x")).toBe("One");
    expect(sceneNames(null).size).toBe(0);
    expect(sceneNames({ regions: [null, 3, { kind: "hexes", id: "h" }] } as unknown as Scene).get("h")).toBe("h");
  });
});

describe("labels", () => {
  const names = new Map([["die0", "d1"], ["T3", "T3"], ["free:r1", "red small"]]);

  it("an unknown id is its own name", () => {
    expect(nameOf(names, "far")).toBe("far");
  });

  it("a target's accessible name says what its move does", () => {
    expect(targetLabel(names, "T3", "cap")).toBe("T3: cap");
    expect(targetLabel(names, "die0", null)).toBe("d1");
    expect(kindText("new_tower")).toBe("new tower");
  });

  it("the hint shows the clicks so far by name", () => {
    expect(hintText(names, ["die0"], "", false)).toBe("Selected d1: click a highlighted target, or Esc to cancel.");
    expect(hintText(names, ["free:r1", "T3"], "", false)).toContain("Selected red small → T3:");
    expect(hintText(names, [], "", true)).toContain("Several seats may act");
    expect(hintText(names, ["die0"], "Choose a seat first.", true)).toBe("Choose a seat first.");
    expect(hintText(names, [], "", false)).toBe("");
  });
});
