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

export interface Card {
  id: string;
  label?: string;
  detail?: string;
  colour?: string | null;
  hidden?: boolean;
}

/** What every region has: its kind, its id (a target for the region itself) and a label. */
interface RegionBase {
  id: string;
  label?: string;
}

export interface PilesRegion extends RegionBase {
  kind: "piles";
  rows?: PileRow[];
}

export interface TowersRegion extends RegionBase {
  kind: "towers";
  towers?: Tower[];
}

/** File 0 is the left, rank 0 the bottom. */
export interface GridRegion extends RegionBase {
  kind: "grid";
  files?: number;
  ranks?: number;
  file_labels?: string[];
  rank_labels?: string[];
  cells?: Cell[];
}

export interface DiceRegion extends RegionBase {
  kind: "dice";
  dice?: Die[];
  faces?: number;
  settable?: boolean;
  due?: boolean;
}

export interface CardsRegion extends RegionBase {
  kind: "cards";
  cards?: Card[];
}

export interface DeckRegion extends RegionBase {
  kind: "deck";
  count?: number;
  due?: boolean;
  settable?: boolean;
  /** [value, label] pairs: the cards a draw may be set to. */
  choices?: [string, string][];
}

export type Region = PilesRegion | TowersRegion | GridRegion | DiceRegion | CardsRegion | DeckRegion;

export interface ScenePlayer {
  seat: Seat;
  name?: string;
  colour?: string;
  score?: number | string | null;
  note?: string;
  badges?: string[];
  winner?: boolean;
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
  | { do: "explain"; cursor: number; seat: Seat | null; path: string[] }
  | { do: "text"; cursor: number; text: string }
  | { do: "goto"; node: number }
  | { do: "back" }
  | { do: "forward" }
  | { do: "comment"; node: number; text: string }
  | { do: "new_game"; options: Record<string, unknown>; seed: number | null }
  | { do: "roll"; cursor: number }
  | { do: "set_chance"; cursor: number; values: (number | string)[] }
  | { do: "viewer"; seat: Seat | null; follow: boolean }
  | { do: "switch_game"; index: number };

/** The part of the anywidget model the front end uses. */
export interface Model {
  get(name: string): unknown;
  on(event: string, callback: () => void): void;
  off(event?: string | null, callback?: (() => void) | null): void;
  send(message: Message): void;
}
