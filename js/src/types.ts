// The data shapes of ARCHITECTURE.md ("The scene vocabulary" and "The Board widget").
// Everything arrives from Python as JSON, so readers treat every field as possibly missing.

export type Seat = number | string;

export interface Piece {
  id: string;
  colour: string;
  size: number;
}

export interface Pile extends Piece {
  count: number;
}

export interface PileRow {
  label?: string;
  colour?: string;
  piles?: Pile[];
}

export interface Tower {
  id: string;
  label?: string;
  owner?: string | null;
  points?: number | null;
  pieces?: Piece[];
}

export interface Cell {
  id: string;
  file: number;
  rank: number;
  pieces?: Piece[];
}

export interface Die {
  id: string;
  label?: string;
  face?: number | null;
  used?: boolean;
  note?: string;
}

export interface Region {
  kind: string;
  id: string;
  label?: string;
  rows?: PileRow[]; // kind "piles"
  towers?: Tower[]; // kind "towers"
  files?: number; // kind "grid": file 0 is the left, rank 0 the bottom
  ranks?: number;
  file_labels?: string[];
  rank_labels?: string[];
  cells?: Cell[];
  dice?: Die[]; // kind "dice"
  faces?: number;
  settable?: boolean;
  due?: boolean;
}

export interface ScenePlayer {
  seat: Seat;
  name?: string;
  colour?: string;
  score?: number | string | null;
  note?: string;
  badges?: string[];
}

export interface Mark {
  id: string;
  kind: string;
}

export interface Scene {
  title?: string;
  players?: ScenePlayer[];
  regions?: Region[];
  marks?: Mark[];
}

/** A trie of click paths: an inner node maps keys to sub-tries, a leaf is the move's kind. */
export interface Trie {
  [key: string]: Trie | string;
}

export interface Actor {
  seat: Seat;
  name?: string;
  colour?: string;
  tree?: Trie;
  buttons?: [string, string][];
}

export interface TimelineEntry {
  id: number;
  parent: number | null;
  ply: number;
  label: string;
  colour?: string | null;
  depth: number;
  comment?: string;
}

export interface OptionSpec {
  name: string;
  type: string;
  default?: unknown;
  value?: unknown;
  choices?: unknown[] | null;
  low?: number | null;
  high?: number | null;
  help?: string;
}

/** Messages to Python (model.send). */
export type Message =
  | { do: "path"; cursor: number; seat: Seat; path: string[] }
  | { do: "text"; cursor: number; text: string }
  | { do: "goto"; node: number }
  | { do: "back" }
  | { do: "forward" }
  | { do: "comment"; node: number; text: string }
  | { do: "new_game"; options: Record<string, unknown> }
  | { do: "roll"; cursor: number }
  | { do: "set_chance"; cursor: number; values: number[] };

/** The part of the anywidget model the front end uses. */
export interface Model {
  get(name: string): unknown;
  on(event: string, callback: () => void): void;
  off(event?: string | null, callback?: (() => void) | null): void;
  send(message: Message): void;
}
