// Reading the Board's traits. Everything is checked: Python's JSON is never trusted to have a shape.

import { type Annotations, readAnnotations } from "./annotations";
import type { ChanceReplace } from "./chance";
import { list, object, objects, str } from "./dom";
import { type SeatFeedback, readFeedbackForm } from "./feedback";
import { readTimeline } from "./timeline";
import type { Actor, Hint, Model, Scene, ScenePlayer, Seat, Seated, Thinking, TimelineEntry } from "./types";

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

/** A player's seat (a whole number), or null. */
function isPlayer(v: unknown): v is number | null {
  return v === null || (typeof v === "number" && Number.isInteger(v));
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

  /** A published page's board (static-model.ts): there is no kernel to act. */
  published(): boolean {
    return this.model.get("_published") === true;
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

  viewer(): number | null {
    const v = this.model.get("viewer");
    return isPlayer(v) ? v : null;
  }

  followTurn(): boolean {
    return this.model.get("follow_turn") === true;
  }

  /** The hot-seat curtain's text ("Pass the screen to Ben."), or "" when it is down (anything
   * but text reads as down). */
  curtain(): string {
    const c = this.model.get("curtain");
    return typeof c === "string" ? c.trim() : "";
  }

  viewers(): Choice<number | null>[] {
    return pairs(this.model.get("viewers"), isPlayer);
  }

  games(): Choice<number>[] {
    return pairs(this.model.get("games"), (x): x is number => typeof x === "number" && Number.isInteger(x));
  }

  gameIndex(): number {
    return Number(this.model.get("game_index")) || 0;
  }

  /** Each seat's name in the scene, by the seat as text. */
  seatNames(): Map<string, string> {
    return new Map(objects<ScenePlayer>(this.scene().players).map((p) => [str(p.seat), str(p.name)]));
  }

  /** Who plays each seat: [seat, agent name or null] pairs; an agent that is no name reads as a person. */
  seated(): Seated[] {
    return list<unknown>(this.model.get("seated"))
      .filter((p): p is unknown[] => Array.isArray(p) && p.length >= 2 && isPlayer(p[0]) && p[0] !== null)
      .map(([seat, agent]) => ({ seat: seat as number, agent: typeof agent === "string" && agent ? agent : null }));
  }

  /** The agents a seat may be given besides a person (names, each once). */
  agentChoices(): string[] {
    const names = list<unknown>(this.model.get("agent_choices")).filter((a): a is string => typeof a === "string" && a !== "");
    return [...new Set(names)];
  }

  /** The agent thinking now, or null. */
  thinking(): Thinking | null {
    const t = object<Record<string, unknown>>(this.model.get("thinking"));
    if (!t || !isSeat(t.seat) || t.seat === null) return null;
    return { seat: t.seat, name: str(t.name), agent: str(t.agent) };
  }

  /** The chance event that led to the node shown, which the page may offer to replace. */
  chanceReplace(): ChanceReplace | null {
    const o = object<Record<string, unknown>>(this.model.get("chance_replace"));
    if (!o || typeof o.text !== "string" || !o.text) return null;
    return { text: o.text, label: str(o.label) || o.text, regions: list<unknown>(o.regions) };
  }

  /** The arrows, highlights, mark and tags of the node shown. */
  annotations(): Annotations {
    return readAnnotations(this.model.get("annotations"));
  }

  /** The end-of-game feedback form's players, or [] when there is no form (the game goes on). */
  feedbackForm(): SeatFeedback[] {
    return readFeedbackForm(this.model.get("feedback_form"));
  }

  /** The hint agent's moves at the position shown, best first; a share and a value are clamped
   * to 0..1 (a value that is no number is none). */
  hints(): Hint[] {
    return objects<Record<string, unknown>>(this.model.get("hints")).map((x) => {
      const path = list<unknown>(x.path).filter((k) => typeof k === "string" || typeof k === "number").map(String);
      const share = Number(x.share);
      const value = typeof x.value === "number" && Number.isFinite(x.value) ? Math.min(1, Math.max(0, x.value)) : null;
      return {
        text: str(x.text) || path.join(" "),
        label: str(x.label),
        path,
        share: Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0,
        value,
        valueText: str(x.value_text),
        note: str(x.note),
      };
    });
  }
}
