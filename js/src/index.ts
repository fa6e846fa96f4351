// The anywidget view: builds the widget once, redraws its parts when traits change, and turns
// DOM events into calls on the controller or messages of ARCHITECTURE.md. It knows no rules:
// Python checks every message.

import { AgentControls } from "./agents";
import { askReplace, readChance } from "./chance";
import { Controller } from "./controller";
import { placeAt } from "./annotations";
import { Curtain } from "./curtain";
import { mountEditBar } from "./edit";
import { h, show } from "./dom";
import { FeedbackForm } from "./feedback";
import { FocusText } from "./focus-text";
import { VariantForm } from "./form";
import { targetOf } from "./highlight";
import { JournalControls } from "./journal";
import { MoveList, readMoveList } from "./move-list";
import { CommentBox, drawNav, showComment } from "./nav";
import { Batch } from "./redraw";
import { SessionControls } from "./session";
import { PUBLISHED_NOTE } from "./static-model";
import { Sketch } from "./sketch";
import { keepTimeline, type ListModel } from "./splices";
import { ThinkingBanner } from "./thinking";
import { sceneSvg } from "./export";
import styles from "./styles.css?raw";
import { drawTimeline, lineEnd, type TimelineView } from "./timeline";
import { Traits } from "./traits";
import type { Message, Model } from "./types";
import { buildUi, drawHead } from "./ui";
import { isZoom } from "./zoom";

/** How long the Hint button says the hint is searched, at most, without an answer. */
const HINT_WAIT_MS = 15_000;

export type { Model } from "./types";

type Part = "head" | "board" | "controls" | "timeline" | "form" | "formState" | "session" | "agents" | "thinking" | "hints" | "curtain" | "notes" | "journal" | "feedback" | "moves";

/** The parts each trait's change redraws. */
const TRAITS: Record<string, Part[]> = {
  title: ["head"],
  status: ["head"],
  error: ["head", "agents", "notes", "journal", "session"], // a refused seat_agent, annotation or view: shown as they are
  scene: ["board", "controls", "head", "agents", "notes", "journal"],
  chance_replace: ["controls"],
  actors: ["board", "controls"],
  cursor: ["board", "controls", "timeline", "notes", "journal"],
  annotations: ["notes", "journal"],
  feedback_form: ["feedback"],
  _timeline: ["timeline"],
  variant_schema: ["form"],
  seed: ["formState"],
  form_error: ["formState", "head"],
  viewer: ["session"],
  follow_turn: ["session"],
  viewers: ["session"],
  games: ["session"],
  game_index: ["session"],
  seated: ["agents", "thinking"],
  agent_choices: ["agents"],
  thinking: ["thinking"],
  hints: ["hints"],
  curtain: ["curtain"],
  move_list: ["moves"],
  view_locked: ["session"],
};

/** The parts drawn after the board has been painted, when drawn with it: a move's answer shows
 * on the board first, then beside it. */
const AFTER_BOARD: Part[] = ["controls", "journal", "timeline", "moves", "agents", "session", "form", "formState", "feedback"];

/** A trait whose change is a new position: the clicks so far no longer apply. */
const POSITION = new Set(["scene", "actors", "cursor"]);

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/** The element under the event that carries `attr`, inside `within`. */
function hook(e: Event, attr: string, within: Element): Element | null {
  const el = e.target instanceof Element ? e.target.closest(`[${attr}]`) : null;
  return el && within.contains(el) ? el : null;
}

