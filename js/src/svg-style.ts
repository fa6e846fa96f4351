// The board's stylesheet applied to a drawn scene as inline styles, so a scene exported as SVG
// looks as it does on the page with no stylesheet at all (a rulebook's picture, a PNG made by an
// SVG renderer that knows little CSS). It is a small cascade: the rules of styles.css are matched
// against each element (classes, types, attributes, :where, :is and :not, the descendant, child and
// sibling combinators),
// sorted by specificity and order, custom properties inherited and var() resolved (JupyterLab's
// theme variables are absent, so their light fallbacks apply), color-mix() computed. States that
// only a person's interaction gives (:hover, :focus, ...) never match.

/** The properties written inline: SVG's presentation properties that styles.css sets. */
const KEPT = new Set([
  "display", "fill", "fill-opacity", "font-family", "font-size", "font-style", "font-weight",
  "opacity", "stroke", "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "stroke-opacity",
  "stroke-width", "text-anchor", "visibility",
]);

interface AttrTest {
  name: string;
  op: string; // "" (present), "=", "*=", "^=", "$=", "~="
  value: string;
}

interface Compound {
  tag: string | null;
  ids: string[];
  classes: string[];
  attrs: AttrTest[];
  wheres: Selector[][]; // :where(...) and :is(...) lists: one of each must match
  nots: Selector[][]; // :not(...) lists: none may match
  never: boolean; // a state only a person's interaction gives (:hover, ...), or a pseudo-element
}

type Combinator = " " | ">" | "+" | "~";

interface Selector {
  /** Rightmost first, with the combinator to the compound on its left. */
  parts: { compound: Compound; combinator: Combinator | null }[];
  specificity: number;
}

interface Rule {
  selectors: Selector[];
  decls: [string, string][];
  order: number;
}

export interface StyleSheet {
  rules: Rule[];
}

/** Split on `sep` outside brackets, parentheses and quotes. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** The index of the bracket that closes the one at `open`. */
function closing(text: string, open: number, pair = "{}"): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === pair[0]) depth++;
    else if (text[i] === pair[1] && --depth === 0) return i;
  }
  return text.length;
}

function parseCompound(text: string): Compound {
  const c: Compound = { tag: null, ids: [], classes: [], attrs: [], wheres: [], nots: [], never: false };
  let i = 0;
  const name = (): string => {
    const m = /^-?[_a-zA-Z][\w-]*|^\*/.exec(text.slice(i));
    i += m ? m[0].length : text.length - i;
    return m ? m[0] : "";
  };
  if (/[a-zA-Z*]/.test(text[0] ?? "")) c.tag = name();
  if (c.tag === "*") c.tag = null;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ".") {
      i++;
      c.classes.push(name());
    } else if (ch === "#") {
      i++;
      c.ids.push(name());
    } else if (ch === "[") {
      const end = closing(text, i, "[]");
      const m = /^\s*([\w-]+)\s*(?:([*^$~|]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*)))?\s*$/.exec(text.slice(i + 1, end));
      if (m) c.attrs.push({ name: m[1]!, op: m[2] ?? "", value: m[3] ?? m[4] ?? m[5] ?? "" });
      else c.never = true;
      i = end + 1;
    } else if (ch === ":") {
      if (text[i + 1] === ":") {
        c.never = true; // a pseudo-element: not part of the drawing
        break;
      }
      i++;
      const pseudo = name();
      if ((pseudo === "where" || pseudo === "is" || pseudo === "not") && text[i] === "(") {
        const end = closing(text, i, "()");
        const list = splitTop(text.slice(i + 1, end), ",").map(parseSelector);
        if (pseudo === "not") c.nots.push(list);
        else c.wheres.push(pseudo === "where" ? list.map((s) => ({ ...s, specificity: 0 })) : list);
        i = end + 1;
      } else {
        c.never = true; // :hover, :focus, :disabled, ...: a person's interaction, never in a picture
        if (text[i] === "(") i = closing(text, i, "()") + 1;
      }
    } else {
      c.never = true;
      break;
    }
  }
  return c;
}

function specificityOf(c: Compound): number {
  const where = [...c.wheres, ...c.nots].reduce((n, list) => n + Math.max(0, ...list.map((s) => s.specificity)), 0);
  return c.ids.length * 10000 + (c.classes.length + c.attrs.length) * 100 + (c.tag ? 1 : 0) + where;
}

