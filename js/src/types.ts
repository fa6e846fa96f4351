// The data shapes of ARCHITECTURE.md ("The scene vocabulary" and "The Board widget").
// Everything arrives from Python as JSON, so readers treat every field as possibly missing.

export type Seat = number | string;

// The scene vocabulary has one definition, in Python (icewidgets/core/scene.py); these types
// are generated from it. Readers still treat every field as possibly missing or wrong.
export type {
  Card, CardsRegion, Cell, DeckRegion, DiceRegion, Die, GridRegion, Mark, Piece, Pile, PileRow,
  PilesRegion, Pyramid, Region, Scene, ScenePlayer, Space, SpacesRegion, SuitMark, Tower, TowersRegion, TrackRegion,
} from "./scene-types";

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
  mark?: string; // the move's mark ("!?"), or ""
  tags?: string[];
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

/** Who plays a seat: an agent by name, or a person (null). */
export interface Seated {
  seat: number;
  agent: string | null;
}

/** The agent thinking now, and at which seat. */
export interface Thinking {
  seat: Seat;
  name: string;
  agent: string;
}

/** One of the hint agent's preferred moves at the position shown, best first. */
export interface Hint {
  text: string;
  label?: string; // the move in words, as its button says it
  path: string[];
  share: number; // of the agent's preference (MCTS: of its search), 0..1
  value?: number | null; // the agent's estimate of the seat's (the team's) chance of winning after it, 0..1
  valueText?: string; // that estimate as the board labels it ("64%"); "" where there is none
  note: string; // the figures in words: "wins 64% (120 of 200 simulations)"
}

/** Messages to Python (model.send): their types are written from Python's (session/protocol.py). */
import type { Message } from "./messages";
export type { Message } from "./messages";

/** The part of the anywidget model the front end uses. */
export interface Model {
  get(name: string): unknown;
  on(event: string, callback: () => void): void;
  off(event?: string | null, callback?: (() => void) | null): void;
  send(message: Message): void;
}
