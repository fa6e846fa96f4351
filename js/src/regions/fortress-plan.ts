// The plan of Ice Fortress's fortress in elevation: which room rests on which space or pillar
// group, and how wide each is. A room's face is cut into parts: each pillar group, a run of loose
// squares, the ice section. A part is as wide as its squares or the room(s) built on it, whichever
// is wider (measured bottom-up), then every room is stretched over the part it rests on (top-down),
// so each room sits exactly over its group's outline and a tower reads as a stack.

import { objects, str } from "../dom";
import type { FortRoom, FortressRegion, FoundationSpace, PillarGroup, PillarSquare } from "../scene-types";
import { CHAR, textWidth } from "./common";

export const COL = 24; // one pillar square's column: its box and its constraint under it
export const SEG_GAP = 2; // between the parts of a room, and between rooms side by side
const SEG_PAD = 3; // inside a group's outline, each side
export const ROOM_PAD = 3; // inside a room's card, each side
const ICE_W = 26; // an ice section
const MIN_ROOM = 48; // a room's card at its narrowest: its id and ice icon
export const NAME_PX = 11; // a room's bold name
const SPACE_MIN = 96; // a foundation space, even empty
export const SPACE_GAP = 8; // between spaces
const MAX_LEVELS = 12; // rooms stacked higher (only in broken data) stand on columns of their own
const MAX_ROOMS = 400;

/** A part of a room's face: a pillar group, a run of loose squares, or the ice section. */
export interface Seg {
  kind: "group" | "loose" | "ice";
  group: PillarGroup | null;
  squares: PillarSquare[];
  on: Tree[]; // the rooms resting on this group
  width: number;
}

/** A room with the rooms it carries: `need` is the width it needs, `width` the width it gets. */
export interface Tree {
  room: FortRoom;
  segs: Seg[];
  depth: number;
  need: number;
  width: number;
}

/** A column of the fortress: a foundation space (or none, for rooms resting on nothing drawn)
 * and the rooms on it. */
export interface Column {
  space: FoundationSpace | null;
  rooms: Tree[];
  width: number;
}

// -- reading the region ----------------------------------------------------------------------

export function rooms(region: FortressRegion): FortRoom[] {
  return objects<FortRoom>(region.rooms).filter((r) => str(r.id) !== "").slice(0, MAX_ROOMS);
}

export function squaresOf(room: FortRoom): PillarSquare[] {
  return objects<PillarSquare>(room.squares).filter((s) => str(s.id) !== "");
}

export function groupsOf(room: FortRoom): PillarGroup[] {
  return objects<PillarGroup>(room.groups).filter((g) => str(g.id) !== "");
}

/** What follows "<room id>." in a square's or group's id ("b" of "R2.b"), or the whole id. */
export function shortId(id: string, roomId: string): string {
  const prefix = `${roomId}.`;
  return id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id;
}

/** The parts of a room's face, in the order of its squares: a group where its first square is,
 * loose squares in runs, and the ice section last. */
function segments(room: FortRoom): Seg[] {
  const groups = groupsOf(room);
  const groupOf = new Map<string, PillarGroup>();
  for (const g of groups) for (const s of Array.isArray(g.squares) ? g.squares : []) if (!groupOf.has(str(s))) groupOf.set(str(s), g);
  const squares = squaresOf(room);
  const byId = new Map(squares.map((s) => [str(s.id), s]));
  const segs: Seg[] = [];
  const placed = new Set<PillarGroup>();
  let run: Seg | null = null;
  for (const sq of squares) {
    const g = groupOf.get(str(sq.id));
    if (!g) {
      if (!run) segs.push((run = { kind: "loose", group: null, squares: [], on: [], width: 0 }));
      run.squares.push(sq);
      continue;
    }
    run = null;
    if (placed.has(g)) continue;
    placed.add(g);
    const own = (Array.isArray(g.squares) ? g.squares : []).map((id) => byId.get(str(id))).filter((s): s is PillarSquare => s !== undefined);
    segs.push({ kind: "group", group: g, squares: own, on: [], width: 0 });
  }
  for (const g of groups) if (!placed.has(g)) segs.push({ kind: "group", group: g, squares: [], on: [], width: 0 });
  if (room.ice_section === true) segs.push({ kind: "ice", group: null, squares: [], on: [], width: 0 });
  return segs;
}

