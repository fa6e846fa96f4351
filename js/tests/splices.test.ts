import { describe, expect, it } from "vitest";
import widget from "../src/index";
import { applyRecordPatches, applySplices, keepTimeline, type ListModel } from "../src/splices";

const row = (id: number, parent: number | null, label: string): unknown[] => [id, parent, id, label, "red", 0, ""];

/** A model as anywidget's: traits and their change events. */
class Model implements ListModel {
  data: Record<string, unknown> = {};
  changes: string[] = [];
  private handlers = new Map<string, Set<() => void>>();
  get(name: string): unknown {
    return this.data[name];
  }
  set(name: string, value: unknown): void {
    this.data[name] = value;
    this.changes.push(name);
  }
  on(event: string, cb: () => void): void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(cb);
  }
  off(event?: string | null, cb?: (() => void) | null): void {
    if (event && cb) this.handlers.get(event)?.delete(cb);
  }
  /** Python's update setting `_splices` (its change event fires only for a new value). */
  private n = 0;
  message(content: Record<string, unknown>, n = ++this.n): void {
    const next = { n, ...content };
    if (JSON.stringify(next) === JSON.stringify(this.data._splices)) return;
    this.data._splices = next;
    this.handlers.get("change:_splices")?.forEach((cb) => cb());
  }
}

describe("timeline splices", () => {
  it("append, insert and replace rows in order", () => {
    const rows = [row(0, null, "start"), row(1, 0, "a"), row(2, 1, "b")];
    expect(applySplices(rows, [[3, 0, [row(3, 2, "c")]]])).toEqual([...rows, row(3, 2, "c")]);
    expect(applySplices(rows, [[2, 0, [row(3, 0, "x")]], [1, 1, [row(1, 0, "A")]]])).toEqual([
      row(0, null, "start"), row(1, 0, "A"), row(3, 0, "x"), row(2, 1, "b")]);
    expect(rows).toHaveLength(3); // the list read is never changed in place
  });

  it("refuse splices that do not fit, leaving the list for Python's next whole one", () => {
    const rows = [row(0, null, "start")];
    for (const bad of [[[5, 0, []]], [[0, 2, []]], [[-1, 0, []]], [["0", 0, []]], [[0, 0, "x"]], "x", [[0, 0]]]) {
      expect(applySplices(rows, bad)).toBeNull();
    }
    expect(applySplices("rows", [[0, 0, []]])).toBeNull();
  });

  it("are applied to the model once per widget, sending nothing back", () => {
    const model = new Model();
    model.data._timeline = [row(0, null, "start")];
    const stop = keepTimeline(model);
    model.message({ timeline: [[1, 0, [row(1, 0, "r1>g1")]]] });
    model.message({ something: "else" });
    model.message({ timeline: [[9, 0, []]] });
    expect(model.data._timeline).toEqual([row(0, null, "start"), row(1, 0, "r1>g1")]);
    expect(model.changes).toEqual(["_timeline"]);
    stop();
    model.message({ timeline: [[2, 0, [row(2, 1, "g1>T1")]]] });
    expect(model.data._timeline).toHaveLength(2);
  });

  it("are applied once per serial: not again for a repeated serial, nor those the model was made with", () => {
    const model = new Model();
    model.data._timeline = [row(0, null, "start")];
    model.data._splices = { n: 7, timeline: [[0, 1, [row(0, null, "old")]]] }; // already in the list
    keepTimeline(model);
    expect(model.data._timeline).toEqual([row(0, null, "start")]);
    model.message({ timeline: [[1, 0, [row(1, 0, "a")]]] }, 8);
    model.message({ timeline: [[1, 0, [row(1, 0, "a")]], [2, 0, []]] }, 8);
    expect(model.data._timeline).toEqual([row(0, null, "start"), row(1, 0, "a")]);
  });

  it("are kept by the widget's initialize", () => {
    const model = new Model();
    model.data._timeline = [row(0, null, "start")];
    const stop = (widget as unknown as { initialize: (a: { model: ListModel }) => () => void }).initialize({ model });
    model.message({ timeline: [[1, 0, [row(1, 0, "a")]]] });
    expect(model.data._timeline).toHaveLength(2);
    stop();
  });
});

describe("record patches", () => {
  const record = (cursor: number, ...moves: string[]): Record<string, unknown> => ({
    head: { game: "icetowers" }, metadata: {}, order: {}, cursor,
    nodes: [[null, null, "", {}], ...moves.map((m, i) => [i, m, "", {}])],
  });

  it("add a game, grow and change its nodes, set its metadata and where it was left", () => {
    const records = [record(1, "r1>g1")];
    const next = applyRecordPatches(records, [
      [0, "nodes", 2, 0, [[1, "g1>T1", "", {}]]], [0, "nodes", 1, 1, [[0, "r1>g1", "why?", {}]]],
      [0, "metadata", { session: { date: "2024-05-01" } }], [0, "cursor", 2], [1, "entry", record(0)], [2, "entry", null],
    ]);
    expect(next).toEqual([
      { ...record(2), nodes: [[null, null, "", {}], [0, "r1>g1", "why?", {}], [1, "g1>T1", "", {}]],
        metadata: { session: { date: "2024-05-01" } } },
      record(0), null]);
    expect(records).toEqual([record(1, "r1>g1")]); // the list read is never changed in place
  });

  it("refuse patches that do not fit, leaving the list as it was", () => {
    for (const bad of [[[3, "entry", {}]], [[0, "nodes", 9, 0, []]], [[1, "cursor", 2]], [[0, "colour", 1]], [["0", "cursor", 1]], "x"]) {
      expect(applyRecordPatches([record(0)], bad)).toBeNull();
    }
  });

  it("are applied beside the move list's splices, and an empty splice list changes nothing", () => {
    const model = new Model();
    model.data._timeline = [row(0, null, "start")];
    model.data._records = [record(0)];
    const stop = keepTimeline(model);
    model.message({ timeline: [], records: [[0, "cursor", 0], [1, "entry", record(0)]] });
    expect(model.changes).toEqual(["_records"]);
    expect(model.data._records).toEqual([record(0), record(0)]);
    stop();
  });
});
