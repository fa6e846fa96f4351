// Hot-seat play passes the screen: when the view follows the turn and another seat is to act,
// Python sends the curtain's text ("Pass the screen to Ben.") and only the public view. An
// opaque panel then covers the board and its move controls until the next player says they
// are ready; their view comes from Python once the page sends lift_curtain.

import { h, setText, show } from "./dom";

const PASS = /^Pass the screen to (.+?)\.?$/;

/** The lift button's words: the seat's name from the curtain's text where it gives one. */
export function liftLabel(text: string): string {
  const m = PASS.exec(text.trim());
  return m ? `Show ${m[1]}'s view` : "I am ready: show my view";
}

export class Curtain {
  readonly el = h("div", "icw-curtain", undefined, { role: "group", "aria-label": "screen passed to the next player" });
  readonly button = h("button", "icw-curtain-lift", "", { type: "button" });
  private readonly text = h("p", "icw-curtain-text", undefined, { "aria-live": "polite" });

  /** The panel covers `host`: every other child of it is inert (no clicks, no focus) while it is up. */
  constructor(private readonly host: HTMLElement) {
    this.el.append(this.text, this.button);
    host.classList.add("icw-curtain-host");
    host.append(this.el);
    show(this.el, false);
  }

  get up(): boolean {
    return !this.el.hidden;
  }

  /** Raise the curtain with `text`, or lower it when `text` is empty. */
  update(text: string): void {
    const up = text !== "";
    if (!up && this.el.contains(document.activeElement)) {
      // The lift button had the focus: keep it in the widget, so the keys still work.
      this.host.closest<HTMLElement>(".icw-board")?.focus({ preventScroll: true });
    }
    setText(this.text, text);
    setText(this.button, up ? liftLabel(text) : "");
    show(this.el, up);
    this.host.classList.toggle("icw-curtained", up);
    for (const child of this.host.children) {
      if (child === this.el) continue;
      if (up) child.setAttribute("inert", "");
      else child.removeAttribute("inert");
    }
  }
}
