// WCAG 2 contrast, and just enough CSS colour to compute it from the stylesheet: hex and rgb(a)
// colours, var() with fallbacks, color-mix() in srgb, and a translucent colour over another.

export type RGBA = [number, number, number, number]; // 0..255 channels, alpha 0..1

export function parseColour(text: string): RGBA {
  const t = text.trim().toLowerCase();
  if (t === "white") return [255, 255, 255, 1];
  if (t === "black") return [0, 0, 0, 1];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(t);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join("") : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1) as RGBA;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(t);
  if (rgb) {
    const [r, g, b, a] = rgb[1]!.split(",").map(Number);
    return [r!, g!, b!, a ?? 1];
  }
  throw new Error(`not a colour: ${text}`);
}

/** `top` painted over the opaque `bottom`. */
export function over(top: RGBA, bottom: RGBA): RGBA {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as RGBA;
}

/** color-mix(in srgb, a p, b): premultiplied by alpha, as CSS Color 5 says. */
export function mix(a: RGBA, p: number, b: RGBA): RGBA {
  const alpha = a[3] * p + b[3] * (1 - p);
  if (alpha === 0) return [0, 0, 0, 0];
  return [0, 1, 2].map((i) => (a[i]! * a[3] * p + b[i]! * b[3] * (1 - p)) / alpha).concat(alpha) as RGBA;
}

function luminance([r, g, b]: RGBA): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of text `fg` (maybe translucent) on the opaque background `bg`. */
export function contrast(fg: RGBA, bg: RGBA): number {
  const [x, y] = [luminance(over(fg, bg)), luminance(bg)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** The custom properties declared in the first rule for `selector` in `css`. */
export function declarations(css: string, selector: string): Map<string, string> {
  const at = css.indexOf(`${selector} {`);
  const body = css.slice(css.indexOf("{", at) + 1, css.indexOf("}", at));
  const out = new Map<string, string>();
  for (const m of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) out.set(m[1]!, m[2]!.trim());
  return out;
}

/** Split a function's arguments at top-level commas. */
function args(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")") depth--;
    else if (s[i] === "," && depth === 0) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  return out;
}

/** The colour a CSS value computes to, with the board's own properties and a theme's. */
export function resolve(value: string, props: Map<string, string>, theme: Record<string, string>): RGBA {
  const v = value.trim();
  const fn = /^([\w-]+)\((.*)\)$/s.exec(v);
  if (fn && fn[1] === "var") {
    const [name, fallback] = args(fn[2]!);
    if (props.has(name!)) return resolve(props.get(name!)!, props, theme);
    if (theme[name!] !== undefined) return resolve(theme[name!]!, props, theme);
    if (fallback === undefined) throw new Error(`${name} has no value`);
    return resolve(fallback, props, theme);
  }
  if (fn && fn[1] === "color-mix") {
    const [space, a, b] = args(fn[2]!);
    if (space !== "in srgb") throw new Error(`only srgb mixes: ${v}`);
    const m = /^(.*)\s+([\d.]+)%$/.exec(a!);
    if (!m) throw new Error(`a mix needs the first colour's share: ${v}`);
    return mix(resolve(m[1]!, props, theme), Number(m[2]) / 100, resolve(b!, props, theme));
  }
  return parseColour(v);
}
