import { describe, expect, it } from "vitest";
import { drawTimeline, lineEnd, readTimeline } from "../src/timeline";
import type { TimelineEntry } from "../src/types";
import timeline from "./data/timeline.json";

// 0 start; main line 1 2 3 4; variation 5 6 from 1 (alternative to 2); 7 from 5 (depth 2)
const ENTRIES: TimelineEntry[] = readTimeline(timeline);

describe("readTimeline", () => {
  it("reads rows of [id, parent, ply, label, colour, depth, comment, mark, tags]", () => {
    expect(ENTRIES[1]).toEqual({ id: 1, parent: 0, ply: 1, label: "r3>T1", colour: "red", depth: 0, comment: "", mark: "", tags: [] });
    expect(readTimeline([[3, 2, 3, "g1>T2", "green", 0, "", "?!", ["fun", "rules question"]]])[0]).toMatchObject({ mark: "?!", tags: ["fun", "rules question"] });
    expect(ENTRIES[0]!.parent).toBeNull();
  });

  it("leaves out rows of another shape and reads odd fields safely", () => {
    expect(readTimeline("no")).toEqual([]);
    const read = readTimeline([null, { id: 1 }, ["x"], [2, "p", "q", 7, 5, null]]);
    expect(read).toEqual([{ id: 2, parent: null, ply: 0, label: "7", colour: null, depth: 0, comment: "", mark: "", tags: [] }]);
    // a mark that is none of the six, and tags that are no text, are left out
    expect(readTimeline([[2, null, 1, "x", null, 0, "", "!!!", ["ok", 3, "", null]]])[0]).toMatchObject({ mark: "", tags: ["ok"] });
  });
});

describe("lineEnd", () => {
  it("follows first children", () => {
    expect(lineEnd(ENTRIES, 0)).toBe(4);
    expect(lineEnd(ENTRIES, 2)).toBe(4);
    expect(lineEnd(ENTRIES, 5)).toBe(7);
    expect(lineEnd(ENTRIES, 4)).toBe(4);
    expect(lineEnd([], 3)).toBe(3);
  });
});

describe("drawTimeline", () => {
  const view = drawTimeline(ENTRIES, 5);
  const el = view.el;
  const entry = (n: number) => el.querySelector<HTMLElement>(`[data-node="${n}"]`)!;

  it("lists every node in reading order, start first", () => {
    const nodes = [...el.querySelectorAll("[data-node]")].map((e) => Number(e.getAttribute("data-node")));
    expect(nodes).toEqual([0, 1, 2, 5, 7, 6, 3, 4]);
    expect(entry(0).textContent).toBe("start");
    expect(entry(1).querySelector(".icw-ply")!.textContent).toBe("1.");
    expect(entry(1).querySelector(".icw-label")!.textContent).toBe("r3>T1");
  });

  it("indents variations by depth and keeps the main line unindented", () => {
    const lineOf = (n: number) => entry(n).parentElement!;
    expect(lineOf(1).classList.contains("icw-variation")).toBe(false);
    expect(lineOf(5).classList.contains("icw-variation")).toBe(true);
    expect(lineOf(5).style.marginLeft).toBe("0.9em");
    expect(lineOf(7).style.marginLeft).toBe("1.8em");
    expect(lineOf(6)).not.toBe(lineOf(7)); // back at depth 1 after the nested variation
    expect(lineOf(3).style.marginLeft).toBe("");
    expect(lineOf(3)).toBe(lineOf(4));
  });

  it("shows a comment as text under its move, with a marker", () => {
    const note = entry(2).parentElement!.nextElementSibling!;
    expect(note.classList.contains("icw-note")).toBe(true);
    expect(note.textContent).toBe("sharp <b>move</b>");
    expect(el.querySelector("b")).toBeNull();
    expect(entry(2).querySelector(".icw-note-mark")).not.toBeNull();
    expect(entry(1).querySelector(".icw-note-mark")).toBeNull();
  });

  it("sets labels as text", () => {
    expect(entry(4).textContent).toContain("<img src=x onerror=alert(1)>");
    expect(el.querySelector("img")).toBeNull();
  });

  it("marks the current node and moves the mark", () => {
    expect(el.querySelectorAll("[aria-current]")).toHaveLength(1);
    expect(entry(5).getAttribute("aria-current")).toBeTruthy();
    view.setCurrent(3);
    expect(entry(5).hasAttribute("aria-current")).toBe(false);
    expect(entry(3).hasAttribute("aria-current")).toBe(true);
    expect(entry(3).classList.contains("icw-current")).toBe(true);
    view.setCurrent(99); // unknown: nothing marked
    expect(el.querySelectorAll("[aria-current]")).toHaveLength(0);
  });
});

