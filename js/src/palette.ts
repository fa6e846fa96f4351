// The front end owns the palette: scene colours are names, unknown names fall back to grey. Each
// colour has its own ink, the one that reads on it: white or a dark shade of the colour, so text
// on a fill (a row's chip) has a contrast of at least 4.5:1 (WCAG AA; tests/contrast.test.ts).

export interface Paint {
  fill: string;
  stroke: string; // darker edge, so light colours read on a light background
  ink: string; // pips and text drawn on top of the fill
  opacity?: number;
}

const PALETTE: Record<string, Paint> = {
  red: { fill: "#d3372a", stroke: "#7c150c", ink: "#fff" },
  green: { fill: "#2f9e48", stroke: "#134f20", ink: "#041a0a" },
  blue: { fill: "#2a6ad6", stroke: "#10357a", ink: "#fff" },
  yellow: { fill: "#f4c814", stroke: "#7d6300", ink: "#3a2e00" },
  purple: { fill: "#8549c7", stroke: "#411c6b", ink: "#fff" },
  orange: { fill: "#f3821a", stroke: "#864000", ink: "#2f1600" },
  ghost: { fill: "#eef1f5", stroke: "#7b8594", ink: "#3c4450", opacity: 0.6 },
};

const GREY: Paint = { fill: "#9aa0a8", stroke: "#4a4f57", ink: "#1b1e22" };

/** Every named colour's paint, and the grey of unknown names (for the contrast tests). */
export const PAINTS: Readonly<Record<string, Paint>> = { ...PALETTE, grey: GREY };

export function paint(colour: unknown): Paint {
  return (typeof colour === "string" && Object.hasOwn(PALETTE, colour) && PALETTE[colour]) || GREY;
}
