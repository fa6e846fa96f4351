// The board's view state and what it draws from it: the clicks so far, the highlights, the hint
// note, the timer of a sent move's answer, the hint agent's shading, and what the parts rebuilt
// only on a change were last drawn from. It reads traits and sends messages; index.ts wires the
// DOM events to it. While an agent thinks it sends no move: a click on a target says to wait.

import { type ChoiceButton, drawChoiceButton, drawMoveButton, drawSeatButton, moveButtons, seatButtons } from "./buttons";
import { drawChance, drawReplace } from "./chance";
import { resolveClick } from "./clicks";
import { objects, setText, show, str, token } from "./dom";
import { Highlights, type Look } from "./highlight";
import { HintArrows, HintShades, drawHintList, hintLooks } from "./hints";
import { hintText, nameOf, sceneNames, targetLabel, type Names } from "./labels";
import { drawLegend, legendEntries } from "./legend";
import { EMPTY, actingSeat, candidates, click, targets, type Pick } from "./picker";
import { drawPlayers } from "./players";
import { LastDrawn } from "./redraw";
import { MAX_W, MIN_W } from "./regions/common";
import { SceneView } from "./scene";
import { waitText } from "./thinking";
import type { Traits } from "./traits";
import type { Mark, Message, Seat } from "./types";
import type { Ui } from "./ui";
import { FOLD, drawnWidth, stacks, type Zoom } from "./zoom";

/** How long the clicks of a sent move stay shown when Python sends nothing back (a busy kernel, or
 * a refusal repeating the error already shown); any answer shows the cleared picker at once. */
export const ANSWER_MS = 1000;

/** The room is measured in steps of this many pixels, so a resize redraws only now and then. */
const ROOM_STEP = 16;
/** The moves' column beside the board, and the gap before it (styles.css's .icw-layout), in rem. */
const SIDE_REM = 19 + 1;

function setPressed(el: Element, on: boolean): void {
  const v = String(on);
  if (el.getAttribute("aria-pressed") !== v) el.setAttribute("aria-pressed", v);
}

export class Controller {
  pick: Pick = EMPTY;
  note = "";
  readonly sceneView = new SceneView();
  private answer = 0; // the timer that clears the clicks of a sent move if Python does not answer
  private painted = true; // whether the browser has painted the picker's last change
  private byId = new Map<string, SVGGElement>();
  names: Names = new Map(); // of the scene last drawn
  private lastShown = false; // a last-move mark is drawn
  private room = MAX_W;
  private box = 0; // the width the scene's box has, in CSS pixels (0: not measured yet)
  zoom: Zoom = "fit";
  private players: HTMLElement;
  private readonly highlights = new Highlights();
  private readonly hintShades = new HintShades();
  private readonly hintArrows = new HintArrows();
  private waitNote = false; // the note says to wait for the agent thinking
  private readonly drawn = new LastDrawn();

