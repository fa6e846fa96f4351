// Redraws are batched: the trait changes of one Python action (one message) are drawn together,
// in one microtask, and only the parts they touch; parts made of a few elements are rebuilt only
// when the data they are drawn from changes. A part may wait for the paint of another drawn with
// it (the board a move changes is shown a frame before the list of moves beside it).

/** Call `fn` once the browser has painted what was drawn before now: in a task after the next
 * frame's, or after `most` ms when no frame comes (a hidden page paints nothing). */
export function afterPaint(fn: () => void, most = 100): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, most);
}

export class Batch<P extends string> {
  private readonly dirty = new Set<P>();
  private readonly held = new Set<P>();
  private alive = true;

  /** `later[p]`: the parts that, marked with p, are drawn only after p has been painted. */
  constructor(
    private readonly draw: (parts: ReadonlySet<P>) => void,
    private readonly later: Partial<Record<P, readonly P[]>> = {},
  ) {}

  /** Draw these parts in the next microtask, with whatever else is marked before it. */
  mark(...parts: P[]): void {
    if (!this.alive) return;
    if (!this.dirty.size && parts.length) queueMicrotask(() => this.flush(true));
    for (const p of parts) this.dirty.add(p);
  }

  /** Draw what is marked now; with `hold`, the parts `later` names wait for the paint. */
  flush(hold = false): void {
    if (!this.alive || !this.dirty.size) return;
    const parts = new Set(this.dirty);
    this.dirty.clear(); // first: a part that throws must not stop later redraws
    if (hold) this.hold(parts);
    this.draw(parts);
  }

  /** Take out of `parts` those that wait for the paint of another of them, and mark them then. */
  private hold(parts: Set<P>): void {
    const wait = [...parts].flatMap((p) => this.later[p] ?? []).filter((p) => parts.delete(p));
    if (!wait.length) return;
    if (!this.held.size) afterPaint(() => this.release());
    for (const p of wait) this.held.add(p);
  }

  private release(): void {
    const parts = [...this.held];
    this.held.clear();
    this.mark(...parts);
  }

  stop(): void {
    this.alive = false;
    this.dirty.clear();
    this.held.clear();
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
