import { describe, expect, it } from "vitest";
import { HintArrows, HintShades, drawHintArrows, drawHintList, hintLine, hintLooks, percent, shadeOpacity } from "../src/hints";
import { SceneView } from "../src/scene";
import type { Hint, Scene } from "../src/types";
import scene3 from "./data/scene3.json";

const HINTS: Hint[] = [
  { text: "r1>T1", path: ["free:r1", "T1"], share: 0.42, note: "84 of 200 simulations" },
  { text: "r1>table", path: ["free:r1", "table"], share: 0.3, note: "60 of 200 simulations" },
  { text: "r3>far", path: ["free:r3", "far"], share: 0.1, note: "" },
];

function drawn() {
  const view = new SceneView();
  const { svg, byId } = view.draw(scene3 as Scene);
  return { view, svg, byId, g: (id: string) => byId.get(id)! };
}

const shadeOf = (g: Element) => g.querySelector(":scope > .icw-hint-shade");

describe("hint words", () => {
  it("say the move, its share and the note", () => {
    expect(hintLine(HINTS[0]!)).toBe("r1>T1 — 42% (84 of 200 simulations)");
    expect(hintLine(HINTS[2]!)).toBe("r3>far — 10%");
    expect(hintLine({ ...HINTS[0]!, label: "keep Fierce and Clever" })).toBe("keep Fierce and Clever — 42% (84 of 200 simulations)");
    expect(percent(0.001)).toBe("<1%");
    expect(percent(0)).toBe("0%");
    expect(percent(1)).toBe("100%");
  });

  it("list the hints best first, as text", () => {
    const items = drawHintList([...HINTS, { text: "<img src=x onerror=alert(1)>", path: [], share: 0.05, note: "<b>n</b>" }]);
    expect(items.map((li) => li.textContent)).toEqual([
      "r1>T1 — 42% (84 of 200 simulations)",
      "r1>table — 30% (60 of 200 simulations)",
      "r3>far — 10%",
      "<img src=x onerror=alert(1)> — 5% (<b>n</b>)",
    ]);
    expect(items.map((li) => li.getAttribute("data-text"))).toEqual(["r1>T1", "r1>table", "r3>far", "<img src=x onerror=alert(1)>"]);
    expect(items.some((li) => li.querySelector("img, b"))).toBe(false);
    expect(items[0]!.querySelector<HTMLElement>(".icw-hint-bar")!.style.getPropertyValue("--icw-share")).toBe("0.42");
  });
});

describe("hintLooks", () => {
  it("adds the shares of the hints through an item, names each in its tooltip, and leaves out ids not drawn", () => {
    const byId = new Map([["free:r1", "R1"], ["T1", "T1"], ["table", "TABLE"], ["free:r3", "R3"]]);
    const looks = hintLooks(HINTS, byId);
    expect([...looks.keys()]).toEqual(["R1", "T1", "TABLE", "R3"]);
    expect(looks.get("R1")!.share).toBeCloseTo(0.72);
    expect(looks.get("R1")!.lines).toEqual(["Hint 1: r1>T1 — 42% (84 of 200 simulations)", "Hint 2: r1>table — 30% (60 of 200 simulations)"]);
    expect(looks.get("T1")!.share).toBeCloseTo(0.42);
    expect(looks.get("R3")!.lines).toEqual(["Hint 3: r3>far — 10%"]);
    const many = hintLooks([{ text: "a", path: ["T1", "T1"], share: 0.8, note: "" }, { text: "b", path: ["T1"], share: 0.7, note: "" }], byId);
    expect(many.get("T1")!.share).toBe(1); // an id twice in a path counts once; the sum stops at 1
  });
});

