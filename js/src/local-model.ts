// A board's model held in the page, with no kernel behind it (a published page's, a playable
// page's): its traits and the listeners of their changes, kept as anywidget's model keeps them.

import type { Message, Model } from "./types";

export abstract class LocalModel implements Model {
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(protected readonly data: Record<string, unknown>) {}

  get(name: string): unknown {
    return this.data[name];
  }

  on(event: string, callback: () => void): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }

  off(event?: string | null, callback?: (() => void) | null): void {
    if (!event) this.listeners.clear();
    else if (!callback) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(callback);
  }

  abstract send(message: Message): void;

  /** Tell the listeners of these traits that they changed. */
  protected changed(names: Iterable<string>): void {
    for (const name of names) this.listeners.get(`change:${name}`)?.forEach((cb) => cb());
  }
}
