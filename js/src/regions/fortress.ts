// Ice Fortress's fortress in elevation, seen from the front: the foundation board's spaces side by
// side along the bottom, each jumbo room on its space, every other room over the pillar group it
// rests on (fortress-plan.ts says where and how wide), a level higher, so a tower reads as a stack.
// A room is a card in its element's colour with its pillar squares (constraint, die, invader),
// its groups outlined in dots, its ice. The spaces stay on one line (the fortress is one strip:
// a wider one is scaled down by the board's zoom); rooms on no space (a supply) wrap to fit.

import { objects, r1, str, svg } from "../dom";
import { paint } from "../palette";
import { group, part, type Part } from "../reconcile";
import type { FortRoom, FortressRegion, FoundationSpace, PillarGroup, PillarSquare } from "../scene-types";
import { CHAR, LABEL_H, MIN_W, PAD, drawText, hitRect, idAttrs, textWidth, title, truncate, type Layout, type Room } from "./common";
import { COL, NAME_PX, ROOM_PAD, SEG_GAP, SPACE_GAP, columns, nameRoom, type Column, groupsOf, height, rooms, shortId, squaresOf, wrapColumns, type Seg, type Tree } from "./fortress-plan";

export { COL } from "./fortress-plan";
export const BOX = 18; // a pillar square (and the die on it)
export const CARD_H = 76; // a room's card
export const LEVEL_H = CARD_H + 4; // one level of the fortress
export const GROUND_H = 22; // the foundation board's strip under the rooms
const LINE_GAP = 14; // between lines of spaces

// Rows of a card, from its top edge.
const OUTLINE_TOP = 3;
const BOX_TOP = 12; // a black square's link arcs over the squares, above this
const CAPTION_Y = BOX_TOP + BOX + 12; // baseline of a square's constraint
const GROUP_LABEL_Y = CAPTION_Y + 13; // baseline of the size a group carries
const OUTLINE_BOTTOM = GROUP_LABEL_Y + 4;
const ROOM_LABEL_Y = CARD_H - 6; // baseline of the room's id

/** The elements of Ice Fortress by the colours its scenes give them, for names. */
const ELEMENT_OF: Record<string, string> = { orange: "fire", blue: "water", green: "earth", purple: "air", ghost: "white" };

/** Pip positions on a die face, in units of a third of its side. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// -- names -----------------------------------------------------------------------------------

function elementName(colour: unknown): string {
  const c = str(colour);
  return Object.hasOwn(ELEMENT_OF, c) ? ELEMENT_OF[c]! : c;
}

/** What a room is called, as its card shows it: a built room by its short id (R2), a room with a
 * long id (in a supply: "supply:large-water-1") by its name ("Large water 1"). */
export function roomCalled(room: FortRoom): string {
  const id = str(room.id);
  return id.length > 4 && str(room.label) ? str(room.label) : id;
}

/** "R2 (large water room)", "Large water 1 (large water room)". */
export function roomName(room: FortRoom): string {
  const what = [str(room.size), str(room.element) || elementName(room.colour), "room"].filter(Boolean).join(" ");
  return `${roomCalled(room)} (${what})`;
}

/** "a" or "an", as `word` is read aloud. */
function a(word: string): string {
  return /^([aeio]|8|11|18)/i.test(word) ? `an ${word}` : `a ${word}`;
}

function dieText(die: unknown): string {
  return typeof die === "number" ? `${a(String(die))} on it` : "no die";
}

/** "square b of R2 (4-5, a 5 on it)"; a black square says what it is linked to, and an invader or
 * a room over it is said too. */
export function squareName(sq: PillarSquare, roomId: string, called = roomId, labels: Map<string, string> = new Map()): string {
  const linked = str(sq.linked);
  const rule = linked ? `${labels.get(linked) ?? shortId(linked, roomId)}'s die ${str(sq.text)}` : str(sq.text);
  const facts = [rule, dieText(sq.die)];
  if (sq.invader) facts.push(`${a(elementName(sq.invader))} invader`);
  if (sq.covered === true) facts.push("covered");
  const name = str(sq.label) || `square ${shortId(str(sq.id), roomId)} of ${called}`;
  return `${name} (${facts.join(", ")})`;
}

