// The small cascade that writes the board's stylesheet into an exported SVG.
import { describe, expect, it } from "vitest";
import { miniDocument, type MiniElement } from "../src/mini-dom";
import { inlineStyles, mixColours, parseColour, parseStyleSheet, resolveVars } from "../src/svg-style";

const NS = "http://www.w3.org/2000/svg";

function el(tag: string, cls = "", ...children: MiniElement[]): MiniElement {
  const e = miniDocument.createElementNS(NS, tag);
  if (cls) e.setAttribute("class", cls);
  e.append(...children);
  return e;
}

describe("values", () => {
  it("resolves var() from a lookup, else its fallback, commas and all", () => {
    const known = new Map([["--a", "#123456"]]);
    expect(resolveVars("var(--a, red)", (n) => known.get(n))).toBe("#123456");
    expect(resolveVars("var(--jp-font, system-ui, sans-serif)", (n) => known.get(n))).toBe("system-ui, sans-serif");
    expect(resolveVars("1px solid var(--missing, var(--a))", (n) => known.get(n))).toBe("1px solid #123456");
  });

  it("mixes colours in sRGB as CSS does", () => {
    expect(mixColours("color-mix(in srgb, #000000 50%, #ffffff)")).toBe("#808080");
    expect(mixColours("color-mix(in srgb, #1f2328 72%, #fff)")).toBe("#5e6164");
    expect(parseColour("rgb(10, 20, 30)")).toEqual([10, 20, 30]);
    expect(parseColour("#abc")).toEqual([170, 187, 204]);
  });
});

describe("inlineStyles", () => {
  const css = `
    .icw-board { --fg: #111111; --muted: color-mix(in srgb, var(--fg) 50%, #ffffff); --hl: red; }
    /* comments and at-rules are skipped */
    @media (prefers-reduced-motion: reduce) { .a { fill: blue; } }
    .icw-scene { fill: var(--fg); cursor: pointer; }
    .a { fill: green; stroke-width: 1; }
    rect.a { fill: navy; }
    .b .a { stroke: var(--muted); }
    .b > .a { opacity: 0.5; }
    .mark { --hl: orange; }
    .mark > .hit { stroke: var(--hl); }
    .a:hover { fill: pink; }
    .t:where([class*="kind-"]) { fill: teal; }
  `;

  it("applies the rules that match, by specificity then order, with var() and color-mix() resolved", () => {
    const a1 = el("rect", "a");
    const a2 = el("circle", "a");
    const deep = el("g", "", el("circle", "a"));
    const root = el("svg", "icw-scene", el("g", "b", a1, a2), deep);
    inlineStyles(root, parseStyleSheet(css));
    expect(root.getAttribute("style")).toBe("fill:#111111"); // cursor is no presentation property
    expect(a1.getAttribute("style")).toBe("fill:navy;opacity:0.5;stroke:#888888;stroke-width:1");
    expect(a2.getAttribute("style")).toBe("fill:green;opacity:0.5;stroke:#888888;stroke-width:1");
    // a descendant, not a child, of .b: no opacity; not inside .b at all: no stroke
    expect(deep.firstElementChild!.getAttribute("style")).toBe("fill:green;stroke-width:1");
  });

  it("inherits custom properties and lets an element override them for its subtree", () => {
    const hit = el("rect", "hit");
    const plain = el("rect", "hit");
    const root = el("svg", "icw-scene", el("g", "mark", hit), el("g", "", plain));
    inlineStyles(root, parseStyleSheet(css));
    expect(hit.getAttribute("style")).toBe("stroke:orange");
    expect(plain.getAttribute("style")).toBeNull(); // .mark > .hit only
  });

  it("never matches a person's interaction, and reads :where() with no specificity", () => {
    const t = el("rect", "t kind-cap");
    const u = el("rect", "t");
    inlineStyles(el("svg", "", t, u), parseStyleSheet(css));
    expect(t.getAttribute("style")).toBe("fill:teal");
    expect(u.getAttribute("style")).toBeNull();
  });

  it("reads :not() and the sibling combinators, as the page's stylesheet may use them", () => {
    const sheet = parseStyleSheet(`
      .p:not(.q) { fill: olive; }
      .p:not(:hover) { stroke: black; }
      .x + .y { opacity: 0.25; }
      .x ~ .z { stroke-width: 3; }
    `);
    const p = el("rect", "p");
    const pq = el("rect", "p q");
    const x = el("rect", "x");
    const y = el("rect", "y");
    const gap = el("rect", "");
    const z = el("rect", "z");
    const lateY = el("rect", "y");
    inlineStyles(el("svg", "", p, pq, x, y, gap, z, lateY), sheet);
    expect(p.getAttribute("style")).toBe("fill:olive;stroke:black"); // no interaction in a picture
    expect(pq.getAttribute("style")).toBe("stroke:black");
    expect(y.getAttribute("style")).toBe("opacity:0.25"); // right after .x
    expect(lateY.getAttribute("style")).toBeNull(); // not right after .x
    expect(z.getAttribute("style")).toBe("stroke-width:3"); // any later sibling of .x
  });
});
