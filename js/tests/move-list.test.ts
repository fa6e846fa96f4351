import { afterEach, beforeEach, describe, expect, it } from "vitest";
import widget from "../src/index";
import { MoveList, countLine, matches, readMoveList, words } from "../src/move-list";
import scene from "./data/scene3.json";
import { FakeModel } from "./fake-model";

const LIST = {
  rows: [
    [0, "small red onto T1", ["free:r1", "T1"], "r1>T1"],
    [0, "large red onto T3", ["free:r3", "T3"], "r3>T3"],
    [0, "pass", [], "r:pass"],
  ],
  count: 3,
  filter: "",
  open: true,
};

describe("readMoveList", () => {
  it("reads rows, leaving out malformed ones, and never counts fewer than it holds", () => {
    const got = readMoveList({ rows: [...LIST.rows, ["x", "bad", [], "t"], [1, "short"], null, [1, "<b>b</b>", ["a", 3], 7]], count: 2 });
    expect(got.rows.map((r) => r.label)).toEqual(["small red onto T1", "large red onto T3", "pass", "<b>b</b>"]);
    expect(got.rows[3]).toEqual({ seat: 1, label: "<b>b</b>", path: ["a"], text: "7" });
    expect(got.count).toBe(4);
    expect(readMoveList("nonsense")).toEqual({ rows: [], count: 0, filter: "", open: false });
  });

  it("matches every word typed, in any case, in the words or the move text", () => {
    const first = readMoveList(LIST).rows[0]!;
    expect(words("  Red  t1 ")).toEqual(["red", "t1"]);
    expect(matches(first, words("RED onto"))).toBe(true);
    expect(matches(first, words("r1>T1"))).toBe(true);
    expect(matches(first, words("red T3"))).toBe(false);
  });

  it("says how many moves there are, and how many are shown of a cut list", () => {
    expect(countLine(3, 3, false)).toBe("3 moves");
    expect(countLine(1, 1, true)).toBe("1 move");
    expect(countLine(200, 5123, false)).toBe("200 of 5,123 moves: type to narrow");
    expect(countLine(0, 0, true)).toBe("no move matches");
  });
});

describe("MoveList", () => {
  it("filters as the words are typed, and asks Python only when its list was cut or filtered", () => {
    const m = new MoveList();
    m.update(readMoveList(LIST));
    expect(m.el.hidden).toBe(false);
    m.input.value = "large";
    expect(m.typed()).toBe(false); // every move is here: no need to ask
    expect([...m.el.querySelectorAll(".icw-move-row")].map((b) => b.textContent)).toEqual(["large red onto T3"]);
    expect(m.el.querySelector(".icw-move-count")!.textContent).toBe("1 move");
    m.update(readMoveList({ ...LIST, count: 900 }));
    expect(m.typed()).toBe(true); // 897 moves were held back: Python lists those that match
    m.update(readMoveList({ rows: [LIST.rows[1]], count: 1, filter: "large", open: true }));
    expect(m.typed()).toBe(false);
    m.input.value = "";
    expect(m.typed()).toBe(true); // Python filtered: the moves it held back are wanted again
  });

  it("is hidden with no moves to list", () => {
    const m = new MoveList();
    m.update(readMoveList({ rows: [], count: 0, filter: "" }));
    expect(m.el.hidden).toBe(true);
  });
});

