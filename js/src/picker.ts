// The move picker, pure: the actors' tries and the clicks so far -> the targets to highlight,
// or the path to send. No DOM and no game rules.

import type { Actor, Seat, Trie } from "./types";

/** The seat chosen with the seat buttons (or null), and the keys clicked so far. */
export interface Pick {
  seat: Seat | null;
  path: string[];
}

/** A key that may be clicked next: the seats whose moves continue with it, and the move kind
 * if it ends a move (a leaf) for every one of them. */
export interface Target {
  key: string;
  seats: Seat[];
  leaf: string | null;
}

export type Outcome =
  | { kind: "reset" } // not a target: start over
  | { kind: "select"; pick: Pick } // a prefix: wait for the next click
  | { kind: "send"; seat: Seat; path: string[] } // a whole move
  | { kind: "ambiguous"; seats: Seat[] }; // a move of several seats: choose one first

export const EMPTY: Pick = { seat: null, path: [] };

/** The node of `tree` at `path`, or undefined when the path leaves the trie. */
export function walk(tree: Trie | string | undefined, path: readonly string[]): Trie | string | undefined {
  let node = tree;
  for (const key of path) {
    if (!isTrie(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function isTrie(node: unknown): node is Trie {
  return node !== null && typeof node === "object" && !Array.isArray(node);
}

/** The actors whose moves continue the path (only the chosen seat, when one is chosen). */
export function candidates(actors: readonly Actor[], pick: Pick): Actor[] {
  return actors.filter(
    (a) => (pick.seat === null || a.seat === pick.seat) && isTrie(walk(a.tree, pick.path)),
  );
}

/** The seat that will act: the chosen one, or the only seat the clicks so far fit. */
export function actingSeat(actors: readonly Actor[], pick: Pick): Seat | null {
  if (pick.seat !== null) return pick.seat;
  const c = candidates(actors, pick);
  return c.length === 1 && (pick.path.length > 0 || actors.length === 1) ? c[0]!.seat : null;
}

/** The keys that may be clicked next. */
export function targets(actors: readonly Actor[], pick: Pick): Map<string, Target> {
  const out = new Map<string, Target>();
  for (const a of candidates(actors, pick)) {
    const node = walk(a.tree, pick.path) as Trie;
    for (const key of Object.keys(node)) {
      const child = node[key];
      const leaf = typeof child === "string" ? child : null;
      if (leaf === null && !isTrie(child)) continue; // malformed: neither a move nor a prefix
      const t = out.get(key);
      if (!t) out.set(key, { key, seats: [a.seat], leaf });
      else {
        t.seats.push(a.seat);
        if (t.leaf !== leaf) t.leaf = null;
      }
    }
  }
  return out;
}

/** What a click on `key` does. */
export function click(actors: readonly Actor[], pick: Pick, key: string): Outcome {
  const t = targets(actors, pick).get(key);
  if (!t) return { kind: "reset" };
  const path = [...pick.path, key];
  if (t.seats.length === 1) {
    const seat = t.seats[0]!;
    const actor = candidates(actors, pick).find((a) => a.seat === seat)!;
    return typeof walk(actor.tree, path) === "string"
      ? { kind: "send", seat, path }
      : { kind: "select", pick: { seat: pick.seat, path } };
  }
  // Several seats continue with this key: fine as a prefix, but a move needs one seat.
  const endsMove = candidates(actors, pick).some((a) => t.seats.includes(a.seat) && typeof walk(a.tree, path) === "string");
  return endsMove ? { kind: "ambiguous", seats: t.seats } : { kind: "select", pick: { seat: pick.seat, path } };
}
