// A playable board's model: its traits are the fields the worker posts, the move list kept by
// splices, the widget's messages posted to the worker as JSON once it is live, the record asked
// for by Download (a fake worker stands for the one running Python).
import { describe, expect, it } from "vitest";
import { LOADING, WorkerModel, type WorkerLike } from "../src/worker-model";

class FakeWorker implements WorkerLike {
  posted: unknown[] = [];
  private listener: ((e: { data: unknown }) => void) | null = null;
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  addEventListener(_type: "message", listener: (e: { data: unknown }) => void): void {
    this.listener = listener;
  }
  /** The worker posts an update of fields and splices. */
  update(fields: Record<string, unknown>, splices: Record<string, unknown> = {}): void {
    this.listener?.({ data: { update: JSON.stringify({ fields, splices }) } });
  }
  reply(data: unknown): void {
    this.listener?.({ data });
  }
}

const row = (id: number, parent: number | null, label: string): unknown[] => [id, parent, id, label, "", 0, "", "", []];

function started(): [WorkerModel, FakeWorker] {
  const worker = new FakeWorker();
  const model = new WorkerModel(worker, '{"records":[]}', { title: "Stacktics", cursor: 3, _timeline: [row(0, null, "start")] });
  return [model, worker];
}

describe("WorkerModel", () => {
  it("starts the worker with the page's data and shows the published node, nothing playable, until it is live", () => {
    const [model, worker] = started();
    expect(worker.posted).toEqual([{ start: '{"records":[]}' }]);
    expect(model.get("title")).toBe("Stacktics");
    expect(model.get("cursor")).toBe(3);
    expect(model.get("actors")).toEqual([]);
    expect(model.get("status")).toBe(LOADING);
    expect(model.live).toBe(false);
    model.send({ do: "back" });
    expect(worker.posted).toHaveLength(1); // nothing reaches a worker that is not ready
    expect(model.get("error")).toMatch(/still loading/);
  });

  it("takes the worker's fields as traits, telling each trait's listeners once they are all set", () => {
    const [model, worker] = started();
    let live = 0;
    model.onLive = () => live++;
    const seen: unknown[] = [];
    model.on("change:cursor", () => seen.push([model.get("cursor"), model.get("status")]));
    worker.update({ cursor: 1, status: "Ben to move.", _timeline: [row(0, null, "start"), row(1, 0, "a1")] });
    expect(seen).toEqual([[1, "Ben to move."]]);
    expect(model.live).toBe(true);
    worker.update({ cursor: 2 });
    expect(live).toBe(1);
  });

  it("keeps the move list by the worker's splices, as the widget's model does", () => {
    const [model, worker] = started();
    worker.update({ _timeline: [row(0, null, "start"), row(1, 0, "a1")] });
    let told = 0;
    model.on("change:_timeline", () => told++);
    worker.update({ cursor: 2 }, { _timeline: [[2, 0, [row(2, 1, "b2")]]] });
    expect((model.get("_timeline") as unknown[][]).map((r) => r[3])).toEqual(["start", "a1", "b2"]);
    expect(told).toBe(1);
    worker.update({}, { _timeline: [[9, 1, []]] }); // a splice that does not fit is left out
    expect((model.get("_timeline") as unknown[]).length).toBe(3);
  });

  it("posts the widget's messages to a live worker as JSON", () => {
    const [model, worker] = started();
    worker.update({ cursor: 0 });
    model.send({ do: "path", cursor: 0, seat: 0, path: ["a1", "b2"] });
    expect(worker.posted[1]).toEqual({ message: '{"do":"path","cursor":0,"seat":0,"path":["a1","b2"]}' });
  });

  it("asks the worker for the record and resolves with what it answers", async () => {
    const [model, worker] = started();
    worker.update({ cursor: 0 });
    const asked = model.download();
    expect(worker.posted[1]).toEqual({ download: true });
    worker.reply({ download: JSON.stringify({ name: "stacktics-5", json: "{}", text: "[Game]" }) });
    await expect(asked).resolves.toEqual({ name: "stacktics-5", json: "{}", text: "[Game]" });
  });

  it("says why the runtime could not start", () => {
    const [model, worker] = started();
    const why: string[] = [];
    model.onFailed = (w) => why.push(w);
    worker.reply({ failed: "CompileError: WebAssembly refused" });
    expect(why).toEqual(["CompileError: WebAssembly refused"]);
    expect(model.live).toBe(false);
  });

  it("hands on when each phase of the worker's start ended", () => {
    const [model, worker] = started();
    const told: unknown[] = [];
    model.onMarks = (marks) => told.push(marks);
    worker.update({ cursor: 0 });
    worker.reply({ marks: { load_pyodide: 1700000001000, imported: 1700000002000 } });
    expect(told).toEqual([{ load_pyodide: 1700000001000, imported: 1700000002000 }]);
    expect(model.get("cursor")).toBe(0);
  });
});
