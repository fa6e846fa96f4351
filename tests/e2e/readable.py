"""What a person reads on a board, measured in the browser: the size of every text drawn, every
word shown (texts, tooltips, buttons, lists, labels) searched for an internal id, and where the
decision at hand lies. Shared by the layout journeys on a board's own page and in JupyterLab.

`READABLE` is a function of the board's element (`locator.evaluate(READABLE)`); it returns
`smallest` ([CSS px, text] of the smallest drawn text), `small` (every text under MIN_PX, with its
size), `ids` (each text that names something by an id, with where it was read), `late` (each
target or status line whose bottom lies more than FOLD px under the board's top) and `sideways`
(what scrolls sideways at the default zoom).
"""

from __future__ import annotations

import json

MIN_PX = 11
FOLD = 800

# The ways the package names things internally, never to be read by a person: a card or room id
# ("large-white-3", "small-fire-1"), a region's or target's id ("supply:large-white-3",
# "hand:0:2", "power:1:scout"), a square in the notation ("R1.e"), a character by its index
# ("hero 1"), a piece by its code ("r1", "g3") or a move in the notation ("r1>T1", "d1:pass").
ID_PATTERNS = {
    "a card's id": r"\b(?:small|medium|large|jumbo)-[a-z]+-\d+\b",
    "a target's id": r"\b(?:supply|hand|power|choose|pile|tower|space|hero|die|card|deal|room):[\w-]",
    "a square in the notation": r"\bR\d+\.[a-z0-9]+\b",
    "a character by number": r"\bhero \d\b",
    "a move in the notation": r"\b[a-z]\d[<>]|\bd\d:pass\b",
}

READABLE = """(board) => {
  const MIN = MIN_PX, FOLD = FOLD_PX, PATTERNS = ID_PATTERNS;
  const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const top = board.getBoundingClientRect().top;
  const sizes = [];
  for (const t of board.querySelectorAll("svg.icw-scene text")) {
    const words = t.textContent.trim();
    if (!words || !seen(t)) continue;
    const m = t.getScreenCTM();
    sizes.push([Math.round(parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) * 10) / 10, words]);
  }
  sizes.sort((a, b) => a[0] - b[0]);
  const read = [];  // [where, words]
  for (const t of sizes) read.push(["drawn text", t[1]]);
  for (const t of board.querySelectorAll("svg.icw-scene title")) read.push(["tooltip", t.textContent]);
  for (const el of board.querySelectorAll("[title], [aria-label]")) {
    for (const a of ["title", "aria-label"]) if (el.getAttribute(a)) read.push([a, el.getAttribute(a)]);
  }
  for (const el of board.querySelectorAll("button, option, li, label, .icw-status, .icw-error, .icw-chance-label, .icw-hints")) {
    if (el.closest("svg") === null && el.textContent.trim()) read.push([el.localName + (el.className ? "." + String(el.className).split(" ")[0] : ""), el.textContent.trim()]);
  }
  const ids = [];
  for (const [where, words] of read) {
    for (const [what, pattern] of Object.entries(PATTERNS)) {
      if (new RegExp(pattern).test(words)) ids.push(`${what} in a ${where}: "${words.slice(0, 120)}"`);
    }
  }
  const late = [];
  for (const el of board.querySelectorAll("svg.icw-scene .icw-target, .icw-status")) {
    const r = el.getBoundingClientRect();
    if (seen(el) && r.bottom - top > FOLD + 1) late.push(`${el.getAttribute("data-id") || el.className} at ${Math.round(r.bottom - top)} px`);
  }
  const sideways = [...board.querySelectorAll("*")].filter((el) => el.closest("svg") === null && el.clientWidth && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${String(el.className)}: ${el.scrollWidth} > ${el.clientWidth}`);
  return { smallest: sizes[0] || null, small: sizes.filter((s) => s[0] < MIN - 0.05), ids: [...new Set(ids)], late, sideways, texts: sizes.length };
}""".replace("MIN_PX", str(MIN_PX)).replace("FOLD_PX", str(FOLD)).replace("ID_PATTERNS", json.dumps(ID_PATTERNS))


def problems(found: dict, *, ids: bool = True) -> list[str]:
    """What a measurement finds wrong, each named (empty: readable)."""
    out = []
    if found["small"]:
        out.append(f"{len(found['small'])} texts under {MIN_PX} px, the smallest {found['small'][:4]}")
    if ids and found["ids"]:
        out.append(f"ids where words belong: {found['ids'][:6]}")
    if found["late"]:
        out.append(f"needed below the first {FOLD} px: {found['late'][:6]}")
    if found["sideways"]:
        out.append(f"scrolls sideways: {found['sideways']}")
    return out
