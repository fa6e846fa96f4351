// A target's full text for the keyboard: what hovering shows (its <title>) is shown beside the
// target the focus is on, and describes it to assistive technology.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fullText } from "../src/focus-text";
import widget from "../src/index";
import dectana from "./fixtures/dectana.json";
import { FakeModel } from "./fake-model";

const ANN = { seat: 0, name: "Ann", colour: "red", tree: { "hand:0:sea": { "0,0/r1u": "sea/waves 1u@0,0 1" }, "hand:0:author": { "0,0/r1u": "author/moons 1u@0,0" } } };

let el: HTMLElement;
let model: FakeModel;
let cleanup: () => void;
const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;
const hit = (id: string) => $<SVGRectElement>(`[data-id="${id}"] > .icw-hit`);

function mount(scene: unknown = dectana): void {
  model = new FakeModel({ title: "Dectana", scene, actors: [ANN], cursor: 26, status: "Ann to play.", error: "" });
  cleanup = widget.render({ model, el });
}

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("a target's full text on keyboard focus", () => {
  it("shows the focused card's whole text and describes the card by it, until the focus leaves", () => {
    mount();
    const tip = $(".icw-focus-text");
    expect(tip.hidden).toBe(true);
    const sea = hit("hand:0:sea");
    expect(sea.getAttribute("tabindex")).toBe("0"); // a target: the keys reach it
    sea.focus();
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toBe("The Sea (Crown; waves): Crown: three uses, worth 0");
    expect(sea.getAttribute("aria-describedby")).toBe(tip.id);
    expect(el.querySelectorAll(`#${tip.id}`)).toHaveLength(1);
    $(".icw-board").focus();
    expect(tip.hidden).toBe(true);
    expect(sea.hasAttribute("aria-describedby")).toBe(false);
  });

  it("follows the focus from target to target", () => {
    mount();
    const tip = $(".icw-focus-text");
    hit("hand:0:sea").focus();
    const author = hit("hand:0:author");
    author.focus();
    expect(tip.textContent).toBe("The Author (2; moons, knots): worth 2");
    expect(author.getAttribute("aria-describedby")).toBe(tip.id);
    expect(hit("hand:0:sea").hasAttribute("aria-describedby")).toBe(false);
  });

  it("shows a record's text as text, never as HTML", () => {
    const scene = structuredClone(dectana) as { regions: { id: string; cards?: { id: string; label: string }[] }[] };
    scene.regions.find((r) => r.id === "hand:0")!.cards![1]!.label = "<b>The Sea</b>";
    mount(scene);
    hit("hand:0:sea").focus();
    const tip = $(".icw-focus-text");
    expect(tip.querySelector("b")).toBeNull();
    expect(tip.textContent).toContain("<b>The Sea</b>");
  });

  it("reads an item's own title, not one of a part inside it", () => {
    const ns = "http://www.w3.org/2000/svg";
    const g = document.createElementNS(ns, "g");
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("class", "icw-hit");
    const inner = document.createElementNS(ns, "g");
    inner.append(Object.assign(document.createElementNS(ns, "title"), { textContent: "a suit mark" }));
    g.append(rect, inner);
    expect(fullText(rect)).toBe("");
    const own = document.createElementNS(ns, "title");
    own.textContent = " The Castle ";
    g.append(own);
    expect(fullText(rect)).toBe("The Castle");
  });
});
