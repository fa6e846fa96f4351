// Ice Fortress's pieces and highlights against every background they can stand on (WCAG 2
// relative luminance, at least 3:1 for a graphic): an invader of each element on a room of each
// element (water on water, earth on earth included), ringed by its halo; a target, a selection or
// a last-move mark on a square or group inside a room's card; a room's own highlight, a pillar's
// die and the shield's cubes on the region's background.
import { describe, expect, it } from "vitest";
import { drawScene } from "../src/scene";
import type { FortRoom, PillarSquare } from "../src/scene-types";
import css from "../src/styles.css?raw";
import { contrast, declarations, parseColour, resolve, type RGBA } from "./wcag";

const GRAPHIC = 3;
const ELEMENTS: Record<string, string> = { fire: "orange", water: "blue", earth: "green", air: "purple" };
const ROOM_COLOURS = { ...ELEMENTS, white: "ghost" };
const PROPS = declarations(css, ".icw-board");
const THEMES: Record<string, Record<string, string>> = {
  fallbacks: {},
  "JupyterLab light": { "--jp-layout-color1": "#ffffff", "--jp-layout-color2": "#eeeeee", "--jp-brand-color1": "#1976d2", "--jp-warn-color1": "#f57c00", "--jp-ui-font-color1": "rgba(0, 0, 0, 0.87)" },
  "JupyterLab dark": { "--jp-layout-color1": "#212121", "--jp-layout-color2": "#424242", "--jp-brand-color1": "#2196f3", "--jp-warn-color1": "#ff9800", "--jp-ui-font-color1": "rgba(255, 255, 255, 0.87)" },
};

function sq(id: string, invader: string | null): PillarSquare {
  return { id, label: "", text: "any", linked: null, die: null, invader, covered: false };
}

/** A room of each element, each with an invader of every element on its squares, and a group
 * occupied by an invader of its own element. */
function rooms(): FortRoom[] {
  return Object.entries(ROOM_COLOURS).map(([element, colour], i) => {
    const id = `R${i + 1}`;
    const squares = Object.values(ELEMENTS).map((c, k) => sq(`${id}.${"abcd"[k]}`, c));
    const group = { id: `${id}.g1`, label: "", carries: "small", squares: [`${id}.a`, `${id}.b`], invader: ELEMENTS[element] ?? "blue", built: false };
    return { id, label: `${element} room`, element, colour, size: "large", level: 1, on: `F${i + 1}`, ice: false, ice_section: false, squares, groups: [group] };
  });
}

const scene = {
  title: "t", players: [], marks: [],
  regions: [{ kind: "fortress", id: "fortress", label: "", spaces: rooms().map((r) => ({ id: r.on, label: "" })), rooms: rooms() }],
};
const { svg } = drawScene(scene, 1600);

/** The fill of the card of the room an element is drawn in. */
function cardFill(el: Element): RGBA {
  const room = el.closest(".icw-fort-room")!;
  return parseColour(room.querySelector(":scope > .icw-fort-card")!.getAttribute("fill")!);
}

/** A highlight's colour on a square or group of a room: the stylesheet's rule for its ink class
 * when there is one, else the board's (as any target elsewhere). */
function highlight(el: Element, kind: string, theme: Record<string, string>): RGBA {
  const ink = [...el.classList].find((c) => c.startsWith("icw-fort-ink-"));
  for (const m of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selectors = m[1]!.replace(/\/\*[\s\S]*?\*\//g, "").split(",").map((x) => x.trim());
    const hl = /--hl:\s*([^;]+);/.exec(m[2]!)?.[1];
    if (hl && ink && selectors.includes(`.${ink}:where(${kind})`)) return resolve(hl, PROPS, theme);
  }
  return resolve(kind === ".icw-mark-last" ? "var(--icw-last)" : "var(--icw-brand)", PROPS, theme);
}

describe("Ice Fortress's contrast (WCAG, 3:1 for pieces and highlights)", () => {
  it("draws a room of each element with an invader of every element on it", () => {
    expect(svg.querySelectorAll(".icw-fort-room")).toHaveLength(5);
    expect(svg.querySelectorAll(".icw-fort-invader")).toHaveLength(5 * 4 + 5);
  });

  it("an invader stands out from every room, its own element's included: its outermost ring against the card", () => {
    for (const inv of svg.querySelectorAll(".icw-fort-invader")) {
      const room = inv.closest(".icw-fort-room")!.getAttribute("data-id");
      const shapes = [...inv.children];
      const outer = shapes[0]!;
      const ring = parseColour(outer.getAttribute("class") === "icw-fort-invader-halo" ? outer.getAttribute("fill")! : outer.getAttribute("stroke")!);
      const figure = shapes[shapes.length - 1]!;
      const [fill, stroke] = [parseColour(figure.getAttribute("fill")!), parseColour(figure.getAttribute("stroke")!)];
      expect(contrast(ring, cardFill(inv)), `${fill} invader's ring on ${room}`).toBeGreaterThanOrEqual(GRAPHIC);
      // inside its ring, the figure reads by its fill or its edge
      expect(Math.max(contrast(fill, ring), contrast(stroke, ring)), `${fill} figure in its ring on ${room}`).toBeGreaterThanOrEqual(GRAPHIC);
    }
  });

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`a target, a selection and a last-move mark on a square of every room: ${name}`, () => {
      for (const el of svg.querySelectorAll(".icw-fort-square, .icw-fort-group")) {
        for (const kind of [".icw-target", ".icw-selected", ".icw-mark-last"]) {
          expect(contrast(highlight(el, kind, theme), cardFill(el)), `${kind} on ${el.getAttribute("data-id")}`).toBeGreaterThanOrEqual(GRAPHIC);
        }
      }
    });

    it(`a room's own target outline and the shield's cubes on the region's background: ${name}`, () => {
      const region = resolve("var(--icw-region)", PROPS, theme);
      expect(contrast(resolve("var(--icw-brand)", PROPS, theme), region)).toBeGreaterThanOrEqual(GRAPHIC);
      // a filled cube reads by its fill or by its edge
      const cube = /\.icw-track-on \{ fill: (#[0-9a-f]+); stroke: (#[0-9a-f]+)/.exec(css)!;
      const [fill, edge] = [parseColour(cube[1]!), parseColour(cube[2]!)];
      expect(Math.max(contrast(fill, region), contrast(edge, region)), "a shield cube").toBeGreaterThanOrEqual(GRAPHIC);
    });
  }
});
