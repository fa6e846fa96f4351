// A stand-in for the anywidget model, shared by the tests that render the real widget: traits,
// change listeners, and the messages the widget sends.
import type { Message, Model } from "../src/types";

export class FakeModel implements Model {
  sent: Message[] = [];
  private listeners = new Map<string, Set<() => void>>();
  constructor(private data: Record<string, unknown>) {}
  get(name: string): unknown {
    return this.data[name];
  }
  on(event: string, cb: () => void): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(cb);
  }
  off(event?: string | null, cb?: (() => void) | null): void {
    if (event && cb) this.listeners.get(event)?.delete(cb);
  }
  send(msg: Message): void {
    this.sent.push(msg);
  }
  /** Change traits as one Python action does, then let the batched redraw run. */
  async set(traits: Record<string, unknown>): Promise<void> {
    Object.assign(this.data, traits);
    for (const name of Object.keys(traits)) this.listeners.get(`change:${name}`)?.forEach((cb) => cb());
    await Promise.resolve();
  }
  /** How many listeners one event has. */
  listening(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
  /** How many listeners there are in all. */
  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}

/** Until the parts a redraw draws after the browser's paint are drawn too (redraw.ts). */
export async function painted(): Promise<void> {
  await new Promise((r) => setTimeout(r, 0)); // the batched redraw first
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}
