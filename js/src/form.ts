// The variant form: one control per schema entry, read back as typed values for new_game, a seed
// field (blank: a new random seed), and the refusal of the last new game shown here, at the form,
// with the field it names marked.

import { h, list, objects, show, str } from "./dom";
import type { FormError } from "./traits";
import type { OptionSpec } from "./types";

type Control = HTMLInputElement | HTMLSelectElement;

/** How a choice reads in a select: null/true/false as auto/yes/no. */
export function choiceLabel(v: unknown): string {
  return v === null ? "auto" : v === true ? "yes" : v === false ? "no" : str(v);
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

function start(spec: OptionSpec): unknown {
  return spec.value !== undefined ? spec.value : spec.default;
}

function control(spec: OptionSpec): Control {
  const value = start(spec);
  const choices = list<unknown>(spec.choices);
  if (spec.type === "bool") {
    const c = h("input", "", undefined, { type: "checkbox" });
    c.checked = value === true;
    return c;
  }
  if (choices.length) {
    const sel = h("select");
    choices.forEach((v, i) => sel.append(h("option", "", choiceLabel(v), { value: i })));
    const at = choices.findIndex((v) => same(v, value));
    sel.selectedIndex = at >= 0 ? at : 0;
    return sel;
  }
  if (spec.type === "int" || spec.type === "float") {
    const n = h("input", "", undefined, { type: "number", step: spec.type === "int" ? 1 : "any" });
    if (typeof spec.low === "number") n.min = String(spec.low);
    if (typeof spec.high === "number") n.max = String(spec.high);
    n.value = str(value);
    return n;
  }
  const t = h("input", "", undefined, { type: "text" });
  t.value = str(value);
  return t;
}

function field(name: string, c: Control, help: string): HTMLLabelElement {
  const f = h("label", `icw-field icw-field-${c instanceof HTMLSelectElement ? "select" : c.type}`);
  f.append(h("span", "icw-fname", name), c);
  if (help) {
    f.title = help;
    f.append(h("small", "icw-help", help));
  }
  return f;
}

/** The fields of a schema, one labelled control ([data-option]) each. */
export function drawFields(schema: unknown): HTMLElement {
  const fields = h("div", "icw-fields");
  for (const spec of objects<OptionSpec>(schema)) {
    const c = control(spec);
    c.setAttribute("data-option", str(spec.name));
    fields.append(field(str(spec.name), c, str(spec.help)));
  }
  return fields;
}

/** The typed value of each option, as the form shows it now. */
export function readForm(root: ParentNode, schema: unknown): Record<string, unknown> {
  const specs = new Map(objects<OptionSpec>(schema).map((s) => [str(s.name), s]));
  const out: [string, unknown][] = [];
  root.querySelectorAll<Control>("[data-option]").forEach((c) => {
    const name = c.getAttribute("data-option") ?? "";
    const spec = specs.get(name);
    if (!spec) return;
    const choices = list<unknown>(spec.choices);
    const i = Number(c.value);
    let v: unknown;
    if (c instanceof HTMLSelectElement) v = Number.isInteger(i) && i >= 0 && i < choices.length ? choices[i] : start(spec);
    else if (c.type === "checkbox") v = c.checked;
    else if (c.type === "number") v = c.value.trim() === "" ? start(spec) : i;
    else v = c.value;
    out.push([name, v]);
  });
  return Object.fromEntries(out); // own properties, even for a name like "__proto__"
}

let forms = 0; // for ids unique in the page

/** The <details class="icw-variant"> form: the option fields, the seed, the refusal, Start. */
export class VariantForm {
  readonly el = h("details", "icw-variant");
  private fields = drawFields(null);
  private readonly seed = h("input", "icw-seed", undefined, { type: "number", step: 1, "data-seed": "" });
  private readonly error: HTMLElement;

  constructor() {
    const id = `icw-form-error-${++forms}`;
    this.error = h("div", "icw-form-error", undefined, { role: "alert", id });
    show(this.error, false);
    const seed = field("seed", this.seed, "blank: a new random seed");
    seed.classList.add("icw-seed-field");
    this.el.append(h("summary", "", "Variant / new game"), this.fields, seed, this.error, h("button", "icw-start", "Start new game", { type: "button" }));
  }

  /** New option fields (the seed and the refusal stay). */
  setSchema(schema: unknown): void {
    const next = drawFields(schema);
    this.fields.replaceWith(next);
    this.fields = next;
  }

  /** The seed of the game in hand, shown as the seed field's placeholder. */
  setSeed(seed: number | null): void {
    const text = seed === null ? "random" : String(seed);
    if (this.seed.placeholder !== text) this.seed.placeholder = text;
  }

  /** Show a refusal at the form and mark the field it names; null clears both. */
  setError(e: FormError | null): void {
    this.error.textContent = e?.message ?? "";
    show(this.error, e !== null);
    for (const c of this.el.querySelectorAll(".icw-invalid")) this.unmark(c);
    if (!e) return;
    this.el.open = true;
    const named = e.option === null ? null : e.option === "seed" && !this.hasOption("seed") ? this.seed : this.control(e.option);
    if (named) {
      named.classList.add("icw-invalid");
      named.setAttribute("aria-invalid", "true");
      named.setAttribute("aria-describedby", this.error.id);
    }
  }

  /** An edited field is no longer marked. */
  unmark(el: Element): void {
    el.classList.remove("icw-invalid");
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }

  /** The options and the seed (null when blank) as the form shows them now. */
  read(schema: unknown): { options: Record<string, unknown>; seed: number | null } {
    const text = this.seed.value.trim();
    const n = Number(text);
    return { options: readForm(this.fields, schema), seed: text !== "" && Number.isFinite(n) ? n : null };
  }

  private control(option: string): Element | null {
    return [...this.fields.querySelectorAll("[data-option]")].find((c) => c.getAttribute("data-option") === option) ?? null;
  }

  private hasOption(option: string): boolean {
    return this.control(option) !== null;
  }
}

/** A form for this schema (as the widget draws it), open or not. */
export function drawForm(schema: unknown, open = false): HTMLDetailsElement {
  const form = new VariantForm();
  form.setSchema(schema);
  form.el.open = open;
  return form.el;
}