describe("the move list on the board", () => {
  let el: HTMLElement;
  let cleanup: () => void;
  beforeEach(() => {
    el = document.createElement("div");
    document.body.append(el);
  });
  afterEach(() => {
    cleanup?.();
    el.remove();
  });

  function mount(extra: Record<string, unknown> = {}): FakeModel {
    const model = new FakeModel({ title: "IceTowers", scene, actors: [], cursor: 3, move_list: LIST, ...extra });
    cleanup = widget.render({ model, el });
    return model;
  }

  it("sits beside the board, with the hints, and plays a move by the clicks the board would send", () => {
    const model = mount();
    const list = el.querySelector<HTMLElement>(".icw-side .icw-move-list")!;
    expect(list.hidden).toBe(false);
    expect(el.querySelector(".icw-side .icw-hints")).not.toBeNull();
    const rows = [...list.querySelectorAll<HTMLButtonElement>("button.icw-move-row")];
    expect(rows.map((b) => b.textContent)).toEqual(["small red onto T1", "large red onto T3", "pass"]);
    expect(rows[0]!.title).toBe(""); // the notation is no tooltip: it stays in data-text
    expect(rows[0]!.getAttribute("data-text")).toBe("r1>T1");
    rows[1]!.click();
    rows[2]!.click();
    expect(model.sent).toEqual([
      { do: "path", cursor: 3, seat: 0, path: ["free:r3", "T3"] },
      { do: "text", cursor: 3, text: "r:pass" },
    ]);
  });

  it("sends the filter typed when Python's list is cut, and shows Python's answer", async () => {
    const model = mount({ move_list: { ...LIST, count: 450 } });
    const input = el.querySelector<HTMLInputElement>("input.icw-move-filter")!;
    expect(el.querySelector(".icw-move-count")!.textContent).toBe("3 of 450 moves: type to narrow");
    input.value = "T3";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(model.sent).toEqual([{ do: "filter_moves", text: "T3" }]);
    await model.set({ move_list: { rows: [LIST.rows[1], [0, "small red onto T3", ["free:r1", "T3"], "r1>T3"]], count: 2, filter: "T3", open: true } });
    expect([...el.querySelectorAll(".icw-move-row")].map((b) => b.textContent)).toEqual(["large red onto T3", "small red onto T3"]);
  });

  it("is folded until a person opens it: it says how many moves there are, and its toggle asks Python", async () => {
    const model = mount({ move_list: { rows: [], count: 57, filter: "", open: false } });
    const list = el.querySelector<HTMLElement>(".icw-side .icw-move-list")!;
    const toggle = list.querySelector<HTMLButtonElement>("button.icw-move-list-toggle")!;
    expect(list.hidden).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(list.querySelector(".icw-move-count")!.textContent).toBe("57 moves");
    expect(list.querySelector<HTMLElement>("input.icw-move-filter")!.hidden).toBe(true);
    expect(list.querySelector<HTMLElement>(".icw-move-items")!.hidden).toBe(true);
    toggle.click();
    expect(model.sent).toEqual([{ do: "show_moves", open: true }]);
    await model.set({ move_list: LIST });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect([...list.querySelectorAll(".icw-move-row")].map((b) => b.textContent)).toHaveLength(3);
    toggle.click();
    expect(model.sent.at(-1)).toEqual({ do: "show_moves", open: false });
  });

  it("sends no move while an agent thinks", async () => {
    const model = mount({ thinking: { seat: 1, name: "Ben", agent: "mcts" } });
    el.querySelector<HTMLButtonElement>("button.icw-move-row")!.click();
    expect(model.sent).toEqual([]);
    expect(el.querySelector(".icw-hint")!.textContent).toContain("Wait for Ben");
  });

  it("is left out of a published page", () => {
    mount({ _published: true });
    expect(el.querySelector(".icw-move-list")).toBeNull();
  });
});

describe("the viewer control under hot-seat's lock", () => {
  it("puts a refused view back at once while locked, and leaves a change alone while not", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const model = new FakeModel({
      title: "HighCards", scene, actors: [], cursor: 3, viewers: [[null, "Designer (sees all)"], [0, "Ann"], [1, "Ben"]],
      viewer: 1, follow_turn: true, view_locked: true,
    });
    const cleanup = widget.render({ model, el });
    const select = el.querySelector<HTMLSelectElement>(".icw-viewer select[data-viewer]")!;
    const follow = el.querySelector<HTMLInputElement>(".icw-viewer input.icw-follow")!;
    select.value = "null";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await Promise.resolve();
    expect(model.sent).toEqual([{ do: "viewer", seat: null, follow: false }]);
    expect(select.value).toBe("1"); // Python refuses it: the view stays Ben's
    await model.set({ view_locked: false });
    follow.checked = false;
    follow.dispatchEvent(new Event("change", { bubbles: true }));
    await Promise.resolve();
    expect(follow.checked).toBe(false); // unlocked: Python's answer decides, nothing is put back meanwhile
    cleanup();
    el.remove();
  });
});
