import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as entry from "../src/index";
import widget from "../src/index";
import type { Actor, PilesRegion, Scene } from "../src/types";
import scene from "./data/scene3.json";
import schema from "./data/schema.json";
import timeline from "./data/timeline.json";
import gridDice from "./data/grid-dice.json";
import cardsDeck from "./data/cards-deck.json";
import { FakeModel, painted } from "./fake-model";

const red: Actor = {
  seat: 0,
  name: "Red",
  colour: "red",
  tree: { "free:r1": { T1: "cap", table: "place" }, "free:r3": { T3: "cap", far: "cap" } },
  buttons: [["r:pass", "Pass"]],
};
const green: Actor = {
  seat: 1,
  name: "Green",
  colour: "green",
  tree: { "free:g2": { table: "place" }, "T1.1": "take" },
  buttons: [["g:pass", "Pass"]],
};

function traits(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "IceTowers",
    scene,
    actors: [red],
    _timeline: timeline,
    cursor: 3,
    status: "Red to play",
    error: "",
    variant_schema: schema,
    ...extra,
  };
}

let el: HTMLElement;
let model: FakeModel;
let cleanup: () => void;

function mount(extra: Record<string, unknown> = {}): void {
  model = new FakeModel(traits(extra));
  cleanup = widget.render({ model, el });
}

const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;
const hit = (id: string) => $(`svg.icw-scene [data-id="${id}"]`);
/** Click on the drawing inside a scene item (the event bubbles up to its data-id). */
function clickScene(id: string): void {
  const item = hit(id);
  const own = [...item.children].find((c) => c.classList.contains("icw-pyr"));
  const target = own?.querySelector(".icw-pyr-body") ?? item.firstElementChild!; // else its hit area

  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}
/** The next animation frame: the browser has painted what the view changed before it. */
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const key = (k: string, target: Element = $(".icw-board")) =>
  target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("render", () => {
  it("draws the whole widget at once", () => {
    mount();
    const root = $(".icw-board");
    expect(root.getAttribute("tabindex")).toBe("0");
    expect(root.getAttribute("data-cursor")).toBe("3");
    expect(Number(root.getAttribute("data-render-ms"))).toBeGreaterThanOrEqual(0);
    expect(el.querySelectorAll("svg.icw-scene .icw-pyr")).toHaveLength(14);
    expect($(".icw-title").textContent).toBe("IceTowers");
    expect($(".icw-status").textContent).toBe("Red to play");
    expect($<HTMLElement>(".icw-error").hidden).toBe(true);
    expect(el.querySelectorAll(".icw-actors button")).toHaveLength(0); // a lone seat to act has nothing to choose
    expect(el.querySelectorAll(".icw-timeline [data-node]")).toHaveLength(8);
    expect($('.icw-timeline [data-node="3"]').getAttribute("aria-current")).toBeTruthy();
    expect(el.querySelectorAll(".icw-variant [data-option]")).toHaveLength(5);
    expect(el.querySelectorAll(".icw-nav button[data-nav]")).toHaveLength(4);
    expect($('.icw-buttons button[data-text="r:pass"]').textContent).toBe("Pass");
  });

  it("sets names from the scene as text", () => {
    mount();
    expect($('.icw-player[data-seat="1"] .icw-pname').textContent).toBe("<img src=x onerror=alert(1)>");
    expect(el.querySelector("img")).toBeNull();
  });

  it("survives traits of the wrong shape", async () => {
    mount({
      scene: { regions: [null, { kind: "piles", id: "p", rows: [null, { piles: [null, 3] }] }], players: [null], marks: [null] },
      actors: [null, { seat: 0, tree: null, buttons: [null, "x", ["t:x", "X"]] }],
      _timeline: [null, { id: 1 }, ["x"], [0, null, 0, "start", null, 0, ""]],
      variant_schema: [null],
      cursor: "nonsense",
    });
    expect($(".icw-board").getAttribute("data-cursor")).toBe("0");
    expect(el.querySelectorAll('.icw-buttons button[data-text="t:x"]')).toHaveLength(1);
    await model.set({ scene: 42, actors: {}, _timeline: "no" });
    expect(el.querySelectorAll("svg.icw-scene [data-id]")).toHaveLength(0);
  });

  it("shows the error only when there is one", async () => {
    mount();
    await model.set({ error: "That pile is empty." });
    expect($(".icw-error").textContent).toBe("That pile is empty.");
    expect($<HTMLElement>(".icw-error").hidden).toBe(false);
    await model.set({ error: "" });
    expect($<HTMLElement>(".icw-error").hidden).toBe(true);
  });
});

