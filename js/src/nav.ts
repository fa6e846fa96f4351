// The record's step buttons and the comment box of the node shown.

import { show } from "./dom";
import { lineEnd } from "./timeline";
import type { TimelineEntry } from "./types";

/** Disable what cannot move. A button about to be disabled that has the focus hands it to the
 * board first: a disabled button drops the focus to the page, and the keys would stop working. */
export function drawNav(nav: HTMLElement, root: HTMLElement, entries: readonly TimelineEntry[], cursor: number): void {
  const end = lineEnd(entries, cursor);
  for (const b of nav.querySelectorAll<HTMLButtonElement>("button[data-nav]")) {
    const back = b.dataset.nav === "start" || b.dataset.nav === "back";
    const disabled = back ? cursor === 0 : end === cursor;
    if (disabled && !b.disabled && document.activeElement === b) root.focus({ preventScroll: true });
    if (b.disabled !== disabled) b.disabled = disabled;
  }
}

/** A published page's comment of the node shown: its text, hidden when it has none. */
export function showComment(el: HTMLElement, entries: readonly TimelineEntry[], cursor: number): void {
  const text = entries.find((e) => e.id === cursor)?.comment ?? "";
  if (el.textContent !== text) el.textContent = text;
  show(el, text !== "");
}

/** The comment of the node shown, keeping an unsaved edit while the node stays the same. */
export class CommentBox {
  private node = -1;
  private base = ""; // the comment as last shown or saved

  constructor(private readonly text: HTMLTextAreaElement) {}

  show(entries: readonly TimelineEntry[], cursor: number): void {
    const now = entries.find((e) => e.id === cursor)?.comment ?? "";
    if (cursor !== this.node || this.text.value === this.base) this.text.value = now;
    this.node = cursor;
    this.base = now;
  }

  /** The text to save; it is the base from now on. */
  take(): string {
    this.base = this.text.value;
    return this.base;
  }
}
