import { describe, expect, it } from "vitest";
import { HEAD_HALF_WIDTH, HEAD_LENGTH, IDENTITY, arrowShape, boxOf, centre, multiply, parseTransform } from "../src/arrow-geometry";
import { drawScene } from "../src/scene";
import gridDice from "./data/grid-dice.json";
import scene3 from "./data/scene3.json";
import { loose } from "./loose";

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe("transforms", () => {
  it("reads translate, scale and matrix, in the order SVG applies them", () => {
    expect(parseTransform(null)).toEqual(IDENTITY);
    expect(parseTransform("translate(10,20)")).toEqual([1, 0, 0, 1, 10, 20]);
    expect(parseTransform("translate(5)")).toEqual([1, 0, 0, 1, 5, 0]);
    // translate(10,20) scale(2): a point is scaled first, then moved
    const m = parseTransform("translate(10,20) scale(2)");
    expect(m).toEqual([2, 0, 0, 2, 10, 20]);
    expect(parseTransform("scale(2 3)")).toEqual([2, 0, 0, 3, 0, 0]);
    expect(parseTransform("matrix(1,0,0,1,4,5) rotate(30) translate(x,1)")).toEqual([1, 0, 0, 1, 4, 5]);
  });

  it("composes outer after inner", () => {
    const outer = parseTransform("translate(100,0)");
    const inner = parseTransform("scale(2)");
    expect(multiply(outer, inner)).toEqual([2, 0, 0, 2, 100, 0]);
    expect(multiply(inner, outer)).toEqual([2, 0, 0, 2, 200, 0]);
  });
});

describe("boxOf", () => {
  it("maps an item's hit rectangle through every group around it", () => {
    const root = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    root.innerHTML = '<g transform="translate(0,100)"><g transform="translate(10,5) scale(0.5)"><g data-id="p" transform="translate(4,4)">'
      + '<rect class="icw-hit" x="-10" y="-20" width="20" height="40"/></g></g></g>';
    const item = root.querySelector('[data-id="p"]')!;
    // x: 10 + 0.5 * (4 - 10) = 7 .. 10 + 0.5 * (4 + 10) = 17; y: 100 + 5 + 0.5 * (4 - 20) = 97 .. 117
    expect(boxOf(item, root)).toEqual({ x: 7, y: 97, width: 10, height: 20 });
  });

  it("finds no box without a hit rectangle, or outside the root", () => {
    const root = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    root.innerHTML = '<g data-id="a"><text>a</text></g>';
    expect(boxOf(root.querySelector("g")!, root)).toBeNull();
    const other = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    other.innerHTML = '<g data-id="b"><rect class="icw-hit" x="0" y="0" width="5" height="5"/></g>';
    expect(boxOf(other.querySelector("g")!, root)).toBeNull();
  });

  it("every drawn item of real scenes has a box inside the scene's view box", () => {
    for (const scene of [loose(scene3), loose(gridDice)]) {
      const { svg, byId } = drawScene(scene);
      const [, , w, h] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      for (const [id, el] of byId) {
        const b = boxOf(el, svg);
        expect(b, id).not.toBeNull();
        expect(b!.x, id).toBeGreaterThanOrEqual(-0.5);
        expect(b!.y, id).toBeGreaterThanOrEqual(-0.5);
        expect(b!.x + b!.width, id).toBeLessThanOrEqual(w! + 0.5);
        expect(b!.y + b!.height, id).toBeLessThanOrEqual(h! + 0.5);
      }
      // towers side by side: T1's centre is left of T3's, on the same baseline
      if (byId.has("T1")) {
        const [x1] = centre(boxOf(byId.get("T1")!, svg)!);
        const [x3] = centre(boxOf(byId.get("T3")!, svg)!);
        expect(x1).toBeLessThan(x3);
      }
      // a piece in a stack is inside its square
      if (byId.has("c3.0")) {
        const sq = boxOf(byId.get("c3")!, svg)!;
        const [px, py] = centre(boxOf(byId.get("c3.0")!, svg)!);
        expect(px).toBeGreaterThan(sq.x);
        expect(px).toBeLessThan(sq.x + sq.width);
        expect(py).toBeGreaterThan(sq.y);
        expect(py).toBeLessThan(sq.y + sq.height);
      }
    }
  });
});

describe("arrowShape", () => {
  const a = { x: 0, y: 0, width: 40, height: 40 }; // centre (20, 20)
  const b = { x: 200, y: 0, width: 40, height: 40 }; // centre (220, 20)

  it("runs from near one centre to near the other, its head's tip towards the second", () => {
    const s = arrowShape(a, b)!;
    close(s.x1, 30); // a quarter of the smaller side (10) from the centre
    close(s.y1, 20);
    expect(s.tip).toEqual([210, 20]);
    close(s.x2, 210 - HEAD_LENGTH); // the shaft stops at the head's base
    expect(s.head[0]).toEqual(s.tip);
    close(s.head[1]![0], 210 - HEAD_LENGTH);
    close(Math.abs(s.head[1]![1] - s.head[2]![1]), 2 * HEAD_HALF_WIDTH);
  });

  it("points the other way when drawn the other way, and along diagonals", () => {
    const back = arrowShape(b, a)!;
    expect(back.tip[0]).toBeCloseTo(30, 6);
    const d = arrowShape(a, { x: 300, y: 400, width: 40, height: 40 })!; // direction (3, 4) / 5
    const [tx, ty] = d.tip;
    close(tx, 320 - 0.6 * 10);
    close(ty, 420 - 0.8 * 10);
    // the head is symmetric about the shaft's line
    const mid = [(d.head[1]![0] + d.head[2]![0]) / 2, (d.head[1]![1] + d.head[2]![1]) / 2];
    close(mid[0]!, d.x2);
    close(mid[1]!, d.y2);
  });

  it("a big place keeps the tip at most 12 from its centre; places too close have no arrow", () => {
    const big = { x: 200, y: -180, width: 200, height: 400 }; // centre (300, 20)
    expect(arrowShape(a, big)!.tip[0]).toBeCloseTo(300 - 12, 6);
    expect(arrowShape(a, a)).toBeNull();
    expect(arrowShape(a, { x: 20, y: 0, width: 40, height: 40 })).toBeNull();
  });
});
