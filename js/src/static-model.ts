// The model of a board in a published page: no kernel behind it. It holds the board's traits as
// they were published and answers the messages of stepping through the record (goto, back,
// forward, the keys) by showing the published scene and status of that node, as Python would,
// and, where the board holds several games, the games switcher's (each game where it was left).
// Anything else (a move, a comment, a new game) is answered in the error line: moves need a
// running notebook. The real widget (index.ts) draws it, so a published board is the board.

import { list, object, str } from "./dom";
import { LocalModel } from "./local-model";
import { readTimeline } from "./timeline";
import type { Message, TimelineEntry } from "./types";

/** What a published page holds for one node. */
export interface PublishedNode {
  scene: unknown;
  status: string;
  notes: Record<string, unknown>; // the node's annotations
}

/** A published game: its traits at publishing time, and every node's scene and status. */
export interface Published {
  title: string;
  cursor: number;
  timeline: unknown[];
  nodes: Map<number, PublishedNode>;
}

/** A game of a board that holds several, as the games switcher lists it. */
export interface PublishedGame {
  label: string;
  game: Published;
}

/** The one line a published board says about what it cannot do. */
export const PUBLISHED_NOTE = "Read-only: step through the moves here; playing, dice and draws, comments and agents need a running notebook.";
export const READ_ONLY =
  "This is a published page: step through the record here; moves, comments and new games need a running notebook.";
export const NOT_PUBLISHED =
  "Only the position shown was published (the notebook was published from saved outputs that cannot replay this game): run the notebook to step through it.";

/** The nodes of a published board's node data (`[[id, scene, status, notes], ...]`). */
export function readNodes(data: unknown): Map<number, PublishedNode> {
  const nodes = new Map<number, PublishedNode>();
  for (const row of list<unknown>(data)) {
    if (!Array.isArray(row) || typeof row[0] !== "number") continue;
    nodes.set(row[0], { scene: object(row[1]) ?? {}, status: str(row[2]), notes: object<Record<string, unknown>>(row[3]) ?? {} });
  }
  return nodes;
}

export class StaticModel extends LocalModel {
  private entries: TimelineEntry[];
  private readonly cursors: number[]; // where each game was left

  /** `games`: every game of a board that holds several (one of them `published`, the one shown). */
  constructor(private published: Published, private readonly games: PublishedGame[] = []) {
    super({
      title: published.title,
      scene: {},
      actors: [], // nothing can be played here: no targets are offered
      _timeline: published.timeline,
      cursor: 0,
      status: "",
      error: "",
      variant_schema: [],
      form_error: {},
      seed: null,
      viewer: null,
      follow_turn: false,
      viewers: [],
      games: games.map((g, i) => [i, g.label]),
      game_index: Math.max(0, games.findIndex((g) => g.game === published)),
      seated: [],
      agent_choices: [],
      thinking: {},
      hints: [],
      _published: true,
    });
    this.entries = readTimeline(published.timeline);
    this.cursors = games.map((g) => g.game.cursor);
    this.show(this.known(published.cursor) ? published.cursor : 0, false);
  }

  set(name: string, value: unknown): void {
    this.data[name] = value;
    this.changed([name]);
  }

  /** The node shown. */
  get cursor(): number {
    return Number(this.data.cursor) || 0;
  }

  /** The annotations of the node shown. */
  notes(): Record<string, unknown> {
    return this.published.nodes.get(this.cursor)?.notes ?? {};
  }

  send(m: Message): void {
    const here = this.cursor;
    if (m.do === "switch_game") this.switchGame(m.index);
    else if (m.do === "goto") this.show(typeof m.node === "number" && this.entries.some((e) => e.id === m.node) ? m.node : here);
    else if (m.do === "back") this.show(this.entries.find((e) => e.id === here)?.parent ?? here);
    else if (m.do === "forward") this.show(this.entries.find((e) => e.parent === here)?.id ?? here); // the first child
    else this.set("error", READ_ONLY);
  }

  /** Show another game, where it was left. */
  private switchGame(index: unknown): void {
    const at = Number(this.data.game_index);
    const next = typeof index === "number" ? this.games[index] : undefined;
    if (!next || index === at) return;
    this.cursors[at] = this.cursor;
    this.published = next.game;
    this.entries = readTimeline(next.game.timeline);
    this.set("title", next.game.title);
    this.set("_timeline", next.game.timeline);
    this.set("game_index", index);
    this.show(this.cursors[index as number] ?? next.game.cursor);
  }

  private known(node: unknown): node is number {
    return typeof node === "number" && this.published.nodes.has(node);
  }

  /** Show a node as Python would: its scene, status and cursor, the error line cleared. A node
   * of the move list whose scene was not published is refused in the error line. */
  private show(node: number, notify = true): void {
    const n = this.published.nodes.get(node);
    if (!n) {
      if (notify) this.set("error", NOT_PUBLISHED);
      return;
    }
    // its arrows and highlights are drawn over the scene, its mark and tags shown (read-only)
    const changes: Record<string, unknown> = { scene: n.scene, status: n.status, error: "", annotations: n.notes, cursor: node };
    for (const [name, value] of Object.entries(changes)) {
      if (notify) this.set(name, value);
      else this.data[name] = value;
    }
  }
}

/** A published board's JSON as sent: `{title, cursor, timeline, nodes}` with `nodes` already
 * decoded to `[[id, scene, status, notes], ...]`. */
export function readPublished(json: unknown, nodes: unknown): Published {
  const o = object<Record<string, unknown>>(json) ?? {};
  return {
    title: str(o.title),
    cursor: Number(o.cursor) || 0,
    timeline: list<unknown>(o.timeline),
    nodes: readNodes(nodes),
  };
}
