// The move list and the records kept current by splices: after a step Python sends only the rows
// that changed, in the `_splices` trait of the same update as the step's other traits
// ({"n": serial, "timeline": [[start, removed, rows], ...], "records": [...]}), instead of the
// whole lists. The model applies each serial once to its own `_timeline` and `_records` (without
// sending anything back), before the board redraws from that update, so every view of the
// widget, one rendered later, and the widget state a notebook saves hold the whole lists as usual.

/** The part of the anywidget model that keeping the list needs. */
export interface ListModel {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  on(event: string, callback: () => void): void;
  off(event?: string | null, callback?: (() => void) | null): void;
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

/** The records with Python's patches applied (session/carried.py): `[game, "entry", record or
 * null]` adds or replaces a game's record, `[game, "nodes", start, removed, rows]` splices its
 * node rows, `[game, "metadata", value]` and `[game, "cursor", node]` set those. Null when a patch
 * does not fit (the list is then left as it is). */
export function applyRecordPatches(records: unknown, patches: unknown): unknown[] | null {
  if (!Array.isArray(records) || !Array.isArray(patches)) return null;
  const next = records.slice();
  for (const p of patches) {
    if (!Array.isArray(p) || !Number.isInteger(p[0]) || p[0] < 0 || p[0] > next.length) return null;
    const [game, what] = p as [number, unknown];
    if (what === "entry") {
      next[game] = p[2] ?? null;
      continue;
    }
    const entry = next[game];
    if (!entry || typeof entry !== "object") return null;
    const changed: Record<string, unknown> = { ...entry };
    if (what === "nodes") {
      const rows = applySplices(changed.nodes, [p.slice(2)]);
      if (!rows) return null;
      changed.nodes = rows;
    } else if (what === "metadata" || what === "cursor") changed[what] = p[2];
    else return null;
    next[game] = changed;
  }
  return next;
}

/** The serial of a `_splices` value, if it has one. */
function serial(value: unknown): unknown {
  return value && typeof value === "object" ? (value as { n?: unknown }).n : undefined;
}

/** Apply the splices Python sends to the model's `_timeline` and `_records`, each serial once
 * (those the model held when it was made are already in its lists); returns the cleanup. */
export function keepTimeline(model: ListModel): () => void {
  let applied = serial(model.get("_splices"));
  const onSplices = (): void => {
    const content = model.get("_splices");
    const n = serial(content);
    if (n === undefined || n === applied) return;
    applied = n;
    const { timeline, records } = content as { timeline?: unknown; records?: unknown };
    if (timeline !== undefined && !(Array.isArray(timeline) && timeline.length === 0)) {
      const next = applySplices(model.get("_timeline"), timeline);
      if (next) model.set("_timeline", next);
    }
    if (records !== undefined) {
      const next = applyRecordPatches(model.get("_records"), records);
      if (next) model.set("_records", next);
    }
  };
  model.on("change:_splices", onSplices);
  return () => model.off("change:_splices", onSplices);
}
