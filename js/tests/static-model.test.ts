// A published board: the widget drawn on a StaticModel steps through the published nodes with
// the buttons, the move list and the keys, and says that moves need a running notebook.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import widget from "../src/index";
import { NOT_PUBLISHED, PUBLISHED_NOTE, READ_ONLY, StaticModel, readPublished } from "../src/static-model";
import ascendancy from "./fixtures/ascendancy.json";
import cardsDeck from "./fixtures/cards-deck.json";
import scene3 from "./fixtures/scene3.json";
import stacktics from "./fixtures/stacktics.json";
import { painted } from "./fake-model";

const timeline = [
  [0, null, 0, "start", "", 0, ""],
  [1, 0, 1, "a", "red", 0, "first move"],
  [2, 1, 2, "b", "blue", 0, ""],
  [3, 0, 1, "c", "blue", 1, ""],
];
const nodes = [
  [0, scene3, "start status", {}],
  [1, stacktics, "after a", { marks: ["T1", "T2"] }],
  [2, ascendancy, "after b", {}],
  [3, scene3, "after c", {}],
];

let el: HTMLElement;
let cleanup: () => void;
let model: StaticModel;

function mount(cursor = 2, published = nodes): void {
  model = new StaticModel(readPublished({ title: "Game", cursor, timeline }, published));
  cleanup = widget.render({ model, el });
}

const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;
const tick = painted; // the moves beside the board are drawn after its paint

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});

afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("a published board", () => {
  it("shows the published node with its status, and offers no form, hint or comment saving", () => {
    mount();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("2");
    expect($(".icw-status").textContent).toBe("after b");
    expect(el.querySelector(".icw-variant")).toBeNull();
    expect($(".icw-hints").hidden).toBe(true);
    expect($(".icw-published-note").textContent).toContain("need a running notebook");
    expect(el.querySelectorAll("svg.icw-scene .icw-target")).toHaveLength(0); // nothing to play
  });

  it("offers only what a reader can use: the steps, the move list, the games, the SVG and the zoom", async () => {
    const withChance = { ...cardsDeck, regions: cardsDeck.regions.map((r) => ({ ...r, due: true, settable: true })) };
    mount(1, [nodes[0]!, [1, withChance, "a draw is due", {}], nodes[2]!, nodes[3]!]);
    const visible = (e: Element): boolean => !e.closest("[hidden]");
    const buttons = [...el.querySelectorAll("button, select, textarea, input")].filter((b) => visible(b) && !b.closest(".icw-timeline"));
    expect(buttons.map((b) => b.getAttribute("data-nav") ?? b.getAttribute("data-zoom") ?? b.className)).toEqual(["start", "back", "forward", "end", "icw-download", "fit", "125", "150"]);
    expect(el.querySelector(".icw-chance button, .icw-chance select")).toBeNull(); // no Draw, no Set draw
    expect(el.querySelector(".icw-agents")?.closest("[hidden]")).not.toBeNull();
    // the comment is text, shown only where there is one
    expect($(".icw-comment-text").textContent).toBe("first move");
    $('.icw-nav button[data-nav="forward"]').click();
    await tick();
    expect($(".icw-comment-text").hidden).toBe(true);
    expect($(".icw-published-note").textContent).toBe(PUBLISHED_NOTE);
  });

  it("steps back and forward, through the move list, and by the keys", async () => {
    mount();
    $('.icw-nav button[data-nav="back"]').click();
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("1");
    expect($(".icw-status").textContent).toBe("after a");
    expect(model.notes()).toEqual({ marks: ["T1", "T2"] });
    $('.icw-nav button[data-nav="start"]').click();
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("0");
    $('.icw-nav button[data-nav="end"]').click(); // the end of the main line
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("2");
    $('.icw-timeline [data-node="3"]').click(); // a variation
    await tick();
    expect($(".icw-status").textContent).toBe("after c");
    $(".icw-board").dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("0");
    $(".icw-board").dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("1"); // the main line's first child
  });

  it("says that moves need a running notebook when a piece is clicked, and clears it on a step", async () => {
    mount();
    const item = el.querySelector<SVGElement>("svg.icw-scene [data-id]:not(.icw-region)")!;
    item.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await tick();
    expect($(".icw-error").textContent).toBe(READ_ONLY);
    expect($(".icw-error").hidden).toBe(false);
    $('.icw-nav button[data-nav="back"]').click();
    await tick();
    expect($(".icw-error").hidden).toBe(true);
  });

  it("says so when a node's scene was not published", async () => {
    mount(2, [nodes[2]!]);
    $('.icw-nav button[data-nav="back"]').click();
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("2");
    expect($(".icw-error").textContent).toBe(NOT_PUBLISHED);
  });

  it("switches between the games a board holds, each where it was left", async () => {
    const first = readPublished({ title: "Game", cursor: 2, timeline }, nodes);
    const second = readPublished({ title: "Other", cursor: 0, timeline: timeline.slice(0, 2) }, nodes.slice(0, 2));
    model = new StaticModel(second, [{ label: "1: Game", game: first }, { label: "2: Other", game: second }]);
    cleanup = widget.render({ model, el });
    const games = $<HTMLSelectElement>(".icw-games select");
    expect($(".icw-games").hidden).toBe(false);
    expect([...games.options].map((o) => o.textContent)).toEqual(["1: Game", "2: Other"]);
    expect(games.value).toBe("1");
    $('.icw-timeline [data-node="1"]').click();
    await tick();
    games.value = "0";
    games.dispatchEvent(new Event("change", { bubbles: true }));
    await tick();
    expect($(".icw-status").textContent).toBe("after b");
    expect(el.querySelectorAll(".icw-timeline [data-node]")).toHaveLength(4);
    games.value = "1";
    games.dispatchEvent(new Event("change", { bubbles: true }));
    await tick();
    expect($(".icw-board").getAttribute("data-cursor")).toBe("1"); // where it was left
    expect(el.querySelectorAll(".icw-timeline [data-node]")).toHaveLength(2);
  });

  it("shows no games switcher for a board of one game", () => {
    mount();
    expect($(".icw-games").hidden).toBe(true);
  });
});