  constructor(
    private readonly traits: Traits,
    private readonly ui: Ui,
    private readonly send: (m: Message) => void,
  ) {
    this.players = ui.players;
    ui.sceneBox.append(this.sceneView.svg);
    this.sceneView.onFold = () => { // the targets in a panel opened now are lit
      this.drawBoard();
      this.drawControls();
    };
    const fold = (e: Event): void => {
      if (this.sceneView.fold(e.target)) {
        e.stopPropagation();
        e.preventDefault();
      }
    };
    this.sceneView.svg.addEventListener("click", fold);
    this.sceneView.svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") fold(e);
    });
  }

  /** Whether the clicks of a sent move are shown, waiting for Python's answer. */
  get waiting(): boolean {
    return this.answer !== 0;
  }

  /** The width the scene is laid out for now (wider than its box where a fitted scene shares
   * rows to fit the window's height). */
  get roomWidth(): number {
    return this.sceneView.room;
  }

  /** The width the scene may take; true when it changed enough to lay the scene out again. */
  setRoom(width: number): boolean {
    if (!(width > 0)) return false;
    this.box = width;
    const room = Math.max(MIN_W, Math.floor(width / ROOM_STEP) * ROOM_STEP);
    if (room === this.room) return false;
    this.room = room;
    return true;
  }

  /** The scene, the picker's highlights and the hint agent's shades on it. The controls around
   * it are drawn apart (drawControls), so that they may wait until the board is painted. */
  drawBoard(): void {
    const t0 = performance.now();
    const s = this.traits.scene();
    const box = this.ui.sceneBox;
    if (box.firstChild !== this.sceneView.svg || box.childNodes.length > 1) box.replaceChildren(this.sceneView.svg); // after a failed draw
    let drawn = this.sceneView.draw(s, this.room);
    this.size = [drawn.width, drawn.height];
    // Moved under the board or beside it, the scene has another width: laid out for it at once
    // (not when the resize is next observed), so it is never drawn wider than its box.
    if (this.stack() && this.setRoom(this.ui.measure.getBoundingClientRect().width)) drawn = this.sceneView.draw(s, this.room);
    this.byId = drawn.byId;
    this.size = [drawn.width, drawn.height];
    this.fit();
    this.names = sceneNames(s);
    this.lastShown = objects<Mark>(s.marks).some((m) => m.kind === "last" && this.byId.has(str(m.id)));
    // The scene keeps the elements that did not change, highlights included: drawHighlights
    // updates those; the others are gone.
    this.highlights.prune(this.sceneView.svg);
    this.drawHighlights();
    this.drawHints(); // on the elements drawn now
    this.ui.root.setAttribute("data-render-ms", (performance.now() - t0).toFixed(2));
    this.ui.root.setAttribute("data-room", String(this.sceneView.room));
  }

  /** The score panel, the chance controls, and the picker's controls. */
  drawControls(): void {
    const s = this.traits.scene();
    if (this.drawn.changed("players", s.players ?? null)) {
      const next = drawPlayers(s.players);
      this.players.replaceWith(next);
      this.players = next;
    }
    const acting = new Set(this.traits.actors().map((a) => str(a.seat)));
    for (const p of this.players.querySelectorAll(".icw-player")) {
      const on = acting.has(p.getAttribute("data-seat") ?? "");
      if (p.classList.contains("icw-acting") !== on) p.classList.toggle("icw-acting", on);
    }

    // A published page cannot roll or draw: it offers no chance controls.
    const chance = this.traits.published() ? [] : objects<{ kind?: unknown }>(s.regions).filter((r) => r.kind === "dice" || r.kind === "deck");
    const replace = this.traits.chanceReplace();
    if (this.drawn.changed("chance", [chance, replace])) {
      this.ui.chance.replaceChildren(...drawChance(chance), ...drawReplace(replace));
      show(this.ui.chance, this.ui.chance.childElementCount > 0);
    }
    this.drawPickerControls();
  }

  private size: [number, number] = [0, 0];

  /** Show the scene at the zoom chosen: fitted to its box's width and, where it is enlarged, to
   * the first view's height under the controls above it (zoom.ts); larger when chosen (the box
   * scrolls then). */
  fit(): void {
    const { svg } = this.sceneView;
    const ui = this.ui;
    const [width, height] = this.size;
    const css = `${drawnWidth(this.zoom, width, this.box, height, this.firstView())}px`;
    if (svg.style.width !== css) svg.style.width = css;
    for (const b of ui.zoom.children) setPressed(b, b.getAttribute("data-zoom") === this.zoom);
    ui.root.setAttribute("data-zoom", this.zoom);
    this.measureAfter();
  }

  /** How tall the scene may be to lie within the board's first view (FOLD pixels) under what is
   * drawn above it. */
  private firstView(): number {
    const above = this.measured().above;
    return Number.isNaN(above) ? Infinity : FOLD - above;
  }

  /** The page's layout around the scene, as last measured: for the board's width and column
   * state, whether the board has one column anyway, the moves' column's width and the root's
   * font size; and how far under the board's top the scene starts (measured again once the page
   * has laid out each draw, `measureAfter`). A step measures nothing in between, so drawing
   * forces no layout of the page. */
  private seen = { key: "", single: false, side: 0, rem: 16, above: NaN };

  private measured(): { single: boolean; side: number; rem: number; above: number } {
    const { root, side, main, sceneBox } = this.ui;
    const key = `${this.box} ${root.classList.contains("icw-stacked")}`;
    if (key !== this.seen.key) {
      const beside = side.getBoundingClientRect();
      this.seen = {
        key, single: beside.top >= main.getBoundingClientRect().bottom, side: beside.width,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize) || 16,
        above: root.isConnected ? sceneBox.getBoundingClientRect().top - root.getBoundingClientRect().top : NaN,
      };
    }
    return this.seen;
  }

  private measuring = 0;

  /** Once the page has laid the board out (the next frame's layout, not one forced now): where
   * the scene starts, measured again, and the scene fitted again if that moved. */
  private measureAfter(): void {
    if (this.measuring || typeof requestAnimationFrame !== "function") return;
    this.measuring = requestAnimationFrame(() => {
      this.measuring = 0;
      const { root, sceneBox } = this.ui;
      if (!root.isConnected) return;
      const above = sceneBox.getBoundingClientRect().top - root.getBoundingClientRect().top;
      if (Math.abs(above - this.seen.above) > 1) {
        this.seen.above = above;
        this.fit();
      }
    });
  }

  /** The moves go under the board (one column) or beside it, as `stacks` decides for the width
   * the board has (see zoom.ts); a board too narrow for two columns has one already (styles.css).
   * True when they moved. */
  private stack(): boolean {
    const { root } = this.ui;
    const stacked = root.classList.contains("icw-stacked");
    // Decided again only when the scene's size or the board's width changed.
    const asked = `${this.box} ${this.size.join("x")} ${stacked}`;
    if (asked === this.stackedFor) return false;
    this.stackedFor = asked;
    const page = this.measured();
    if (!(this.box > 0) || (!stacked && page.single)) return false;
    const room = stacked ? SIDE_REM * page.rem : page.side + page.rem;
    const [beside, whole] = stacked ? [this.box - room, this.box] : [this.box, this.box + room];
    const wanted = beside > MIN_W ? stacks(Math.floor(beside), Math.floor(whole), (r) => this.sceneView.sizeFor(r), this.firstView(), stacked) : stacked;
    if (wanted === stacked) return false;
    root.classList.toggle("icw-stacked", wanted);
    this.stackedFor = "";
    return true;
  }

  /** What the last decision of `stack` was asked for. */
  private stackedFor = "";

  /** The hint agent's moves: shades on the drawn elements (the scene is not redrawn) and the list. */
  drawHints(): void {
    const hints = this.traits.hints();
    this.hintShades.show(hintLooks(hints, this.byId));
    this.hintArrows.draw(hints, this.byId, this.sceneView.svg);
    if (this.drawn.changed("hints", hints)) {
      this.ui.hintList.replaceChildren(...drawHintList(hints));
      show(this.ui.hintList, hints.length > 0);
    }
  }

  /** The picker for `pick`: its highlights on the board, and its controls. */
  drawPicker(): void {
    this.drawHighlights();
    this.drawPickerControls();
  }

  /** The targets and the clicks so far, on the board. */
  private drawHighlights(): void {
    clearTimeout(this.answer);
    this.answer = 0;
    const { pick, names } = this;
    const want = new Map<SVGGElement, Look>();
    for (const [key, t] of targets(this.traits.actors(), pick)) {
      const e = this.byId.get(key);
      if (!e) continue;
      const classes = t.leaf === null ? ["icw-target"] : ["icw-target", `icw-kind-${token(t.leaf)}`];
      want.set(e, { classes, label: targetLabel(names, key, t.leaf), target: true, selected: false });
    }
    for (const key of pick.path) {
      const e = this.byId.get(key);
      if (!e) continue;
      const look = want.get(e);
      want.set(e, look
        ? { ...look, classes: [...look.classes, "icw-selected"], selected: true }
        : { classes: ["icw-selected"], label: nameOf(names, key), target: false, selected: true });
    }
    this.highlights.show(want);
    if (this.painted) {
      this.painted = false;
      requestAnimationFrame(() => (this.painted = true)); // the frame that paints this comes next
    }
  }

  /** Seat buttons, off-board targets, move buttons, legend and hint, for `pick`. */
  private drawPickerControls(): void {
    const { ui, pick, names } = this;
    const all = this.traits.actors();
    const seat = actingSeat(all, pick);
    const focused = ui.root.contains(document.activeElement);
    const seats = seatButtons(all);
    if (this.drawn.changed("seats", seats)) ui.actors.replaceChildren(...seats.map(drawSeatButton));
    for (const b of ui.actors.children) setPressed(b, b.getAttribute("data-seat") === str(seat));

    const offBoard: ChoiceButton[] = [];
    const leaves: (string | null)[] = [];
    for (const [key, t] of targets(all, pick)) {
      if (this.byId.has(key)) leaves.push(t.leaf);
      else offBoard.push({ key, name: nameOf(names, key), label: targetLabel(names, key, t.leaf) });
    }
    if (this.drawn.changed("choices", offBoard)) {
      ui.choices.replaceChildren(...offBoard.map(drawChoiceButton));
      show(ui.choices, offBoard.length > 0);
    }

    const moves = moveButtons(all, seat);
    if (this.drawn.changed("buttons", moves)) {
      ui.buttons.replaceChildren(...moves.map(drawMoveButton));
      show(ui.buttons, moves.length > 0);
    }

    const selected = pick.path.some((key) => this.byId.has(key));
    const legend = legendEntries(leaves, selected, this.lastShown);
    if (this.drawn.changed("legend", legend)) ui.legend.replaceChildren(...drawLegend(legend));

    const several = seat === null && candidates(all, pick).length > 1;
    setText(ui.hint, hintText(names, pick.path, this.note, several)); // never hidden: it keeps its line
    // A rebuilt button may have held the focus: keep it in the widget so the keys still work.
    if (focused && !ui.root.contains(document.activeElement)) ui.root.focus({ preventScroll: true });
  }

  /** A new position: forget the clicks; keep the chosen seat while it can still act. */
  newPosition(): void {
    const keep = this.pick.seat !== null && this.traits.actors().some((a) => a.seat === this.pick.seat);
    this.pick = { seat: keep ? this.pick.seat : null, path: [] };
    this.setNote("");
  }

  private setNote(note: string, wait = false): void {
    this.note = note;
    this.waitNote = wait;
  }

  /** While an agent thinks, a move is not sent: the hint line says to wait (true), else false. */
  private holdForAgent(): boolean {
    const thinking = this.traits.thinking();
    if (!thinking) return false;
    this.setNote(waitText(thinking), true);
    this.drawPicker();
    return true;
  }

  /** The agent thinking changed: a note to wait for the one before goes. */
  thinkingChanged(): void {
    if (!this.waitNote) return;
    const thinking = this.traits.thinking();
    this.setNote(thinking ? waitText(thinking) : "", thinking !== null);
    this.drawPicker();
  }

  /** A move button (a move with no place on the board). */
  pressMove(text: string): void {
    if (this.holdForAgent()) return;
    this.send({ do: "text", cursor: this.traits.cursor(), text });
  }

  /** A move of the legal-move list: what the board's clicks (or its move button) would send. */
  playListed(move: { seat: number; path: string[]; text: string }): void {
    if (this.holdForAgent()) return;
    this.pick = { seat: this.pick.seat, path: [] };
    const cursor = this.traits.cursor();
    if (move.path.length) this.send({ do: "path", cursor, seat: move.seat, path: move.path });
    else this.send({ do: "text", cursor, text: move.text });
    this.drawPicker();
  }

  /** A click on target `key` (on the board, or an off-board choice). */
  choose(key: string): void {
    if (this.holdForAgent()) return;
    const out = click(this.traits.actors(), this.pick, key);
    this.setNote("");
    if (out.kind === "select") {
      this.pick = out.pick;
      if (this.traits.text("error")) this.send({ do: "clear_error" }); // the refusal shown is past
    }
    else if (out.kind === "ambiguous") this.setNote("That move belongs to several seats: choose the acting seat first.");
    else {
      this.pick = { seat: this.pick.seat, path: [] };
      if (out.kind === "send") {
        this.send({ do: "path", cursor: this.traits.cursor(), seat: out.seat, path: out.path });
        // Clicks on screen stay shown until Python answers (the redraw comes with the answer):
        // clearing them now would make the browser lay out and paint the page while the message
        // is on its way. Clicks not painted yet (faster than a frame) are undone at once instead.
        if (this.painted) {
          this.answer = window.setTimeout(() => this.drawPicker(), ANSWER_MS);
          return;
        }
      }
    }
    this.drawPicker();
  }

  /** A click on the drawing: a target is chosen; a click on a selected item takes it (and what
   * followed it) back; a click on another drawn item asks Python why it is not a target; empty
   * space starts over. */
  clickScene(at: EventTarget | null): void {
    const all = this.traits.actors();
    const keys = targets(all, this.pick);
    const hit = resolveClick(at, this.ui.stage, (id) => keys.has(id));
    if (hit.kind === "target") return this.choose(hit.id);
    if (hit.kind === "item") {
      const back = this.pick.path.indexOf(hit.id);
      if (back >= 0) {
        this.pick = { seat: this.pick.seat, path: this.pick.path.slice(0, back) };
        this.setNote("");
        return this.drawPicker();
      }
      const seat: Seat | null = actingSeat(all, this.pick);
      this.send({ do: "explain", cursor: this.traits.cursor(), seat, path: [...this.pick.path, hit.id] });
    }
    this.reset();
  }

  /** Enter or Space on a target: choose it, and keep the focus on the next target (or the board). */
  pressTarget(target: Element): void {
    this.choose(target.getAttribute("data-id") ?? "");
    const next = this.highlights.firstTarget() ?? this.ui.root;
    if (next instanceof HTMLElement || next instanceof SVGElement) next.focus({ preventScroll: true });
  }

  /** A seat button: choose that seat, or un-choose it when pressed again. */
  chooseSeat(seat: string | null): void {
    const a = this.traits.actors().find((x) => str(x.seat) === seat);
    if (!a) return;
    this.pick = { seat: this.pick.seat === a.seat ? null : a.seat, path: [] };
    this.setNote("");
    this.drawPicker();
  }

  /** Forget the clicks so far (Escape, a click on empty space). */
  reset(): void {
    if (!this.pick.path.length && !this.note) return;
    this.pick = { seat: this.pick.seat, path: [] };
    this.setNote("");
    this.drawPicker();
  }

  dispose(): void {
    clearTimeout(this.answer);
    this.answer = 0;
  }
}
