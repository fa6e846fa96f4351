// The suit symbols: one shape and one colour per suit, each readable on a card's face.
import { describe, expect, it } from "vitest";
import { SUITS, SUIT_COLOURS, drawSymbol, isSuit, suitName } from "../src/suits";
import { contrast, parseColour } from "./wcag";

const FACE = "#fffdf7"; // .icw-card-face

describe("suit symbols", () => {
  it("draws each suit as a shape of its own, in a colour of its own", () => {
    const shapes = SUITS.map((s) => [...drawSymbol(s, 0, 0).querySelectorAll("path")].map((p) => p.getAttribute("d")).join(" "));
    expect(new Set(shapes).size).toBe(SUITS.length);
    expect(new Set(Object.values(SUIT_COLOURS)).size).toBe(SUITS.length);
    for (const s of SUITS) {
      const g = drawSymbol(s, 10, 20);
      expect(g.getAttribute("transform")).toBe("translate(10,20)");
      expect(g.querySelector("text")).toBeNull(); // drawn, never a glyph of a font
      expect(g.innerHTML).toContain(SUIT_COLOURS[s]);
    }
  });

  it("colours each suit at 3:1 or more against a card's face (a graphic's contrast, WCAG 1.4.11)", () => {
    for (const [suit, colour] of Object.entries(SUIT_COLOURS)) {
      expect(contrast(parseColour(colour), parseColour(FACE)), suit).toBeGreaterThanOrEqual(3);
    }
  });

  it("draws an unknown suit as a plain ring, and names suits for people", () => {
    const odd = drawSymbol("stars", 0, 0);
    expect(odd.querySelector("circle")).not.toBeNull();
    expect(odd.getAttribute("data-suit")).toBe("stars");
    expect(isSuit("wyrms")).toBe(true);
    expect(isSuit("toString")).toBe(false);
    expect(suitName("suns")).toBe("Suns");
    expect(suitName("")).toBe("a suit");
  });
});
