import { describe, expect, it } from "vitest";
import { shadeOpacity } from "../src/hints";
import { PAINTS } from "../src/palette";
import css from "../src/styles.css?raw";
import { contrast, declarations, mix, parseColour, resolve, type RGBA } from "./wcag";

const AA = 4.5;

/** The JupyterLab theme values the board's colours come from (JupyterLab 4's light and dark
 * themes); with no theme, the stylesheet's own fallbacks apply. */
const THEMES: Record<string, Record<string, string>> = {
  fallbacks: {},
  "JupyterLab light": {
    "--jp-ui-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-layout-color1": "#ffffff",
    "--jp-layout-color2": "#eeeeee",
    "--jp-border-color2": "#e0e0e0",
    "--jp-brand-color1": "#1976d2",
    "--jp-error-color1": "#d32f2f",
    "--jp-success-color1": "#388e3c",
    "--jp-warn-color1": "#f57c00",
    "--jp-info-color0": "#006064",
  },
  "JupyterLab dark": {
    "--jp-ui-font-color1": "rgba(255, 255, 255, 0.87)",
    "--jp-layout-color1": "#212121",
    "--jp-layout-color2": "#424242",
    "--jp-border-color2": "#424242",
    "--jp-brand-color1": "#2196f3",
    "--jp-error-color1": "#f44336",
    "--jp-success-color1": "#4caf50",
    "--jp-warn-color1": "#ff9800",
    "--jp-info-color0": "#0097a7",
  },
};

const PROPS = declarations(css, ".icw-board");

