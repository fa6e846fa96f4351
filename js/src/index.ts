// The anywidget view: builds the widget once, redraws its parts when traits change, and turns
// clicks into the messages of ARCHITECTURE.md. It knows no rules: Python checks every message.

import { drawChance, readChance } from "./chance";
import { h, list, objects, setText, show, str, token } from "./dom";
import { drawForm, readForm } from "./form";
import { paint } from "./palette";
import { EMPTY, actingSeat, candidates, click, targets, type Pick } from "./picker";
import { SceneView, drawPlayers } from "./scene";
import { drawTimeline, lineEnd, readTimeline, type TimelineView } from "./timeline";
import type { Actor, Message, Model, Scene, Seat, TimelineEntry } from "./types";

export type { Model } from "./types";

type Part = "head" | "board" | "timeline" | "form";

const TRAITS: Record<string, Part[]> = {
  title: ["head"],
  status: ["head"],
  error: ["head"],
  scene: ["board", "head"],
  actors: ["board"],
  cursor: ["board", "timeline"],
  _timeline: ["timeline"],
  variant_schema: ["form"],
};

const NAV: [string, string, string][] = [
  ["start", "«", "Start"],
  ["back", "‹", "Back (Left arrow)"],
  ["forward", "›", "Forward (Right arrow)"],
  ["end", "»", "End of this line"],
];

/** How long the clicks of a sent move stay shown when Python sends nothing back (a busy kernel, or
 * a refusal repeating the error already shown); any answer shows the cleared picker at once. */
const ANSWER_MS = 1000;

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/** The element under the click that carries `attr`, inside `within`. */
function hook(e: Event, attr: string, within: Element): Element | null {
  const el = e.target instanceof Element ? e.target.closest(`[${attr}]`) : null;
  return el && within.contains(el) ? el : null;
}

