// A target's full text for the keyboard as well as the pointer: what hovering shows (its
// group's <title>, a card's whole text) is shown beside the target the focus is on, in a tooltip
// that also describes it to assistive technology.

import { h, setText, show } from "./dom";

let made = 0;

/** The full text of the item whose button `el` is (its hit rectangle, or a toggle group): the
 * item's own <title>; "" when it has none. */
export function fullText(el: Element): string {
  const item = el.classList.contains("icw-hit") ? el.parentElement : el;
  const t = item?.querySelector(":scope > title");
  return t?.textContent?.trim() ?? "";
}

/** The tooltip of a stage: shown under (or over, near the bottom) the focused element. */
export class FocusText {
  readonly el: HTMLElement;
  private on: Element | null = null;

  constructor(private readonly stage: HTMLElement) {
    this.el = h("div", "icw-focus-text", undefined, { id: `icw-focus-text-${++made}`, role: "tooltip" });
    this.el.hidden = true;
    stage.append(this.el);
  }

  /** Show the full text of `target` (nothing for an element with none). */
  show(target: Element): void {
    this.hide();
    const text = fullText(target);
    if (!text) return;
    setText(this.el, text);
    show(this.el, true);
    if (text !== target.getAttribute("aria-label")) target.setAttribute("aria-describedby", this.el.id);
    this.on = target;
    const box = this.stage.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    const below = r.bottom - box.top + 4;
    const room = box.height - below - this.el.offsetHeight;
    this.el.style.left = `${Math.max(0, Math.min(r.left - box.left, box.width - this.el.offsetWidth))}px`;
    this.el.style.top = `${room >= 0 ? below : Math.max(0, r.top - box.top - this.el.offsetHeight - 4)}px`;
  }

  hide(): void {
    if (this.on?.getAttribute("aria-describedby") === this.el.id) this.on.removeAttribute("aria-describedby");
    this.on = null;
    show(this.el, false);
  }
}
