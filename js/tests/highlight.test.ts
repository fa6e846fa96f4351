import { describe, expect, it } from "vitest";
import { Highlights, buttonOf, targetOf } from "../src/highlight";
import { drawScene } from "../src/scene";
import type { Scene } from "../src/types";
import scene3 from "./data/scene3.json";

const look = (classes: string[], label: string, target = true, selected = false) => ({ classes, label, target, selected });

describe("Highlights", () => {
  const fresh = () => {
    const { svg, byId } = drawScene(scene3 as Scene);
    return { svg, g: (id: string) => byId.get(id)! };
  };

  it("puts the classes on the item and the button's role, name and tab stop on its hit rectangle", () => {
    const { g } = fresh();
    const h = new Highlights();
    h.show(new Map([[g("T1"), look(["icw-target", "icw-kind-cap"], "T1: cap")]]));
    expect([...g("T1").classList]).toEqual(expect.arrayContaining(["icw-target", "icw-kind-cap"]));
    const b = buttonOf(g("T1"));
    expect(b.classList.contains("icw-hit")).toBe(true);
    expect([b.getAttribute("role"), b.getAttribute("aria-label"), b.getAttribute("tabindex")]).toEqual(["button", "T1: cap", "0"]);
    expect(h.firstTarget()).toBe(b);
  });

  it("changes only what differs, and clears what is no longer lit", () => {
    const { g } = fresh();
    const h = new Highlights();
    h.show(new Map([[g("T1"), look(["icw-target"], "T1")], [g("free:r1"), look(["icw-target"], "red small")]]));
    h.show(new Map([[g("free:r1"), look(["icw-selected"], "red small", false, true)]]));
    expect(g("T1").classList.contains("icw-target")).toBe(false);
    expect(buttonOf(g("T1")).hasAttribute("role")).toBe(false);
    expect(buttonOf(g("T1")).hasAttribute("tabindex")).toBe(false);
    const r1 = buttonOf(g("free:r1"));
    expect(g("free:r1").classList.contains("icw-target")).toBe(false);
    expect(r1.getAttribute("aria-pressed")).toBe("true");
    expect(r1.hasAttribute("tabindex")).toBe(false);
    expect(h.firstTarget()).toBeUndefined();
  });

  it("forgets elements a redraw replaced", () => {
    const { svg, g } = fresh();
    const h = new Highlights();
    const t1 = g("T1");
    h.show(new Map([[t1, look(["icw-target"], "T1")]]));
    t1.remove();
    h.prune(svg);
    expect(h.firstTarget()).toBeUndefined();
  });
});

describe("targetOf", () => {
  it("finds the target whose button an element is, and nothing else", () => {
    const { byId } = drawScene(scene3 as Scene);
    const t1 = byId.get("T1")!;
    t1.classList.add("icw-target");
    expect(targetOf(buttonOf(t1))).toBe(t1);
    expect(targetOf(t1.querySelector(".icw-piece .icw-hit"))).toBeNull(); // a piece's, not a target
    expect(targetOf(byId.get("T2")!.firstElementChild)).toBeNull();
    expect(targetOf(null)).toBeNull();
  });
});
