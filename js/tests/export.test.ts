// A scene exported as SVG: the same text whether the drawing ran on the browser's DOM (here
// happy-dom) or on mini-dom (what Python's embedded engine runs), styled inline, well-formed.
import { afterEach, describe, expect, it } from "vitest";
import { sceneSvg, serialize } from "../src/export";
import { miniDocument } from "../src/mini-dom";
import css from "../src/styles.css?raw";
import type { Scene } from "../src/types";

const files = import.meta.glob<unknown>("./fixtures/*.json", { eager: true, import: "default" });
const scenes = Object.entries(files).filter((e): e is [string, Scene] => {
  const v = e[1];
  return v !== null && typeof v === "object" && !Array.isArray(v) && "regions" in v;
});

const browserDocument = globalThis.document;

function onMiniDom<T>(fn: () => T): T {
  (globalThis as { document: unknown }).document = miniDocument;
  try {
    return fn();
  } finally {
    (globalThis as { document: unknown }).document = browserDocument;
  }
}

afterEach(() => {
  (globalThis as { document: unknown }).document = browserDocument;
});

describe("sceneSvg", () => {
  for (const [file, scene] of scenes) {
    const name = file.replace("./fixtures/", "");
    it(`${name}: the same SVG on mini-dom as on a browser's DOM, at two widths`, () => {
      for (const room of [620, 320]) {
        const browser = sceneSvg(scene, css, room);
        const mini = onMiniDom(() => sceneSvg(scene, css, room));
        expect(mini).toBe(browser);
      }
    });

    it(`${name}: a standalone SVG document, styled inline, every scene id drawn`, () => {
      const text = sceneSvg(scene, css);
      const doc = new DOMParser().parseFromString(text.replace(/^<\?xml[^>]*>\s*/, ""), "image/svg+xml");
      const root = doc.documentElement;
      expect(root.localName).toBe("svg");
      expect(root.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
      const [, , w, hgt] = root.getAttribute("viewBox")!.split(" ");
      expect(root.getAttribute("width")).toBe(w);
      expect(root.getAttribute("height")).toBe(hgt);
      expect(root.querySelector("style")).toBeNull(); // no stylesheet: every rule is applied inline
      expect(text).not.toContain("var(");
      expect(text).not.toContain("color-mix(");
      for (const hit of root.querySelectorAll(".icw-hit:not(.icw-region-bg)")) {
        const marked = /icw-mark-/.test(hit.parentElement?.getAttribute("class") ?? "");
        if (!marked) expect(hit.getAttribute("style")).toContain("fill:transparent"); // hit areas draw nothing
      }
      for (const r of scene.regions ?? []) expect(root.querySelector(`[data-id="${r.id}"]`), r.id).not.toBeNull();
    });
  }

  it("draws a node's arrows and highlights over the scene, the same on mini-dom", () => {
    const [, scene] = scenes.find(([f]) => f.includes("scene3"))!;
    const notes = { arrows: [["T1", "T3"]], highlights: ["free:r3"], mark: "!", tags: ["opening"] };
    const browser = sceneSvg(scene, css, 620, notes);
    expect(onMiniDom(() => sceneSvg(scene, css, 620, notes))).toBe(browser);
    expect(browser).toContain('data-arrow="T1&gt;T3"');
    expect(browser).toContain('data-annot="free:r3"');
    expect(browser).toMatch(/class="icw-annotation-layer"[^>]*>.*<\/g><\/svg>/s); // last, over everything
    expect(sceneSvg(scene, css, 620, {})).toContain('<g aria-hidden="true" class="icw-annotation-layer"/>');
  });

  it("keeps the last move's mark, in the mark's colour", () => {
    const [, scene] = scenes.find(([, s]) => (s.marks ?? []).length > 0)!;
    const text = sceneSvg(scene, css);
    expect(text).toContain("icw-mark-last");
    expect(text).toMatch(/class="icw-hit[^"]*"[^>]*style="[^"]*stroke:#e67e00/);
  });
});

describe("serialize", () => {
  it("escapes text and attributes, sorts attributes, closes empty elements", () => {
    const g = miniDocument.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("title", 'a "b" <c> & d');
    g.setAttribute("class", "x");
    const t = miniDocument.createElementNS("http://www.w3.org/2000/svg", "text");
    t.textContent = "<img src=x> & co";
    g.append(t, miniDocument.createElementNS("http://www.w3.org/2000/svg", "rect"));
    expect(serialize(g)).toBe('<g class="x" title="a &quot;b&quot; &lt;c&gt; &amp; d"><text>&lt;img src=x&gt; &amp; co</text><rect/></g>');
  });

  it("leaves out what XML 1.0 cannot carry (control characters, U+FFFE, lone surrogates); tabs and line breaks survive a parser", () => {
    const t = miniDocument.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("aria-label", "A\u0001nn\u000b \ud800B\uFFFEen\t\n");
    t.textContent = "A\u0000\u0008nn\u001f\n\r\uDFFF \u{1F600}";
    expect(serialize(t)).toBe('<text aria-label="Ann Ben&#9;&#10;">Ann\n&#13; \u{1F600}</text>');
  });
});
