// The end-of-game feedback form: shown when the game shown is over, one fieldset per player with
// fun, tension and clarity from 1 to 5 and a comment, each saved on its own (`feedback` message).
// It is optional: nothing asks for it. A player's saved answers fill their fields; an unsaved
// edit of one player survives another player's save.

import { h, list, object, setText, show, str } from "./dom";
import type { Message, Seat } from "./types";

export const RATINGS = ["fun", "tension", "clarity"] as const;
export type Rating = (typeof RATINGS)[number];

/** One player's place in the form, with what they have said so far. */
export interface SeatFeedback {
  seat: Seat;
  name: string;
  given: boolean; // feedback has been saved for this seat
  fun: number | null;
  tension: number | null;
  clarity: number | null;
  comment: string;
}

function rating(v: unknown): number | null {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 5 ? v : null;
}

/** The `feedback_form` trait: `{seats: [{seat, name, given, fun, tension, clarity, comment}]}`
 * while the game shown is over, else `{}` (no form). */
export function readFeedbackForm(v: unknown): SeatFeedback[] {
  const seats = list<unknown>(object<Record<string, unknown>>(v)?.seats);
  const out: SeatFeedback[] = [];
  for (const s of seats) {
    const o = object<Record<string, unknown>>(s);
    if (!o || typeof o.seat !== "number") continue;
    out.push({
      seat: o.seat, name: str(o.name) || `Seat ${o.seat + 1}`, given: o.given === true,
      fun: rating(o.fun), tension: rating(o.tension), clarity: rating(o.clarity), comment: str(o.comment),
    });
  }
  return out;
}

const LABELS: Record<Rating, string> = { fun: "Fun", tension: "Tension", clarity: "Clarity" };

function ratingSelect(which: Rating): HTMLSelectElement {
  const select = h("select", "icw-rating", undefined, { "data-rating": which });
  select.append(h("option", "", "–", { value: "" }));
  for (let i = 1; i <= 5; i++) select.append(h("option", "", String(i), { value: String(i) }));
  return select;
}

/** A player's fieldset: what they would send now. */
export function readSeatForm(fs: Element): { fun: number | null; tension: number | null; clarity: number | null; comment: string } {
  const value = (which: Rating): number | null => rating(Number(fs.querySelector<HTMLSelectElement>(`select[data-rating="${which}"]`)?.value || NaN));
  return {
    fun: value("fun"), tension: value("tension"), clarity: value("clarity"),
    comment: fs.querySelector<HTMLTextAreaElement>("textarea.icw-feedback-comment")?.value ?? "",
  };
}

export class FeedbackForm {
  readonly el = h("section", "icw-feedback", undefined, { "aria-label": "feedback on the game" });
  private readonly seats = h("div", "icw-feedback-seats");
  private drawnSeats = ""; // the seats and names the fieldsets were built for
  private saved = new Map<string, string>(); // per seat: what its fields were last filled from

  constructor(private readonly send: (m: Message) => void) {
    this.el.append(
      h("div", "icw-feedback-title", "The game is over. How was it? (optional)"),
      h("p", "icw-feedback-help", "Each player may rate fun, tension and clarity from 1 (low) to 5 (high) and say more in a comment."),
      this.seats,
    );
    this.el.hidden = true;
    this.el.addEventListener("click", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button.icw-feedback-send") : null;
      const fs = b?.closest("fieldset[data-seat]");
      if (!b || !fs || !this.el.contains(b)) return;
      this.send({ do: "feedback", seat: Number(fs.getAttribute("data-seat")), ...readSeatForm(fs) });
    });
  }

  update(seats: SeatFeedback[]): void {
    show(this.el, seats.length > 0);
    const shape = JSON.stringify(seats.map((s) => [s.seat, s.name]));
    if (shape !== this.drawnSeats) {
      this.drawnSeats = shape;
      this.saved.clear();
      this.seats.replaceChildren(...seats.map((s) => this.fieldset(s)));
    }
    for (const s of seats) {
      const fs = this.seats.querySelector(`fieldset[data-seat="${s.seat}"]`);
      if (!fs) continue;
      const key = JSON.stringify(s);
      if (this.saved.get(String(s.seat)) !== key) {
        this.saved.set(String(s.seat), key);
        for (const which of RATINGS) {
          const select = fs.querySelector<HTMLSelectElement>(`select[data-rating="${which}"]`);
          if (select) select.value = s[which] === null ? "" : String(s[which]);
        }
        const comment = fs.querySelector<HTMLTextAreaElement>("textarea.icw-feedback-comment");
        if (comment) comment.value = s.comment;
      }
      const note = fs.querySelector(".icw-feedback-saved");
      if (note) setText(note, s.given ? "saved" : "");
    }
  }

  private fieldset(s: SeatFeedback): HTMLFieldSetElement {
    const fs = h("fieldset", "icw-feedback-seat", undefined, { "data-seat": s.seat });
    fs.append(h("legend", "", s.name));
    const row = h("div", "icw-ratings");
    for (const which of RATINGS) {
      const label = h("label", "icw-rating-label");
      label.append(h("span", "", LABELS[which]), ratingSelect(which));
      row.append(label);
    }
    const comment = h("textarea", "icw-feedback-comment", undefined, { rows: 2, placeholder: "Comment", "aria-label": `${s.name}'s comment` });
    const foot = h("div", "icw-feedback-foot");
    foot.append(h("button", "icw-feedback-send", `Save ${s.name}'s feedback`, { type: "button" }), h("span", "icw-feedback-saved", "", { role: "status" }));
    fs.append(row, comment, foot);
    return fs;
  }
}
