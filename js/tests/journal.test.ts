// The playtest journal in the widget: arrows and highlights drawn over the scene and with the
// mouse, the mark and tag controls, and the end-of-game feedback form, through the real render.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget from "../src/index";
import { StaticModel, readPublished } from "../src/static-model";
import type { Actor } from "../src/types";
import scene from "./data/scene3.json";
import timeline from "./data/timeline.json";
import { FakeModel, painted } from "./fake-model";

const red: Actor = { seat: 0, name: "Red", colour: "red", tree: { T1: "cap", T3: "cap" }, buttons: [] };

let el: HTMLElement;
let model: FakeModel;
let cleanup: () => void;

function mount(extra: Record<string, unknown> = {}): void {
  model = new FakeModel({ title: "IceTowers", scene, actors: [red], _timeline: timeline, cursor: 3, status: "", error: "", ...extra });
  cleanup = widget.render({ model, el });
}

const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;
const layer = () => $("svg.icw-scene > .icw-annotation-layer");
/** The drawing inside a scene item, where a pointer would be. */
const inside = (id: string): Element => $(`svg.icw-scene [data-id="${id}"]`).firstElementChild!;

function pointer(type: string, at: Element, init: PointerEventInit = {}): boolean {
  return at.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, ...init }));
}
/** A drag from one item to another (or a click on one), as the browser sends it. */
function drag(from: string, to: string, init: PointerEventInit): void {
  pointer("pointerdown", inside(from), init);
  pointer("pointermove", inside(to), init);
  pointer("pointerup", inside(to), init);
  if (init.button === 0 || init.button === undefined) inside(from === to ? from : to).dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: init.shiftKey }));
}

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("annotations over the scene", () => {
  it("a redraw with no notes to show does not look the scene's items up for them", async () => {
    mount();
    const lookups = vi.spyOn($("svg.icw-scene"), "querySelectorAll");
    await model.set({ cursor: 4, scene: { ...scene, title: "again" } });
    expect(lookups.mock.calls.filter(([selector]) => selector === "g[data-id]")).toHaveLength(1); // the board's own
  });

  it("draws the node's arrows and highlighted places, last in the scene, taking no clicks", async () => {
    mount({ annotations: { arrows: [["T1", "T3"], ["T1", "nowhere"]], highlights: ["T2", "free:r3"], mark: "!", tags: [] } });
    expect(layer()).not.toBeNull();
    expect($("svg.icw-scene").lastElementChild).toBe(layer());
    expect(layer().querySelectorAll("[data-arrow]")).toHaveLength(1); // an id not drawn has no arrow
    expect(layer().querySelector('[data-arrow="T1>T3"] line')).not.toBeNull();
    expect(layer().querySelector('[data-arrow="T1>T3"] polygon')).not.toBeNull();
    expect([...layer().querySelectorAll("[data-annot]")].map((r) => r.getAttribute("data-annot"))).toEqual(["T2", "free:r3"]);
    expect($(".icw-sketch-text").textContent).toContain("→");

    // another node: its own annotations (none), and after a redraw of the scene still last
    await model.set({ cursor: 4, annotations: {}, scene: { ...scene, title: "again" } });
    expect(layer().childElementCount).toBe(0);
    expect($("svg.icw-scene").lastElementChild).toBe(layer());
    expect($<HTMLElement>(".icw-clear-drawing").hidden).toBe(true);
  });

  it("a right-drag from one place to another sends the arrow and draws it at once; no move is picked", () => {
    mount();
    drag("T1", "T3", { button: 2 });
    expect(model.sent).toEqual([{ do: "annotate", node: 3, arrows: [["T1", "T3"]], highlights: [] }]);
    expect(layer().querySelector('[data-arrow="T1>T3"]')).not.toBeNull();
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    // the browser's menu does not open on the board
    const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    inside("T1").dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it("a Shift-click highlights a place and its click picks no move; again takes it away", async () => {
    mount({ annotations: { arrows: [["T1", "T3"]] } });
    drag("T2", "T2", { button: 0, shiftKey: true });
    expect(model.sent).toEqual([{ do: "annotate", node: 3, arrows: [["T1", "T3"]], highlights: ["T2"] }]);
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    await model.set({ annotations: { arrows: [["T1", "T3"]], highlights: ["T2"] } });
    drag("T2", "T2", { button: 0, shiftKey: true });
    expect(model.sent[1]).toEqual({ do: "annotate", node: 3, arrows: [["T1", "T3"]], highlights: [] });
  });

  it("a plain click still picks a move; in draw mode it draws instead", () => {
    mount();
    drag("T1", "T1", { button: 0 });
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["T1"] }]);
    model.sent = [];
    const toggle = $<HTMLButtonElement>(".icw-draw-tools button.icw-draw-toggle");
    toggle.click();
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect($(".icw-board").classList.contains("icw-draw-mode")).toBe(true);
    drag("T1", "T3", { button: 0 });
    drag("T3", "T3", { button: 0 });
    inside("T2").dispatchEvent(new MouseEvent("click", { bubbles: true })); // a click with no stroke
    expect(model.sent).toEqual([
      { do: "annotate", node: 3, arrows: [["T1", "T3"]], highlights: [] },
      { do: "annotate", node: 3, arrows: [["T1", "T3"]], highlights: ["T3"] },
    ]);
    toggle.click();
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
  });

  it("a stroke that ends off the board, or leaves it, draws nothing", () => {
    mount();
    pointer("pointerdown", inside("T1"), { button: 2 });
    pointer("pointerup", $("svg.icw-scene"), { button: 2 });
    pointer("pointerdown", inside("T1"), { button: 2 });
    pointer("pointerleave", $(".icw-scene-box"), { button: 2 });
    pointer("pointerup", inside("T3"), { button: 2 });
    expect(model.sent).toEqual([]);
  });

  it("Clear takes the node's arrows and highlights away", () => {
    mount({ annotations: { arrows: [["T1", "T3"]], highlights: ["T2"], tags: ["fun"] } });
    const clear = $<HTMLButtonElement>("button.icw-clear-drawing");
    expect(clear.hidden).toBe(false);
    clear.click();
    expect(model.sent).toEqual([{ do: "annotate", node: 3, arrows: [], highlights: [] }]);
    expect(layer().childElementCount).toBe(0);
  });
});

