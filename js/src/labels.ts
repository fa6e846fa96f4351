// What a person reads for a scene id: "red small", "d1", "T3", never an internal id when the scene
// says more. The hint, the off-board choices and the targets' accessible names use these.

import { object, objects, str } from "./dom";
import { regionKind } from "./regions/index";
import type { Region, Scene } from "./types";

export type Names = ReadonlyMap<string, string>;

/** The readable name of every id the scene draws (regions by their label). */
export function sceneNames(scene: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of objects<Region>(object<Scene>(scene)?.regions)) {
    const id = str(r.id);
    if (id && !names.has(id)) names.set(id, str(r.label) || id);
    for (const [key, name] of regionKind(r.kind)?.names(r) ?? []) if (key && !names.has(key)) names.set(key, name || key);
  }
  return names;
}

/** An id's name, or the id itself when the scene does not name it. */
export function nameOf(names: Names, id: string): string {
  return names.get(id) ?? id;
}

/** A move kind as text: "cap", "new tower" (from new_tower). */
export function kindText(kind: string): string {
  return kind.replace(/[_-]+/g, " ");
}

/** The accessible name of a target: what it is, and what the move does when it ends one ("T3: cap"). */
export function targetLabel(names: Names, id: string, leaf: string | null): string {
  return leaf === null ? nameOf(names, id) : `${nameOf(names, id)}: ${kindText(leaf)}`;
}

/** The hint line: a note if there is one, else the clicks so far, else a word on choosing a seat. */
export function hintText(names: Names, path: readonly string[], note: string, seatsToChoose: boolean): string {
  if (note) return note;
  if (path.length) return `Selected ${path.map((id) => nameOf(names, id)).join(" → ")}: click a highlighted target, or Esc to cancel.`;
  return seatsToChoose ? "Several seats may act: choose one, or click a highlighted target." : "";
}
