// Reading the Board's traits. Everything is checked: Python's JSON is never trusted to have a shape.

import { list, object, objects, str } from "./dom";
import { readTimeline } from "./timeline";
import type { Actor, Model, Scene, Seat, TimelineEntry } from "./types";

/** A [value, label] choice of the viewer control or the games switcher. */
export interface Choice<T> {
  value: T;
  label: string;
}

export interface FormError {
  option: string | null;
  message: string;
}

function isSeat(v: unknown): v is Seat | null {
  return v === null || typeof v === "number" || typeof v === "string";
}

/** [value, label] pairs whose value passes `ok`; other entries are left out. */
function pairs<T>(v: unknown, ok: (x: unknown) => x is T): Choice<T>[] {
  return list<unknown>(v)
    .filter((p): p is unknown[] => Array.isArray(p) && p.length >= 2 && ok(p[0]))
    .map(([value, label]) => ({ value: value as T, label: str(label) }));
}

export class Traits {
  constructor(private readonly model: Model) {}

  text(name: string): string {
    return str(this.model.get(name));
  }

  cursor(): number {
    return Number(this.model.get("cursor")) || 0;
  }

  actors(): Actor[] {
    return objects<Actor>(this.model.get("actors"));
  }

  /** The scene, whose every field is still read as untrusted. */
  scene(): Scene {
    return object<Scene>(this.model.get("scene")) ?? ({} as Scene);
  }

  entries(): TimelineEntry[] {
    return readTimeline(this.model.get("_timeline"));
  }

  schema(): unknown {
    return this.model.get("variant_schema");
  }

  seed(): number | null {
    const s = this.model.get("seed");
    return typeof s === "number" && Number.isFinite(s) ? s : null;
  }

  formError(): FormError | null {
    const e = this.model.get("form_error");
    if (!e || typeof e !== "object" || Array.isArray(e)) return null;
    const { option, message } = e as Record<string, unknown>;
    if (!message) return null;
    return { option: typeof option === "string" && option ? option : null, message: str(message) };
  }

  viewer(): Seat | null {
    const v = this.model.get("viewer");
    return isSeat(v) ? v : null;
  }

  followTurn(): boolean {
    return this.model.get("follow_turn") === true;
  }

  viewers(): Choice<Seat | null>[] {
    return pairs(this.model.get("viewers"), isSeat);
  }

  games(): Choice<number>[] {
    return pairs(this.model.get("games"), (x): x is number => typeof x === "number" && Number.isInteger(x));
  }

  gameIndex(): number {
    return Number(this.model.get("game_index")) || 0;
  }
}
