import { describe, expect, it } from "vitest";
import { EMPTY, actingSeat, candidates, click, targets, walk } from "../src/picker";
import type { Actor } from "../src/types";

const red: Actor = {
  seat: 0,
  name: "Red",
  colour: "red",
  tree: { "free:r1": { T1: "cap", T2: "stack", table: "place" }, "free:r3": { table: "place" }, "T1.1": "take" },
  buttons: [["r:pass", "Pass"]],
};
const green: Actor = {
  seat: 1,
  name: "Green",
  colour: "green",
  tree: { "free:g1": { T1: "cap", table: "place" }, T2: { T3: "move" }, "T1.1": "take" },
  buttons: [],
};

describe("walk", () => {
  it("follows a path or gives undefined", () => {
    expect(walk(red.tree, ["free:r1", "T1"])).toBe("cap");
    expect(walk(red.tree, ["free:r1"])).toEqual({ T1: "cap", T2: "stack", table: "place" });
    expect(walk(red.tree, ["nope"])).toBeUndefined();
    expect(walk(red.tree, ["T1.1", "deeper"])).toBeUndefined();
    expect(walk(red.tree, ["toString"])).toBeUndefined(); // no prototype keys
  });
});

describe("one seat", () => {
  const actors = [red];

  it("highlights the first keys, leaves with their kind", () => {
    const t = targets(actors, EMPTY);
    expect([...t.keys()]).toEqual(["free:r1", "free:r3", "T1.1"]);
    expect(t.get("free:r1")!.leaf).toBeNull();
    expect(t.get("T1.1")!.leaf).toBe("take");
    expect(actingSeat(actors, EMPTY)).toBe(0);
  });

  it("narrows the trie click by click and sends at a leaf", () => {
    const first = click(actors, EMPTY, "free:r1");
    expect(first).toEqual({ kind: "select", pick: { seat: null, path: ["free:r1"] } });
    if (first.kind !== "select") throw new Error();
    const t = targets(actors, first.pick);
    expect([...t.keys()]).toEqual(["T1", "T2", "table"]);
    expect(t.get("T2")!.leaf).toBe("stack");
    expect(click(actors, first.pick, "table")).toEqual({ kind: "send", seat: 0, path: ["free:r1", "table"] });
  });

  it("sends a one-click move at once", () => {
    expect(click(actors, EMPTY, "T1.1")).toEqual({ kind: "send", seat: 0, path: ["T1.1"] });
  });

  it("resets on a click that is not a target", () => {
    expect(click(actors, EMPTY, "T1")).toEqual({ kind: "reset" });
    expect(click(actors, { seat: null, path: ["free:r1"] }, "free:r3")).toEqual({ kind: "reset" });
    expect(click(actors, EMPTY, "__proto__")).toEqual({ kind: "reset" });
  });
});

describe("several seats", () => {
  const actors = [red, green];

  it("with no seat chosen, offers every seat's first keys", () => {
    const t = targets(actors, EMPTY);
    expect([...t.keys()].sort()).toEqual(["T1.1", "T2", "free:g1", "free:r1", "free:r3"]);
    expect(t.get("T1.1")!.seats).toEqual([0, 1]);
    expect(actingSeat(actors, EMPTY)).toBeNull();
  });

  it("a first click on a key of exactly one seat chooses that seat", () => {
    const out = click(actors, EMPTY, "free:g1");
    expect(out.kind).toBe("select");
    if (out.kind !== "select") throw new Error();
    expect(actingSeat(actors, out.pick)).toBe(1);
    expect(candidates(actors, out.pick).map((a) => a.seat)).toEqual([1]);
    expect([...targets(actors, out.pick).keys()]).toEqual(["T1", "table"]);
    expect(click(actors, out.pick, "table")).toEqual({ kind: "send", seat: 1, path: ["free:g1", "table"] });
  });

  it("a move that several seats could make needs a chosen seat", () => {
    expect(click(actors, EMPTY, "T1.1")).toEqual({ kind: "ambiguous", seats: [0, 1] });
    expect(click(actors, { seat: 1, path: [] }, "T1.1")).toEqual({ kind: "send", seat: 1, path: ["T1.1"] });
  });

  it("a chosen seat limits the targets to its own", () => {
    const pick = { seat: 0, path: [] };
    expect([...targets(actors, pick).keys()]).toEqual(["free:r1", "free:r3", "T1.1"]);
    expect(click(actors, pick, "free:g1")).toEqual({ kind: "reset" });
    expect(actingSeat(actors, pick)).toBe(0);
  });

  it("copes with actors that have no tree", () => {
    expect(targets([{ seat: 3 }], EMPTY).size).toBe(0);
    expect(click([{ seat: 3, tree: { a: null as unknown as string } }], EMPTY, "a").kind).toBe("reset");
  });
});
