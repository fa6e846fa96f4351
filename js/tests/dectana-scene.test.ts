// A Dectana position as the game itself writes it (fixtures/dectana.json, from
// tests/write_fixtures.py), drawn through the real region code: a board of spaces with standing
// and lying pyramids and a wasteland, a hand face up, a hand face down, discards and stashes.
import { describe, expect, it } from "vitest";
import { sceneNames } from "../src/labels";
import { SceneView } from "../src/scene";
import type { Scene } from "../src/types";
import fixture from "./fixtures/dectana.json";

const scene = fixture as unknown as Scene;

/** Every id the scene sends, in the order it sends them (regions, spaces, cards, suit marks, pieces). */
function sentIds(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) sentIds(x, out);
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.id === "string") out.push(o.id);
    for (const [k, x] of Object.entries(o)) if (k !== "id" && k !== "marks") sentIds(x, out);
  }
  return out;
}

describe("a Dectana position the game wrote", () => {
  // The discard pile's list open: its cards are drawn only then.
  const view = new SceneView();
  view.toggle("discards");
  const { svg, byId } = view.draw(scene);
  const drawn = [...svg.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id")!);
  const names = sceneNames(scene);
  const get = (id: string): Element => {
    const el = byId.get(id);
    if (!el) throw new Error(`${id} is not drawn`);
    return el;
  };

  it("draws every id it was sent exactly once, and names each", () => {
    const sent = sentIds(scene.regions);
    expect(sent.length).toBeGreaterThan(60);
    expect(new Set(drawn).size, "ids are unique").toBe(drawn.length);
    expect(new Set(drawn)).toEqual(new Set(sent));
    for (const id of drawn) expect(names.get(id), id).toBeTruthy();
    expect(svg.textContent).not.toContain("no drawing for region kind");
  });

  it("draws the discards as one small pile with its count while its list is closed", () => {
    const closed = new SceneView().draw(scene).svg.querySelector('[data-id="discards"]')!;
    const count = (scene.regions.find((r) => r.id === "discards") as { pile: number }).pile;
    expect(count).toBeGreaterThan(0);
    expect(closed.querySelectorAll("[data-id]")).toHaveLength(0);
    expect(closed.querySelector(".icw-deck-count")!.textContent).toBe(`${count} card${count === 1 ? "" : "s"}`);
    expect(closed.querySelector("[data-pile-toggle]")).not.toBeNull();
  });

  it("lays the flat pyramids their way and stands the upright one", () => {
    const facing = (id: string) => get(id).querySelector(".icw-pyr-flat")?.getAttribute("data-facing") ?? null;
    expect(facing("0,0/r1n")).toBe("n");
    expect(facing("0,0/r1e")).toBe("e");
    expect(facing("2,1/b1w")).toBe("w");
    expect(facing("0,0/r1u")).toBeNull();
    expect(get("0,0/r1u").querySelector(".icw-pyr")).not.toBeNull();
    for (const id of ["0,0/r1u", "0,0/r1n", "0,0/r1e"]) expect(get(id).parentElement!.closest("[data-id]")!.getAttribute("data-id")).toBe("0,0");
    expect(names.get("0,0/r1n")).toBe("red small pointing north on 0,0");
    expect(names.get("2,1/b1w")).toBe("blue small pointing west on 2,1");
  });

  it("tells territories from wastelands", () => {
    const territories = scene.regions[0]!.kind === "spaces" ? scene.regions[0]!.spaces.filter((s) => s.card) : [];
    expect(territories).toHaveLength(9);
    expect(get("0,0").classList.contains("icw-territory")).toBe(true);
    expect(get("0,0/card").querySelector(".icw-card-label")!.textContent).toBe("The Castle");
    const waste = get("2,1");
    expect(waste.classList.contains("icw-wasteland")).toBe(true);
    expect(waste.querySelector(".icw-card")).toBeNull();
    expect(names.get("2,1")).toBe("2,1 (wasteland)");
    expect(svg.querySelectorAll(".icw-wasteland")).toHaveLength(12); // the ring around the 3x3 board
  });

  it("shows the viewer's hand face up with its suit marks, and the other hand face down with no text", () => {
    const ann = get("hand:0");
    expect(ann.textContent).toContain("The Author");
    expect(ann.textContent).toContain("The Sea");
    expect(get("hand:0:author/moons").classList.contains("icw-suit")).toBe(true);
    expect(names.get("hand:0:sea/waves")).toBe("Waves of The Sea in Hand: Ann");
    const ben = get("hand:1");
    expect(ben.querySelectorAll(".icw-card.icw-hidden")).toHaveLength(3);
    for (const c of ben.querySelectorAll(".icw-card")) expect(c.querySelector("text:not(:empty)"), "no card text").toBeNull();
    expect(ben.querySelectorAll(".icw-suit")).toHaveLength(0);
  });

  it("marks the space the last move touched", () => {
    expect(scene.marks).toEqual([{ id: "0,0", kind: "last" }]);
    expect(get("0,0").classList.contains("icw-mark-last")).toBe(true);
  });
});