/** "group g1 of R1 (carries a large room)", and what stands or sits on it. */
export function groupName(g: PillarGroup, roomId: string, on: string[], called = roomId): string {
  const facts = [`carries ${a(str(g.carries))} room`];
  if (on.length) facts.push(`${on.join(", ")} built on it`);
  else if (g.built === true) facts.push("built on");
  if (g.invader) facts.push(`${a(elementName(g.invader))} invader on it`);
  const name = str(g.label) || `group ${shortId(str(g.id), roomId)} of ${called}`;
  return `${name} (${facts.join(", ")})`;
}

/** "foundation space F2 (empty)", or the room on it. */
export function spaceName(space: FoundationSpace, on: FortRoom[]): string {
  const what = on.length ? on.map((r) => `${str(r.id)}, ${str(r.size) || "a"} ${str(r.element) || elementName(r.colour)} room`.replace(/ +/g, " ")).join("; ") : "empty";
  return `foundation space ${str(space.id)} (${what})`;
}

// -- drawing ---------------------------------------------------------------------------------

/** A die face with pips (a number where the value has no face) in a BOX square at (x, y). */
function drawDie(value: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-fort-die" });
  g.append(svg("rect", { class: "icw-fort-die-face", x: x + 1, y: y + 1, width: BOX - 2, height: BOX - 2, rx: 3 }));
  const pips = PIPS[value];
  const cx = x + BOX / 2;
  const cy = y + BOX / 2;
  if (pips) for (const [dx, dy] of pips) g.append(svg("circle", { class: "icw-fort-pip", cx: r1(cx + dx * 4.3), cy: r1(cy + dy * 4.3), r: 1.7 }));
  else g.append(drawText("icw-fort-die-text", cx, cy + 4, truncate(String(value), 2), "middle"));
  return g;
}

/** The two inks a room's card can carry, by the palette's ink of its colour: what its text, the
 * halo round an invader on it and the highlights of its squares and groups are drawn in (each at
 * least 4.5:1 on every room colour that takes it; tests/fortress-contrast.test.ts). */
export const ROOM_INKS = { light: "#ffffff", dark: "#111827" } as const;

export function roomInk(colour: string): keyof typeof ROOM_INKS {
  return paint(colour).ink === "#fff" ? "light" : "dark";
}

/** An invader: a small figure in its colour, standing with its feet at (x, y), ringed by a halo
 * in `halo` (the ink of the room it stands on), so a water invader reads on a water room. */
export function drawInvader(colour: string, x: number, y: number, halo: string | null = null): SVGGElement {
  const p = paint(colour);
  const g = svg("g", { class: "icw-fort-invader" });
  const body = `M${r1(x - 4.5)},${r1(y)} L${r1(x - 2.5)},${r1(y - 7)} L${r1(x + 2.5)},${r1(y - 7)} L${r1(x + 4.5)},${r1(y)} Z`;
  if (halo) {
    const ring = { fill: halo, stroke: halo, "stroke-width": 3.6, class: "icw-fort-invader-halo" };
    g.append(svg("path", { ...ring, d: body }), svg("circle", { ...ring, cx: r1(x), cy: r1(y - 9.5), r: 3.2 }));
  }
  const attrs = { fill: p.fill, stroke: p.stroke, "stroke-width": 1.2 };
  g.append(svg("path", { ...attrs, d: body }), svg("circle", { ...attrs, cx: r1(x), cy: r1(y - 9.5), r: 3.2 }));
  return g;
}

/** An ice crystal: three crossed strokes with small barbs, about (cx, cy). */
function drawCrystal(cls: string, cx: number, cy: number, r: number): SVGPathElement {
  let d = "";
  for (let i = 0; i < 3; i++) {
    const a = (i * Math.PI) / 3 + Math.PI / 2;
    const [dx, dy] = [Math.cos(a) * r, Math.sin(a) * r];
    d += `M${r1(cx - dx)},${r1(cy - dy)}L${r1(cx + dx)},${r1(cy + dy)}`;
  }
  return svg("path", { class: cls, d });
}

