// A tiny element tree with the part of the DOM the scene drawing uses (creating SVG elements,
// attributes, classes, text, appending, moving and removing children, `g[data-id]` queries), so
// the same drawing code runs where there is no browser: in the JavaScript engine Python embeds to
// write a position as SVG (svg-engine.ts).

const ELEMENT = 1;
const TEXT = 3;

type Child = MiniElement | MiniText;

export class MiniText {
  readonly nodeType = TEXT;
  parentNode: MiniElement | null = null;
  constructor(public nodeValue: string) {}
  get textContent(): string {
    return this.nodeValue;
  }
  remove(): void {
    this.parentNode?.removeChild(this);
  }
}

class MiniClassList {
  constructor(private readonly el: MiniElement) {}
  private read(): string[] {
    return (this.el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
  }
  contains(c: string): boolean {
    return this.read().includes(c);
  }
  add(...cs: string[]): void {
    const now = this.read();
    for (const c of cs) if (!now.includes(c)) now.push(c);
    this.el.setAttribute("class", now.join(" "));
  }
  remove(...cs: string[]): void {
    if (this.el.getAttribute("class") === null) return;
    this.el.setAttribute("class", this.read().filter((c) => !cs.includes(c)).join(" "));
  }
  toggle(c: string, force?: boolean): boolean {
    const on = force ?? !this.contains(c);
    if (on) this.add(c);
    else this.remove(c);
    return on;
  }
}

/** A simple selector: `tag`, `.class`, `[attr]`, or a tag with classes and attributes. */
function matches(el: MiniElement, selector: string): boolean {
  const m = /^([a-zA-Z*]*)((?:\.[\w-]+)*)((?:\[[\w-]+\])*)$/.exec(selector.trim());
  if (!m) throw new Error(`mini-dom: unsupported selector ${selector}`);
  const [, tag, classes, attrs] = m;
  if (tag && tag !== "*" && tag !== el.localName) return false;
  for (const c of (classes ?? "").split(".").filter(Boolean)) if (!el.classList.contains(c)) return false;
  for (const a of (attrs ?? "").match(/[\w-]+/g) ?? []) if (el.getAttribute(a) === null) return false;
  return true;
}

export class MiniElement {
  readonly nodeType = ELEMENT;
  parentNode: MiniElement | null = null;
  readonly childNodes: Child[] = [];
  private readonly attrs = new Map<string, string>();
  readonly classList = new MiniClassList(this);
  /** Inline style properties (only the root's width limits are set by the drawing). */
  readonly style: Record<string, string> = {};

  constructor(
    readonly localName: string,
    readonly namespaceURI: string,
  ) {}

  get tagName(): string {
    return this.localName;
  }

  get attributes(): { name: string; value: string }[] {
    return [...this.attrs].map(([name, value]) => ({ name, value }));
  }

  getAttribute(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }

  hasAttribute(name: string): boolean {
    return this.attrs.has(name);
  }

  setAttribute(name: string, value: unknown): void {
    this.attrs.set(name, String(value));
  }

  removeAttribute(name: string): void {
    this.attrs.delete(name);
  }

  get children(): MiniElement[] {
    return this.childNodes.filter((c): c is MiniElement => c.nodeType === ELEMENT);
  }

  get firstChild(): Child | null {
    return this.childNodes[0] ?? null;
  }

  get firstElementChild(): MiniElement | null {
    return this.children[0] ?? null;
  }

  get lastElementChild(): MiniElement | null {
    return this.children[this.children.length - 1] ?? null;
  }

  get parentElement(): MiniElement | null {
    return this.parentNode;
  }

  get childElementCount(): number {
    return this.children.length;
  }

  get nextSibling(): Child | null {
    const siblings = this.parentNode?.childNodes;
    return siblings ? (siblings[siblings.indexOf(this) + 1] ?? null) : null;
  }

  get nextElementSibling(): MiniElement | null {
    const siblings = this.parentNode?.children;
    return siblings ? (siblings[siblings.indexOf(this) + 1] ?? null) : null;
  }

  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join("");
  }

  set textContent(text: string) {
    for (const c of this.childNodes) c.parentNode = null;
    this.childNodes.length = 0;
    if (text !== "") this.appendChild(new MiniText(String(text)));
  }

  insertBefore<T extends Child>(child: T, before: Child | null): T {
    child.parentNode?.removeChild(child);
    const at = before ? this.childNodes.indexOf(before) : -1;
    this.childNodes.splice(at < 0 ? this.childNodes.length : at, 0, child);
    child.parentNode = this;
    return child;
  }

  appendChild<T extends Child>(child: T): T {
    return this.insertBefore(child, null);
  }

  append(...children: (Child | string)[]): void {
    for (const c of children) this.appendChild(typeof c === "string" ? new MiniText(c) : c);
  }

  prepend(...children: (Child | string)[]): void {
    const first = this.firstChild;
    for (const c of children) this.insertBefore(typeof c === "string" ? new MiniText(c) : c, first);
  }

  replaceChildren(...children: (Child | string)[]): void {
    this.textContent = "";
    this.append(...children);
  }

  removeChild<T extends Child>(child: T): T {
    const at = this.childNodes.indexOf(child);
    if (at >= 0) this.childNodes.splice(at, 1);
    child.parentNode = null;
    return child;
  }

  remove(): void {
    this.parentNode?.removeChild(this);
  }

  contains(other: Child | null): boolean {
    for (let n: Child | MiniElement | null = other; n; n = n.parentNode) if (n === this) return true;
    return false;
  }

  querySelectorAll(selector: string): MiniElement[] {
    const alternatives = selector.split(",");
    const found: MiniElement[] = [];
    const walk = (el: MiniElement): void => {
      for (const c of el.children) {
        if (alternatives.some((s) => matches(c, s))) found.push(c);
        walk(c);
      }
    };
    walk(this);
    return found;
  }

  querySelector(selector: string): MiniElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/** The `document` the drawing code calls. */
export const miniDocument = {
  createElementNS(ns: string, tag: string): MiniElement {
    return new MiniElement(tag, ns);
  },
  createElement(tag: string): MiniElement {
    return new MiniElement(tag, "http://www.w3.org/1999/xhtml");
  },
  createTextNode(text: string): MiniText {
    return new MiniText(text);
  },
};