export function parseSelector(text: string): Selector {
  // compounds and combinators, split at whitespace and ">" outside brackets
  const tokens: string[] = [];
  let depth = 0;
  let word = "";
  for (const ch of text.trim()) {
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    if (depth === 0 && (/\s/.test(ch) || ch === ">" || ch === "+" || ch === "~")) {
      if (word) tokens.push(word);
      word = "";
      if (!/\s/.test(ch)) tokens.push(ch);
    } else word += ch;
  }
  if (word) tokens.push(word);
  const parts: Selector["parts"] = [];
  let combinator: Combinator | null = null;
  for (const t of tokens.reverse()) {
    if (t === ">" || t === "+" || t === "~") {
      combinator = t;
      continue;
    }
    if (parts.length) parts[parts.length - 1]!.combinator = combinator ?? " ";
    parts.push({ compound: parseCompound(t), combinator: null });
    combinator = null;
  }
  return { parts, specificity: parts.reduce((n, p) => n + specificityOf(p.compound), 0) };
}

/** The style rules of a stylesheet's text; at-rules (@media, @container, @keyframes) are left out. */
export function parseStyleSheet(css: string): StyleSheet {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: Rule[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) break;
    const head = text.slice(i, open).trim();
    const semi = text.indexOf(";", i);
    if (head.startsWith("@") && semi >= 0 && semi < open) {
      i = semi + 1; // @import, @charset
      continue;
    }
    const end = closing(text, open);
    if (!head.startsWith("@")) {
      const decls = splitTop(text.slice(open + 1, end), ";").flatMap((d): [string, string][] => {
        const colon = d.indexOf(":");
        if (colon < 0) return [];
        const value = d.slice(colon + 1).replace(/!important\s*$/, "").trim();
        return [[d.slice(0, colon).trim(), value]];
      });
      rules.push({ selectors: splitTop(head, ",").map(parseSelector), decls, order: rules.length });
    }
    i = end + 1;
  }
  return { rules };
}

/** What matching needs to know of an element and its ancestors. */
export interface Styled {
  tag: string;
  classes: Set<string>;
  attr(name: string): string | null;
  parent: Styled | null;
  /** The element just before it among its parent's children. */
  previous: Styled | null;
}

function attrMatches(el: Styled, a: AttrTest): boolean {
  const v = el.attr(a.name);
  if (v === null) return false;
  switch (a.op) {
    case "": return true;
    case "=": return v === a.value;
    case "*=": return v.includes(a.value);
    case "^=": return v.startsWith(a.value);
    case "$=": return v.endsWith(a.value);
    case "~=": return v.split(/\s+/).includes(a.value);
    default: return false;
  }
}

function compoundMatches(el: Styled, c: Compound): boolean {
  if (c.never || (c.tag !== null && c.tag !== el.tag)) return false;
  return (
    c.ids.every((id) => el.attr("id") === id) &&
    c.classes.every((x) => el.classes.has(x)) &&
    c.attrs.every((a) => attrMatches(el, a)) &&
    c.wheres.every((list) => list.some((s) => selectorMatches(el, s))) &&
    c.nots.every((list) => !list.some((s) => selectorMatches(el, s)))
  );
}

function matchFrom(el: Styled, sel: Selector, k: number): boolean {
  const part = sel.parts[k]!;
  if (!compoundMatches(el, part.compound)) return false;
  if (k === sel.parts.length - 1) return true;
  switch (part.combinator) {
    case ">": return el.parent !== null && matchFrom(el.parent, sel, k + 1);
    case "+": return el.previous !== null && matchFrom(el.previous, sel, k + 1);
    case "~":
      for (let p = el.previous; p; p = p.previous) if (matchFrom(p, sel, k + 1)) return true;
      return false;
    default:
      for (let p = el.parent; p; p = p.parent) if (matchFrom(p, sel, k + 1)) return true;
      return false;
  }
}

export function selectorMatches(el: Styled, sel: Selector): boolean {
  return sel.parts.length > 0 && matchFrom(el, sel, 0);
}

/** The declarations that apply to an element, in cascade order (later wins). */
function cascade(el: Styled, sheet: StyleSheet): [string, string][] {
  const hits: [number, number, [string, string][]][] = [];
  for (const rule of sheet.rules) {
    let best = -1;
    for (const s of rule.selectors) if (s.specificity > best && selectorMatches(el, s)) best = s.specificity;
    if (best >= 0) hits.push([best, rule.order, rule.decls]);
  }
  hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return hits.flatMap((h) => h[2]);
}

// -- values -------------------------------------------------------------------------------

/** Replace every var(--x, fallback) by the custom property's value, else the fallback. */
export function resolveVars(value: string, lookup: (name: string) => string | undefined, depth = 0): string {
  if (depth > 20) return value;
  let out = "";
  let i = 0;
  for (;;) {
    const at = value.indexOf("var(", i);
    if (at < 0) return out + value.slice(i);
    const end = closing(value, at + 3, "()");
    const [name = "", ...rest] = splitTop(value.slice(at + 4, end), ",");
    const found = lookup(name.trim());
    const fallback = rest.length ? rest.join(",").trim() : "";
    out += value.slice(i, at) + resolveVars(found ?? fallback, lookup, depth + 1);
    i = end + 1;
  }
}