describe("move picking", () => {
  it("highlights first targets, narrows, and sends the path with the cursor", async () => {
    mount();
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    expect(hit("free:r3").classList.contains("icw-target")).toBe(true);
    expect(hit("T1").classList.contains("icw-target")).toBe(false);
    clickScene("free:r1");
    expect(hit("free:r1").classList.contains("icw-selected")).toBe(true);
    expect(hit("free:r3").classList.contains("icw-target")).toBe(false);
    expect(hit("T1").classList.contains("icw-target")).toBe(true);
    expect(hit("T1").classList.contains("icw-kind-cap")).toBe(true);
    expect(hit("table").classList.contains("icw-kind-place")).toBe(true);
    expect(model.sent).toEqual([]);
    await frame();
    // the empty part of the region counts as a click on the region
    clickScene("table");
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r1", "table"] }]);
    // the clicks on screen stay shown until Python answers, here with the next position
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(1);
    await model.set({ cursor: 4 });
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    expect(hit("T1").classList.contains("icw-target")).toBe(false);
  });

  it("a valid click after a refusal asks Python to clear it, once; with no error nothing is sent", async () => {
    mount({ error: "T2 is not a target: choose a piece first" });
    clickScene("free:r1");
    expect(model.sent).toEqual([{ do: "clear_error" }]);
    await model.set({ error: "" });
    clickScene("free:r1"); // back
    clickScene("free:r3");
    expect(model.sent).toEqual([{ do: "clear_error" }]);
  });

  it("undoes at once clicks of a sent move that were not painted yet (faster than a frame)", () => {
    mount();
    clickScene("free:r1");
    clickScene("table");
    expect(model.sent).toHaveLength(1);
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
  });

  it("clears a sent move's clicks on any answer, or after a second without one", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    try {
      mount();
      clickScene("free:r1");
      vi.advanceTimersToNextFrame();
      clickScene("table");
      await model.set({ error: "Not now." }); // a refusal: no new position
      expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
      expect(hit("T1").classList.contains("icw-target")).toBe(false);
      clickScene("free:r1");
      vi.advanceTimersToNextFrame();
      clickScene("T1");
      expect(model.sent.map((m) => m.do)).toEqual(["path", "clear_error", "path"]); // the refusal is past
      vi.advanceTimersByTime(500);
      expect(el.querySelectorAll(".icw-selected")).toHaveLength(1);
      vi.advanceTimersByTime(600); // no answer at all (a busy kernel)
      expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
      expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the innermost target: a piece inside a target tower picks the tower", () => {
    mount();
    clickScene("free:r1");
    clickScene("T1.0"); // T1.0 is no target, its tower T1 is
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r1", "T1"] }]);
  });

  it("a region counts only for its empty part: an item in it that is no target asks why", () => {
    mount();
    clickScene("free:r1");
    clickScene("T2"); // inside "table", which is a target, but T2 is not
    expect(model.sent).toEqual([{ do: "explain", cursor: 3, seat: 0, path: ["free:r1", "T2"] }]);
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
  });

  it("keeps the hint's line when it has nothing to say, so the board does not move", () => {
    mount();
    const hint = $<HTMLElement>(".icw-hint");
    expect(hint.textContent).toBe("");
    expect(hint.hidden).toBe(false);
    clickScene("free:r1");
    expect(hint.textContent).toContain("Selected red small:");
    key("Escape");
    expect(hint.textContent).toBe("");
    expect(hint.hidden).toBe(false);
  });

  it("resets on a click elsewhere (asking why it is no target) and on Escape", () => {
    mount();
    clickScene("free:r1");
    clickScene("T2.2");
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    expect(model.sent).toEqual([{ do: "explain", cursor: 3, seat: 0, path: ["free:r1", "T2.2"] }]);
    clickScene("free:r1");
    key("Escape");
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect(hit("T1").classList.contains("icw-target")).toBe(false);
    expect(model.sent).toHaveLength(1);
  });

  it("offers targets that are not on the board as buttons", () => {
    mount();
    expect($<HTMLElement>(".icw-choices").hidden).toBe(true);
    clickScene("free:r3");
    expect(hit("T3").classList.contains("icw-target")).toBe(true);
    const far = $<HTMLButtonElement>('.icw-choices button[data-key="far"]');
    expect(far.textContent).toBe("far");
    far.click();
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r3", "far"] }]);
  });

  it("with several seats and none chosen, a click on one seat's target chooses it", async () => {
    mount({ actors: [red, green] });
    const pressed = () => [...el.querySelectorAll('.icw-actors [aria-pressed="true"]')].map((b) => b.getAttribute("data-seat"));
    expect(pressed()).toEqual([]);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    expect(hit("free:g2").classList.contains("icw-target")).toBe(true);
    clickScene("free:g2");
    expect(pressed()).toEqual(["1"]);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(false);
    clickScene("table");
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 1, path: ["free:g2", "table"] }]);
    await model.set({ cursor: 4, actors: [red, green] });
    expect(pressed()).toEqual([]); // that choice lasted one move
  });

  it("the seat buttons choose, and the choice persists while the seat can act", async () => {
    mount({ actors: [red, green] });
    $<HTMLButtonElement>('.icw-actors button[data-seat="1"]').click();
    expect(hit("free:r1").classList.contains("icw-target")).toBe(false);
    expect(hit("T1.1").classList.contains("icw-kind-take")).toBe(true);
    expect(el.querySelectorAll(".icw-buttons button")).toHaveLength(1);
    clickScene("T1.1");
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 1, path: ["T1.1"] }]);
    await model.set({ cursor: 4, actors: [red, green] });
    await painted();
    expect($('.icw-actors button[data-seat="1"]').getAttribute("aria-pressed")).toBe("true");
    await model.set({ cursor: 6, actors: [red] });
    await model.set({ cursor: 7, actors: [red, green] });
    await painted();
    expect(el.querySelectorAll('.icw-actors [aria-pressed="true"]')).toHaveLength(0);
  });

  it("move buttons send their text with the cursor", () => {
    mount({ actors: [red, green] });
    expect(el.querySelectorAll(".icw-buttons button")).toHaveLength(2);
    $<HTMLButtonElement>('.icw-buttons button[data-text="g:pass"]').click();
    expect(model.sent).toEqual([{ do: "text", cursor: 3, text: "g:pass" }]);
  });

  it("redraws on a new position and forgets the clicks", async () => {
    mount();
    clickScene("free:r1");
    await model.set({ scene: { ...scene, marks: [] }, cursor: 4 });
    expect($(".icw-board").getAttribute("data-cursor")).toBe("4");
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect(el.querySelectorAll(".icw-mark-last")).toHaveLength(0);
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    clickScene("free:r1");
    clickScene("table");
    expect(model.sent).toEqual([{ do: "path", cursor: 4, seat: 0, path: ["free:r1", "table"] }]);
  });

  it("a new position keeps the scene elements that did not change, highlighted as the new tries say", async () => {
    mount();
    const r1 = hit("free:r1");
    const t1 = hit("T1");
    clickScene("free:r1");
    const next = structuredClone(scene) as Scene;
    (next.regions![0] as PilesRegion).rows![1]!.piles![1]!.count = 4; // free:g2 5 -> 4
    const tree = { "free:r3": { T1: "cap" }, "T1.1": "take" };
    await model.set({ scene: next, actors: [{ ...red, tree }], cursor: 4 });
    expect(hit("free:r1")).toBe(r1);
    expect(hit("T1")).toBe(t1);
    expect(r1.classList.contains("icw-selected") || r1.classList.contains("icw-target")).toBe(false);
    expect(r1.firstElementChild!.hasAttribute("tabindex")).toBe(false);
    expect(t1.classList.contains("icw-target")).toBe(false);
    expect(hit("free:r3").classList.contains("icw-target")).toBe(true);
    expect(hit("T1.1").classList.contains("icw-kind-take")).toBe(true);
    expect(hit("free:g2").querySelector(".icw-count")!.textContent).toBe("×4");
    expect(el.querySelectorAll(".icw-target")).toHaveLength(2);
  });

  it("targets take Enter from the keyboard (their hit rectangle is the button)", () => {
    mount();
    const button = (id: string) => hit(id).firstElementChild!;
    expect(button("free:r1").getAttribute("tabindex")).toBe("0");
    expect(button("T1").hasAttribute("tabindex")).toBe(false);
    key("Enter", button("free:r1"));
    expect(button("T1").getAttribute("tabindex")).toBe("0");
    expect(document.activeElement).toBe(button("T1")); // the focus moves on to the next target
    key(" ", button("T1"));
    expect(model.sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r1", "T1"] }]);
    key("Enter", hit("T2")); // no button
    expect(model.sent).toHaveLength(1);
  });
});

