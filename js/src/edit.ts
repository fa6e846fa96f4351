// The set-up editor's controls: an Edit toggle, and Done and Cancel while the editor is open.
// In edit mode Python sends the editor as the one actor (its trie holds the edits' click paths,
// its buttons the edits with no place, such as whose turn), so the board's own picker clicks
// edits as it clicks moves: this module only opens and closes the editor. It knows no rules.

import { h, show } from "./dom";
import type { Message, Model } from "./types";

export interface EditFlags {
  editable: boolean; // the game has an editor
  editing: boolean; // the editor is open
}

export interface EditView {
  toggle: boolean; // the Edit toggle is shown
  pressed: boolean;
  label: string;
  title: string;
  finish: boolean; // Done and Cancel are shown
}

/** The flags as Python sent them; anything but `true` is false. */
export function readEditFlags(model: Pick<Model, "get">): EditFlags {
  return { editable: model.get("editable") === true, editing: model.get("editing") === true };
}

/** What the controls show: nothing on a published page or for a game with no editor. */
export function editView({ editable, editing }: EditFlags, published: boolean): EditView {
  const toggle = !published && (editable || editing);
  return {
    toggle,
    pressed: editing,
    label: editing ? "Editing position" : "Edit position",
    title: editing
      ? "Leave the editor without changes (as Cancel)"
      : "Set up a position: put pieces and cards from the supply, take them off, choose whose turn it is",
    finish: toggle && editing,
  };
}

/** The message a control sends, by its `data-edit` hook and whether the editor is open. */
export function editMessage(which: string | null, editing: boolean): Message | null {
  if (which === "toggle") return editing ? { do: "edit_cancel" } : { do: "edit", on: true };
  if (which === "done") return editing ? { do: "edit_done" } : null;
  if (which === "cancel") return editing ? { do: "edit_cancel" } : null;
  return null;
}

export class EditBar {
  readonly el = h("div", "icw-edit", undefined, { role: "group", "aria-label": "set-up editor" });
  readonly toggle = h("button", "icw-edit-toggle", "Edit position", { type: "button", "data-edit": "toggle", "aria-pressed": "false" });
  readonly done = h("button", "icw-edit-done", "Done: new game from here", { type: "button", "data-edit": "done" });
  readonly cancel = h("button", "icw-edit-cancel", "Cancel", { type: "button", "data-edit": "cancel" });
  editing = false;

  constructor() {
    this.el.append(this.toggle, this.done, this.cancel);
    this.update(editView({ editable: false, editing: false }, false));
  }

  update(view: EditView): void {
    this.editing = view.pressed;
    show(this.el, view.toggle);
    this.toggle.textContent = view.label;
    this.toggle.title = view.title;
    this.toggle.setAttribute("aria-pressed", String(view.pressed));
    show(this.done, view.finish);
    show(this.cancel, view.finish);
  }

  /** The message of a click inside the bar, or null. */
  clicked(target: EventTarget | null): Message | null {
    const b = target instanceof Element ? target.closest("[data-edit]") : null;
    return b && this.el.contains(b) ? editMessage(b.getAttribute("data-edit"), this.editing) : null;
  }
}

/** Put the editor's controls before `before`, kept current from the model's `editable` and
 * `editing`; `root` carries the class `icw-editing` while the editor is open. Returns the cleanup. */
export function mountEditBar(model: Model, root: HTMLElement, before: Element, published: boolean): () => void {
  const bar = new EditBar();
  before.before(bar.el);
  const redraw = (): void => {
    const flags = readEditFlags(model);
    bar.update(editView(flags, published));
    root.classList.toggle("icw-editing", flags.editing && !published);
  };
  const click = (e: Event): void => {
    const m = bar.clicked(e.target);
    if (m) model.send(m);
  };
  bar.el.addEventListener("click", click);
  model.on("change:editable", redraw);
  model.on("change:editing", redraw);
  redraw();
  return () => {
    bar.el.removeEventListener("click", click);
    model.off("change:editable", redraw);
    model.off("change:editing", redraw);
    bar.el.remove();
  };
}
