import { describe, expect, it } from "vitest";
import { drawTimeline, lineEnd, readTimeline } from "../src/timeline";
import type { TimelineEntry } from "../src/types";
import timeline from "./data/timeline.json";

// 0 start; main line 1 2 3 4; variation 5 6 from 1 (alternative to 2); 7 from 5 (depth 2)
const ENTRIES: TimelineEntry[] = readTimeline(timeline);

describe("readTimeline", () => {
  it("reads rows of [id, parent, ply, label, colour, depth, comment]", () => {
    expect(ENTRIES[1]).toEqual({ id: 1, parent: 0, ply: 1, label: "r3>T1", colour: "red", depth: 0, comment: "" });
    expect(ENTRIES[0]!.parent).toBeNull();
  });

  it("leaves out rows of another shape and reads odd fields safely", () => {
    expect(readTimeline("no")).toEqual([]);
    const read = readTimeline([null, { id: 1 }, ["x"], [2, "p", "q", 7, 5, null]]);
    expect(read).toEqual([{ id: 2, parent: null, ply: 0, label: "7", colour: null, depth: 0, comment: "" }]);
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
