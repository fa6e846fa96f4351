// The scenes the games write (js/tests/fixtures, made by Python) are drawn as the front end
// understands them: a kind it cannot draw, or an id it cannot name, fails here.
import { describe, expect, it } from "vitest";
import { sceneNames } from "../src/labels";
import { regionKind } from "../src/regions/index";
import { drawScene } from "../src/scene";
import type { Scene } from "../src/types";

const files = import.meta.glob<unknown>("./fixtures/*.json", { eager: true, import: "default" });
const scenes = Object.entries(files).filter((e): e is [string, Scene] => {
  const v = e[1];
  return v !== null && typeof v === "object" && !Array.isArray(v) && "regions" in v;
});

describe("scenes the games write", () => {
  it("there are some", () => {
    expect(scenes.length).toBeGreaterThan(0);
  });

  for (const [file, scene] of scenes) {
    it(`draws ${file.replace("./fixtures/", "")}: every region of a known kind, every id drawn once and named`, () => {
      const { svg, byId } = drawScene(scene);
      for (const r of scene.regions ?? []) {
        expect(regionKind(r.kind), `${r.id}: kind ${r.kind}`).toBeDefined();
        expect(byId.has(r.id), r.id).toBe(true);
      }
      expect(svg.textContent).not.toContain("no drawing for region kind");
      const names = sceneNames(scene);
      const ids = [...svg.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id")!);
      expect(new Set(ids).size, "ids are unique").toBe(ids.length);
      for (const id of ids) expect(names.has(id), id).toBe(true);
      for (const m of scene.marks ?? []) expect(byId.has(m.id), `mark ${m.id}`).toBe(true);
    });
  }
});
