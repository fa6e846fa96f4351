// The variant form: one control per schema entry, read back as typed values for new_game.

import { h, list, objects, str } from "./dom";
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

/** The <details class="icw-variant"> form, with a Start button (button.icw-start). */
export function drawForm(schema: unknown, open = false): HTMLDetailsElement {
  const form = h("details", "icw-variant");
  form.open = open;
  form.append(h("summary", "", "Variant / new game"));
  const fields = h("div", "icw-fields");
  for (const spec of objects<OptionSpec>(schema)) {
    const c = control(spec);
    c.setAttribute("data-option", str(spec.name));
    const help = str(spec.help);
    const field = h("label", `icw-field icw-field-${c instanceof HTMLSelectElement ? "select" : c.type}`);
    field.append(h("span", "icw-fname", str(spec.name)), c);
    if (help) {
      field.title = help;
      field.append(h("small", "icw-help", help));
    }
    fields.append(field);
  }
  form.append(fields, h("button", "icw-start", "Start new game", { type: "button" }));
  return form;
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