describe("navigation, timeline, comment, form", () => {
  it("nav buttons send goto/back/forward, end goes to the end of the line", () => {
    mount({ cursor: 5 });
    for (const n of ["start", "back", "forward", "end"]) $<HTMLButtonElement>(`.icw-nav [data-nav="${n}"]`).click();
    expect(model.sent).toEqual([{ do: "goto", node: 0 }, { do: "back" }, { do: "forward" }, { do: "goto", node: 7 }]);
  });

  it("disables what cannot move", async () => {
    mount({ cursor: 0 });
    const nav = (n: string) => $<HTMLButtonElement>(`.icw-nav [data-nav="${n}"]`).disabled;
    expect([nav("start"), nav("back"), nav("forward"), nav("end")]).toEqual([true, true, false, false]);
    await model.set({ cursor: 4 });
    await painted();
    expect([nav("start"), nav("back"), nav("forward"), nav("end")]).toEqual([false, false, true, true]);
  });

  it("arrow keys step back and forward, but not while typing", () => {
    mount();
    key("ArrowLeft");
    key("ArrowRight");
    key("ArrowLeft", $("textarea"));
    expect(model.sent).toEqual([{ do: "back" }, { do: "forward" }]);
  });

  it("a timeline entry sends goto, and the mark follows the cursor", async () => {
    mount();
    $<HTMLButtonElement>('.icw-timeline [data-node="5"]').click();
    expect(model.sent).toEqual([{ do: "goto", node: 5 }]);
    await model.set({ cursor: 5 });
    await painted();
    expect($('.icw-timeline [data-node="5"]').getAttribute("aria-current")).toBeTruthy();
    expect(el.querySelectorAll(".icw-timeline [aria-current]")).toHaveLength(1);
  });

  it("draws a new position on the board first, and the moves and controls beside it after the board's paint", async () => {
    mount();
    const current = () => el.querySelector(".icw-timeline [aria-current]")?.getAttribute("data-node");
    const pass = () => el.querySelector(".icw-buttons button")?.getAttribute("data-text");
    expect([current(), pass()]).toEqual(["3", "r:pass"]);
    await model.set({ cursor: 5, actors: [green] });
    expect($(".icw-board").getAttribute("data-cursor")).toBe("5");
    expect(hit("free:g2").classList.contains("icw-target")).toBe(true); // the board's highlights
    expect([current(), pass()]).toEqual(["3", "r:pass"]);
    await painted();
    expect([current(), pass()]).toEqual(["5", "g:pass"]);
  });

  it("the comment box shows and saves the cursor's comment", async () => {
    mount({ cursor: 2 });
    const text = $<HTMLTextAreaElement>(".icw-comment textarea");
    expect(text.value).toBe("sharp <b>move</b>");
    await model.set({ cursor: 1 });
    await painted();
    expect(text.value).toBe("");
    text.value = "a plan";
    $<HTMLButtonElement>(".icw-comment button").click();
    expect(model.sent).toEqual([{ do: "comment", node: 1, text: "a plan" }]);
  });

  it("the Start button sends the typed options", async () => {
    mount();
    const players = $<HTMLInputElement>('.icw-variant [data-option="players"]');
    players.value = "5";
    $<HTMLButtonElement>(".icw-variant button.icw-start").click();
    expect(model.sent).toEqual([
      { do: "new_game", options: { players: 5, trios: 5, mercy: true, gus: null, seed_text: "abc" }, seed: null },
    ]);
    // a new schema rebuilds the form, and its Start button still works
    await model.set({ variant_schema: [{ name: "players", type: "int", value: 2 }] });
    $<HTMLButtonElement>(".icw-variant button.icw-start").click();
    expect(model.sent[1]).toEqual({ do: "new_game", options: { players: 2 }, seed: null });
  });
});

