import { describe, expect, it } from "vitest";
import { askReplace, drawChance, drawReplace, readChance } from "../src/chance";
import type { DeckRegion, DiceRegion } from "../src/types";
import { loose } from "./loose";

const deck: DeckRegion = { kind: "deck", id: "deck", label: "Draw pile", count: 12, due: true, settable: true, choices: [["castle", "The Castle"], ["7k", "<b>7 of knots</b>"]] };
const dice = loose<DiceRegion>({ kind: "dice", id: "dice", label: "Dice", due: true, settable: true, faces: 6, dice: [{ id: "die0", label: "d1", face: 2 }] });

describe("deck controls", () => {
  it("offer Draw when a draw is due, and a choice of cards with Set draw when settable", () => {
    const [box] = drawChance([deck]);
    expect(box!.getAttribute("data-region")).toBe("deck");
    expect(box!.getAttribute("data-kind")).toBe("deck");
    expect(box!.querySelector(".icw-chance-label")!.textContent).toBe("Draw pile");
    const draw = box!.querySelector("button.icw-draw")!;
    expect(draw.textContent).toBe("Draw");
    expect(draw.getAttribute("data-chance")).toBe("roll");
    const select = box!.querySelector<HTMLSelectElement>("select[data-draw]")!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([["castle", "The Castle"], ["7k", "<b>7 of knots</b>"]]);
    expect(box!.querySelector("b")).toBeNull();
    expect(box!.querySelector("button.icw-set-draw")!.getAttribute("data-chance")).toBe("set");
  });

  it("read the chosen card as a string", () => {
    const [box] = drawChance([deck]);
    expect(readChance(box!)).toEqual(["castle"]);
    box!.querySelector<HTMLSelectElement>("select[data-draw]")!.value = "7k";
    expect(readChance(box!)).toEqual(["7k"]);
  });

  it("offer only what applies, and nothing when nothing does", () => {
    const [due] = drawChance([{ ...deck, settable: false, choices: [] }]);
    expect(due!.querySelector("select")).toBeNull();
    const [settable] = drawChance([{ ...deck, due: false }]);
    expect(settable!.querySelector(".icw-draw")).toBeNull();
    expect(drawChance([{ ...deck, due: false, settable: false }])).toHaveLength(0);
    expect(drawChance([{ ...deck, due: false, choices: [] }])).toHaveLength(0); // settable, but to nothing
    expect(drawChance([{ ...deck, due: false, choices: [null, "x", []] as unknown as [string, string][] }])).toHaveLength(0);
  });
});

describe("dice and deck together", () => {
  it("give one box per region, each read on its own", () => {
    const boxes = drawChance([dice, { kind: "piles", id: "p" }, deck]);
    expect(boxes.map((b) => b.getAttribute("data-kind"))).toEqual(["dice", "deck"]);
    expect(boxes[0]!.querySelector("button.icw-roll")!.textContent).toBe("Roll");
    expect(boxes[0]!.querySelector("select[data-die='0']")!.getAttribute("aria-label")).toBe("d1 face");
    expect(readChance(boxes[0]!)).toEqual([2]);
    expect(readChance(boxes[1]!)).toEqual(["castle"]);
  });
});

describe("replacing the chance event that led here", () => {
  it("offers the settable regions under the event in words, with Replace… and no Roll or Draw", () => {
    const boxes = drawReplace({ text: "roll 5 4", label: "roll 5 4", regions: [dice, { kind: "piles", id: "p" }, { ...deck, settable: false }] });
    expect(boxes).toHaveLength(1);
    const [box] = boxes;
    expect(box!.getAttribute("data-replace")).toBe("roll 5 4");
    expect(box!.querySelector(".icw-chance-label")!.textContent).toBe("Set instead of roll 5 4:");
    expect(box!.querySelector(".icw-roll, .icw-set-chance")).toBeNull();
    expect(box!.querySelector("button.icw-replace")!.getAttribute("data-chance")).toBe("ask");
    expect(readChance(box!)).toEqual([2]);
  });

  it("shows the event in words and names it by its text", () => {
    const [box] = drawReplace({ text: "deal merchant to red", label: "The Merchant dealt to Ann", regions: [deck] });
    expect(box!.getAttribute("data-replace")).toBe("deal merchant to red");
    expect(box!.querySelector(".icw-chance-label")!.textContent).toBe("Set instead of The Merchant dealt to Ann:");
    askReplace(box!);
    expect(box!.querySelector(".icw-replace-confirm")!.textContent).toContain("The Merchant dealt to Ann is replaced");
  });

  it("offers nothing without an event to replace", () => {
    expect(drawReplace(null)).toEqual([]);
    expect(drawReplace({ text: "", label: "", regions: [dice] })).toEqual([]);
    expect(drawReplace({ text: "roll 5 4", label: "roll 5 4", regions: "nonsense" })).toEqual([]);
  });

  it("asks once, saying what changes, as text", () => {
    const [box] = drawReplace({ text: "deal castle to red", label: "<b>The Castle</b> dealt to Ann", regions: [deck] });
    askReplace(box!);
    askReplace(box!);
    const asked = box!.querySelectorAll(".icw-replace-confirm");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.getAttribute("role")).toBe("alert");
    expect(asked[0]!.textContent).toContain("This changes the record: <b>The Castle</b> dealt to Ann is replaced by the card chosen.");
    expect(box!.querySelector("b")).toBeNull();
    expect([...asked[0]!.querySelectorAll("button")].map((b) => b.getAttribute("data-chance"))).toEqual(["replace", "keep"]);
  });
});