/** A target's fill under the pointer (the other fills are the --hl-fill of the highlights). */
const hoverFill = Number(/\.icw-target:hover > \.icw-hit \{ fill-opacity: ([\d.]+)/.exec(css)?.[1]);

/** Where text is drawn: text colour -> the backgrounds it is drawn on. */
const TEXT_ON: Record<string, string[]> = {
  "--icw-fg": ["--icw-bg", "--icw-bg2", "--icw-region", "--icw-brand-tint", "--icw-error-tint", "--icw-win-tint"],
  "--icw-muted": ["--icw-bg", "--icw-region", "--icw-brand-tint", "--icw-win-tint"],
};

describe("contrast of text (WCAG AA, 4.5:1)", () => {
  it("reads the board's colours from the stylesheet", () => {
    expect(PROPS.get("--icw-fg")).toContain("--jp-ui-font-color1");
    expect([...PROPS.keys()]).toEqual(expect.arrayContaining(Object.values(TEXT_ON).flat()));
  });

  for (const [theme, values] of Object.entries(THEMES)) {
    const colour = (name: string): RGBA => resolve(`var(${name})`, PROPS, values);

    it(`theme text on theme backgrounds: ${theme}`, () => {
      for (const [fg, backgrounds] of Object.entries(TEXT_ON)) {
        for (const bg of backgrounds) expect(contrast(colour(fg), colour(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
      }
    });

    it(`text on the strongest hint shade, over a selection's or a hover's fill too: ${theme}`, () => {
      const strongest = shadeOpacity(1);
      const fills = [0, ...[...css.matchAll(/--hl-fill:\s*([\d.]+)/g)].map((m) => Number(m[1])), hoverFill];
      for (const base of ["--icw-bg", "--icw-region"]) {
        for (const fill of fills) {
          const under = mix(colour("--icw-brand"), fill, colour(base));
          const bg = mix(colour("--icw-hint"), strongest, under);
          expect(contrast(colour("--icw-fg"), bg), `on ${base} under a fill of ${fill}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it(`the hint's edge and arrow on the checker squares they stand on (3:1): ${theme}`, () => {
      const alt = Number(/\.icw-sq-alt \{[^}]*fill-opacity: ([\d.]+)/.exec(css)?.[1]);
      const squares = { light: colour("--icw-bg"), dark: mix(colour("--icw-border"), alt, colour("--icw-region")) };
      for (const [name, square] of Object.entries(squares)) {
        expect(contrast(colour("--icw-hint"), square), `on the ${name} square`).toBeGreaterThanOrEqual(3);
      }
      // the arrows keep that: no opacity lightens them (the pieces they cross show between their dashes)
      expect(css).not.toMatch(/\.icw-hint-(arrow|shaft|head|layer) \{[^}]*opacity/);
      expect(css).toMatch(/\.icw-hint-shaft \{[^}]*stroke-dasharray: [\d.]+ [\d.]+;/);
    });

    it(`a hint's label: its text on its background (4.5:1): ${theme}`, () => {
      expect(css).toMatch(/\.icw-hint-label-bg \{ fill: var\(--icw-bg\);/);
      expect(css).toMatch(/\.icw-hint-label-text \{ fill: var\(--icw-fg\);/);
      expect(contrast(colour("--icw-fg"), colour("--icw-bg"))).toBeGreaterThanOrEqual(AA);
    });

    it(`a pressed seat button (its colour mixed into the background): ${theme}`, () => {
      for (const [name, p] of Object.entries(PAINTS)) {
        const bg = mix(parseColour(p.fill), 0.28, colour("--icw-bg"));
        expect(contrast(colour("--icw-fg"), bg), name).toBeGreaterThanOrEqual(AA);
      }
    });
  }

  it("the palette's ink on its fill (row chips, pips)", () => {
    for (const [name, p] of Object.entries(PAINTS)) {
      expect(contrast(parseColour(p.ink), parseColour(p.fill)), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it("the fixed colours of dice and cards", () => {
    const pairs: [string, string][] = [["#222", "#fdfdfb"], ["#1f2328", "#fffdf7"], ["#4a4f57", "#fffdf7"]];
    for (const [fg, bg] of pairs) expect(contrast(parseColour(fg), parseColour(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
    for (const [fg, bg] of pairs) expect(css).toContain(bg === "#fdfdfb" ? bg : fg); // still the stylesheet's
  });

  it("measures as WCAG does", () => {
    expect(contrast(parseColour("#000"), parseColour("#fff"))).toBeCloseTo(21, 5);
    expect(contrast(parseColour("#fff"), parseColour("#2196f3"))).toBeCloseTo(3.12, 2); // white on the dark theme's blue
    expect(contrast(parseColour("rgba(0, 0, 0, 0.5)"), parseColour("#fff"))).toBeCloseTo(3.95, 1);
  });
});

describe("highlight colours", () => {
  it("last move and split differ in colour and in dash pattern", () => {
    const look = (sel: string): string => {
      const at = css.indexOf(sel);
      return css.slice(css.indexOf("{", at) + 1, css.indexOf("}", at));
    };
    const last = look(".icw-mark-last, .icw-key-last");
    const split = look(".icw-kind-split, .icw-key-kind-split");
    const prop = (rule: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(rule)?.[1];
    expect(prop(last, "--hl")).not.toBe(prop(split, "--hl"));
    expect(prop(last, "--hl-dash")).not.toBe(prop(split, "--hl-dash"));
    for (const theme of Object.values(THEMES)) {
      const c = (v: string) => resolve(v, PROPS, theme).join();
      expect(c(prop(last, "--hl")!)).not.toBe(c(prop(split, "--hl")!));
    }
  });
});

describe("the hint agent's shading", () => {
  it("grows with the share and stays within what the contrast checks allow", () => {
    expect(hoverFill).toBeGreaterThan(0);
    expect(shadeOpacity(0)).toBeCloseTo(0.1);
    expect(shadeOpacity(0.5)).toBeGreaterThan(shadeOpacity(0.25));
    expect(shadeOpacity(2)).toBe(shadeOpacity(1));
    expect(css).toMatch(/\.icw-hint-shade \{[^}]*fill-opacity: var\(--icw-hint-opacity/);
    // its edge and the arrows are solid in the hint colour the contrast check measures
    expect(css).toMatch(/\.icw-hint-shade \{[^}]*stroke: var\(--icw-hint\); stroke-width: [\d.]+;/);
    expect(css).toMatch(/\.icw-hint-shaft \{ stroke: var\(--icw-hint\);/);
    expect(css).toMatch(/\.icw-hint-head \{ fill: var\(--icw-hint\); \}/);
    // the muted text a hinted item may hold is drawn in the main text colour
    for (const muted of [".icw-region-label", ".icw-die-note", ".icw-coord", ".icw-muted", ".icw-count"]) {
      expect(css).toMatch(new RegExp(`\\.icw-hinted[^{]*\\${muted}[^{]*\\{ fill: var\\(--icw-fg\\)`));
    }
  });
});

describe("text size", () => {
  it("no scene text is set below 11px", () => {
    const sizes = [...css.matchAll(/font-size:\s*([\d.]+)px/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    const ems = [...css.matchAll(/font-size:\s*([\d.]+)em/g)].map((m) => Number(m[1]));
    expect(Math.min(...ems) * 13).toBeGreaterThanOrEqual(11);
  });
});

describe("highlight rules", () => {
  it("all have one specificity, so their order decides (a kind's colour is not lost to the plain target's)", () => {
    const heads = [...css.matchAll(/^([^{}\n]*(?:icw-target|icw-kind-|icw-selected|icw-mark-last)[^{}\n]*)\{[^}]*--hl:/gm)].map((m) => m[1]!);
    expect(heads.length).toBeGreaterThanOrEqual(6);
    for (const head of heads) {
      for (const selector of head.split(",")) {
        const bare = selector.replace(/:where\([^)]*\)/g, "").trim();
        expect(bare, selector).toMatch(/^\.[\w-]+$/); // one class, nothing else counted
      }
    }
  });
});