describe("TimelineView.update", () => {
  const more = (id: number, parent: number, ply: number, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
    id, parent, ply, label: `m${id}`, colour: "red", depth: 0, comment: "", ...extra,
  });
  const order = (el: HTMLElement) => [...el.querySelectorAll("[data-node]")].map((e) => Number(e.getAttribute("data-node")));

  it("appends moves played at the end, keeping what is drawn", () => {
    const view = drawTimeline(ENTRIES, 4);
    const kept = [...view.el.querySelectorAll("[data-node]")];
    const line = view.el.querySelector('[data-node="4"]')!.parentElement;
    view.update([...ENTRIES, more(8, 4, 5), more(9, 8, 6, { comment: "a note" }), more(10, 9, 7)]);
    expect(order(view.el)).toEqual([0, 1, 2, 5, 7, 6, 3, 4, 8, 9, 10]);
    expect([...view.el.querySelectorAll("[data-node]")].slice(0, kept.length)).toEqual(kept);
    expect(kept.every((e, i) => e === view.el.querySelectorAll("[data-node]")[i])).toBe(true);
    expect(view.el.querySelector('[data-node="8"]')!.parentElement).toBe(line); // the line goes on
    const note = view.el.querySelector('[data-node="9"]')!.parentElement!.nextElementSibling!;
    expect(note.textContent).toBe("a note");
    expect(view.el.querySelector('[data-node="10"]')!.parentElement).toBe(note.nextElementSibling); // below the note
    view.setCurrent(10);
    expect(view.el.querySelectorAll("[aria-current]")).toHaveLength(1);
  });

  it("draws the list again when an earlier entry changes, keeping the current mark", () => {
    const view = drawTimeline(ENTRIES, 3);
    const changed = ENTRIES.map((e) => (e.id === 1 ? { ...e, comment: "new" } : e));
    view.update([...changed, more(8, 4, 5)]);
    expect(order(view.el)).toEqual([0, 1, 2, 5, 7, 6, 3, 4, 8]);
    expect(view.el.querySelectorAll(".icw-note")).toHaveLength(2);
    expect(view.el.querySelector('[data-node="3"]')!.getAttribute("aria-current")).toBeTruthy();
    expect(view.el.querySelectorAll("[aria-current]")).toHaveLength(1);
    view.update(ENTRIES.slice(0, 3)); // a shorter record (a new game, a load)
    expect(order(view.el)).toEqual([0, 1, 2]);
    expect(view.el.querySelectorAll("[aria-current]")).toHaveLength(0);
  });
});

describe("marks and tags in the move list", () => {
  const rows = (mark: string, tags: string[]) => [[0, null, 0, "start", null, 0, ""], [1, 0, 1, "r3>T1", "red", 0, "", mark, tags]];

  it("shows a move's mark after its text and its tags as a glyph named by them", () => {
    const view = drawTimeline(readTimeline(rows("!?", ["fun", "<b>too long</b>"])), 1);
    const move = view.el.querySelector('[data-node="1"]')!;
    expect(move.querySelector(".icw-move-mark")!.textContent).toBe("!?");
    expect(move.querySelector(".icw-move-mark")!.getAttribute("title")).toBe("interesting move");
    const tags = move.querySelector(".icw-tag-mark")!;
    expect(tags.textContent).toBe("#2");
    expect(tags.getAttribute("title")).toBe("tags: fun, <b>too long</b>");
    expect(move.querySelector("b")).toBeNull(); // text, never HTML
    expect(view.el.querySelector('[data-node="0"] .icw-move-mark, [data-node="0"] .icw-tag-mark')).toBeNull();
  });

  it("draws an entry again when its mark or tags change", () => {
    const view = drawTimeline(readTimeline(rows("", [])), 1);
    expect(view.el.querySelector(".icw-move-mark")).toBeNull();
    view.update(readTimeline(rows("??", [])));
    expect(view.el.querySelector(".icw-move-mark")!.textContent).toBe("??");
    view.update(readTimeline(rows("??", ["fun"])));
    expect(view.el.querySelector(".icw-tag-mark")!.textContent).toBe("#");
  });
});

