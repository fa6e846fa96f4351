// The viewer of published pages (a plain script inlined once into each page): every board the
// page holds is drawn by the widget itself (index.ts) on a StaticModel, from its published data.
// A board's node data is gzip-compressed JSON in base64; the browser's own DecompressionStream
// unpacks it, so nothing is fetched.

import widget from "./index";
import { h, setText, show, str } from "./dom";
import { gunzip } from "./gunzip";
import { mountPlayable } from "./play";
import { StaticModel, readPublished, type Published, type PublishedGame } from "./static-model";

export const BOARD_TYPE = "application/vnd.icewidgets.board+json";

/** What the board itself shows of a node's annotations (drawn, in words, in the move list). */
const SHOWN = new Set(["arrows", "highlights", "mark", "tags"]);

/** A node's other annotations as lines of text ("marks: T1, T3"). */
export function noteLines(notes: Record<string, unknown>): string[] {
  return Object.entries(notes).filter(([key]) => !SHOWN.has(key)).map(([key, value]) => {
    const text = Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)
      ? value.map(str).join(", ")
      : typeof value === "string" ? value : JSON.stringify(value);
    return `${key}: ${text}`;
  });
}

/** The games of a board that holds several (`games`: [label, data], the data null for the game
 * shown, `shown`), each unpacked; [] for a board of one game. */
async function readGames(data: Record<string, unknown>, shown: Published): Promise<PublishedGame[]> {
  const games = Array.isArray(data.games) ? data.games : [];
  return Promise.all(games.map(async (entry: unknown) => {
    const [label, game] = Array.isArray(entry) ? entry : [];
    if (!game || typeof game !== "object") return { label: str(label), game: shown };
    const g = game as Record<string, unknown>;
    return { label: str(label), game: readPublished(g, JSON.parse(await gunzip(str(g.nodes)))) };
  }));
}

/** Draw the board whose data is in `holder`'s script, below it; the time it took is its data-open-ms. */
async function mount(holder: HTMLElement): Promise<void> {
  const t0 = performance.now();
  const script = holder.querySelector(`script[type="${BOARD_TYPE}"]`);
  try {
    const data = JSON.parse(script?.textContent ?? "null") as Record<string, unknown>;
    const nodes = JSON.parse(await gunzip(str(data.nodes)));
    const shown = readPublished(data, nodes);
    const model = new StaticModel(shown, await readGames(data, shown));
    const el = h("div", "icw-published");
    holder.append(el);
    if (data.play && typeof data.play === "object") {
      mountPlayable(el, data.play as Record<string, unknown>, model, (note) => {
        widget.render({ model, el });
        el.querySelector(".icw-head")?.append(h("div", "icw-play-note", note));
      });
      if (el.querySelector(".icw-play-note") === null) {
        holder.setAttribute("data-open-ms", (performance.now() - t0).toFixed(1));
        return;
      }
    } else widget.render({ model, el });
    const side = el.querySelector(".icw-side");
    const notes = h("ul", "icw-annotations", undefined, { "aria-label": "annotations of this position" });
    side?.append(notes);
    const drawNotes = (): void => {
      const lines = noteLines(model.notes());
      notes.replaceChildren(...lines.map((l) => h("li", "", l)));
      show(notes, lines.length > 0);
    };
    model.on("change:cursor", drawNotes);
    drawNotes();
  } catch (err) {
    const message = h("div", "icw-scene-error");
    setText(message, `This board cannot be shown: ${String(err)}`);
    holder.append(message);
  }
  holder.setAttribute("data-open-ms", (performance.now() - t0).toFixed(1));
}

async function mountAll(): Promise<void> {
  const holders = [...document.querySelectorAll<HTMLElement>(".icw-published-board")];
  await Promise.all(holders.map(mount));
  document.documentElement.setAttribute("data-icw-boards", String(holders.length));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void mountAll());
else void mountAll();
