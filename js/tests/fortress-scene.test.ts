// An Ice Fortress position as the game itself writes it (fixtures/icefortress.json, from
// tests/write_fixtures.py: Greedy agents until five rooms stand), drawn through the real region
// code: the fortress in elevation, the rolled dice, the supply, the figures, the decks, the
// elements and the characters' powers.
import { describe, expect, it } from "vitest";
import { sceneNames } from "../src/labels";
import { drawScene } from "../src/scene";
import type { FortressRegion } from "../src/scene-types";
import type { Scene } from "../src/types";
import fixture from "./fixtures/icefortress.json";

const scene = fixture as unknown as Scene;

/** Every id the scene sends (regions and all they hold, not the marks). */
function sentIds(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) sentIds(x, out);
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.id === "string") out.push(o.id);
    for (const [k, x] of Object.entries(o)) if (k !== "id" && k !== "marks") sentIds(x, out);
  }
  return out;
}

describe("an Ice Fortress position the game wrote", () => {
  /** The top of an item's hit rectangle in the svg's coordinates (the translates above it added). */
  const top = (id: string): number => {
    const g = byId.get(id)!;
    let y = Number(g.querySelector(":scope > .icw-hit")!.getAttribute("y"));
    for (let n: Element | null = g; n && n.tagName.toLowerCase() !== "svg"; n = n.parentElement) {
      const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(n.getAttribute("transform") ?? "");
      if (m) y += Number(m[2]);
    }
    return y;
  };
  const { svg, byId } = drawScene(scene);
  const drawn = [...svg.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id")!);
  const names = sceneNames(scene);
  const fortress = scene.regions.find((r) => r.kind === "fortress") as FortressRegion;

  it("draws every id it was sent exactly once, and names each (a folded panel's cards wait until it opens)", () => {
    const folded = scene.regions.filter((r) => "folded" in r && r.folded === true);
    expect(folded.length, "the characters not acting are folded").toBeGreaterThan(0);
    const sent = sentIds(scene.regions.filter((r) => !folded.includes(r))).concat(folded.map((r) => r.id));
    expect(sent.length).toBeGreaterThan(40);
    expect(new Set(drawn).size, "ids are unique").toBe(drawn.length);
    expect(new Set(drawn)).toEqual(new Set(sent));
    for (const id of drawn) expect(names.get(id), id).toBeTruthy();
    expect(svg.textContent).not.toContain("no drawing for region kind");
  });

  it("stacks a room above the group that carries it", () => {
    const upper = fortress.rooms.find((r) => r.level > 1)!;
    expect(upper, "a room on a group").toBeTruthy();
    const lower = fortress.rooms.find((r) => upper.on.startsWith(`${r.id}.`))!;
    expect(top(upper.id)).toBeLessThan(top(lower.id)); // drawn higher up, as in the fortress
  });

  it("shows each pillar's die and each square's constraint", () => {
    const square = fortress.rooms.flatMap((r) => r.squares).find((s) => s.die !== null)!;
    expect(square, "a square with a pillar").toBeTruthy();
    expect(names.get(square.id)).toContain(String(square.die));
    for (const room of fortress.rooms) expect(byId.get(room.id)!.textContent).toContain(room.squares[0]!.text);
  });
});
