import { describe, expect, it, vi } from "vitest";
import { Batch, LastDrawn, afterPaint } from "../src/redraw";
import { painted } from "./fake-model";

describe("Batch", () => {
  it("draws the parts marked before the microtask together, once", async () => {
    const drawn: string[][] = [];
    const batch = new Batch<string>((parts) => drawn.push([...parts].sort()));
    batch.mark("board", "head");
    batch.mark("timeline", "board");
    expect(drawn).toEqual([]);
    await Promise.resolve();
    expect(drawn).toEqual([["board", "head", "timeline"]]);
    batch.mark("head");
    batch.flush(); // at once
    await Promise.resolve();
    expect(drawn).toEqual([["board", "head", "timeline"], ["head"]]);
  });

  it("keeps drawing after a part throws, and stops when stopped", async () => {
    let calls = 0;
    const batch = new Batch<string>(() => {
      calls++;
      throw new Error("bad scene");
    });
    batch.mark("board");
    expect(() => batch.flush()).toThrow();
    batch.mark("board");
    expect(() => batch.flush()).toThrow();
    expect(calls).toBe(2);
    batch.mark("board");
    batch.stop();
    await Promise.resolve();
    batch.flush();
    expect(calls).toBe(2);
  });
});

describe("Batch: parts drawn after the paint of another", () => {
  const later = { board: ["timeline", "moves"] };

  it("draws them after the paint of the part they wait for, and at once without it", async () => {
    const drawn: string[][] = [];
    const batch = new Batch<string>((parts) => drawn.push([...parts].sort()), later);
    batch.mark("board", "timeline", "head");
    await Promise.resolve();
    expect(drawn).toEqual([["board", "head"]]);
    await painted();
    expect(drawn).toEqual([["board", "head"], ["timeline"]]);
    batch.mark("timeline");
    await Promise.resolve();
    expect(drawn).toEqual([["board", "head"], ["timeline"], ["timeline"]]);
  });

  it("draws what waits once, with what was marked meanwhile; nothing once stopped", async () => {
    const drawn: string[][] = [];
    const batch = new Batch<string>((parts) => drawn.push([...parts].sort()), later);
    batch.mark("board", "timeline");
    await Promise.resolve();
    batch.mark("board", "moves");
    await Promise.resolve();
    await painted();
    expect(drawn).toEqual([["board"], ["board"], ["moves", "timeline"]]);
    batch.mark("board", "timeline");
    await Promise.resolve();
    batch.stop();
    await painted();
    expect(drawn).toHaveLength(4);
  });

  it("a first draw (flush) draws everything at once", () => {
    const drawn: string[][] = [];
    const batch = new Batch<string>((parts) => drawn.push([...parts].sort()), later);
    batch.mark("board", "timeline");
    batch.flush();
    expect(drawn).toEqual([["board", "timeline"]]);
  });
});

describe("afterPaint", () => {
  it("runs in a task after the next frame, or after a while when no frame comes", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    try {
      let runs = 0;
      afterPaint(() => runs++);
      vi.advanceTimersToNextFrame();
      expect(runs).toBe(0); // not in the frame itself
      vi.advanceTimersByTime(1); // the task after it
      expect(runs).toBe(1);
      vi.advanceTimersByTime(200);
      expect(runs).toBe(1); // once
      vi.stubGlobal("requestAnimationFrame", () => 0); // a hidden page: no frame comes
      afterPaint(() => runs++);
      vi.advanceTimersByTime(99);
      expect(runs).toBe(1);
      vi.advanceTimersByTime(1);
      expect(runs).toBe(2);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});

describe("LastDrawn", () => {
  it("says when a part's data changed", () => {
    const d = new LastDrawn();
    expect(d.changed("seats", [1, 2])).toBe(true);
    expect(d.changed("seats", [1, 2])).toBe(false);
    expect(d.changed("players", [1, 2])).toBe(true);
    expect(d.changed("seats", [2])).toBe(true);
  });
});
