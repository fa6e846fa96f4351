// The move list kept current by splices: after a step Python sends only the rows that changed,
// as a custom message {"timeline": [[start, removed, rows], ...]}, instead of the whole list.
// The model applies them to its own `_timeline` (without sending anything back), so every view
// of the widget, and one rendered later, reads the whole list as usual.

/** The part of the anywidget model that keeping the list needs. */
export interface ListModel {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  on(event: string, callback: (content: unknown) => void): void;
  off(event?: string | null, callback?: ((content: unknown) => void) | null): void;
}

type Splice = [number, number, unknown[]];

function isSplice(s: unknown): s is Splice {
  return (
    Array.isArray(s) && s.length === 3 && Number.isInteger(s[0]) && Number.isInteger(s[1]) &&
    (s[0] as number) >= 0 && (s[1] as number) >= 0 && Array.isArray(s[2])
  );
}

/** The rows with the splices applied, in order; null when a splice does not fit the rows (the
 * list is then left as it is, and the next whole list from Python puts it right). */
export function applySplices(rows: unknown, splices: unknown): unknown[] | null {
  if (!Array.isArray(rows) || !Array.isArray(splices) || !splices.every(isSplice)) return null;
  const next = rows.slice();
  for (const [start, removed, added] of splices) {
    if (start + removed > next.length) return null;
    next.splice(start, removed, ...added);
  }
  return next;
}

/** Apply the timeline splices Python sends to the model's `_timeline`; returns the cleanup. */
export function keepTimeline(model: ListModel): () => void {
  const onMessage = (content: unknown): void => {
    if (!content || typeof content !== "object" || !("timeline" in content)) return;
    const next = applySplices(model.get("_timeline"), (content as { timeline: unknown }).timeline);
    if (next) model.set("_timeline", next);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}