/** A room's ice crystal icon: a crystal on an icy disc, about (cx, cy). */
function drawIceIcon(cx: number, cy: number): SVGGElement {
  const g = svg("g", { class: "icw-fort-ice-icon" });
  g.append(svg("circle", { class: "icw-fort-ice-disc", cx, cy, r: 7.5 }), drawCrystal("icw-fort-ice-crystal", cx, cy, 5));
  return g;
}

/** A pillar square of a room whose ink is `ink`: its box (dark for a black square), the die on it,
 * its constraint under it, and the invader on it. */
function drawSquare(sq: PillarSquare, roomId: string, x: number, ink: string, halo: string, called = roomId): SVGGElement {
  const linked = str(sq.linked) !== "";
  const covered = sq.covered === true;
  const cls = `icw-fort-square ${inkClass(halo)}${linked ? " icw-fort-linked" : ""}${covered ? " icw-fort-covered" : ""}`;
  const g = svg("g", idAttrs(sq.id, cls));
  g.append(hitRect(x + 1, BOX_TOP - 3, COL - 2, CAPTION_Y - BOX_TOP + 6));
  const bx = x + (COL - BOX) / 2;
  g.append(svg("rect", { class: "icw-fort-box", x: r1(bx), y: BOX_TOP, width: BOX, height: BOX, rx: 2 }));
  if (typeof sq.die === "number") g.append(drawDie(sq.die, r1(bx), BOX_TOP));
  g.append(svg("text", { class: "icw-fort-caption", x: r1(x + COL / 2), y: CAPTION_Y, fill: ink }, truncate(str(sq.text), 4)));
  if (sq.invader) g.append(drawInvader(str(sq.invader), r1(bx + BOX - 1), BOX_TOP + 7, halo));
  g.append(title(squareName(sq, roomId, called)));
  return g;
}

/** A thin arc over the squares from a black square to the square it is linked to. */
function drawLink(x1: number, x2: number, ink: string): SVGPathElement {
  const lift = Math.min(9, 4 + Math.abs(x2 - x1) / 12);
  return svg("path", { class: "icw-fort-link", stroke: ink, d: `M${r1(x1)},${BOX_TOP}C${r1(x1)},${r1(BOX_TOP - lift)} ${r1(x2)},${r1(BOX_TOP - lift)} ${r1(x2)},${BOX_TOP}` });
}

/** The squares of a segment, centred in it, each at its column's left edge. */
function squareXs(seg: Seg, x: number): number[] {
  const start = x + (seg.width - seg.squares.length * COL) / 2;
  return seg.squares.map((_, i) => r1(start + i * COL));
}

/** A pillar group: its dotted outline over the segment, the size it carries under its squares,
 * its squares, and an earth invader sitting on the outline. */
function groupParts(seg: Seg, roomId: string, x: number, ink: string, halo: string, called: string): Part[] {
  const g = seg.group!;
  const w = seg.width;
  const parts: Part[] = [
    part("hit", hitRect, x, OUTLINE_TOP, w, OUTLINE_BOTTOM - OUTLINE_TOP),
    part("outline", drawOutline, r1(x + 1.5), r1(w - 3), ink),
    part("text", drawGroupLabel, r1(x + w / 2), truncate(str(g.carries), Math.max(3, Math.floor((w - 4) / CHAR))), ink),
  ];
  squareXs(seg, x).forEach((sx, i) => parts.push(part("square", drawSquare, seg.squares[i]!, roomId, sx, ink, halo, called)));
  if (g.invader) parts.push(part("invader", drawInvader, str(g.invader), r1(x + w - 9), OUTLINE_TOP + 5, halo));
  parts.push(part("title", title, groupName(g, roomId, seg.on.map((t) => str(t.room.id)), called)));
  return parts;
}

function drawOutline(x: number, w: number, ink: string): SVGRectElement {
  return svg("rect", { class: "icw-fort-group-outline", x, y: OUTLINE_TOP + 1.5, width: w, height: OUTLINE_BOTTOM - OUTLINE_TOP - 3, rx: 4, stroke: ink });
}

