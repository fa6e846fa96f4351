// The entry of the SVG writer that Python runs in an embedded JavaScript engine (no browser):
// the board's own drawing code on mini-dom, exposed as one global function.

import styles from "./styles.css?raw";
import { sceneSvg } from "./export";
import { miniDocument } from "./mini-dom";

const global = globalThis as unknown as Record<string, unknown>;
global.document = miniDocument;

/** The scene (JSON text) drawn for `room` as a standalone SVG document, with a node's
 * annotations (JSON text) drawn over it. Joined into a new string: QuickJS-ng may keep a long
 * concatenation as a rope, which its Python binding cannot read. */
global.icewidgetsSceneSvg = (scene: string, room: number, notes: string): string =>
  [sceneSvg(JSON.parse(scene), styles, room, JSON.parse(notes))].join("");
