// Which scene id a click on the drawing means. The innermost id under the click that is a target
// now wins, so a piece, a label or a pip drawn inside a target stands for it; a region counts only
// for its empty part. Failing that, the innermost drawn item under the click is what the person
// meant (and may be told why it is not a target); a click on empty space means nothing. A drawing
// marked `icw-region-item` (a deck's stack) is an item that stands for its region.

export type Hit = { kind: "target"; id: string } | { kind: "item"; id: string } | { kind: "empty" };

export function resolveClick(from: EventTarget | null, stop: Element, isTarget: (id: string) => boolean): Hit {
  let item: string | null = null;
  let regionItem = false;
  for (let n = from instanceof Element ? from : null; n && n !== stop; n = n.parentElement) {
    if (n.classList.contains("icw-region-item")) regionItem = true;
    const id = n.getAttribute("data-id");
    if (id === null) continue;
    const region = n.classList.contains("icw-region");
    if (isTarget(id) && !(region && item !== null)) return { kind: "target", id };
    if (item === null && (!region || regionItem)) item = id;
  }
  return item === null ? { kind: "empty" } : { kind: "item", id: item };
}