describe("the set-up row", () => {
  // start; the set-up's chance events 1-4 (no mover's colour); red's move 5; a roll in its turn 6
  const chance = (id: number, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
    id, parent: id - 1, ply: id, label: `deal ${id}`, colour: "", depth: 0, comment: "", mark: "", tags: [], ...extra,
  });
  const start: TimelineEntry = { id: 0, parent: null, ply: 0, label: "start", colour: "", depth: 0, comment: "", mark: "", tags: [] };
  const DEALT = [start, chance(1), chance(2), chance(3), chance(4), chance(5, { label: "place", colour: "red" }), chance(6, { label: "roll 4" })];
  const order = (el: HTMLElement) => [...el.querySelectorAll("[data-node]")].map((e) => Number(e.getAttribute("data-node")));
  const folded = (el: HTMLElement) => [...el.querySelectorAll(".icw-setup [data-node]")].map((e) => Number(e.getAttribute("data-node")));

  it("folds the chance events before any seat's move into one closed row that counts them", () => {
    const view = drawTimeline(DEALT, 5);
    const setup = view.el.querySelector<HTMLDetailsElement>("details.icw-setup")!;
    expect(setup.open).toBe(false);
    expect(setup.querySelector("summary")!.textContent).toBe("set-up: 4 chance events");
    expect(folded(view.el)).toEqual([1, 2, 3, 4]);
    expect(order(view.el)).toEqual([0, 1, 2, 3, 4, 5, 6]); // the reading order is kept
    setup.open = true;
    setup.dispatchEvent(new Event("toggle"));
    view.update(DEALT.map((e) => (e.id === 5 ? { ...e, comment: "changed" } : e))); // drawn again
    expect(view.el.querySelector<HTMLDetailsElement>("details.icw-setup")!.open).toBe(true); // as the reader left it
  });

  it("opens when the cursor is one of its events", () => {
    const view = drawTimeline(DEALT, 5);
    view.setCurrent(2);
    expect(view.el.querySelector<HTMLDetailsElement>("details.icw-setup")!.open).toBe(true);
  });

  it("leaves a lone roll at the start as a row: it is the first turn's", () => {
    const view = drawTimeline([start, chance(1, { label: "roll 6 5" }), chance(2, { label: "move", colour: "red" })], 0);
    expect(view.el.querySelector(".icw-setup")).toBeNull();
    expect(order(view.el)).toEqual([0, 1, 2]);
  });

  it("grows as the events arrive one by one, comments and all, and stops at the first seat's move", () => {
    const view = drawTimeline([start, chance(1, { comment: "first deal" })], 1);
    expect(view.el.querySelector(".icw-setup")).toBeNull();
    const shown = [start, chance(1, { comment: "first deal" })];
    for (const e of DEALT.slice(2)) {
      shown.push(e);
      view.update(shown);
    }
    expect(folded(view.el)).toEqual([1, 2, 3, 4]);
    expect(view.el.querySelector(".icw-setup .icw-note")!.textContent).toBe("first deal");
    expect(view.el.querySelector(".icw-setup summary")!.textContent).toBe("set-up: 4 chance events");
    expect(order(view.el)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("folds nothing in a variation or after a seat's move", () => {
    const variation = [start, chance(1, { colour: "red" }), chance(2), chance(3)];
    expect(drawTimeline(variation, 0).el.querySelector(".icw-setup")).toBeNull();
  });
});