describe("HintShades", () => {
  it("shades each item just over its hit rectangle, as strong as its share, with the figures in a <title>", () => {
    const { byId, g } = drawn();
    new HintShades().show(hintLooks(HINTS, byId));
    for (const id of ["free:r1", "T1", "table", "free:r3"]) {
      expect(g(id).classList.contains("icw-hinted"), id).toBe(true);
      const shade = shadeOf(g(id))!;
      const hit = g(id).firstElementChild!;
      expect(hit.classList.contains("icw-hit")).toBe(true); // still the item's button
      expect(hit.nextElementSibling).toBe(shade);
      for (const a of ["x", "y", "width", "height"]) expect(shade.getAttribute(a), `${id} ${a}`).toBe(hit.getAttribute(a));
    }
    expect(g("T1").style.getPropertyValue("--icw-hint-opacity")).toBe(String(shadeOpacity(0.42)));
    expect(g("free:r1").getAttribute("data-hint-share")).toBe("0.72");
    expect(Number(g("free:r1").style.getPropertyValue("--icw-hint-opacity"))).toBeGreaterThan(Number(g("T1").style.getPropertyValue("--icw-hint-opacity")));
    expect(shadeOf(g("T1"))!.querySelector("title")!.textContent).toBe("Hint 1: r1>T1 — 42% (84 of 200 simulations)");
    expect(shadeOf(g("free:r1"))!.querySelector("title")!.textContent).toBe(
      "Hint 1: r1>T1 — 42% (84 of 200 simulations)\nHint 2: r1>table — 30% (60 of 200 simulations)",
    );
    expect(g("T2").classList.contains("icw-hinted")).toBe(false);
    expect(document.querySelectorAll(".icw-hint-shade")).toHaveLength(0); // nothing outside the drawing
  });

  it("changes only what differs, and takes everything away for no hints", () => {
    const { svg, byId, g } = drawn();
    const shades = new HintShades();
    shades.show(hintLooks(HINTS, byId));
    const kept = shadeOf(g("T1"));
    shades.show(hintLooks([{ ...HINTS[0]!, share: 0.9 }], byId));
    expect(shadeOf(g("T1"))).toBe(kept);
    expect(g("T1").style.getPropertyValue("--icw-hint-opacity")).toBe(String(shadeOpacity(0.9)));
    expect(g("table").classList.contains("icw-hinted")).toBe(false);
    expect(shadeOf(g("table"))).toBeNull();
    shades.show(hintLooks([], byId));
    expect(svg.querySelectorAll(".icw-hinted, .icw-hint-shade, [data-hint-share]")).toHaveLength(0);
    expect(g("T1").style.getPropertyValue("--icw-hint-opacity")).toBe("");
  });

  it("follows a redraw: a new hit rectangle gets the shade back right after it", () => {
    const towers = Array.from({ length: 12 }, (_, i) => ({ id: `M${i}`, label: `M${i}`, pieces: [{ id: `M${i}.0`, colour: "blue", size: 2 }] }));
    const wide = { regions: [{ kind: "towers", id: "t", label: "Towers", towers }] } as Scene;
    const hints: Hint[] = [{ text: "M0>M11", path: ["M0", "M11"], share: 0.5, note: "" }, { text: "M3>t", path: ["M3", "t"], share: 0.2, note: "" }];
    const view = new SceneView();
    const shades = new HintShades();
    let byId = view.draw(wide, 620).byId;
    shades.show(hintLooks(hints, byId));
    const region = byId.get("t")!;
    const width = region.firstElementChild!.getAttribute("width");
    // A narrow room lays the towers out on more lines: the region's group is kept, its background
    // (its hit rectangle) is drawn anew, narrower, and its other parts are put back around it.
    byId = view.draw(wide, 240).byId;
    expect(byId.get("t")).toBe(region);
    expect(region.firstElementChild!.getAttribute("width")).not.toBe(width);
    shades.show(hintLooks(hints, byId));
    for (const id of ["t", "M0", "M3", "M11"]) {
      const e = byId.get(id)!;
      expect(e.querySelectorAll(":scope > .icw-hint-shade"), id).toHaveLength(1);
      expect(e.firstElementChild!.classList.contains("icw-hit"), id).toBe(true);
      expect(e.firstElementChild!.nextElementSibling!.classList.contains("icw-hint-shade"), id).toBe(true);
      expect(shadeOf(e)!.getAttribute("width"), id).toBe(e.firstElementChild!.getAttribute("width"));
    }
  });
});

describe("hint arrows", () => {
  it("run from the first drawn place of a hint's path to its last, as wide as its share, with the share in words", () => {
    const root = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    const place = (id: string, x: number): SVGGElement => {
      const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("data-id", id);
      g.setAttribute("transform", `translate(${x},0)`);
      const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      hit.setAttribute("class", "icw-hit");
      for (const [k, v] of [["x", 0], ["y", 0], ["width", 40], ["height", 40]] as const) hit.setAttribute(k, String(v));
      g.append(hit);
      root.append(g);
      return g;
    };
    const byId = new Map([["a", place("a", 0)], ["b", place("b", 200)], ["c", place("c", 100)]]);
    const hints = [
      { text: "a>b", path: ["a", "gone", "b"], share: 0.75, note: "150 of 200 simulations" },
      { text: "c", path: ["c"], share: 0.2, note: "" }, // one place: no arrow, the shade tells
      { text: "a>c", path: ["a", "c"], share: 0.05, note: "" },
    ];
    const arrows = drawHintArrows(hints, byId, root);
    expect(arrows.map((g) => g.getAttribute("data-hint"))).toEqual(["a>c", "a>b"]); // the best on top
    const best = arrows[1]!;
    expect(best.querySelector(".icw-hint-share")!.textContent).toBe("75%");
    expect(best.querySelector("title")!.textContent).toBe("Hint 1: a>b — 75% (150 of 200 simulations)");
    expect(best.style.getPropertyValue("--icw-hint-width")).toBe("5");
    const shaft = best.querySelector(".icw-hint-shaft")!;
    expect(Number(shaft.getAttribute("x1"))).toBeGreaterThan(20); // leaves a's centre (20, 20) ...
    expect(Number(shaft.getAttribute("x2"))).toBeLessThan(220); // ... towards b's (220, 20)
    expect(shaft.getAttribute("y1")).toBe("20");
    // the layer goes under the annotations' layer, and goes with the hints
    const notes = document.createElementNS("http://www.w3.org/2000/svg", "g");
    notes.setAttribute("class", "icw-annotation-layer");
    root.append(notes);
    const layer = new HintArrows();
    layer.draw(hints, byId, root);
    expect(layer.layer.nextElementSibling).toBe(notes);
    expect(layer.layer.querySelectorAll(".icw-hint-arrow")).toHaveLength(2);
    layer.draw([], byId, root);
    expect(layer.layer.childElementCount).toBe(0);
    // with no hints the scene holds no layer of theirs: it is the picture an export draws
    expect(root.querySelector(".icw-hint-layer")).toBeNull();
  });
});
