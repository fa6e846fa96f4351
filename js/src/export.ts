// A scene as a standalone SVG file: drawn by the same SceneView as the board, with the board's
// stylesheet applied inline (svg-style.ts), serialized the same way wherever it runs. The board's
// download button calls it in the browser; Python calls it through an embedded JavaScript engine
// (svg-engine.ts, on mini-dom.ts), so a picture from a script is the board's drawing.

import { readAnnotations } from "./annotations";
import { SVG_NS } from "./dom";
import { MAX_W } from "./regions/common";
import { SceneView } from "./scene";
import { Sketch } from "./sketch";
import { inlineStyles, parseStyleSheet, type StyleSheet, type StyleTarget } from "./svg-style";

/** What serializing reads of a node (a browser's, or mini-dom's). */
interface XmlNode {
  nodeType: number;
  localName?: string;
  nodeValue?: string | null;
  childNodes?: ArrayLike<XmlNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
}

// What XML 1.0 cannot carry, even as a character reference: control characters other than tab,
// line feed and carriage return, U+FFFE, U+FFFF and lone surrogates. A player's name, a label or a
// comment holding one would make the file ill-formed; the browser draws none of them anyway.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeText(s: string): string {
  return s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

/** An attribute's text; tabs and line breaks as references, which a parser keeps (it turns the
 * characters themselves into spaces). */
function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}

/** XML text of an element tree: attributes sorted by name, text escaped, empty elements closed. */
export function serialize(node: XmlNode): string {
  if (node.nodeType === 3) return escapeText(node.nodeValue ?? "");
  if (node.nodeType !== 1) return "";
  const tag = node.localName ?? "g";
  const attrs: [string, string][] = [];
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i++) attrs.push([list[i]!.name, list[i]!.value]);
  attrs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const open = tag + attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join("");
  let inner = "";
  const kids = node.childNodes ?? [];
  for (let i = 0; i < kids.length; i++) inner += serialize(kids[i]!);
  return inner ? `<${open}>${inner}</${tag}>` : `<${open}/>`;
}

const sheets = new Map<string, StyleSheet>();

function sheetOf(css: string): StyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = parseStyleSheet(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** The scene drawn for `room` as a standalone SVG document, styled inline by `css` (the board's
 * stylesheet): its size is the scene's own (its viewBox); what no region covers is transparent.
 * With a node's annotations, their arrows and highlights are drawn over it, as on the board. */
export function sceneSvg(scene: unknown, css: string, room: number = MAX_W, notes?: unknown): string {
  const view = new SceneView();
  const { svg } = view.draw(scene, room);
  if (notes !== undefined) {
    const sketch = new Sketch(() => undefined, () => 0);
    sketch.readOnly = true;
    sketch.update(readAnnotations(notes), 0, new Map());
    sketch.draw(svg);
  }
  const root = svg as unknown as StyleTarget & XmlNode;
  inlineStyles(root, sheetOf(css));
  const [, , width, height] = (svg.getAttribute("viewBox") ?? "0 0 0 0").split(" ");
  root.setAttribute("xmlns", SVG_NS);
  root.setAttribute("width", width ?? "0");
  root.setAttribute("height", height ?? "0");
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}\n`;
}
