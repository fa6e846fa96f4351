import { describe, expect, it } from "vitest";
import {
  type Annotations, IDLE, MAX_ARROWS, NO_ANNOTATIONS, addTag, applyStroke, draws, nextMark, placeAt, press,
  readAnnotations, release, removeTag, toggleArrow, toggleHighlight,
} from "../src/annotations";
import { drawScene } from "../src/scene";
import gridDice from "./data/grid-dice.json";
import scene3 from "./data/scene3.json";
import { loose } from "./loose";

const LEFT = { button: 0, shift: false, drawMode: false };

describe("readAnnotations", () => {
  it("reads arrows, highlights, the mark and tags", () => {
    expect(readAnnotations({ arrows: [["T1", "T3"]], highlights: ["c3"], mark: "!?", tags: ["fun"], other: 1 }))
      .toEqual({ arrows: [["T1", "T3"]], highlights: ["c3"], mark: "!?", tags: ["fun"] });
  });

  it("reads anything else as no annotations, leaving out entries of the wrong shape", () => {
    for (const v of [null, undefined, 3, "x", [], {}]) expect(readAnnotations(v)).toEqual(NO_ANNOTATIONS);
    const odd = readAnnotations({
      arrows: [["a"], ["a", "b", "c"], [1, 2], ["a", ""], ["a", "x".repeat(201)], "ab", ["a", "b"]],
      highlights: ["c3", 4, "", "c3", null],
      mark: "!!!",
      tags: ["fun", "fun", 3, ""],
    });
    expect(odd).toEqual({ arrows: [["a", "b"]], highlights: ["c3"], mark: "", tags: ["fun"] });
  });
});

describe("toggling", () => {
  const base: Annotations = { arrows: [["T1", "T3"]], highlights: ["c3"], mark: "", tags: [] };

  it("adds an arrow, and takes the same arrow away again; the other direction is another arrow", () => {
    const added = toggleArrow(base, "T3", "T1");
    expect(added.arrows).toEqual([["T1", "T3"], ["T3", "T1"]]);
    expect(toggleArrow(added, "T1", "T3").arrows).toEqual([["T3", "T1"]]);
    expect(base.arrows).toEqual([["T1", "T3"]]); // never changed in place
  });

  it("highlights a place, and no longer when it is highlighted", () => {
    expect(toggleHighlight(base, "d4").highlights).toEqual(["c3", "d4"]);
    expect(toggleHighlight(base, "c3").highlights).toEqual([]);
  });

  it("adds nothing past the record's limit", () => {
    const full: Annotations = { ...base, arrows: Array.from({ length: MAX_ARROWS }, (_, i): [string, string] => [`a${i}`, "b"]) };
    expect(toggleArrow(full, "x", "y")).toBe(full);
    expect(toggleArrow(full, "a0", "b").arrows).toHaveLength(MAX_ARROWS - 1);
  });

  it("tags: trimmed, each once, removed by name", () => {
    expect(addTag(["fun"], "  rules question ")).toEqual(["fun", "rules question"]);
    expect(addTag(["fun"], "fun")).toEqual(["fun"]);
    expect(addTag(["fun"], "   ")).toEqual(["fun"]);
    expect(removeTag(["fun", "too long"], "fun")).toEqual(["too long"]);
  });

  it("a mark button sets its mark, or clears it when it is the mark", () => {
    expect(nextMark("", "!")).toBe("!");
    expect(nextMark("?", "!")).toBe("!");
    expect(nextMark("!", "!")).toBe("");
  });
});

describe("the drawing gesture", () => {
  it("draws with the right button, with Shift and the left button, or the left button in draw mode", () => {
    expect(draws(LEFT)).toBe(false);
    expect(draws({ ...LEFT, button: 2 })).toBe(true);
    expect(draws({ ...LEFT, shift: true })).toBe(true);
    expect(draws({ ...LEFT, drawMode: true })).toBe(true);
    expect(draws({ button: 1, shift: true, drawMode: true })).toBe(false); // the middle button never
  });

  it("a press on a place and a release on another draws an arrow between them", () => {
    const g = press(IDLE, "T1", { ...LEFT, button: 2 });
    expect(g).toEqual({ kind: "pressed", from: "T1" });
    expect(release(g, "T3")).toEqual([IDLE, { kind: "arrow", from: "T1", to: "T3" }]);
  });

  it("a release on the same place highlights it", () => {
    expect(release(press(IDLE, "c3", { ...LEFT, shift: true }), "c3")).toEqual([IDLE, { kind: "highlight", id: "c3" }]);
  });

  it("draws nothing: a plain left press, a press off the board, a release off the board, a release without a press", () => {
    expect(press(IDLE, "T1", LEFT)).toEqual(IDLE);
    expect(press(IDLE, null, { ...LEFT, button: 2 })).toEqual(IDLE);
    expect(release(press(IDLE, "T1", { ...LEFT, button: 2 }), null)).toEqual([IDLE, { kind: "none" }]);
    expect(release(IDLE, "T1")).toEqual([IDLE, { kind: "none" }]);
  });

  it("a new press forgets a press that was never released", () => {
    const first = press(IDLE, "T1", { ...LEFT, button: 2 });
    expect(press(first, "T2", { ...LEFT, button: 2 })).toEqual({ kind: "pressed", from: "T2" });
    expect(press(first, "T2", LEFT)).toEqual(IDLE);
  });

  it("the same stroke twice leaves the annotations as they were", () => {
    let a = NO_ANNOTATIONS;
    for (const id of ["T1", "T3"]) {
      const [, s] = release(press(IDLE, "T1", { ...LEFT, drawMode: true }), id);
      a = applyStroke(a, s);
    }
    expect(a).toEqual({ ...NO_ANNOTATIONS, arrows: [["T1", "T3"]], highlights: ["T1"] });
    const [, again] = release(press(IDLE, "T1", { ...LEFT, drawMode: true }), "T3");
    expect(applyStroke(a, again).arrows).toEqual([]);
    expect(applyStroke(a, { kind: "none" })).toBe(a);
  });
});

describe("placeAt", () => {
  it("a piece stands for its tower, a stack's piece for its square, an empty part of a region for the region", () => {
    const towers = drawScene(loose(scene3)).svg;
    const piece = towers.querySelector('[data-id="T1"] [data-id]');
    expect(piece).not.toBeNull();
    expect(placeAt(piece!.querySelector("*") ?? piece, towers)).toBe("T1");
    const region = towers.querySelector("g.icw-region[data-id]")!;
    expect(placeAt(region.firstElementChild, towers)).toBe(region.getAttribute("data-id"));
    expect(placeAt(towers, towers)).toBeNull();
    expect(placeAt(null, towers)).toBeNull();

    const grid = drawScene(loose(gridDice)).svg;
    const stacked = [...grid.querySelectorAll("g[data-id]")].find((g) => /^[a-z]\d+\.\d+$/.test(g.getAttribute("data-id")!));
    expect(stacked).toBeDefined();
    expect(placeAt(stacked!, grid)).toBe(stacked!.getAttribute("data-id")!.split(".")[0]);
  });
});