/** The rooms as trees on the spaces (and, for rooms resting on nothing drawn, columns of their own). */
export function columns(region: FortressRegion): Column[] {
  const seen = new Set<string>();
  const all = rooms(region).filter((r) => !seen.has(str(r.id)) && Boolean(seen.add(str(r.id))));
  const resting = new Map<string, FortRoom[]>(); // what each space or group carries
  for (const r of all) resting.set(str(r.on), [...(resting.get(str(r.on)) ?? []), r]);
  const placed = new Set<FortRoom>();
  const tree = (room: FortRoom, depth: number): Tree => {
    placed.add(room);
    return { room, segs: segments(room), depth, need: 0, width: 0 };
  };
  // Grown from the ground up, so a room whose support is never reached (a missing group, a cycle)
  // stands on a column of its own at its level instead of vanishing.
  const grow = (t: Tree): Tree => {
    if (t.depth >= MAX_LEVELS) return t;
    for (const seg of t.segs) {
      if (!seg.group) continue;
      for (const r of resting.get(str(seg.group.id)) ?? []) if (!placed.has(r)) seg.on.push(tree(r, t.depth + 1));
      seg.on.forEach(grow);
    }
    return t;
  };
  const cols: Column[] = [];
  for (const space of objects<FoundationSpace>(region.spaces).filter((s) => str(s.id) !== "")) {
    const on = cols.some((c) => str(c.space?.id) === str(space.id)) ? [] : (resting.get(str(space.id)) ?? []);
    cols.push({ space, rooms: on.filter((r) => !placed.has(r)).map((r) => grow(tree(r, 1))), width: 0 });
  }
  for (const r of all) {
    if (!placed.has(r)) cols.push({ space: null, rooms: [grow(tree(r, Math.max(1, Math.min(MAX_LEVELS, Math.floor(Number(r.level)) || 1))))], width: 0 });
  }
  // rooms on no space drawn (a supply of rooms) are as wide as their names too
  const named = !objects<FoundationSpace>(region.spaces).length;
  for (const col of cols) {
    const need = col.rooms.reduce((w, t) => w + measure(t, named), 0) + SEG_GAP * Math.max(0, col.rooms.length - 1);
    col.width = Math.max(col.space ? SPACE_MIN : 0, need);
    stretch(col.rooms, col.width);
  }
  return cols;
}

/** The width a segment's own drawing needs. */
function ownWidth(seg: Seg): number {
  if (seg.kind === "ice") return ICE_W;
  const squares = seg.squares.length * COL;
  if (seg.kind === "loose") return Math.max(COL, squares);
  return Math.max(squares, CHAR * str(seg.group?.carries).length + 4) + 2 * SEG_PAD;
}

/** The room a card `w` wide leaves for its name, beside its ice icon. */
export function nameRoom(room: FortRoom, w: number): number {
  return w - 2 * ROOM_PAD - 8 - (room.ice === true ? 20 : 0);
}

/** The width of a room's name line: its label, measured, and its ice icon. */
export function labelWidth(room: FortRoom): number {
  return Math.ceil(textWidth(str(room.label), NAME_PX) - nameRoom(room, 0));
}

/** The width a room needs with everything it carries (bottom-up); a `named` room's name fits too. */
function measure(t: Tree, named = false): number {
  let sum = 0;
  for (const seg of t.segs) {
    const above = seg.on.reduce((w, c) => w + measure(c), 0) + SEG_GAP * Math.max(0, seg.on.length - 1);
    seg.width = Math.max(ownWidth(seg), above);
    sum += seg.width;
  }
  t.need = Math.max(MIN_ROOM, sum + SEG_GAP * Math.max(0, t.segs.length - 1) + 2 * ROOM_PAD, named ? labelWidth(t.room) : 0);
  return t.need;
}

/** Share `width` among rooms side by side in proportion to their needs, and stretch each room's
 * parts (and the rooms on them) to fill what it gets (top-down). */
function stretch(trees: Tree[], width: number): void {
  const gaps = SEG_GAP * Math.max(0, trees.length - 1);
  const need = trees.reduce((w, t) => w + t.need, 0);
  const extra = Math.max(0, width - gaps - need);
  for (const t of trees) {
    t.width = t.need + (need ? (extra * t.need) / need : 0);
    const inner = t.width - 2 * ROOM_PAD - SEG_GAP * Math.max(0, t.segs.length - 1);
    const used = t.segs.reduce((w, s) => w + s.width, 0);
    const more = t.segs.length ? Math.max(0, inner - used) / t.segs.length : 0;
    for (const seg of t.segs) {
      seg.width += more;
      stretch(seg.on, seg.width);
    }
  }
}

/** Split columns into lines no wider than `width` (at least one column a line); the foundation's
 * spaces stay on one line whatever its width, as the board is one strip. */
export function wrapColumns(cols: Column[], width: number): Column[][] {
  const out: Column[][] = [];
  let line: Column[] = [];
  let used = 0;
  for (const col of cols) {
    const w = (line.length ? SPACE_GAP : 0) + col.width;
    if (line.length && used + w > width && !(col.space && line.every((c) => c.space))) {
      out.push(line);
      line = [];
      used = 0;
    }
    used += line.length ? SPACE_GAP + col.width : col.width;
    line.push(col);
  }
  if (line.length) out.push(line);
  return out;
}

/** The level of the highest room of a tree. */
export function height(t: Tree): number {
  return t.segs.reduce((m, s) => s.on.reduce((n, c) => Math.max(n, height(c)), m), t.depth);
}
