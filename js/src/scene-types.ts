// Generated from icewidgets/core/scene.py by `python tests/write_types.py`: do not edit.

/** An id to emphasise; kind `last`: touched by the last move. */
export interface Mark {
  id: string;
  kind: string;
}

/** A seat's entry in the players' panel. */
export interface ScenePlayer {
  seat: number;
  name: string;
  colour: string;
  score: number;
  note: string;
  badges: string[];
  winner: boolean;
}

/** A pyramid in a stack: upright, or lying with its apex toward its `facing`. */
export interface Piece {
  id: string;
  colour: string;
  size: number;
  facing?: "n" | "e" | "s" | "w";
}

/** Interchangeable pieces of one colour and size, with their count. */
export interface Pile {
  id: string;
  colour: string;
  size: number;
  count: number;
}

/** One labelled row of piles. */
export interface PileRow {
  label: string;
  colour: string;
  piles: Pile[];
}

/** A stack drawn side-on, bottom first; `owner` is the colour on top, or null. */
export interface Tower {
  id: string;
  label: string;
  owner: string | null;
  points: number;
  pieces: Piece[];
}

/** A square of a grid (file 0 the left, rank 0 the bottom) and its stack, bottom first. */
export interface Cell {
  id: string;
  file: number;
  rank: number;
  pieces: Piece[];
}

/** A die; `face` is null while its roll is due. */
export interface Die {
  id: string;
  label?: string;
  face: number | null;
  used: boolean;
  note: string;
}

/** A suit drawn on a card as its symbol (`moons`, `suns`, `waves`, `leaves`, `wyrms`, `knots`); its id is a target of its own (the card's id, a slash, the suit). */
export interface SuitMark {
  id: string;
  suit: string;
}

/** A card; a hidden one is drawn face down with no text. `colour` tints its edge. A card of a suited deck (the Decktet) also has its `rank` ("Ace", "2" to "9", "Crown", "Pawn", ...) and its suits, drawn as symbols. */
export interface Card {
  id: string;
  label: string;
  detail: string;
  colour?: string | null;
  hidden: boolean;
  rank?: string;
  suits?: SuitMark[];
}

/** A pyramid on a board of spaces: standing (`facing` "up") or lying flat, pointing "n", "e", "s" or "w". */
export interface Pyramid {
  id: string;
  colour: string;
  size: number;
  facing: "up" | "n" | "e" | "s" | "w";
}

/** A place on a board that grows and shrinks (Dectana's): at (x, y), x growing east and y growing north. With a `card` (its top card, `under` more beneath) it is a territory; without, a wasteland, drawn faintly. `label` is its coordinate as the notation writes it. */
export interface Space {
  id: string;
  x: number;
  y: number;
  label: string;
  card: Card | null;
  under: number;
  pieces: Pyramid[];
}

/** Rows of interchangeable pieces. */
export interface PilesRegion {
  kind: "piles";
  id: string;
  label: string;
  rows: PileRow[];
}

/** Towers side-on; the region's id is a target itself (the empty table). */
export interface TowersRegion {
  kind: "towers";
  id: string;
  label: string;
  towers: Tower[];
}

/** A board of squares; only the cells listed are targets (empty `pieces` is fine). The `holes`, each [file, rank], are squares the board leaves out: they are not drawn. */
export interface GridRegion {
  kind: "grid";
  id: string;
  label: string;
  files: number;
  ranks: number;
  file_labels: string[];
  rank_labels: string[];
  cells: Cell[];
  holes?: [number, number][];
}

/** Dice; `due`: a roll is awaited; `settable`: the faces may be set by hand. */
export interface DiceRegion {
  kind: "dice";
  id: string;
  label: string;
  settable: boolean;
  due: boolean;
  faces: number;
  dice: Die[];
}

/** A row of cards (a hand, a market); the region's id is a target itself. A region with `pile` (a discard pile: how many cards it holds, each card given once with its copies in its detail) is drawn as one small stack with that count, its cards listed on demand. A `folded` region is drawn as its label's line until a person opens it. A `compact` region is a column of small cards (rank, suits and name; the detail in the tooltip), narrow enough to stand beside a board. */
export interface CardsRegion {
  kind: "cards";
  id: string;
  label: string;
  cards: Card[];
  pile?: number;
  folded?: boolean;
  compact?: boolean;
}

/** A face-down pile that chance draws from; `choices` are the (value, label) pairs a draw may be set to by hand (empty unless `settable`). */
export interface DeckRegion {
  kind: "deck";
  id: string;
  label: string;
  count: number;
  due: boolean;
  settable: boolean;
  choices: [string, string][];
  compact?: boolean;
}

/** A board of spaces at integer coordinates (only those listed are drawn, each keeping its place as the board grows); the region's id is not a target. */
export interface SpacesRegion {
  kind: "spaces";
  id: string;
  label: string;
  spaces: Space[];
}

/** A pillar square of a fortress room: `text` is its constraint ("any", "3", "4-5", or a black square's modifier "+1", "x2" with the id of the square it is `linked` to); the die on it, the colour of the invader on it, and whether a room built above `covered` it; `label` names it as a person reads it, by its place on the card ("R1's 2nd square"). */
export interface PillarSquare {
  id: string;
  label: string;
  text: string;
  linked: string | null;
  die: number | null;
  invader: string | null;
  covered: boolean;
}

/** Squares that, once all hold pillars, carry a room of the size `carries`; `invader` is the colour of an invader occupying the whole group; `built`: a room stands on it; `label` names it as a person reads it ("R1's group"). */
export interface PillarGroup {
  id: string;
  label: string;
  carries: string;
  squares: string[];
  invader: string | null;
  built: boolean;
}

/** A room of a fortress drawn in elevation: it rests `on` a foundation space's id or a pillar group's id; `colour` is its element's palette name ("ghost" for a white room). */
export interface FortRoom {
  id: string;
  label: string;
  element: string;
  colour: string;
  size: string;
  level: number;
  on: string;
  ice: boolean;
  ice_section: boolean;
  squares: PillarSquare[];
  groups: PillarGroup[];
}

export interface FoundationSpace {
  id: string;
  label: string;
}

/** A fortress seen from the front: rooms stacked on foundation spaces and on the pillar groups of the rooms below. */
export interface FortressRegion {
  kind: "fortress";
  id: string;
  label: string;
  spaces: FoundationSpace[];
  rooms: FortRoom[];
}

/** A count drawn as a track of `most` boxes, `value` of them filled in `colour` (a shield's cubes). */
export interface TrackRegion {
  kind: "track";
  id: string;
  label: string;
  value: number;
  most: number;
  colour: string;
}

export type Region = PilesRegion | TowersRegion | GridRegion | DiceRegion | CardsRegion | DeckRegion | SpacesRegion | FortressRegion | TrackRegion;

/** What the board draws for one position. */
export interface Scene {
  title: string;
  players: ScenePlayer[];
  regions: Region[];
  marks: Mark[];
}