describe("marks and tags", () => {
  it("six mark buttons: the node's mark pressed, another sets it, the same clears it", async () => {
    mount({ annotations: { mark: "?!" } });
    const buttons = [...el.querySelectorAll<HTMLButtonElement>(".icw-marks button[data-mark]")];
    expect(buttons.map((b) => b.textContent)).toEqual(["!", "?", "!!", "??", "!?", "?!"]);
    expect(buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.mark)).toEqual(["?!"]);
    expect(buttons[3]!.getAttribute("aria-label")).toBe("blunder");
    buttons[0]!.click();
    await model.set({ annotations: { mark: "!" } });
    $<HTMLButtonElement>('.icw-marks button[data-mark="!"]').click();
    expect(model.sent).toEqual([{ do: "annotate", node: 3, mark: "!" }, { do: "annotate", node: 3, mark: "" }]);
    // the start has no move to mark
    await model.set({ cursor: 0, annotations: {} });
    expect(buttons.some((b) => b.disabled)).toBe(false); // the journal is drawn after the board's paint
    await painted();
    expect(buttons.every((b) => b.disabled)).toBe(true);
  });

  it("tags: added from the entry with Enter or the button, shown as text chips, removed by their button", async () => {
    mount({ annotations: { tags: ["<i>fun</i>"] } });
    expect($(".icw-tag-list .icw-tag-text").textContent).toBe("<i>fun</i>");
    expect(el.querySelector(".icw-tag-list i")).toBeNull();
    const input = $<HTMLInputElement>("input.icw-tag-input");
    input.value = " rules question ";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(input.value).toBe("");
    await model.set({ annotations: { tags: ["<i>fun</i>", "rules question"] } });
    expect(el.querySelectorAll(".icw-tag")).toHaveLength(2);
    input.value = "rules question"; // already there: nothing to send
    $<HTMLButtonElement>("button.icw-tag-add").click();
    $<HTMLButtonElement>('button[data-remove-tag="<i>fun</i>"]').click();
    expect(model.sent).toEqual([
      { do: "annotate", node: 3, tags: ["<i>fun</i>", "rules question"] },
      { do: "annotate", node: 3, tags: ["rules question"] },
    ]);
  });
});