function drawGroupLabel(cx: number, text: string, ink: string): SVGTextElement {
  return svg("text", { class: "icw-fort-group-label", x: cx, y: GROUP_LABEL_Y, fill: ink }, text);
}

/** An ice section: an icy panel with a crystal, in the segment at x. */
function drawIceSection(x: number, w: number): SVGGElement {
  const g = svg("g", { class: "icw-fort-ice-section" });
  g.append(
    svg("rect", { class: "icw-fort-ice-panel", x: r1(x + 1.5), y: OUTLINE_TOP + 1.5, width: r1(w - 3), height: OUTLINE_BOTTOM - OUTLINE_TOP - 3, rx: 4 }),
    drawCrystal("icw-fort-ice-crystal", r1(x + w / 2), r1((OUTLINE_TOP + OUTLINE_BOTTOM) / 2), 7),
    title("ice crystal section (carries no room)"),
  );
  return g;
}

function drawCard(w: number, colour: string): SVGRectElement {
  const p = paint(colour);
  // inset from the hit rectangle, so a target's or a selection's outline shows around the card
  return svg("rect", { class: "icw-fort-card", x: 1.5, y: 1.5, width: r1(w - 3), height: CARD_H - 3, rx: 5, fill: p.fill, stroke: p.stroke });
}

/** What a room's card says on its name line `room` wide, never cut: a built room's short id (R2)
 * and its name where both fit (measured as drawn), else the id; a room with a long id (in a
 * supply) its name. */
export function roomLabel(id: string, label: string, room: number): string {
  if (!label || label === id) return id;
  if (id.length > 4) return label;
  return textWidth(`${id} ${label}`, NAME_PX) <= room ? `${id} ${label}` : id;
}

function drawRoomLabel(room: FortRoom, w: number, ink: string): SVGTextElement {
  return svg("text", { class: "icw-fort-room-label", x: ROOM_PAD + 3, y: ROOM_LABEL_Y, fill: ink }, roomLabel(str(room.id), str(room.label), nameRoom(room, w)));
}

/** The inside of a room's card about its top left corner. */
function roomParts(t: Tree): Part[] {
  const room = t.room;
  const roomId = str(room.id);
  const w = t.width;
  const colour = str(room.colour);
  const ink = paint(colour).ink;
  const halo = ROOM_INKS[roomInk(colour)];
  const called = roomCalled(room);
  const parts: Part[] = [part("hit", hitRect, 0, 0, w, CARD_H), part("card", drawCard, r1(w), colour)];
  const xs = new Map<string, number>(); // square id -> its box's centre, for the link arcs
  let x = ROOM_PAD;
  for (const seg of t.segs) {
    if (seg.kind === "group") {
      const gx = r1(x);
      const place = squareXs(seg, gx);
      seg.squares.forEach((sq, i) => xs.set(str(sq.id), place[i]! + COL / 2));
      parts.push(group(idAttrs(seg.group!.id, `icw-fort-group ${inkClass(halo)}`), () => groupParts(seg, roomId, gx, ink, halo, called), { from: [seg.group, seg.squares, gx, r1(seg.width), ink, seg.on.map((c) => c.room.id)] }));
    } else if (seg.kind === "loose") {
      squareXs(seg, x).forEach((sx, i) => {
        xs.set(str(seg.squares[i]!.id), sx + COL / 2);
        parts.push(part("square", drawSquare, seg.squares[i]!, roomId, sx, ink, halo, called));
      });
    } else {
      parts.push(part("ice", drawIceSection, r1(x), r1(seg.width)));
    }
    x += seg.width + SEG_GAP;
  }
  for (const sq of squaresOf(room)) {
    const from = xs.get(str(sq.id));
    const to = xs.get(str(sq.linked));
    if (from !== undefined && to !== undefined && from !== to) parts.push(part("link", drawLink, from, to, ink));
  }
  if (room.ice === true) parts.push(part("ice", drawIceIcon, r1(w - ROOM_PAD - 10), ROOM_LABEL_Y - 4));
  parts.push(part("label", drawRoomLabel, room, r1(w), ink));
  const on = str(room.on);
  const where = on ? `, on ${on}` : "";
  const label = str(room.label);
  const level = on ? `, level ${str(room.level) || t.depth}` : ""; // a room in a supply stands nowhere yet
  parts.push(part("title", title, `${roomName(room)}${label && label !== called ? `: ${label}` : ""}${level}${where}${room.ice === true ? ", ice crystal" : ""}`));
  return parts;
}

