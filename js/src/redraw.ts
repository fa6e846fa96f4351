// Redraws are batched: the trait changes of one Python action (one message) are drawn together,
// in one microtask, and only the parts they touch; parts made of a few elements are rebuilt only
// when the data they are drawn from changes.

export class Batch<P extends string> {
  private readonly dirty = new Set<P>();
  private alive = true;

  constructor(private readonly draw: (parts: ReadonlySet<P>) => void) {}

  /** Draw these parts in the next microtask, with whatever else is marked before it. */
  mark(...parts: P[]): void {
    if (!this.alive) return;
    if (!this.dirty.size && parts.length) queueMicrotask(() => this.flush());
    for (const p of parts) this.dirty.add(p);
  }

  /** Draw what is marked now. */
  flush(): void {
    if (!this.alive || !this.dirty.size) return;
    const parts = new Set(this.dirty);
    this.dirty.clear(); // first: a part that throws must not stop later redraws
    this.draw(parts);
  }

  stop(): void {
    this.alive = false;
    this.dirty.clear();
  }
}

/** What each part that is rebuilt only on a change was last drawn from. */
export class LastDrawn {
  private keys = new Map<string, string>();

  /** Whether `data` differs from what `part` was last drawn from (and remember it). */
  changed(part: string, data: unknown): boolean {
    const key = JSON.stringify(data);
    if (this.keys.get(part) === key) return false;
    this.keys.set(part, key);
    return true;
  }
}
