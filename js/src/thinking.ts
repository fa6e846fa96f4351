// The line that says an agent is thinking ("Ben (mcts) is thinking…"), with a Stop button. The
// rest of the page stays usable meanwhile; the picker only declines to send moves. While any
// seat has an agent the line keeps its place, so the board does not jump with each answer.

import { h, setText, show } from "./dom";
import type { Thinking } from "./types";

export function thinkingText(t: Thinking): string {
  const who = t.name || `Seat ${String(t.seat)}`;
  return t.agent ? `${who} (${t.agent}) is thinking…` : `${who} is thinking…`;
}

/** What the hint line says to a click on a target while an agent thinks. */
export function waitText(t: Thinking): string {
  return `Wait for ${t.name || "the agent"}, or press Stop.`;
}

export class ThinkingBanner {
  readonly el = h("div", "icw-thinking", undefined, { role: "status" });
  readonly stop = h("button", "icw-stop", "Stop", { type: "button", title: "Stop the agent: a person plays its seat again" });
  private readonly text = h("span", "icw-thinking-text");

  /** The banner goes in `line`, which keeps its place while any seat has an agent. */
  constructor(private readonly line: HTMLElement) {
    this.el.append(h("span", "icw-thinking-dot", undefined, { "aria-hidden": "true" }), this.text, this.stop);
    line.append(this.el);
    show(this.el, false);
    show(this.line, false);
  }

  /** Show `thinking` (null: nobody thinks); `agentSeated`: some seat has an agent. */
  update(thinking: Thinking | null, agentSeated: boolean): void {
    const on = thinking !== null;
    if (!on && this.el.contains(document.activeElement)) {
      // The Stop button had the focus: keep it in the widget, so the keys still work.
      const root = this.line.closest<HTMLElement>(".icw-board");
      root?.focus({ preventScroll: true });
    }
    setText(this.text, on ? thinkingText(thinking) : "");
    show(this.el, on);
    show(this.line, on || agentSeated);
  }
}
