import { describe, expect, it } from "vitest";
import type { Box } from "../src/arrow-geometry";
import { HintArrows, HintShades, badgeText, drawHintList, drawHintMarks, hintLine, hintLooks, percent, sceneTextBoxes, shadeOpacity } from "../src/hints";
import { LABEL_GAP, overlaps, placeLabels, type LabelWant } from "../src/label-layout";
import { SceneView } from "../src/scene";
import type { Hint, Scene } from "../src/types";
import scene3 from "./data/scene3.json";

const HINTS: Hint[] = [
  { text: "r1>T1", path: ["free:r1", "T1"], share: 0.42, value: 0.64, valueText: "64%", note: "wins 64% (84 of 200 simulations)" },
  { text: "r1>table", path: ["free:r1", "table"], share: 0.3, value: 0.58, valueText: "58%", note: "wins 58% (60 of 200 simulations)" },
  { text: "r3>far", path: ["free:r3", "far"], share: 0.1, note: "" },
];

function drawn() {
  const view = new SceneView();
  const { svg, byId } = view.draw(scene3 as Scene);
  return { view, svg, byId, g: (id: string) => byId.get(id)! };
}

const shadeOf = (g: Element) => g.querySelector(":scope > .icw-hint-shade");

describe("hint words", () => {
  it("say the move and the agent's figures as Python wrote them (the share where there are none)", () => {
    expect(hintLine(HINTS[0]!)).toBe("r1>T1 — wins 64% (84 of 200 simulations)");
    expect(hintLine(HINTS[2]!)).toBe("r3>far — 10%");
    expect(hintLine({ ...HINTS[0]!, label: "keep Fierce and Clever" })).toBe("keep Fierce and Clever — wins 64% (84 of 200 simulations)");
    expect(percent(0.001)).toBe("<1%");
    expect(percent(0)).toBe("0%");
    expect(percent(1)).toBe("100%");
  });

  it("label a hint on the board by its rank and the agent's estimate, or its rank alone", () => {
    expect(badgeText(HINTS[0]!, 1)).toBe("1 · 64%");
    expect(badgeText(HINTS[2]!, 3)).toBe("3");
  });

  it("list the hints best first, as text", () => {
    const items = drawHintList([...HINTS, { text: "<img src=x onerror=alert(1)>", path: [], share: 0.05, note: "<b>n</b>" }]);
    expect(items.map((li) => li.textContent)).toEqual([
      "r1>T1 — wins 64% (84 of 200 simulations)",
      "r1>table — wins 58% (60 of 200 simulations)",
      "r3>far — 10%",
      "<img src=x onerror=alert(1)> — <b>n</b>",
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
    expect(looks.get("R1")!.lines).toEqual(["Hint 1: r1>T1 — wins 64% (84 of 200 simulations)", "Hint 2: r1>table — wins 58% (60 of 200 simulations)"]);
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
    expect(shadeOf(g("T1"))!.querySelector("title")!.textContent).toBe("Hint 1: r1>T1 — wins 64% (84 of 200 simulations)");
    expect(shadeOf(g("free:r1"))!.querySelector("title")!.textContent).toBe(
      "Hint 1: r1>T1 — wins 64% (84 of 200 simulations)\nHint 2: r1>table — wins 58% (60 of 200 simulations)",
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

function place(root: SVGSVGElement, id: string, x: number, y = 0, size = 40): SVGGElement {
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.setAttribute("data-id", id);
  g.setAttribute("transform", `translate(${x},${y})`);
  const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  hit.setAttribute("class", "icw-hit");
  for (const [k, v] of [["x", 0], ["y", 0], ["width", size], ["height", size]] as const) hit.setAttribute(k, String(v));
  g.append(hit);
  root.append(g);
  return g;
}

const newRoot = (): SVGSVGElement => document.createElementNS("http://www.w3.org/2000/svg", "svg");
const boxOfRect = (r: Element): Box => ({
  x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")), width: Number(r.getAttribute("width")), height: Number(r.getAttribute("height")),
});

describe("hint arrows and labels", () => {
  it("run from the first drawn place of a hint's path to its last, as wide as its share, each hint labelled with its rank and value", () => {
    const root = newRoot();
    const byId = new Map([["a", place(root, "a", 0)], ["b", place(root, "b", 200)], ["c", place(root, "c", 100)]]);
    const hints: Hint[] = [
      { text: "a>b", path: ["a", "gone", "b"], share: 0.75, value: 0.9, valueText: "90%", note: "wins 90% (150 of 200 simulations)" },
      { text: "c", path: ["c"], share: 0.2, note: "" }, // one place: no arrow, a label over it
      { text: "a>c", path: ["a", "c"], share: 0.05, value: 0.2, valueText: "20%", note: "" },
      { text: "x", path: ["gone"], share: 0.05, note: "" }, // nothing drawn: the list alone names it
    ];
    const marks = drawHintMarks(hints, byId, root);
    const arrows = marks.filter((g) => g.classList.contains("icw-hint-arrow"));
    const labels = marks.filter((g) => g.classList.contains("icw-hint-label"));
    expect(arrows.map((g) => g.getAttribute("data-hint"))).toEqual(["a>c", "a>b"]); // the best on top
    expect(marks.slice(-labels.length)).toEqual(labels); // the labels over the arrows
    const best = arrows[1]!;
    expect(best.querySelector("title")!.textContent).toBe("Hint 1: a>b — wins 90% (150 of 200 simulations)");
    expect(best.style.getPropertyValue("--icw-hint-width")).toBe("3"); // thin: 1.5 to 3.5
    const shaft = best.querySelector(".icw-hint-shaft")!;
    expect(Number(shaft.getAttribute("x1"))).toBeGreaterThan(20); // leaves a's centre (20, 20) ...
    expect(Number(shaft.getAttribute("x2"))).toBeLessThan(220); // ... towards b's (220, 20)
    expect(shaft.getAttribute("y1")).toBe("20");
    expect(labels.map((g) => [g.getAttribute("data-hint"), g.querySelector("text")!.textContent])).toEqual([
      ["a>b", "1 · 90%"], ["c", "2"], ["a>c", "3 · 20%"],
    ]);
    // the label of the one-place hint sits over its place, not on it
    const over = boxOfRect(labels[1]!.querySelector("rect")!);
    expect(over.y + over.height).toBeLessThanOrEqual(0);
    // the layer goes under the annotations' layer, and goes with the hints
    const notes = document.createElementNS("http://www.w3.org/2000/svg", "g");
    notes.setAttribute("class", "icw-annotation-layer");
    root.append(notes);
    const layer = new HintArrows();
    layer.draw(hints, byId, root);
    expect(layer.layer.nextElementSibling).toBe(notes);
    expect(layer.layer.querySelectorAll(".icw-hint-arrow")).toHaveLength(2);
    expect(layer.layer.querySelectorAll(".icw-hint-label")).toHaveLength(3);
    layer.draw([], byId, root);
    expect(layer.layer.childElementCount).toBe(0);
    // with no hints the scene holds no layer of theirs: it is the picture an export draws
    expect(root.querySelector(".icw-hint-layer")).toBeNull();
  });

  it("never overlap each other nor a name drawn on the board, however many hints share a target", () => {
    // IceTowers' trouble: many moves onto one player's pieces put their figures on top of each
    // other ("1%1%3%1%") over the player's name
    const root = newRoot();
    root.setAttribute("viewBox", "0 0 620 300");
    const name = document.createElementNS("http://www.w3.org/2000/svg", "text");
    for (const [k, v] of [["x", 300], ["y", 105], ["text-anchor", "middle"]] as const) name.setAttribute(k, String(v));
    name.textContent = "Green player";
    root.append(name);
    const byId = new Map([["target", place(root, "target", 280, 120)]]);
    const hints: Hint[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `p${i}`;
      byId.set(id, place(root, id, 20 + 50 * i, 250, 30));
      hints.push({ text: `${id}>target`, path: [id, "target"], share: 0.08, value: 0.01 * (i + 1), valueText: `${i + 1}%`, note: "" });
    }
    hints.push({ text: "target", path: ["target"], share: 0.01, value: 0.5, valueText: "50%", note: "" });
    const labels = drawHintMarks(hints, byId, root).filter((g) => g.classList.contains("icw-hint-label"));
    expect(labels).toHaveLength(13);
    const boxes = labels.map((g) => boxOfRect(g.querySelector("rect")!));
    const texts = sceneTextBoxes(root);
    expect(texts).toHaveLength(1);
    for (const [i, b] of boxes.entries()) {
      for (const other of boxes.slice(i + 1)) expect(overlaps(b, other), `${i}`).toBe(false);
      expect(overlaps(b, texts[0]!), `label ${i} on the name`).toBe(false);
      // inside the drawing
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(620);
      expect(b.y + b.height).toBeLessThanOrEqual(300);
    }
    // a label moved off its arrow is tied back to it
    expect(labels.some((g) => g.querySelector(".icw-hint-leader"))).toBe(true);
  });

  it("keep clear of the scene's own texts on a drawn IceTowers board", () => {
    const { svg, byId } = drawn();
    const ids = ["free:r1", "free:r2", "free:r3"];
    const hints: Hint[] = [];
    for (const from of ids) for (const to of ["free:g2", "free:g3", "T1", "T3"]) {
      if (byId.has(from) && byId.has(to)) hints.push({ text: `${from}>${to}`, path: [from, to], share: 0.05, value: 0.3, valueText: "30%", note: "" });
    }
    expect(hints.length).toBeGreaterThanOrEqual(8);
    const texts = sceneTextBoxes(svg);
    expect(texts.length).toBeGreaterThan(5); // the names, labels and counts
    const boxes = drawHintMarks(hints, byId, svg).filter((g) => g.classList.contains("icw-hint-label")).map((g) => boxOfRect(g.querySelector("rect")!));
    expect(boxes).toHaveLength(hints.length);
    for (const [i, b] of boxes.entries()) {
      for (const other of boxes.slice(i + 1)) expect(overlaps(b, other)).toBe(false);
      for (const t of texts) expect(overlaps(b, t), `label ${i}`).toBe(false);
    }
  });
});

describe("placeLabels", () => {
  const want = (x: number, y: number, width = 40): LabelWant => ({ anchor: [x, y], width, height: 16 });

  it("keeps a label at its anchor when it is free", () => {
    expect(placeLabels([want(100, 100)], [])).toEqual([{ x: 80, y: 92, width: 40, height: 16 }]);
  });

  it("places any number of labels at one anchor apart, clear of the obstacles, nearest first", () => {
    const obstacles: Box[] = [{ x: 60, y: 90, width: 80, height: 20 }, { x: 0, y: 0, width: 30, height: 300 }];
    const wants = Array.from({ length: 40 }, (_, i) => want(100, 100, 30 + (i % 3) * 10));
    const boxes = placeLabels(wants, obstacles, { x: 0, y: 0, width: 400, height: 300 });
    for (const [i, b] of boxes.entries()) {
      for (const o of obstacles) expect(overlaps(b, o, LABEL_GAP), `${i} on an obstacle`).toBe(false);
      for (const other of boxes.slice(i + 1)) expect(overlaps(b, other, LABEL_GAP), `${i}`).toBe(false);
    }
    const distance = (b: Box) => Math.hypot(b.x + b.width / 2 - 100, b.y + b.height / 2 - 100);
    expect(distance(boxes[0]!)).toBeLessThanOrEqual(distance(boxes[39]!));
  });

  it("tries a label along its arrow before around its anchor, and leaves the pieces to avoid uncovered where it can", () => {
    const arrow: LabelWant = { anchor: [100, 0], width: 20, height: 10, along: [[0, 0], [200, 0]] };
    const [box] = placeLabels([arrow], [{ x: 85, y: -10, width: 30, height: 20 }]);
    expect(box!.y).toBe(-5); // still on the arrow's line
    expect(Math.abs(box!.x + 10 - 100)).toBeGreaterThan(20);
    const piece = { x: 90, y: -30, width: 20, height: 20 };
    const [beside] = placeLabels([want(100, -20, 20)], [], null, [piece]);
    expect(overlaps(beside!, piece)).toBe(false);
  });

  it("over a drawing with no spot clear of its texts, keeps the labels apart: seen where they can be, else below", () => {
    const wall: Box = { x: -5000, y: -5000, width: 10000, height: 10000 };
    const [below] = placeLabels([want(0, 0)], [wall]);
    expect(below!.y).toBeGreaterThan(5000); // no bounds: nowhere else is known to be seen
    const bounds = { x: 0, y: 0, width: 100, height: 40 };
    const boxes = placeLabels(Array.from({ length: 6 }, () => want(50, 20)), [wall], bounds);
    for (const [i, b] of boxes.entries()) for (const other of boxes.slice(i + 1)) expect(overlaps(b, other, LABEL_GAP)).toBe(false);
    const inside = boxes.filter((b) => b.y + b.height <= 40);
    expect(inside.length).toBeGreaterThanOrEqual(1); // over the text, but seen
    expect(boxes.every((b) => inside.includes(b) || b.y > 40)).toBe(true); // the rest below the drawing
  });
});