export function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const events = new AbortController();
  const listen = (target: EventTarget, type: string, fn: (e: Event) => void): void =>
    target.addEventListener(type, fn, { signal: events.signal });
  const send = (m: Message): void => model.send(m);

  // Reading traits: everything is checked, Python's JSON is never trusted to have a shape.
  const cursor = (): number => Number(model.get("cursor")) || 0;
  const actors = (): Actor[] => objects<Actor>(model.get("actors"));
  const entries = (): TimelineEntry[] => readTimeline(model.get("_timeline"));
  const scene = (): Scene => {
    const s = model.get("scene");
    return s && typeof s === "object" ? (s as Scene) : {};
  };

  // The skeleton, built once.
  const root = h("div", "icw-board", undefined, { tabindex: 0 });
  const layout = h("div", "icw-layout");
  const head = h("div", "icw-head");
  const title = h("div", "icw-title");
  const status = h("div", "icw-status", undefined, { "aria-live": "polite" });
  const error = h("div", "icw-error", undefined, { role: "alert" });
  head.append(title, status, error);
  const main = h("div", "icw-main");
  const actorsEl = h("div", "icw-actors", undefined, { role: "group", "aria-label": "acting seat" });
  const buttons = h("div", "icw-buttons");
  const hint = h("div", "icw-hint", undefined, { "aria-live": "polite" });
  const choices = h("div", "icw-choices");
  const chance = h("div", "icw-chance");
  const sceneView = new SceneView();
  let players = drawPlayers(null);
  const stage = h("div", "icw-stage");
  stage.append(players, sceneView.svg);
  const nav = h("div", "icw-nav", undefined, { role: "group", "aria-label": "navigate the record" });
  for (const [name, icon, label] of NAV) {
    nav.append(h("button", "", icon, { type: "button", "data-nav": name, title: label, "aria-label": label }));
  }
  main.append(actorsEl, buttons, hint, choices, chance, stage, nav);
  const side = h("div", "icw-side");
  const moves = h("div", "icw-moves");
  const comment = h("div", "icw-comment");
  const text = h("textarea", "", undefined, { rows: 3, placeholder: "Comment on this position", "aria-label": "comment" });
  const save = h("button", "", "Save comment", { type: "button", title: "Save (Ctrl+Enter)" });
  comment.append(text, save);
  side.append(moves, comment);
  let form = drawForm(null);
  layout.append(head, main, side, form);
  root.append(layout);
  el.append(root);

  // View state: the clicks so far, what is drawn and highlighted, a transient hint.
  let pick: Pick = EMPTY;
  let byId = new Map<string, SVGGElement>();
  let lit = new Map<SVGGElement, string[]>(); // highlighted elements and their picker classes
  let note = "";
  let answer = 0; // the timer that clears the clicks of a sent move if Python does not answer
  let painted = true; // whether the browser has painted the picker's last change
  // What the parts that are rebuilt only on a change were last drawn from.
  let playersKey = "";
  let seatsKey = "";
  let chanceKey = "";
  let buttonsKey = "";
  let choicesKey = "";
  let timeline: TimelineView | null = null;
  let commentNode = -1;
  let commentBase = "";

  function drawHead(): void {
    setText(title, str(model.get("title") || scene().title));
    setText(status, str(model.get("status")));
    const err = str(model.get("error"));
    setText(error, err);
    show(error, !!err);
  }

  function drawBoard(): void {
    const t0 = performance.now();
    const s = scene();
    if (stage.lastChild !== sceneView.svg) stage.replaceChildren(players, sceneView.svg); // after a failed draw
    byId = sceneView.draw(s).byId;
    // The scene keeps the elements that did not change, highlights included: drawPicker updates
    // those; the others are gone.
    for (const e of lit.keys()) if (!sceneView.svg.contains(e)) lit.delete(e);

    const key = JSON.stringify(s.players ?? null);
    if (key !== playersKey) {
      const next = drawPlayers(s.players);
      players.replaceWith(next);
      players = next;
      playersKey = key;
    }
    const acting = new Set(actors().map((a) => str(a.seat)));
    for (const p of players.querySelectorAll(".icw-player")) {
      const on = acting.has(p.getAttribute("data-seat") ?? "");
      if (p.classList.contains("icw-acting") !== on) p.classList.toggle("icw-acting", on);
    }

    const dice = objects<{ kind?: unknown }>(s.regions).filter((r) => r.kind === "dice");
    const diceKey = JSON.stringify(dice);
    if (diceKey !== chanceKey) {
      chance.replaceChildren(...drawChance(dice));
      show(chance, chance.childElementCount > 0);
      chanceKey = diceKey;
    }

    const seats = actors().map((a) => ({ seat: str(a.seat), name: str(a.name ?? a.seat), fill: paint(a.colour).fill }));
    const seatKey = JSON.stringify(seats);
    if (seatKey !== seatsKey) {
      actorsEl.replaceChildren(
        ...seats.map(({ seat, name, fill }) => {
          const b = h("button", "icw-seat", undefined, { type: "button", "data-seat": seat });
          b.style.setProperty("--icw-seat", fill);
          b.append(h("span", "icw-swatch"), h("span", "", name));
          return b;
        }),
      );
      seatsKey = seatKey;
    }
    drawPicker();
    root.setAttribute("data-render-ms", (performance.now() - t0).toFixed(2));
  }

  /** Seat buttons, highlights, off-board targets, move buttons and the hint, for `pick`. Each is
   * changed only where it differs from what is shown, so a click costs the browser little. */
  function drawPicker(): void {
    clearTimeout(answer);
    answer = 0;
    const all = actors();
    const seat = actingSeat(all, pick);
    const focused = root.contains(document.activeElement);
    for (const b of actorsEl.children) {
      const pressed = String(b.getAttribute("data-seat") === str(seat));
      if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
    }

    const want = new Map<SVGGElement, string[]>();
    const offBoard: string[] = [];
    for (const [key, t] of targets(all, pick)) {
      const e = byId.get(key);
      if (!e) offBoard.push(key);
      else want.set(e, t.leaf === null ? ["icw-target"] : ["icw-target", `icw-kind-${token(t.leaf)}`]);
    }
    for (const key of pick.path) {
      const e = byId.get(key);
      if (e) want.set(e, [...(want.get(e) ?? []), "icw-selected"]);
    }
    for (const [e, classes] of lit) {
      const keep = want.get(e) ?? [];
      const drop = classes.filter((c) => !keep.includes(c));
      if (drop.length) e.classList.remove(...drop);
      if (!want.has(e)) e.removeAttribute("tabindex");
    }
    for (const [e, classes] of want) {
      const add = classes.filter((c) => !e.classList.contains(c));
      if (add.length) e.classList.add(...add);
      // a target is reachable from the keyboard: Enter or Space picks it
      if (classes.includes("icw-target")) {
        if (e.getAttribute("tabindex") !== "0") e.setAttribute("tabindex", "0");
      } else if (e.hasAttribute("tabindex")) e.removeAttribute("tabindex");
    }
    lit = want;

    const choiceKey = JSON.stringify(offBoard);
    if (choiceKey !== choicesKey) {
      choices.replaceChildren(...offBoard.map((k) => h("button", "", k, { type: "button", "data-key": k })));
      show(choices, offBoard.length > 0);
      choicesKey = choiceKey;
    }

    const movers = seat === null ? all : all.filter((a) => a.seat === seat);
    const moveButtons = movers.flatMap((a) =>
      list<unknown>(a.buttons)
        .filter(Array.isArray)
        .map(([t, label]) => ({ text: str(t), label: str(label ?? t), seat: str(a.seat), fill: paint(a.colour).fill })),
    );
    const buttonKey = JSON.stringify(moveButtons);
    if (buttonKey !== buttonsKey) {
      buttons.replaceChildren(
        ...moveButtons.map(({ text, label, seat, fill }) => {
          const b = h("button", "", label, { type: "button", "data-text": text, "data-seat": seat });
          b.style.setProperty("--icw-seat", fill);
          return b;
        }),
      );
      show(buttons, moveButtons.length > 0);
      buttonsKey = buttonKey;
    }

    let msg = note;
    if (!msg && pick.path.length) msg = `Selected ${pick.path.join(" → ")}: click a highlighted target, or Esc to cancel.`;
    else if (!msg && seat === null && candidates(all, pick).length > 1) msg = "Several seats may act: choose one, or click a highlighted target.";
    setText(hint, msg); // never hidden: it keeps its line (see the CSS)
    // A rebuilt button may have held the focus: keep it in the widget so the keys still work.
    if (focused && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
    if (painted) {
      painted = false;
      requestAnimationFrame(() => (painted = true)); // the frame that paints this comes next
    }
  }

  function drawNav(): void {
    const c = cursor();
    const end = lineEnd(entries(), c);
    for (const b of nav.querySelectorAll<HTMLButtonElement>("button")) {
      const back = b.dataset.nav === "start" || b.dataset.nav === "back";
      b.disabled = back ? c === 0 : end === c;
    }
  }

  function drawComment(): void {
    const c = cursor();
    const now = str(entries().find((e) => e.id === c)?.comment);
    if (c !== commentNode || text.value === commentBase) text.value = now; // keep unsaved edits
    commentNode = c;
    commentBase = now;
  }

  // Redraws are batched: one Python action changes several traits in one message.
  const dirty = new Set<Part>();
  let alive = true;
  let timelineStale = true;
  function flush(): void {
    if (!alive) return;
    const parts = new Set(dirty);
    dirty.clear(); // first: a part that throws must not stop later redraws
    const focused = root.contains(document.activeElement);
    const c = cursor();
    root.setAttribute("data-cursor", String(c));
    if (parts.has("head")) drawHead();
    if (parts.has("board")) {
      try {
        drawBoard();
      } catch (err) {
        console.error("icewidgets: cannot draw this scene", err);
        stage.replaceChildren(h("div", "icw-error", `Cannot draw this scene: ${String(err)}`));
      }
    }
    if (parts.has("timeline")) {
      if (!timeline) {
        timeline = drawTimeline(entries(), c);
        moves.replaceChildren(timeline.el);
      } else if (timelineStale) timeline.update(entries());
      timelineStale = false;
      timeline.setCurrent(c);
      drawNav();
      drawComment();
    }
    if (parts.has("form")) {
      const next = drawForm(model.get("variant_schema"), form.open);
      form.replaceWith(next);
      form = next;
    }
    if (answer) drawPicker(); // Python answered a sent move without a new position: clear its clicks
    if (focused && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  }

  const handlers: [string, () => void][] = Object.entries(TRAITS).map(([trait, parts]) => {
    const fn = (): void => {
      if (!dirty.size) queueMicrotask(flush);
      for (const p of parts) dirty.add(p);
      if (trait === "_timeline") timelineStale = true;
      if (trait !== "_timeline" && parts.includes("board")) onPosition();
    };
    return [`change:${trait}`, fn];
  });
  for (const [event, fn] of handlers) model.on(event, fn);

  /** A new position: forget the clicks; keep the chosen seat while it can still act. */
  function onPosition(): void {
    const all = actors();
    const keep = pick.seat !== null && all.some((a) => a.seat === pick.seat);
    pick = { seat: keep ? pick.seat : null, path: [] };
    note = "";
  }

  function choose(key: string): void {
    const all = actors();
    const out = click(all, pick, key);
    note = "";
    if (out.kind === "select") pick = out.pick;
    else if (out.kind === "ambiguous") note = "That move belongs to several seats: choose the acting seat first.";
    else {
      pick = { seat: pick.seat, path: [] };
      if (out.kind === "send") {
        send({ do: "path", cursor: cursor(), seat: out.seat, path: out.path });
        // Clicks on screen stay shown until Python answers (the redraw comes with the answer):
        // clearing them now would make the browser lay out and paint the page while the message
        // is on its way. Clicks not painted yet (faster than a frame) are undone at once instead.
        if (painted) {
          answer = window.setTimeout(drawPicker, ANSWER_MS);
          return;
        }
      }
    }
    drawPicker();
  }

  function reset(): void {
    if (!pick.path.length && !note) return;
    pick = { seat: pick.seat, path: [] };
    note = "";
    drawPicker();
  }

  function saveComment(): void {
    send({ do: "comment", node: cursor(), text: text.value });
    commentBase = text.value;
  }

  listen(stage, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if ((k.key === "Enter" || k.key === " ") && e.target instanceof Element && e.target.classList.contains("icw-target")) {
      k.preventDefault();
      choose(e.target.getAttribute("data-id") ?? "");
      ([...lit.keys()].find((t) => t.classList.contains("icw-target")) ?? root).focus({ preventScroll: true });
    }
  });
  listen(stage, "click", (e) => {
    // The innermost scene id under the click that is a target now wins (a piece stands for its
    // tower), but a region only counts for its empty part. No target means "start over".
    const keys = targets(actors(), pick);
    let onItem = false;
    for (let n = e.target instanceof Element ? e.target : null; n && n !== stage; n = n.parentElement) {
      const id = n.getAttribute("data-id");
      if (id === null) continue;
      const region = n.classList.contains("icw-region");
      if (keys.has(id) && !(region && onItem)) return choose(id);
      onItem = true;
    }
    reset();
  });
  listen(choices, "click", (e) => {
    const b = hook(e, "data-key", choices);
    if (b) choose(b.getAttribute("data-key") ?? "");
  });
  listen(actorsEl, "click", (e) => {
    const b = hook(e, "data-seat", actorsEl);
    const a = actors().find((x) => str(x.seat) === b?.getAttribute("data-seat"));
    if (!a) return;
    const seat: Seat | null = pick.seat === a.seat ? null : a.seat; // pressing it again un-chooses
    pick = { seat, path: [] };
    note = "";
    drawPicker();
  });
  listen(chance, "click", (e) => {
    const b = hook(e, "data-chance", chance);
    const box = b?.closest(".icw-chance-region");
    if (b?.getAttribute("data-chance") === "roll") send({ do: "roll", cursor: cursor() });
    else if (box) send({ do: "set_chance", cursor: cursor(), values: readChance(box) });
  });
  listen(buttons, "click", (e) => {
    const b = hook(e, "data-text", buttons);
    if (b) send({ do: "text", cursor: cursor(), text: b.getAttribute("data-text") ?? "" });
  });
  listen(nav, "click", (e) => {
    const which = hook(e, "data-nav", nav)?.getAttribute("data-nav");
    if (which === "start") send({ do: "goto", node: 0 });
    else if (which === "back") send({ do: "back" });
    else if (which === "forward") send({ do: "forward" });
    else if (which === "end") send({ do: "goto", node: lineEnd(entries(), cursor()) });
  });
  listen(moves, "click", (e) => {
    const node = hook(e, "data-node", moves)?.getAttribute("data-node");
    if (node !== null && node !== undefined) send({ do: "goto", node: Number(node) });
  });
  listen(save, "click", saveComment);
  listen(text, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if (k.key === "Enter" && (k.ctrlKey || k.metaKey)) saveComment();
  });
  listen(layout, "click", (e) => {
    // The form is rebuilt when the schema changes, so its Start button is found by delegation.
    if (e.target instanceof Element && e.target.closest("button.icw-start")) {
      send({ do: "new_game", options: readForm(form, model.get("variant_schema")) });
    }
  });
  listen(root, "keydown", (e) => {
    const k = e as KeyboardEvent;
    if (k.key === "Escape") reset();
    if (isTyping(k.target) || k.altKey || k.ctrlKey || k.metaKey || k.shiftKey) return;
    if (k.key === "ArrowLeft") send({ do: "back" });
    else if (k.key === "ArrowRight") send({ do: "forward" });
    else return;
    k.preventDefault();
  });

  // First draw, synchronous so the view is complete as soon as render returns.
  for (const p of ["head", "board", "timeline", "form"] as Part[]) dirty.add(p);
  flush();

  return () => {
    alive = false;
    clearTimeout(answer);
    events.abort();
    for (const [event, fn] of handlers) model.off(event, fn);
    root.remove();
  };
}

export default { render };