describe("the feedback form", () => {
  const over = {
    seats: [
      { seat: 0, name: "Ann", given: true, fun: 4, tension: null, clarity: 5, comment: "tense <b>end</b>" },
      { seat: 1, name: "Ben", given: false, fun: null, tension: null, clarity: null, comment: "" },
    ],
  };

  it("is hidden while the game goes on", async () => {
    mount();
    expect($<HTMLElement>(".icw-feedback").hidden).toBe(true);
    await model.set({ feedback_form: over });
    expect($<HTMLElement>(".icw-feedback").hidden).toBe(false);
    await model.set({ feedback_form: {} });
    expect($<HTMLElement>(".icw-feedback").hidden).toBe(true);
  });

  it("shows each player's saved answers, as text, and sends one player's answers", async () => {
    mount({ feedback_form: over });
    const ann = $('.icw-feedback fieldset[data-seat="0"]');
    expect(ann.querySelector("legend")!.textContent).toBe("Ann");
    expect(ann.querySelector<HTMLSelectElement>('select[data-rating="fun"]')!.value).toBe("4");
    expect(ann.querySelector<HTMLSelectElement>('select[data-rating="tension"]')!.value).toBe("");
    expect(ann.querySelector<HTMLTextAreaElement>("textarea")!.value).toBe("tense <b>end</b>");
    expect(ann.querySelector(".icw-feedback-saved")!.textContent).toBe("saved");

    const ben = $('.icw-feedback fieldset[data-seat="1"]');
    ben.querySelector<HTMLSelectElement>('select[data-rating="fun"]')!.value = "2";
    ben.querySelector<HTMLSelectElement>('select[data-rating="clarity"]')!.value = "3";
    ben.querySelector<HTMLTextAreaElement>("textarea")!.value = "too long";
    ben.querySelector<HTMLButtonElement>("button.icw-feedback-send")!.click();
    expect(model.sent).toEqual([{ do: "feedback", seat: 1, fun: 2, tension: null, clarity: 3, comment: "too long" }]);

    // Ann's answers change in Python: Ben's unsaved edit stays
    ben.querySelector<HTMLTextAreaElement>("textarea")!.value = "too long, really";
    await model.set({ feedback_form: { seats: [{ ...over.seats[0], fun: 2 }, over.seats[1]] } });
    expect(ann.querySelector<HTMLSelectElement>('select[data-rating="fun"]')!.value).toBe("2");
    expect(ben.querySelector<HTMLTextAreaElement>("textarea")!.value).toBe("too long, really");
  });
});

describe("a published board", () => {
  it("draws each node's arrows and highlights, and offers no way to change them", async () => {
    const published = readPublished({ title: "Game", cursor: 1, timeline: [[0, null, 0, "start", "", 0, ""], [1, 0, 1, "a", "red", 0, "", "!", ["fun"]]] },
      [[0, scene, "start", {}], [1, scene, "after a", { arrows: [["T1", "T3"]], highlights: ["T2"], mark: "!", tags: ["fun"] }]]);
    const model = new StaticModel(published);
    cleanup = widget.render({ model, el });
    expect(layer().querySelector('[data-arrow="T1>T3"]')).not.toBeNull();
    expect(layer().querySelector('[data-annot="T2"]')).not.toBeNull();
    expect($(".icw-timeline .icw-move-mark").textContent).toBe("!");
    expect($<HTMLElement>("button.icw-draw-toggle").hidden).toBe(true);
    expect($<HTMLElement>("button.icw-clear-drawing").hidden).toBe(true);
    expect($<HTMLElement>(".icw-journal").hidden).toBe(true);
    drag("T1", "T2", { button: 2 }); // the right button draws nothing here
    expect(layer().querySelectorAll("[data-arrow]")).toHaveLength(1);
    model.send({ do: "goto", node: 0 });
    await Promise.resolve();
    expect(layer().childElementCount).toBe(0);
  });
});
