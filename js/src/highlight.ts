// Highlights on the drawing: targets (a class per move kind), the clicks so far, and what
// assistive technology needs for them (a button role, a name, a pressed state, a tab stop).
// Each change touches only the elements whose state changes, so a click costs the browser little.
//
// The classes go on the item's group; the button is the group's hit rectangle (its first child),
// which holds none of the other items: a tower that is a target inside a table that is one too
// stays a button of its own (a button's content is hidden from assistive technology).

export interface Look {
  classes: string[];
  label: string; // the accessible name: what it is, and what its move does
  target: boolean; // clickable now: a tab stop, Enter or Space picks it
  selected: boolean;
}

const ARIA = ["tabindex", "role", "aria-label", "aria-pressed"];

function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** The element that is an item's button: its hit rectangle. */
export function buttonOf(item: Element): Element {
  const first = item.firstElementChild;
  return first?.classList.contains("icw-hit") ? first : item;
}

/** The target whose button this element is, if it is one. */
export function targetOf(el: EventTarget | null): SVGGElement | null {
  if (!(el instanceof Element)) return null;
  const item = el.classList.contains("icw-hit") ? el.parentElement : el;
  return item instanceof SVGGElement && item.classList.contains("icw-target") && buttonOf(item) === el ? item : null;
}

export class Highlights {
  private lit = new Map<SVGGElement, Look>();

  /** Show exactly these looks. */
  show(want: Map<SVGGElement, Look>): void {
    for (const [e, look] of this.lit) {
      const keep = want.get(e)?.classes ?? [];
      const drop = look.classes.filter((c) => !keep.includes(c));
      if (drop.length) e.classList.remove(...drop);
      if (!want.has(e)) for (const a of ARIA) setAttr(buttonOf(e), a, null);
    }
    for (const [e, look] of want) {
      const add = look.classes.filter((c) => !e.classList.contains(c));
      if (add.length) e.classList.add(...add);
      const b = buttonOf(e);
      setAttr(b, "role", "button");
      setAttr(b, "aria-label", look.label);
      setAttr(b, "aria-pressed", look.selected ? "true" : null);
      setAttr(b, "tabindex", look.target ? "0" : null);
    }
    this.lit = want;
  }

  /** Forget elements that are no longer drawn (a redraw replaced them). */
  prune(within: Element): void {
    for (const e of this.lit.keys()) if (!within.contains(e)) this.lit.delete(e);
  }

  /** The button of the first target, in the order they were shown. */
  firstTarget(): Element | undefined {
    for (const [e, look] of this.lit) if (look.target) return buttonOf(e);
    return undefined;
  }
}
