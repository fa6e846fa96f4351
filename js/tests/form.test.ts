import { describe, expect, it } from "vitest";
import { VariantForm, choiceLabel, drawForm, readForm } from "../src/form";
import type { OptionSpec } from "../src/types";
import schema from "./data/schema.json";

const SCHEMA = schema as OptionSpec[];

const field = (form: Element, name: string) => form.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-option="${name}"]`)!;

describe("drawForm", () => {
  const form = drawForm(SCHEMA);

  it("is a collapsible details with a Start button", () => {
    expect(form.tagName).toBe("DETAILS");
    expect(form.classList.contains("icw-variant")).toBe(true);
    expect(form.open).toBe(false);
    expect(form.querySelector("summary")!.textContent).toBe("Variant / new game");
    expect(form.querySelector("button.icw-start")).not.toBeNull();
    expect(drawForm(SCHEMA, true).open).toBe(true);
  });

  it("builds one control per option, of the right kind", () => {
    expect(form.querySelectorAll("[data-option]")).toHaveLength(5);
    expect(field(form, "players").type).toBe("number");
    expect(field(form, "players").min).toBe("2");
    expect(field(form, "players").max).toBe("6");
    expect(field(form, "trios").tagName).toBe("SELECT");
    expect(field(form, "mercy").type).toBe("checkbox");
    expect(field(form, "gus").tagName).toBe("SELECT");
    expect([...field(form, "gus").options].map((o) => o.textContent)).toEqual(["auto", "yes", "no"]);
    expect(field(form, "seed_text").type).toBe("text");
  });

  it("starts at the current values and shows labels and help as text", () => {
    expect(field(form, "players").value).toBe("4");
    expect(field(form, "trios").selectedIndex).toBe(2);
    expect(field(form, "mercy").checked).toBe(true);
    expect(field(form, "gus").selectedIndex).toBe(0);
    const label = field(form, "mercy").closest("label")!;
    expect(label.querySelector(".icw-fname")!.textContent).toBe("mercy");
    expect(label.querySelector(".icw-help")!.textContent).toBe("<i>mercy</i> rule");
    expect(label.title).toBe("<i>mercy</i> rule");
    expect(form.querySelector("i")).toBeNull();
  });
});

describe("readForm", () => {
  it("returns typed values", () => {
    const form = drawForm(SCHEMA);
    expect(readForm(form, SCHEMA)).toEqual({ players: 4, trios: 5, mercy: true, gus: null, seed_text: "abc" });
    field(form, "players").value = "6";
    field(form, "trios").selectedIndex = 0;
    field(form, "mercy").checked = false;
    field(form, "gus").selectedIndex = 2;
    field(form, "seed_text").value = "x y";
    expect(readForm(form, SCHEMA)).toEqual({ players: 6, trios: 3, mercy: false, gus: false, seed_text: "x y" });
  });

  it("falls back to the starting value for an empty number", () => {
    const form = drawForm(SCHEMA);
    field(form, "players").value = "";
    expect(readForm(form, SCHEMA).players).toBe(4);
  });

  it("keeps odd option names as own keys", () => {
    const schema = [{ name: "__proto__", type: "str", value: "v" }];
    const out = readForm(drawForm(schema), schema);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse('{"__proto__":"v"}'));
  });

  it("labels choices", () => {
    expect([null, true, false, 3, "x"].map(choiceLabel)).toEqual(["auto", "yes", "no", "3", "x"]);
  });
});

describe("VariantForm", () => {
  const make = () => {
    const f = new VariantForm();
    f.setSchema(SCHEMA);
    return f;
  };
  const seed = (f: VariantForm) => f.el.querySelector<HTMLInputElement>("input.icw-seed[data-seed]")!;

  it("has a seed field, blank for a new random seed, showing the game's seed as its placeholder", () => {
    const f = make();
    expect(seed(f).type).toBe("number");
    expect(seed(f).value).toBe("");
    f.setSeed(1234);
    expect(seed(f).placeholder).toBe("1234");
    f.setSeed(null);
    expect(seed(f).placeholder).toBe("random");
    expect(f.read(SCHEMA).seed).toBeNull();
    seed(f).value = "42";
    expect(f.read(SCHEMA)).toEqual({ options: { players: 4, trios: 5, mercy: true, gus: null, seed_text: "abc" }, seed: 42 });
  });

  it("keeps the seed typed when the schema changes", () => {
    const f = make();
    seed(f).value = "7";
    f.setSchema([{ name: "players", type: "int", value: 2 }]);
    expect(f.read(null).seed).toBe(7);
    expect(f.el.querySelectorAll("[data-option]")).toHaveLength(1);
  });

  it("shows a refusal at the form and marks the field it names", () => {
    const f = make();
    const error = f.el.querySelector<HTMLElement>(".icw-form-error")!;
    expect(error.hidden).toBe(true);
    f.setError({ option: "players", message: "players must be 2 to 6, not 9" });
    expect(f.el.open).toBe(true);
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe("players must be 2 to 6, not 9");
    expect(error.getAttribute("role")).toBe("alert");
    const players = field(f.el, "players");
    expect(players.getAttribute("aria-invalid")).toBe("true");
    expect(players.classList.contains("icw-invalid")).toBe(true);
    expect(players.getAttribute("aria-describedby")).toBe(error.id);
    expect(f.el.querySelectorAll("[aria-invalid]")).toHaveLength(1);
    // the seed may be the field at fault too; a new refusal moves the mark
    f.setError({ option: "seed", message: "a seed is a whole number" });
    expect(players.hasAttribute("aria-invalid")).toBe(false);
    expect(seed(f).getAttribute("aria-invalid")).toBe("true");
    f.setError({ option: null, message: "<b>no</b>" });
    expect(f.el.querySelectorAll("[aria-invalid]")).toHaveLength(0);
    expect(error.textContent).toBe("<b>no</b>");
    expect(f.el.querySelector("b")).toBeNull();
    f.setError(null);
    expect(error.hidden).toBe(true);
  });

  it("an edited field is no longer marked", () => {
    const f = make();
    f.setError({ option: "players", message: "no" });
    f.unmark(field(f.el, "players"));
    expect(field(f.el, "players").hasAttribute("aria-invalid")).toBe(false);
  });

  it("gives each form's refusal its own id", () => {
    const ids = [new VariantForm(), new VariantForm()].map((f) => f.el.querySelector(".icw-form-error")!.id);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