function roomClass(room: FortRoom): string {
  return `icw-fort-room${room.ice === true ? " icw-fort-ice" : ""}`;
}

/** The class that draws a square's or group's highlights in its card's ink (`icw-fort-ink-light`
 * or `-dark`), so a target on a water room shows. */
function inkClass(halo: string): string {
  return `icw-fort-ink-${halo === ROOM_INKS.light ? "light" : "dark"}`;
}

/** Each room of `trees` side by side from x, and the rooms on them, with `ground` the y under
 * level 1. */
function placeRooms(trees: Tree[], x: number, ground: number, out: Part[]): void {
  for (const t of trees) {
    const y = ground - t.depth * LEVEL_H + (LEVEL_H - CARD_H);
    out.push(group(idAttrs(t.room.id, roomClass(t.room)), () => roomParts(t), { place: [x, y], from: [t.room, r1(t.width), t.depth, t.segs.map((s) => [r1(s.width), s.on.map((c) => c.room.id)])] }));
    let sx = x + ROOM_PAD;
    for (const seg of t.segs) {
      placeRooms(seg.on, sx, ground, out);
      sx += seg.width + SEG_GAP;
    }
    x += t.width + SEG_GAP;
  }
}

function drawSlot(w: number, top: number): SVGGElement {
  const g = svg("g", { class: "icw-fort-slot" });
  g.append(
    svg("rect", { class: "icw-fort-slot-outline", x: 2, y: top + 2, width: r1(w - 4), height: CARD_H - 4, rx: 5 }),
    drawText("icw-fort-slot-text", r1(w / 2), top + CARD_H / 2 + 4, "empty", "middle"),
  );
  return g;
}

function drawGround(w: number, text: string): SVGGElement {
  const g = svg("g", { class: "icw-fort-ground" });
  g.append(
    svg("rect", { class: "icw-fort-ground-strip", x: 1.5, y: 1.5, width: r1(w - 3), height: GROUND_H - 3, rx: 3 }),
    drawText("icw-fort-space-label", r1(w / 2), 15, text, "middle"),
  );
  return g;
}

/** A foundation space about the top left of its strip: the strip with its id, and, when no room
 * stands on it, a slot above where a jumbo room would go (its target area reaches up over it). */
function spaceParts(space: FoundationSpace, w: number, on: FortRoom[]): Part[] {
  const empty = on.length === 0;
  const top = empty ? -LEVEL_H + (LEVEL_H - CARD_H) : 0;
  const parts: Part[] = [part("hit", hitRect, 0, top, w, GROUND_H - top)];
  if (empty) parts.push(part("slot", drawSlot, r1(w), top));
  parts.push(part("ground", drawGround, r1(w), truncate(str(space.id), Math.floor((w - 8) / CHAR))));
  const label = str(space.label);
  parts.push(part("title", title, spaceName(space, on) + (label && label !== str(space.id) ? `: ${label}` : "")));
  return parts;
}

/** How much larger than a supply's cards the fortress on its foundation is drawn, at most, so its
 * pillars and invaders read: as wide as the room allows, no taller than TALL. */
export const BIG = 1.6;
const TALL = 420;
/** A fortress is drawn as many levels high as its rooms, at least this many (an empty level over
 * them would push what the player needs out of the first view). */
const MIN_LEVELS = 1;

/** The air the fortress rises in, from `top` to its foundation `levels` higher: a pale panel with
 * a faint line at each level, so a room's level reads and an empty level shows room to build. */
