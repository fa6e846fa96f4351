import { describe, expect, it } from "vitest";
import { MAX_SCALE, MIN_TALL_SCALE, drawnWidth, drawZoom, isZoom } from "../src/zoom";

describe("zoom to fit", () => {
  it("fits a scene wider than its box to the box: never a sideways scroll", () => {
    expect(drawnWidth("fit", 862, 600, 560, 0)).toBe(560);
    expect(drawnWidth("fit", 2000, 100, 333, 0)).toBe(333);
  });

  it("draws a small scene at most MAX_SCALE times its own size", () => {
    expect(drawnWidth("fit", 300, 200, 1200, 0)).toBe(300 * MAX_SCALE);
    expect(drawnWidth("fit", 500, 200, 700, 0)).toBe(700);
  });

  it("keeps a tall scene within the window's height, but no smaller than MIN_TALL_SCALE", () => {
    // 800 x 1000 in a 800 box with 300 px of height: drawn at 30% it would fit, but that is too small
    expect(drawnWidth("fit", 800, 1000, 800, 300)).toBe(800 * MIN_TALL_SCALE);
    expect(MIN_TALL_SCALE).toBeGreaterThan(0.3);
    // 800 x 600 with 450 px of height: three quarters
    expect(drawnWidth("fit", 800, 600, 800, 450)).toBe(600);
    // the height never makes it wider than the box
    expect(drawnWidth("fit", 800, 100, 500, 5000)).toBe(500);
  });

  it("without a measured box, fits to the scene's own width", () => {
    expect(drawnWidth("fit", 640, 400, 0, 0)).toBe(640);
  });

  it("draws at the scene's own size at 100% and half as large again at 150%, whatever the box", () => {
    expect(drawnWidth("100", 862, 600, 560, 300)).toBe(862);
    expect(drawnWidth("150", 862, 600, 560, 300)).toBe(1293);
  });

  it("offers fit, 100% and 150%, the one in use pressed", () => {
    const el = drawZoom("100");
    const buttons = [...el.querySelectorAll("button")];
    expect(buttons.map((b) => [b.getAttribute("data-zoom"), b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["fit", "Fit", "false"], ["100", "100%", "true"], ["150", "150%", "false"],
    ]);
    expect(isZoom("fit") && isZoom("150") && !isZoom("200") && !isZoom(null)).toBe(true);
  });
});
