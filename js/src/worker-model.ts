// The model of a board in a playable published page: its traits are the fields the page's web
// worker posts (play-worker.ts, running the board's Python session), and `send` posts the
// widget's message to it. Until the worker's first fields arrive, it shows what it was started
// with (the published node, nothing playable), so the board draws at once.

import { applySplices } from "./splices";
import { LocalModel } from "./local-model";
import type { Message } from "./types";

/** The part of a Worker the model uses (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (e: { data: unknown }) => void): void;
}

/** A downloaded record: the file's name (without suffix), its JSON and its text form (""
 * where the record is sealed: the JSON is then the sealed file), or why there is none. */
export interface Download {
  name: string;
  json: string;
  text: string;
  error?: string;
}

export const LOADING = "Loading the rules in this browser…";

export class WorkerModel extends LocalModel {
  private downloads: ((d: Download) => void)[] = [];
  /** Whether the worker has sent its first fields (the board is live). */
  live = false;
  /** Called once the board is live, or with the reason the runtime could not start. */
  onLive: (() => void) | null = null;
  onFailed: ((why: string) => void) | null = null;
  /** Called with when each phase of the worker's start ended (ms since the epoch). */
  onMarks: ((marks: Record<string, number>) => void) | null = null;

  constructor(private readonly worker: WorkerLike, start: string, initial: Record<string, unknown>) {
    super({ actors: [], ...initial, _published: false, status: LOADING, error: "" });
    worker.addEventListener("message", (e) => this.receive(e.data));
    worker.postMessage({ start });
  }

  send(message: Message): void {
    if (!this.live) {
      this.set({ error: "The rules are still loading: a moment." });
      return;
    }
    this.worker.postMessage({ message: JSON.stringify(message) });
  }

  /** Say `text` in the board's error line (a download that could not be made). */
  say(text: string): void {
    this.set({ error: text });
  }

  /** The record of the game shown, from the worker. */
  download(): Promise<Download> {
    return new Promise((resolve) => {
      this.downloads.push(resolve);
      this.worker.postMessage({ download: true });
    });
  }

  /** Set traits as one action of Python's does: all the values first, then the listeners. */
  private set(fields: Record<string, unknown>): void {
    Object.assign(this.data, fields);
    this.changed(Object.keys(fields));
  }

  private receive(raw: unknown): void {
    const data = (raw ?? {}) as Record<string, unknown>;
    if (typeof data.update === "string") this.update(data.update);
    else if (typeof data.download === "string") {
      const d = JSON.parse(data.download) as Download;
      this.downloads.splice(0).forEach((resolve) => resolve(d));
    } else if (typeof data.failed === "string") this.onFailed?.(data.failed);
    else if (data.marks && typeof data.marks === "object") this.onMarks?.(data.marks as Record<string, number>);
  }

  /** The fields and splices of one action: the move list's splices applied to the rows held. */
  private update(text: string): void {
    const { fields, splices } = JSON.parse(text) as { fields?: Record<string, unknown>; splices?: Record<string, unknown> };
    const changed: Record<string, unknown> = { ...(fields ?? {}) };
    const timeline = splices?._timeline;
    if (timeline !== undefined && !("_timeline" in changed)) {
      const rows = applySplices(this.data._timeline, timeline);
      if (rows) changed._timeline = rows;
    }
    this.set(changed);
    if (!this.live) {
      this.live = true;
      this.onLive?.();
    }
  }
}