function drawBackdrop(w: number, top: number, levels: number): SVGGElement {
  const g = svg("g", { class: "icw-fort-backdrop" });
  g.append(svg("rect", { class: "icw-fort-air", x: 0, y: top, width: w, height: levels * LEVEL_H + 2, rx: 6 }));
  for (let i = 1; i < levels; i++) g.append(svg("line", { class: "icw-fort-level", x1: 4, x2: r1(w - 4), y1: top + i * LEVEL_H, y2: top + i * LEVEL_H }));
  return g;
}

/** The fortress's lines of columns laid out from the origin within `width`: its parts and size. */
function plan(cols: Column[], width: number): Layout {
  const parts: Part[] = [];
  let y = 0;
  let right = 0;
  for (const line of wrapColumns(cols, width)) {
    const levels = Math.max(line.some((c) => c.space) ? MIN_LEVELS : 1, ...line.flatMap((c) => c.rooms.map(height)));
    const ground = y + levels * LEVEL_H;
    let x = 0;
    const lineWidth = line.reduce((w, c) => w + c.width, SPACE_GAP * (line.length - 1));
    if (line.some((c) => c.space)) parts.push(part("backdrop", drawBackdrop, r1(lineWidth), y, levels));
    for (const col of line) {
      if (col.space) {
        const space = col.space;
        const on = col.rooms.map((t) => t.room);
        parts.push(group(idAttrs(space.id, `icw-fort-space${on.length ? "" : " icw-fort-empty"}`), () => spaceParts(space, col.width, on), { place: [x, ground + 2], from: [space, r1(col.width), on.map((r) => [r.id, r.size, r.element, r.colour])] }));
      }
      placeRooms(col.rooms, x + (col.width - (col.rooms.reduce((w, t) => w + t.width, 0) + SEG_GAP * Math.max(0, col.rooms.length - 1))) / 2, ground, parts);
      x += col.width + SPACE_GAP;
    }
    right = Math.max(right, x - SPACE_GAP);
    // a line of rooms on no space drawn (a supply) has no ground strip under it
    y = line.some((c) => c.space) ? ground + 2 + GROUND_H + LINE_GAP : ground + 8;
  }
  const last = cols[cols.length - 1]!.space ? LINE_GAP : 8;
  return { parts, width: right, height: y - last };
}

/** A fortress on its foundation spaces is the table's centrepiece: drawn larger (up to BIG) and
 * centred on a row of its own; rooms on no space (a supply) are drawn at their cards' size. */
export function layout(region: FortressRegion, room: Room): Layout {
  const cols = columns(region);
  const top = LABEL_H + PAD;
  if (!cols.length) return { parts: [part("text", drawText, "icw-muted", PAD, top + 12, "(no foundation spaces)")], width: MIN_W, height: top + 24 };
  const inner = Math.max(MIN_W, room.width) - 2 * PAD;
  const drawn = plan(cols, inner);
  const centre = objects<FoundationSpace>(region.spaces).some((s) => str(s.id) !== "");
  const scale = centre ? Math.max(1, Math.min(BIG, inner / drawn.width, TALL / drawn.height)) : 1;
  const parts = [group({ class: "icw-fort-plan" }, () => drawn.parts, { place: [PAD, top], scale })];
  return { parts, width: Math.ceil(Math.max(MIN_W, drawn.width * scale + 2 * PAD)), height: r1(top + drawn.height * scale), centre };
}

export function names(region: FortressRegion): [string, string][] {
  const all = rooms(region);
  const out: [string, string][] = [];
  for (const space of objects<FoundationSpace>(region.spaces)) {
    const id = str(space.id);
    if (id) out.push([id, spaceName(space, all.filter((r) => str(r.on) === id))]);
  }
  for (const room of all) {
    out.push([str(room.id), roomName(room)]);
    const id = str(room.id);
    const called = roomCalled(room);
    for (const g of groupsOf(room)) out.push([str(g.id), groupName(g, id, all.filter((r) => str(r.on) === str(g.id)).map((r) => str(r.id)), called)]);
    const labels = new Map(squaresOf(room).filter((sq) => str(sq.label)).map((sq) => [str(sq.id), str(sq.label)]));
    for (const sq of squaresOf(room)) out.push([str(sq.id), squareName(sq, id, called, labels)]);
  }
  return out;
}
