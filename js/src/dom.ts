// Small DOM builders. Text is only ever set through textContent, attributes through setAttribute.

export const SVG_NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number | null | undefined>;

function setAttrs(el: Element, attrs: Attrs): void {
  for (const name in attrs) {
    const v = attrs[name];
    if (v !== null && v !== undefined) el.setAttribute(name, String(v));
  }
}

/** An SVG element with attributes and optional text. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** An HTML element with a class, optional text and attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls = "",
  text?: string,
  attrs: Attrs = {},
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  setAttrs(el, attrs);
  return el;
}

/** Set an element's text, only when it changes (a same-text write still costs a layout). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Show or hide an element (the `hidden` attribute), only when that changes. */
export function show(el: HTMLElement, visible: boolean): void {
  if (el.hidden === visible) el.hidden = !visible;
}

/** A value safe to use as (part of) a class name. */
export function token(s: unknown): string {
  return String(s).replace(/[^A-Za-z0-9_-]/g, "_");
}

/** Round to one decimal, so coordinates stay short in the markup. */
export function r1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Arrays from untrusted JSON: anything else reads as empty. */
export function list<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/** Arrays of JSON objects: entries that are not objects are dropped. */
export function objects<T extends object>(v: unknown): T[] {
  return list<unknown>(v).filter((x): x is T => x !== null && typeof x === "object" && !Array.isArray(x));
}

/** A JSON object (not null, not an array), else undefined. */
export function object<T extends object>(v: unknown): T | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as T) : undefined;
}

export function str(v: unknown): string {
  return v === null || v === undefined ? "" : String(v);
}
