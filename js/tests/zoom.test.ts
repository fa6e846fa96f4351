import { describe, expect, it } from "vitest";
import { FOLD, MAX_SCALE, drawnWidth, drawZoom, isZoom, stacks } from "../src/zoom";

describe("zoom to fit", () => {
  it("fits a scene to its box's width (the board lays it out for that width: it grows taller rather than shrink)", () => {
    expect(drawnWidth("fit", 862, 560)).toBe(560);
    expect(drawnWidth("fit", 500, 700)).toBe(700);
  });

  it("draws a small scene at most MAX_SCALE times its own size", () => {
    expect(drawnWidth("fit", 300, 1200)).toBe(300 * MAX_SCALE);
  });

  it("without a measured box, fits to the scene's own width", () => {
    expect(drawnWidth("fit", 640, 0)).toBe(640);
    // enlarged only while it stays within the height given, never below its own size for that
    expect(drawnWidth("fit", 500, 800, 400, 600)).toBe(750);
    expect(drawnWidth("fit", 500, 800, 700, 600)).toBe(500);
    expect(drawnWidth("fit", 900, 600, 2000, 600)).toBe(600);
    expect(drawnWidth("150", 500, 800, 700, 600)).toBe(750);
  });

  it("draws a quarter or a half larger than fitted at 125% and 150%: larger, whatever the box", () => {
    expect(drawnWidth("125", 862, 560)).toBe(700);
    expect(drawnWidth("150", 862, 560)).toBe(840);
    expect(drawnWidth("150", 300, 1200)).toBe(300 * MAX_SCALE * 1.5);
  });

  it("puts the moves under the board where the scene is wider than its column beside them", () => {
    // a board of spaces at least 700 units wide whatever the room: beside the moves it would shrink
    expect(stacks(515, 835, (room) => [Math.max(700, room), 600])).toBe(true);
    expect(stacks(900, 1220, (room) => [Math.max(700, room), 600])).toBe(false);
  });

  it("and where, beside them, it would be taller than FOLD while the whole width shows it shorter", () => {
    // regions that wrap into rows: half as tall again for each halving of the room
    const wraps = (room: number): [number, number] => [Math.min(room, 800), 400 * (1200 / Math.min(room, 1200))];
    expect(wraps(515)[1]).toBeGreaterThan(FOLD);
    expect(stacks(515, 835, wraps)).toBe(true);
    const short = (room: number): [number, number] => [Math.min(room, 500), 300];
    expect(stacks(515, 835, short)).toBe(false);
    // taller than FOLD either way, and no shorter across the whole width: beside the moves
    const tall = (room: number): [number, number] => [Math.min(room, 500), 1000];
    expect(stacks(515, 835, tall)).toBe(false);
  });

  it("keeps the moves under the board until the scene beside them would have room to spare", () => {
    // a scene at least `least` wide that fills the room it has: it grows and shrinks by a part a move
    const least = (width: number) => (room: number): [number, number] => [Math.max(room, width), 300];
    expect(stacks(515, 835, least(520))).toBe(true); // a little too wide: under the board
    expect(stacks(515, 835, least(500))).toBe(false); // it fits: beside the moves
    expect(stacks(515, 835, least(500), FOLD, true)).toBe(true); // but once under the board, it stays
    expect(stacks(515, 835, least(460), FOLD, true)).toBe(false); // until it fits with a tenth to spare
    // and likewise for the first view's height
    const high = (height: number) => (room: number): [number, number] => [Math.min(room, 515), room < 600 ? height : 300];
    expect(stacks(515, 1200, high(760))).toBe(false);
    expect(stacks(515, 1200, high(760), FOLD, true)).toBe(true);
    expect(stacks(515, 1200, high(700), FOLD, true)).toBe(false);
  });

  it("offers fit, 125% and 150%, the one in use pressed", () => {
    const el = drawZoom("125");
    const buttons = [...el.querySelectorAll("button")];
    expect(buttons.map((b) => [b.getAttribute("data-zoom"), b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["fit", "Fit", "false"], ["125", "125%", "true"], ["150", "150%", "false"],
    ]);
    expect(isZoom("fit") && isZoom("150") && !isZoom("100") && !isZoom(null)).toBe(true);
  });
});