describe("chance", () => {
  it("Roll and Set dice send roll and set_chance with the cursor", async () => {
    const [grid, dice] = gridDice.regions;
    mount({ scene: { ...gridDice, regions: [grid, { ...dice, due: true }] } });
    $<HTMLButtonElement>(".icw-chance button.icw-roll").click();
    $<HTMLSelectElement>('.icw-chance select[data-die="0"]').value = "3";
    $<HTMLButtonElement>(".icw-chance button.icw-set-chance").click();
    expect(model.sent).toEqual([
      { do: "roll", cursor: 3 },
      { do: "set_chance", cursor: 3, values: [3, 2] },
    ]);
    await model.set({ scene });
    await painted();
    expect($<HTMLElement>(".icw-chance").hidden).toBe(true);
  });
});

describe("the protocol's additions", () => {
  it("exports the widget as anywidget prefers: a default object of lifecycle hooks, nothing else", () => {
    expect(Object.keys(entry)).toEqual(["default"]);
    expect(Object.keys(widget)).toEqual(["initialize", "render"]);
  });

  it("keeps the arrow keys from Lumino's shortcuts", () => {
    mount();
    expect($(".icw-board").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("keeps the error's line when there is no error, so the board does not jump", async () => {
    mount();
    const line = $(".icw-error-line");
    expect(line.querySelector(".icw-error")).not.toBeNull();
    await model.set({ error: "No." });
    expect(line.hidden).toBe(false);
    expect($(".icw-error").textContent).toBe("No.");
  });

  it("marks the winners in the players' panel", async () => {
    mount();
    expect(el.querySelectorAll(".icw-winner")).toHaveLength(0);
    const over = structuredClone(scene) as Scene;
    over.players![1]!.winner = true;
    await model.set({ scene: over });
    await painted();
    const winner = $('.icw-player[data-seat="1"]');
    expect(winner.classList.contains("icw-winner")).toBe(true);
    expect(winner.querySelector(".icw-winner-badge")!.textContent).toBe("winner");
  });

  it("shows a new game's refusal at the form, not twice", async () => {
    mount();
    const message = "players must be 2 to 6, not 9";
    await model.set({ form_error: { option: "players", message }, error: message });
    expect($(".icw-variant .icw-form-error").textContent).toBe(message);
    expect($<HTMLDetailsElement>(".icw-variant").open).toBe(true);
    expect($('.icw-variant [data-option="players"]').getAttribute("aria-invalid")).toBe("true");
    expect($<HTMLElement>(".icw-head .icw-error").hidden).toBe(true);
    await model.set({ form_error: {}, error: "" });
    expect($<HTMLElement>(".icw-variant .icw-form-error").hidden).toBe(true);
    expect(el.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it("sends the seed typed in the form, or null for a new random one", async () => {
    mount({ seed: 1234 });
    const seed = $<HTMLInputElement>(".icw-variant input.icw-seed");
    expect(seed.placeholder).toBe("1234");
    $<HTMLButtonElement>(".icw-variant button.icw-start").click();
    seed.value = "99";
    $<HTMLButtonElement>(".icw-variant button.icw-start").click();
    expect(model.sent.map((m) => (m as { seed?: unknown }).seed)).toEqual([null, 99]);
    await model.set({ seed: 99 });
    expect(seed.placeholder).toBe("99");
  });

  it("the viewer control sends viewer with follow; it shows only when the game hides something", async () => {
    mount();
    expect($<HTMLElement>(".icw-viewer").hidden).toBe(true);
    await model.set({ viewers: [[null, "Designer (sees all)"], [0, "Ann"], [1, "Ben"]], viewer: null, follow_turn: false });
    expect($<HTMLElement>(".icw-viewer").hidden).toBe(false);
    const select = $<HTMLSelectElement>(".icw-viewer select[data-viewer]");
    expect(select.value).toBe("null");
    select.value = "1";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    const follow = $<HTMLInputElement>(".icw-viewer input.icw-follow");
    follow.checked = true;
    follow.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([{ do: "viewer", seat: 1, follow: false }, { do: "viewer", seat: 1, follow: true }]);
    await model.set({ viewer: 0, follow_turn: true });
    expect(select.value).toBe("0");
  });

  it("the games switcher sends switch_game; it shows only for more than one game", async () => {
    mount({ games: [[0, "1: IceTowers"]], game_index: 0 });
    expect($<HTMLElement>(".icw-games").hidden).toBe(true);
    await model.set({ games: [[0, "1: IceTowers"], [1, "2: IceTowers, 4 players"]], game_index: 1 });
    const select = $<HTMLSelectElement>(".icw-games select");
    expect(select.value).toBe("1");
    select.value = "0";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([{ do: "switch_game", index: 0 }]);
  });

  it("a deck's Draw and Set draw send roll and set_chance with a card", () => {
    mount({ scene: cardsDeck, actors: [] });
    $<HTMLButtonElement>(".icw-chance button.icw-draw").click();
    $<HTMLSelectElement>(".icw-chance select[data-draw]").value = "7k";
    $<HTMLButtonElement>(".icw-chance button.icw-set-draw").click();
    expect(model.sent).toEqual([{ do: "roll", cursor: 3 }, { do: "set_chance", cursor: 3, values: ["7k"] }]);
  });

  it("replacing the chance event that led here asks first in words, then names it to Python by its text", async () => {
    const deck = { ...cardsDeck.regions.find((r) => r.kind === "deck")!, due: true };
    const undrawn = { ...cardsDeck, regions: cardsDeck.regions.map((r) => (r.kind === "deck" ? { ...r, due: false, settable: false, choices: [] } : r)) };
    mount({ scene: undrawn, actors: [], chance_replace: { text: "deal castle to red", label: "The Castle dealt to Ann", regions: [deck] } });
    expect(document.querySelector(".icw-chance button.icw-set-draw, .icw-chance button.icw-draw")).toBeNull();
    const box = $<HTMLElement>(".icw-chance .icw-chance-replace");
    expect(box.querySelector(".icw-chance-label")!.textContent).toBe("Set instead of The Castle dealt to Ann:");
    box.querySelector<HTMLSelectElement>("select[data-draw]")!.value = "7k";
    $<HTMLButtonElement>(".icw-chance button.icw-replace").click();
    expect(model.sent).toEqual([]);
    expect(box.querySelector(".icw-replace-confirm")!.textContent).toContain("This changes the record: The Castle dealt to Ann is replaced by the card chosen.");
    $<HTMLButtonElement>(".icw-chance button.icw-replace-no").click();
    expect(box.querySelector(".icw-replace-confirm")).toBeNull();
    $<HTMLButtonElement>(".icw-chance button.icw-replace").click();
    $<HTMLButtonElement>(".icw-chance button.icw-replace-yes").click();
    expect(model.sent).toEqual([{ do: "set_chance", cursor: 3, values: ["7k"], replace: "deal castle to red" }]);
    await model.set({ chance_replace: {} });
    expect(document.querySelector(".icw-chance-replace")).toBeNull();
  });

  it("keeps the focus on the board when the button it was on becomes disabled", async () => {
    mount({ cursor: 3 });
    const forward = $<HTMLButtonElement>('.icw-nav [data-nav="forward"]');
    forward.focus();
    await model.set({ cursor: 4 }); // the end of the line: forward is disabled
    await painted();
    expect(forward.disabled).toBe(true);
    expect(document.activeElement).toBe($(".icw-board"));
    key("ArrowLeft", document.activeElement!);
    expect(model.sent).toEqual([{ do: "back" }]);
  });

  it("lays the scene out for the width it has", async () => {
    const observers: ((entries: { contentRect: { width: number } }[]) => void)[] = [];
    vi.stubGlobal("ResizeObserver", class {
      constructor(cb: (entries: { contentRect: { width: number } }[]) => void) {
        observers.push(cb);
      }
      observe(): void {}
      disconnect(): void {}
    });
    try {
      const towers = Array.from({ length: 12 }, (_, i) => ({ id: `M${i}`, label: `M${i}`, pieces: [{ id: `M${i}.0`, colour: "blue", size: 2 }] }));
      mount({ scene: { regions: [{ kind: "towers", id: "t", towers }] } });
      const width = () => Number($("svg.icw-scene").getAttribute("viewBox")!.split(" ")[2]);
      const wide = width();
      observers[0]!([{ contentRect: { width: 300 } }]);
      await Promise.resolve();
      expect(width()).toBeLessThanOrEqual(300);
      expect(width()).toBeLessThan(wide);
      expect($<SVGElement>("svg.icw-scene").style.width).toBe("300px"); // fitted to its box: no sideways scroll
      $<HTMLButtonElement>('.icw-zoom [data-zoom="150"]').click();
      await Promise.resolve();
      expect($<SVGElement>("svg.icw-scene").style.width).toBe("450px"); // half as large again as fitted: the box scrolls
      expect($(".icw-board").getAttribute("data-zoom")).toBe("150");
      expect($('.icw-zoom [data-zoom="150"]').getAttribute("aria-pressed")).toBe("true");
      $<HTMLButtonElement>('.icw-zoom [data-zoom="fit"]').click();
      await Promise.resolve();
      expect($<SVGElement>("svg.icw-scene").style.width).toBe("300px");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("agents and hints", () => {
  const seats = { seated: [[0, null], [1, null], [2, "greedy"]], agent_choices: ["random", "greedy", "mcts"] };
  const ben = { seat: 1, name: "Ben", agent: "mcts" };
  const HINTS = [
    { text: "r1>T1", path: ["free:r1", "T1"], share: 0.42, value: 0.64, value_text: "64%", note: "wins 64% (84 of 200 simulations)" },
    { text: "r3>far", path: ["free:r3", "far"], share: 0.25, value: 0.6, value_text: "60%", note: "wins 60% (50 of 200 simulations)" },
  ];

  it("the seats control sends seat_agent with the agent, or null for a person", async () => {
    mount(seats);
    const select = $<HTMLSelectElement>('.icw-agents select[data-seat="1"]');
    expect($<HTMLElement>(".icw-agents").hidden).toBe(false);
    expect(select.value).toBe("");
    expect($<HTMLSelectElement>('.icw-agents select[data-seat="2"]').value).toBe("greedy");
    select.value = "mcts";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    const third = $<HTMLSelectElement>('.icw-agents select[data-seat="2"]');
    third.value = "";
    third.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([{ do: "seat_agent", seat: 1, agent: "mcts" }, { do: "seat_agent", seat: 2, agent: null }]);
    await model.set({ seated: [[0, null], [1, "mcts"], [2, null]] });
    expect(select.value).toBe("mcts");
  });

  it("the seats control names the seats as the scene does, as text, and is hidden with no agents offered", async () => {
    mount(seats);
    expect([...el.querySelectorAll(".icw-agents .icw-agent-name")].map((n) => n.textContent)).toEqual(["Red", "<img src=x onerror=alert(1)>", "Blue"]);
    expect(el.querySelector("img")).toBeNull();
    await model.set({ agent_choices: [] });
    expect($<HTMLElement>(".icw-agents").hidden).toBe(true);
  });

  it("a refused seat_agent puts the select back as the seats are", async () => {
    mount(seats);
    const select = $<HTMLSelectElement>('.icw-agents select[data-seat="0"]');
    select.value = "random";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await model.set({ error: "Red cannot be given an agent now." });
    expect(select.value).toBe("");
  });

  it("says who is thinking, with Stop; the line stays while a seat has an agent", async () => {
    mount(seats);
    const banner = $<HTMLElement>(".icw-thinking");
    expect(banner.hidden).toBe(true);
    expect($<HTMLElement>(".icw-thinking-line").hidden).toBe(false); // kept for the agent at seat 2
    await model.set({ thinking: ben });
    expect(banner.hidden).toBe(false);
    expect(banner.getAttribute("role")).toBe("status");
    expect(banner.textContent).toContain("Ben (mcts) is thinking…");
    $<HTMLButtonElement>(".icw-thinking button.icw-stop").click();
    expect(model.sent).toEqual([{ do: "stop" }]);
    await model.set({ thinking: {} });
    expect(banner.hidden).toBe(true);
    await model.set({ seated: [[0, null], [1, null], [2, null]] });
    expect($<HTMLElement>(".icw-thinking-line").hidden).toBe(true);
  });

  it("sets the thinking agent's name as text", async () => {
    mount(seats);
    await model.set({ thinking: { seat: 1, name: "<img src=x onerror=alert(1)>", agent: "mcts" } });
    expect($(".icw-thinking").textContent).toContain("<img src=x onerror=alert(1)> (mcts) is thinking…");
    expect(el.querySelector("img")).toBeNull();
  });

  it("sends no move while an agent thinks: a click on a target says to wait, and the rest still works", async () => {
    mount({ ...seats, thinking: ben });
    clickScene("free:r1");
    clickScene("table");
    $<HTMLButtonElement>('.icw-buttons button[data-text="r:pass"]').click();
    key("Enter", hit("free:r1").firstElementChild!);
    expect(model.sent).toEqual([]);
    expect(el.querySelectorAll(".icw-selected")).toHaveLength(0);
    expect($(".icw-hint").textContent).toBe("Wait for Ben, or press Stop.");
    // the page stays usable: stepping through the record, the Hint button, Stop
    $<HTMLButtonElement>('.icw-nav [data-nav="back"]').click();
    $<HTMLButtonElement>(".icw-hints button.icw-hint-button").click();
    expect(model.sent).toEqual([{ do: "back" }, { do: "hint", cursor: 3 }]);
    // Ben stopped: the note goes, and clicks make moves again
    await model.set({ thinking: {} });
    expect($(".icw-hint").textContent).toBe("");
    clickScene("free:r1");
    await frame();
    clickScene("table");
    expect(model.sent.slice(2)).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r1", "table"] }]);
  });

  it("the Hint button sends hint with the cursor", async () => {
    mount({ cursor: 5 });
    $<HTMLButtonElement>(".icw-hints button.icw-hint-button").click();
    expect(model.sent).toEqual([{ do: "hint", cursor: 5 }]);
  });

  it("shades the hints' path ids by share, with a tooltip and a list in words, without redrawing the scene", async () => {
    mount();
    const root = $(".icw-board");
    root.setAttribute("data-render-ms", "not redrawn");
    const items = [...el.querySelectorAll("svg.icw-scene [data-id]")];
    await model.set({ hints: HINTS });
    expect(root.getAttribute("data-render-ms")).toBe("not redrawn");
    expect([...el.querySelectorAll("svg.icw-scene [data-id]")]).toEqual(items);
    expect([...el.querySelectorAll(".icw-hinted")].map((e) => e.getAttribute("data-id"))).toEqual(["free:r1", "free:r3", "T1"]);
    const opacity = (id: string) => Number(hit(id).style.getPropertyValue("--icw-hint-opacity"));
    expect(opacity("free:r1")).toBeCloseTo(0.1 + 0.32 * 0.42, 3);
    expect(opacity("free:r3")).toBeCloseTo(0.1 + 0.32 * 0.25, 3);
    expect(opacity("free:r1")).toBeGreaterThan(opacity("free:r3"));
    expect(hit("T1").querySelector(":scope > .icw-hint-shade title")!.textContent).toBe("Hint 1: r1>T1 — wins 64% (84 of 200 simulations)");
    // each hint labelled on the board with its rank and the agent's estimate, as Python wrote it
    expect([...el.querySelectorAll("svg.icw-scene .icw-hint-layer .icw-hint-label")].map((g) => [g.getAttribute("data-hint"), g.textContent])).toEqual([
      ["r1>T1", "Hint 1: r1>T1 — wins 64% (84 of 200 simulations)1 · 64%"],
      ["r3>far", "Hint 2: r3>far — wins 60% (50 of 200 simulations)2 · 60%"],
    ]);
    const list = $<HTMLOListElement>(".icw-hints ol");
    expect(list.hidden).toBe(false);
    expect([...el.querySelectorAll(".icw-hints li[data-text]")].map((li) => [li.getAttribute("data-text"), li.textContent])).toEqual([
      ["r1>T1", "r1>T1 — wins 64% (84 of 200 simulations)"],
      ["r3>far", "r3>far — wins 60% (50 of 200 simulations)"],
    ]);
    // the targets are still the targets, and a click on a shade is a click on its item
    expect(hit("free:r1").classList.contains("icw-target")).toBe(true);
    hit("free:r1").querySelector(".icw-hint-shade")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(hit("free:r1").classList.contains("icw-selected")).toBe(true);
    await model.set({ hints: [] });
    expect(el.querySelectorAll(".icw-hinted, .icw-hint-shade, .icw-hints li")).toHaveLength(0);
    expect(list.hidden).toBe(true);
    expect(root.getAttribute("data-render-ms")).toBe("not redrawn");
  });

  it("keeps the hints on a redrawn scene", async () => {
    mount({ hints: HINTS });
    expect(hit("T1").classList.contains("icw-hinted")).toBe(true);
    const next = structuredClone(scene) as Scene;
    (next.regions![0] as PilesRegion).rows![0]!.piles![0]!.count = 1; // free:r1 is drawn anew
    await model.set({ scene: next });
    expect(hit("free:r1").classList.contains("icw-hinted")).toBe(true);
    expect(hit("free:r1").firstElementChild!.nextElementSibling!.classList.contains("icw-hint-shade")).toBe(true);
    expect(el.querySelectorAll(".icw-hint-shade")).toHaveLength(3);
  });

  it("sets hint text from the traits as text", async () => {
    mount();
    await model.set({ hints: [{ text: "<img src=x onerror=alert(1)>", path: ["T1"], share: 0.5, value_text: "<i>", note: "<b>note</b>" }] });
    expect($(".icw-hints li").textContent).toBe("<img src=x onerror=alert(1)> — <b>note</b>");
    expect($(".icw-hint-label text").textContent).toBe("1 · <i>");
    expect(hit("T1").querySelector(".icw-hint-shade title")!.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(el.querySelector("img, b")).toBeNull();
  });

  it("survives agent traits of the wrong shape", async () => {
    mount({ seated: [null, [0], ["x"], [1, 7]], agent_choices: "mcts", thinking: [1], hints: [null, { path: "T1", share: "lots", value: "lots", value_text: 7 }, { text: "a", path: [null, "T1"], share: 9, value: 9 }] });
    expect([...el.querySelectorAll(".icw-agents select")].map((x) => [x.getAttribute("data-seat"), (x as HTMLSelectElement).value])).toEqual([["1", ""]]);
    expect($<HTMLElement>(".icw-agents").hidden).toBe(true); // no agents offered
    expect($<HTMLElement>(".icw-thinking").hidden).toBe(true);
    expect([...el.querySelectorAll(".icw-hints li")].map((li) => li.textContent)).toEqual([" — 0%", "a — 100%"]);
    expect(hit("T1").getAttribute("data-hint-share")).toBe("1");
    expect([...el.querySelectorAll(".icw-hint-label text")].map((t) => t.textContent)).toEqual(["2"]); // no value to show: the rank (the first draws nothing)
    await model.set({ seated: "no", thinking: null, hints: 3 });
    expect(el.querySelectorAll(".icw-hints li")).toHaveLength(0);
  });
});

describe("cleanup", () => {
  it("removes every listener and the view", async () => {
    mount();
    expect(model.listenerCount()).toBeGreaterThan(0);
    const root = $(".icw-board");
    const back = $<HTMLButtonElement>('.icw-nav [data-nav="back"]');
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.contains(root)).toBe(false);
    back.click();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(model.sent).toEqual([]);
    cleanup = () => {};
  });
});

describe("the Hint button while the hint is searched", () => {
  it("says it is searching until the hints come, and asks once meanwhile", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const model = new FakeModel({ title: "IceTowers", scene, actors: [], cursor: 3, hints: [] });
    const cleanup = widget.render({ model, el });
    const button = el.querySelector<HTMLButtonElement>("button.icw-hint-button")!;
    button.click();
    button.click();
    expect(model.sent).toEqual([{ do: "hint", cursor: 3 }]);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Searching…");
    await model.set({ hints: [{ text: "r1>T1", label: "red small onto T1", path: ["r1", "T1"], share: 0.6, value: 0.64, value_text: "64%", note: "wins 64%" }] });
    expect(button.getAttribute("aria-busy")).toBeNull();
    expect(button.textContent).toBe("Hint");
    button.click();
    await model.set({ error: "no seat may act here, so there is nothing to hint" });
    expect(button.textContent).toBe("Hint"); // a refusal ends the wait too
    cleanup();
    el.remove();
  });
});