const NAMED: Record<string, [number, number, number]> = { white: [255, 255, 255], black: [0, 0, 0] };

/** [r, g, b] of a hex, rgb() or named colour; null for anything else. */
export function parseColour(text: string): [number, number, number] | null {
  const t = text.trim().toLowerCase();
  if (NAMED[t]) return NAMED[t]!;
  let m = /^#([0-9a-f]{3,8})$/.exec(t);
  if (m) {
    const h = m[1]!;
    const full = h.length <= 4 ? [...h].map((c) => c + c).join("") : h;
    return [0, 2, 4].map((k) => parseInt(full.slice(k, k + 2), 16)) as [number, number, number];
  }
  m = /^rgba?\(([^)]*)\)$/.exec(t);
  if (m) {
    const [r, g, b] = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    if ([r, g, b].every((n) => Number.isFinite(n))) return [r!, g!, b!];
  }
  return null;
}

function hex(rgb: [number, number, number]): string {
  return "#" + rgb.map((n) => Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, "0")).join("");
}

/** color-mix(in srgb, A p%, B q%) computed to a hex colour (opaque colours). */
export function mixColours(value: string): string {
  let i = value.indexOf("color-mix(");
  while (i >= 0) {
    const end = closing(value, i + 9, "()");
    const args = splitTop(value.slice(i + 10, end), ",").map((s) => s.trim());
    const colours = args.slice(1).map((a) => {
      const m = /^(.*?)(?:\s+([\d.]+)%)?$/.exec(mixColours(a))!;
      return { colour: parseColour(m[1]!), share: m[2] === undefined ? null : Number(m[2]) / 100 };
    });
    const [a, b] = colours;
    let mixed = value.slice(i, end + 1);
    if (args[0] === "in srgb" && a?.colour && b?.colour) {
      const p = a.share ?? (b.share === null ? 0.5 : 1 - b.share);
      const q = b.share ?? 1 - p;
      const sum = p + q || 1;
      mixed = hex([0, 1, 2].map((k) => (a.colour![k]! * p + b.colour![k]! * q) / sum) as [number, number, number]);
    }
    value = value.slice(0, i) + mixed + value.slice(end + 1);
    i = value.indexOf("color-mix(", i + mixed.length);
  }
  return value;
}

// -- applying -----------------------------------------------------------------------------

/** The part of an element (a browser's, or mini-dom's) that styling reads and writes. */
export interface StyleTarget {
  nodeType: number;
  localName: string;
  childNodes: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

function styled(el: StyleTarget | null, tag: string, parent: Styled | null, previous: Styled | null = null): Styled {
  return {
    tag,
    classes: new Set((el?.getAttribute("class") ?? "").split(/\s+/).filter(Boolean)),
    attr: (name) => el?.getAttribute(name) ?? null,
    parent,
    previous,
  };
}

/** The custom properties of an element: its parent's, and its own with var() resolved. */
function customs(decls: [string, string][], inherited: Map<string, string>): Map<string, string> {
  const own = new Map(decls.filter(([p]) => p.startsWith("--")));
  if (!own.size) return inherited;
  const out = new Map(inherited);
  const seen = new Set<string>();
  const lookup = (name: string): string | undefined => {
    if (own.has(name) && !seen.has(name)) {
      seen.add(name);
      const v = resolveVars(own.get(name)!, lookup);
      seen.delete(name);
      return v;
    }
    return inherited.get(name);
  };
  for (const name of own.keys()) out.set(name, lookup(name)!);
  return out;
}

/** Write the stylesheet's computed presentation properties as each element's `style` attribute,
 * as if the tree were drawn inside the board (`div.icw-board`). */
export function inlineStyles(root: StyleTarget, sheet: StyleSheet): void {
  const board = styled(null, "div", null);
  board.classes.add("icw-board");
  const visit = (el: StyleTarget, parent: Styled, previous: Styled | null, vars: Map<string, string>): Styled => {
    const me = styled(el, el.localName, parent, previous);
    const decls = cascade(me, sheet);
    const mine = customs(decls, vars);
    const props = new Map<string, string>();
    for (const [p, v] of decls) if (KEPT.has(p)) props.set(p, v);
    el.removeAttribute("style");
    const style = [...props]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([p, v]) => `${p}:${mixColours(resolveVars(v, (n) => mine.get(n))).replace(/\s+/g, " ")}`)
      .join(";");
    if (style) el.setAttribute("style", style);
    const kids = el.childNodes;
    let before: Styled | null = null;
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i] as StyleTarget;
      if (k.nodeType === 1) before = visit(k, me, before, mine);
    }
    return me;
  };
  visit(root, board, null, customs(cascade(board, sheet), new Map()));
}
