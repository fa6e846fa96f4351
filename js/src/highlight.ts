// Highlights on the drawing: targets (a class per move kind), the clicks so far, and what
// assistive technology needs for them (a button role, a name, a pressed state, a tab stop).
// Each change touches only the elements whose state changes, so a click costs the browser little.

export interface Look {
  classes: string[];
  label: string; // the accessible name: what it is, and what its move does
  target: boolean; // clickable now: a tab stop, Enter or Space picks it
  selected: boolean;
}

function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export class Highlights {
  private lit = new Map<SVGGElement, Look>();

  /** Show exactly these looks. */
  show(want: Map<SVGGElement, Look>): void {
    for (const [e, look] of this.lit) {
      const keep = want.get(e)?.classes ?? [];
      const drop = look.classes.filter((c) => !keep.includes(c));
      if (drop.length) e.classList.remove(...drop);
      if (!want.has(e)) for (const a of ["tabindex", "role", "aria-label", "aria-pressed"]) setAttr(e, a, null);
    }
    for (const [e, look] of want) {
      const add = look.classes.filter((c) => !e.classList.contains(c));
      if (add.length) e.classList.add(...add);
      setAttr(e, "role", "button");
      setAttr(e, "aria-label", look.label);
      setAttr(e, "aria-pressed", look.selected ? "true" : null);
      setAttr(e, "tabindex", look.target ? "0" : null);
    }
    this.lit = want;
  }

  /** Forget elements that are no longer drawn (a redraw replaced them). */
  prune(within: Element): void {
    for (const e of this.lit.keys()) if (!within.contains(e)) this.lit.delete(e);
  }

  /** The first target, in the order they were shown. */
  firstTarget(): SVGGElement | undefined {
    for (const [e, look] of this.lit) if (look.target) return e;
    return undefined;
  }
}
