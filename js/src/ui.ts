// The widget's skeleton, built once: the parts that are redrawn live inside it.

import { h, setText, show, str } from "./dom";
import { drawPlayers } from "./players";
import type { Traits } from "./traits";
import { drawZoom } from "./zoom";

const NAV: [string, string, string][] = [
  ["start", "«", "Start"],
  ["back", "‹", "Back (Left arrow)"],
  ["forward", "›", "Forward (Right arrow)"],
  ["end", "»", "End of this line"],
];

export interface Ui {
  root: HTMLElement;
  layout: HTMLElement;
  head: HTMLElement;
  main: HTMLElement; // the board and its move controls: what the hot-seat curtain covers
  title: HTMLElement;
  status: HTMLElement;
  session: HTMLElement; // the games switcher, the viewer control and who plays each seat go here
  thinking: HTMLElement; // the line kept for saying that an agent is thinking
  error: HTMLElement;
  actors: HTMLElement;
  buttons: HTMLElement;
  hint: HTMLElement;
  choices: HTMLElement;
  chance: HTMLElement;
  stage: HTMLElement;
  players: HTMLElement; // replaced when the players change
  sceneBox: HTMLElement; // scrolls the scene sideways when it cannot be laid out narrower
  measure: HTMLElement; // an empty line as wide as the scene may be: what the resize observer watches
  legend: HTMLElement;
  hints: HTMLElement;
  hintButton: HTMLButtonElement;
  hintList: HTMLOListElement;
  nav: HTMLElement;
  zoom: HTMLElement; // fit, a quarter and a half larger
  side: HTMLElement; // the moves and the notes: beside the board, or under it (stacked)
  moves: HTMLElement;
  comment: HTMLTextAreaElement;
  save: HTMLButtonElement;
}

export function buildUi(): Ui {
  // Lumino (JupyterLab, Notebook 7) leaves the keys alone inside an element with this attribute,
  // so the arrow keys step through the record instead of moving between cells or headings.
  const root = h("div", "icw-board", undefined, { tabindex: 0, "data-lm-suppress-shortcuts": "true" });
  const layout = h("div", "icw-layout");
  const head = h("div", "icw-head");
  const title = h("div", "icw-title");
  const status = h("div", "icw-status", undefined, { "aria-live": "polite" });
  const session = h("div", "icw-session");
  // The error keeps a line reserved even when empty, so the board does not jump when one appears.
  const errorLine = h("div", "icw-error-line");
  const error = h("div", "icw-error", undefined, { role: "alert" });
  errorLine.append(error);
  head.append(title, status, session, errorLine);

  const main = h("div", "icw-main");
  const thinking = h("div", "icw-thinking-line");
  const actors = h("div", "icw-actors", undefined, { role: "group", "aria-label": "acting seat" });
  const buttons = h("div", "icw-buttons");
  const hint = h("div", "icw-hint", undefined, { "aria-live": "polite" });
  const choices = h("div", "icw-choices");
  const chance = h("div", "icw-chance");
  const stage = h("div", "icw-stage");
  const players = drawPlayers(null);
  const sceneBox = h("div", "icw-scene-box");
  const measure = h("div", "icw-measure", undefined, { "aria-hidden": "true" });
  stage.append(players, measure, sceneBox);
  const legend = h("div", "icw-legend", undefined, { role: "group", "aria-label": "what the highlights mean" });
  const hints = h("div", "icw-hints");
  const hintButton = h("button", "icw-hint-button", "Hint", { type: "button", title: "Show the moves the hint agent prefers here" });
  const hintList = h("ol", "icw-hint-list", undefined, { "aria-label": "hints, best first" });
  hints.append(hintButton, hintList);
  const nav = h("div", "icw-nav", undefined, { role: "group", "aria-label": "navigate the record" });
  for (const [name, icon, label] of NAV) {
    nav.append(h("button", "", icon, { type: "button", "data-nav": name, title: label, "aria-label": label }));
  }
  const zoom = drawZoom("fit");
  nav.append(zoom);
  // The record's buttons and the legend share a line (where it is wide enough): a fitted scene
  // gets that much more of the window's height. The buttons come first, so the legend's changes
  // never move them.
  const foot = h("div", "icw-foot");
  foot.append(nav, legend);
  main.append(thinking, actors, buttons, hint, choices, chance, stage, hints, foot);

  const side = h("div", "icw-side");
  const moves = h("div", "icw-moves");
  const commentBox = h("div", "icw-comment");
  const comment = h("textarea", "", undefined, { rows: 3, placeholder: "Comment on this position", "aria-label": "comment" });
  const save = h("button", "", "Save comment", { type: "button", title: "Save (Ctrl+Enter)" });
  commentBox.append(comment, save);
  side.append(moves, commentBox);
  layout.append(head, main, side);
  root.append(layout);
  return {
    root, layout, head, main, title, status, session, thinking, error, actors, buttons, hint, choices, chance, stage, players,
    sceneBox, measure, legend, hints, hintButton, hintList, nav, zoom, side, moves, comment, save,
  };
}

/** The title, the status line and the last refusal (a new game's refusal shows at the form instead). */
export function drawHead(ui: Ui, traits: Traits): void {
  setText(ui.title, traits.text("title") || str(traits.scene().title));
  setText(ui.status, traits.text("status"));
  const err = traits.text("error");
  const shown = err && traits.formError()?.message === err ? "" : err;
  setText(ui.error, shown);
  show(ui.error, shown !== "");
}
