// Who plays each seat: one select per seat, "person" or one of the agents Python offers. Shown
// only when Python offers agents. A change sends seat_agent; the selects follow `seated`.

import { h, show, str } from "./dom";
import { LastDrawn } from "./redraw";
import type { Seat, Seated } from "./types";

/** The option value that stands for a person (an agent's name is never empty). */
const PERSON = "";

export interface AgentState {
  seated: Seated[];
  choices: string[];
  /** Each seat's name, by the seat as text; a seat not named here is "Seat n". */
  names: ReadonlyMap<string, string>;
}

export function seatName(names: ReadonlyMap<string, string>, seat: Seat): string {
  return names.get(str(seat)) || `Seat ${str(seat)}`;
}

export class AgentControls {
  readonly el = h("div", "icw-agents", undefined, { role: "group", "aria-label": "who plays each seat" });
  private seated: Seated[] = [];
  private readonly drawn = new LastDrawn();

  constructor(into: HTMLElement) {
    show(this.el, false);
    into.append(this.el);
  }

  update(s: AgentState): void {
    this.seated = s.seated;
    const seats = s.seated.map((x) => ({ seat: x.seat, name: seatName(s.names, x.seat) }));
    // An agent seated that the choices do not list (a designer's own) is still shown as chosen.
    const extra = s.seated.map((x) => x.agent).filter((a): a is string => a !== null && !s.choices.includes(a));
    const options = [...s.choices, ...new Set(extra)];
    if (this.drawn.changed("controls", [seats, options])) {
      this.el.replaceChildren(
        h("span", "icw-session-label", "Played by"),
        ...seats.map(({ seat, name }) => {
          const label = h("label", "icw-agent");
          const select = h("select", "", undefined, { "data-seat": str(seat) });
          select.append(h("option", "", "person", { value: PERSON }), ...options.map((a) => h("option", "", a, { value: a })));
          label.append(h("span", "icw-agent-name", name), select);
          return label;
        }),
      );
    }
    for (const x of s.seated) {
      const select = this.select(x.seat);
      const value = x.agent ?? PERSON;
      if (select && select.value !== value) select.value = value;
    }
    show(this.el, s.choices.length > 0 && s.seated.length > 0);
  }

  /** The seat and agent a change event chose, or null when it came from elsewhere. */
  read(e: Event): Seated | null {
    const t = e.target;
    if (!(t instanceof HTMLSelectElement) || !this.el.contains(t)) return null;
    const at = t.getAttribute("data-seat");
    const entry = this.seated.find((x) => str(x.seat) === at);
    if (!entry) return null;
    return { seat: entry.seat, agent: t.value === PERSON ? null : t.value };
  }

  private select(seat: Seat): HTMLSelectElement | null {
    for (const s of this.el.querySelectorAll("select")) if (s.getAttribute("data-seat") === str(seat)) return s;
    return null;
  }
}
