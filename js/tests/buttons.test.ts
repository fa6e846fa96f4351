import { describe, expect, it } from "vitest";
import { drawChoiceButton, drawMoveButton, drawSeatButton, moveButtons, seatButtons } from "../src/buttons";
import { paint } from "../src/palette";
import type { Actor } from "../src/types";

const red: Actor = { seat: 0, name: "<b>Red</b>", colour: "red", buttons: [["r:pass", "Pass"]] };
const blue: Actor = { seat: 1, colour: "blue", buttons: [["b:pass", "Pass"], ["b:swap", null] as unknown as [string, string], "odd" as unknown as [string, string]] };

describe("buttons", () => {
  it("a seat button per actor, named and in its colour, its name as text", () => {
    const seats = seatButtons([red, blue]);
    expect(seats).toEqual([{ seat: "0", name: "<b>Red</b>", fill: paint("red").fill }, { seat: "1", name: "1", fill: paint("blue").fill }]);
    const b = drawSeatButton(seats[0]!);
    expect(b.getAttribute("data-seat")).toBe("0");
    expect(b.textContent).toBe("<b>Red</b>");
    expect(b.querySelector("b")).toBeNull();
  });

  it("the moves with no place on the board: the acting seat's, or every actor's while none acts", () => {
    expect(moveButtons([red, blue], null).map((m) => m.text)).toEqual(["r:pass", "b:pass", "b:swap"]);
    expect(moveButtons([red, blue], 1).map((m) => [m.text, m.label])).toEqual([["b:pass", "Pass"], ["b:swap", "b:swap"]]);
    const b = drawMoveButton(moveButtons([red], 0)[0]!);
    expect([b.getAttribute("data-text"), b.getAttribute("data-seat"), b.textContent]).toEqual(["r:pass", "0", "Pass"]);
  });

  it("an off-board target shows its name and tells what its move does", () => {
    const b = drawChoiceButton({ key: "far", name: "the far side", label: "the far side: cap" });
    expect([b.getAttribute("data-key"), b.textContent, b.getAttribute("aria-label")]).toEqual(["far", "the far side", "the far side: cap"]);
  });
});

describe("seat buttons", () => {
  it("are offered only where there is a seat to choose", () => {
    expect(seatButtons([{ seat: 0, name: "Red", colour: "red" }])).toEqual([]);
    expect(seatButtons([])).toEqual([]);
  });
});