/** Offer `text` as a file download named `name` (a blob URL: nothing leaves the page). */
function saveSvg(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  const a = h("a", "", undefined, { href: url, download: name.replace(/[^\w.-]+/g, "-") });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const events = new AbortController();
  const listen = (target: EventTarget, type: string, fn: (e: Event) => void): void =>
    target.addEventListener(type, fn, { signal: events.signal });
  const send = (m: Message): void => model.send(m);
  const traits = new Traits(model);
  const ui = buildUi();
  const controller = new Controller(traits, ui, send);
  const comment = new CommentBox(ui.comment);
  const form = new VariantForm();
  const session = new SessionControls(ui.session);
  const agents = new AgentControls(ui.session);
  const banner = new ThinkingBanner(ui.thinking);
  const curtain = new Curtain(ui.main);
  const sketch = new Sketch(send, () => traits.cursor());
  const journal = new JournalControls(send);
  const feedback = new FeedbackForm(send);
  const moveList = new MoveList();
  ui.stage.after(sketch.tools);
  const focusText = new FocusText(ui.stage);
  /** The focused target's full text, or none when the focus is not on one (after a redraw too). */
  const describeFocus = (): void => {
    const on = document.activeElement;
    if (on && on !== ui.sceneBox && ui.sceneBox.contains(on)) focusText.show(on);
    else focusText.hide();
  };
  ui.comment.parentElement?.after(journal.el);
  ui.main.append(feedback.el);
  // A published page has no kernel (static-model.ts): the reader steps through the record only.
  const published = traits.published();
  const commentText = h("p", "icw-comment-text");
  const unmountEdit = mountEditBar(model, ui.root, ui.actors, published); // the set-up editor's Edit, Done, Cancel
  if (published) {
    ui.head.append(h("div", "icw-published-note", PUBLISHED_NOTE));
    show(ui.comment, false); // a comment is shown as text: nothing here can save one
    show(ui.save, false);
    ui.comment.after(commentText);
    show(ui.hints, false);
    sketch.readOnly = true;
    show(sketch.toggle, false);
    show(journal.el, false);
  } else {
    ui.layout.append(form.el);
    ui.moves.before(ui.hints, moveList.el); // beside the board, where a player looks for a move
  }
  const download = h("button", "icw-download", "SVG", { type: "button", title: "Download this position as an SVG picture" });
  ui.zoom.before(download);
  el.append(ui.root);
  let timeline: TimelineView | null = null;
  let timelineStale = true;

  const batch = new Batch<Part>((parts) => {
    const focused = ui.root.contains(document.activeElement);
    const cursor = traits.cursor();
    ui.root.setAttribute("data-cursor", String(cursor));
    if (parts.has("head")) drawHead(ui, traits);
    if (parts.has("board")) {
      try {
        controller.drawBoard();
        describeFocus();
      } catch (err) {
        console.error("icewidgets: cannot draw this scene", err);
        ui.sceneBox.replaceChildren(h("div", "icw-scene-error", `Cannot draw this scene: ${String(err)}`));
      }
    }
    if (parts.has("notes")) sketch.update(traits.annotations(), cursor, controller.names); // the names of the scene drawn
    if (parts.has("journal") && !published) journal.update(traits.annotations(), cursor, cursor !== 0);
    if (parts.has("board") || parts.has("notes")) sketch.draw(controller.sceneView.svg); // over the scene as drawn now
    if (parts.has("controls")) controller.drawControls();
    if (parts.has("feedback") && !published) feedback.update(traits.feedbackForm());
    if (parts.has("timeline")) {
      const entries = traits.entries();
      if (!timeline) {
        timeline = drawTimeline(entries, cursor);
        ui.moves.replaceChildren(timeline.el);
      } else if (timelineStale) timeline.update(entries);
      timelineStale = false;
      timeline.setCurrent(cursor);
      drawNav(ui.nav, ui.root, entries, cursor);
      if (published) showComment(commentText, entries, cursor);
      else comment.show(entries, cursor);
    }
    if (parts.has("form")) form.setSchema(traits.schema());
    if (parts.has("formState")) {
      form.setSeed(traits.seed());
      form.setError(traits.formError());
    }
    if (parts.has("session")) {
      session.update({ viewers: traits.viewers(), viewer: traits.viewer(), follow: traits.followTurn(), games: traits.games(), gameIndex: traits.gameIndex(), locked: model.get("view_locked") === true });
    }
    if (parts.has("agents")) agents.update({ seated: traits.seated(), choices: traits.agentChoices(), names: traits.seatNames() });
    if (parts.has("thinking")) {
      banner.update(traits.thinking(), traits.seated().some((s) => s.agent !== null));
      controller.thinkingChanged();
    }
    if (parts.has("hints") && !parts.has("board")) controller.drawHints(); // the board draws them too
    if (parts.has("moves")) moveList.update(readMoveList(model.get("move_list")));
    if (parts.has("curtain")) {
      const wasUp = curtain.up;
      curtain.update(traits.curtain());
      if (curtain.up && !wasUp && focused) curtain.button.focus({ preventScroll: true }); // the keys reach it at once
    }
    if (controller.waiting) controller.drawPicker(); // Python answered a sent move without a new position: clear its clicks
    if (focused && !ui.root.contains(document.activeElement)) ui.root.focus({ preventScroll: true });
  }, { board: AFTER_BOARD });

  const handlers: [string, () => void][] = Object.entries(TRAITS).map(([trait, parts]) => [
    `change:${trait}`,
    () => {
      batch.mark(...parts);
      if (trait === "_timeline") timelineStale = true;
      if (POSITION.has(trait)) controller.newPosition();
    },
  ]);
  for (const [event, fn] of handlers) model.on(event, fn);

  // Lay the scene out for the width it has (see SceneView): watch an empty line as wide as it.
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((seen) => {
    const width = seen[seen.length - 1]?.contentRect.width ?? 0;
    if (controller.setRoom(width)) batch.mark("board", "controls");
    else controller.fit();
  });
  resize?.observe(ui.measure);

  const saveComment = (): void => send({ do: "comment", node: traits.cursor(), text: comment.take() });

  listen(ui.stage, "keydown", (e) => {
    const k = e as KeyboardEvent;
    const target = k.key === "Enter" || k.key === " " ? targetOf(e.target) : null;
    if (target) {
      k.preventDefault();
      controller.pressTarget(target);
    }
  });
  // Drawing on the board (sketch.ts): its strokes' clicks never reach the move picker.
  listen(ui.sceneBox, "focusin", describeFocus);
  listen(ui.sceneBox, "focusout", () => focusText.hide());
  listen(ui.sceneBox, "pointerdown", (e) => {
    if (sketch.down(e as PointerEvent, ui.stage)) e.preventDefault();
  });
  listen(ui.sceneBox, "pointermove", (e) => sketch.move(e as PointerEvent, ui.stage));
  listen(ui.sceneBox, "pointerup", (e) => sketch.up(e as PointerEvent, ui.stage));
  listen(ui.sceneBox, "pointerleave", () => sketch.cancel());
  listen(ui.sceneBox, "contextmenu", (e) => {
    if (published || placeAt(e.target, ui.stage) === null) return;
    // The right button draws here: neither the browser's menu nor JupyterLab's (which would
    // cover the board and take the release).
    e.preventDefault();
    e.stopPropagation();
  });
  // A pile's list opens and closes in the view alone: its button is no target of a move.
  const togglePile = (e: Event): boolean => {
    const toggle = e.target instanceof Element ? e.target.closest("[data-pile-toggle]") : null;
    if (!toggle) return false;
    e.stopPropagation();
    e.preventDefault();
    controller.sceneView.toggle(toggle.getAttribute("data-pile-toggle") ?? "");
    batch.mark("board", "controls");
    return true;
  };
  listen(ui.sceneBox, "click", (e) => {
    if (sketch.takesClick()) e.stopPropagation();
    else togglePile(e);
  });
  listen(ui.sceneBox, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if ((k.key === "Enter" || k.key === " ") && !sketch.drawMode && togglePile(e)) return;
    const place = sketch.drawMode && (k.key === "Enter" || k.key === " ") ? placeAt(e.target, ui.stage) : null;
    if (place === null) return;
    k.preventDefault();
    k.stopPropagation();
    sketch.key(place);
  });
  listen(sketch.toggle, "click", () => {
    sketch.setDrawMode(!sketch.drawMode);
    ui.root.classList.toggle("icw-draw-mode", sketch.drawMode);
    controller.reset();
  });
  listen(sketch.clear, "click", () => sketch.clearAll());
  listen(ui.stage, "click", (e) => controller.clickScene(e.target));
  listen(ui.choices, "click", (e) => {
    const b = hook(e, "data-key", ui.choices);
    if (b) controller.choose(b.getAttribute("data-key") ?? "");
  });
  listen(ui.actors, "click", (e) => controller.chooseSeat(hook(e, "data-seat", ui.actors)?.getAttribute("data-seat") ?? null));
  listen(ui.chance, "click", (e) => {
    const b = hook(e, "data-chance", ui.chance);
    const box = b?.closest(".icw-chance-region");
    const act = b?.getAttribute("data-chance");
    if (act === "roll") send({ do: "roll", cursor: traits.cursor() });
    else if (!box) return;
    else if (act === "set") send({ do: "set_chance", cursor: traits.cursor(), values: readChance(box) });
    else if (act === "ask") askReplace(box);
    else if (act === "keep") box.querySelector(".icw-replace-confirm")?.remove();
    else if (act === "replace") {
      send({ do: "set_chance", cursor: traits.cursor(), values: readChance(box), replace: box.getAttribute("data-replace") ?? "" });
    }
  });
  listen(ui.buttons, "click", (e) => {
    const b = hook(e, "data-text", ui.buttons);
    if (b) controller.pressMove(b.getAttribute("data-text") ?? "");
  });
  listen(download, "click", () => {
    const picture = sceneSvg(traits.scene(), styles, controller.roomWidth, model.get("annotations") ?? {});
    saveSvg(picture, `${traits.text("title") || "board"}-${traits.cursor()}.svg`);
  });
  listen(ui.zoom, "click", (e) => {
    const zoom = hook(e, "data-zoom", ui.zoom)?.getAttribute("data-zoom");
    if (!isZoom(zoom)) return;
    controller.zoom = zoom;
    batch.mark("board", "controls"); // a fitted scene may be laid out for another room
  });
  if (typeof window !== "undefined") listen(window, "resize", () => batch.mark("board", "controls"));
  listen(banner.stop, "click", () => send({ do: "stop" }));
  listen(curtain.button, "click", () => send({ do: "lift_curtain" }));
  listen(moveList.input, "input", () => {
    if (moveList.typed()) send({ do: "filter_moves", text: moveList.input.value.slice(0, 200) });
  });
  listen(moveList.toggle, "click", (e) => {
    const open = moveList.toggled(e.target);
    if (open !== null) send({ do: "show_moves", open });
  });
  listen(moveList.el, "click", (e) => {
    const move = moveList.moveAt(e.target);
    if (move) controller.playListed(move);
  });
  // The hint is searched in the background: the button says so until its answer (the hints, a
  // refusal, or another position) comes, or a while has passed.
  let searching = 0;
  const searched = (): void => {
    window.clearTimeout(searching);
    if (ui.hintButton.getAttribute("aria-busy") !== "true") return;
    ui.hintButton.removeAttribute("aria-busy");
    ui.hintButton.textContent = "Hint";
  };
  listen(ui.hintButton, "click", () => {
    if (ui.hintButton.getAttribute("aria-busy") === "true") return;
    send({ do: "hint", cursor: traits.cursor() });
    ui.hintButton.setAttribute("aria-busy", "true");
    ui.hintButton.textContent = "Searching…";
    searching = window.setTimeout(searched, HINT_WAIT_MS);
  });
  for (const trait of ["hints", "error", "cursor"]) {
    model.on(`change:${trait}`, searched);
    handlers.push([`change:${trait}`, searched]); // taken off with the others
  }
  listen(ui.nav, "click", (e) => {
    const which = hook(e, "data-nav", ui.nav)?.getAttribute("data-nav");
    if (which === "start") send({ do: "goto", node: 0 });
    else if (which === "back") send({ do: "back" });
    else if (which === "forward") send({ do: "forward" });
    else if (which === "end") send({ do: "goto", node: lineEnd(traits.entries(), traits.cursor()) });
  });
  listen(ui.moves, "click", (e) => {
    const node = hook(e, "data-node", ui.moves)?.getAttribute("data-node");
    if (node !== null && node !== undefined) send({ do: "goto", node: Number(node) });
  });
  listen(ui.save, "click", saveComment);
  listen(ui.comment, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if (k.key === "Enter" && (k.ctrlKey || k.metaKey)) saveComment();
  });
  listen(form.el, "click", (e) => {
    if (e.target instanceof Element && e.target.closest("button.icw-start")) send({ do: "new_game", ...form.read(traits.schema()) });
  });
  listen(form.el, "input", (e) => {
    if (e.target instanceof Element) form.unmark(e.target);
  });
  listen(ui.session, "change", (e) => {
    const which = session.which(e);
    if (which === "viewer" || which === "follow") {
      send({ do: "viewer", ...session.readViewer(which === "viewer") });
      // Locked, Python refuses the change (maybe with the refusal already shown): show the view as it is.
      if (model.get("view_locked") === true) batch.mark("session");
    }
    else if (which === "game") send({ do: "switch_game", index: session.readGame() });
    const seat = agents.read(e);
    if (seat) send({ do: "seat_agent", ...seat });
  });
  listen(ui.root, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if (k.key === "Escape") controller.reset();
    if (isTyping(k.target) || k.altKey || k.ctrlKey || k.metaKey || k.shiftKey) return;
    if (k.key === "ArrowLeft") send({ do: "back" });
    else if (k.key === "ArrowRight") send({ do: "forward" });
    else return;
    k.preventDefault();
  });

  // First draw, synchronous so the view is complete as soon as render returns.
  batch.mark("head", "board", "controls", "timeline", "form", "formState", "session", "agents", "thinking", "hints", "curtain", "notes", "journal", "feedback", "moves");
  batch.flush();

  return () => {
    window.clearTimeout(searching);
    batch.stop();
    controller.dispose();
    unmountEdit();
    resize?.disconnect();
    events.abort();
    for (const [event, fn] of handlers) model.off(event, fn);
    ui.root.remove();
  };
}

/** Once per widget (not per view): keep the move list and the records current from the splices
 * Python sends. */
function initialize({ model }: { model: ListModel }): () => void {
  return keepTimeline(model);
}

export default { initialize, render };
