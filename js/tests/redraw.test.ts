import { describe, expect, it } from "vitest";
import { Batch, LastDrawn } from "../src/redraw";

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

describe("LastDrawn", () => {
  it("says when a part's data changed", () => {
    const d = new LastDrawn();
    expect(d.changed("seats", [1, 2])).toBe(true);
    expect(d.changed("seats", [1, 2])).toBe(false);
    expect(d.changed("players", [1, 2])).toBe(true);
    expect(d.changed("seats", [2])).toBe(true);
  });
});
