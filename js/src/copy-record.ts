// "Copy the record" of a playable page: the record's JSON onto the clipboard, for pasting into
// a message. Where the browser refuses (no clipboard for the page, permission denied), the text
// is shown selected in a read-only box under the buttons, with a line saying to copy it by hand.

import { h } from "./dom";

export const COPIED = "The record is copied: paste it into a message.";
export const BY_HAND = "This browser did not let the page copy: the record is selected below, copy it by hand (Ctrl+C or ⌘C).";

/** The part of navigator.clipboard used (null where the browser offers none). */
export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

/** Copy `text`, saying so in `row`; where the clipboard refuses, show it selected in a read-only
 * box there. Resolves to what was done. */
export async function copyRecord(row: HTMLElement, text: string,
                                 clipboard: ClipboardLike | null = navigator.clipboard ?? null): Promise<"copied" | "by hand"> {
  row.querySelector(".icw-copy-box")?.remove();
  const note = row.querySelector(".icw-copy-note") ?? row.appendChild(h("div", "icw-copy-note", "", { role: "status" }));
  try {
    if (!clipboard) throw new Error("no clipboard");
    await clipboard.writeText(text);
    note.textContent = COPIED;
    return "copied";
  } catch {
    note.textContent = BY_HAND;
    const box = h("textarea", "icw-copy-box", undefined, { readonly: "", rows: "6", "aria-label": "The record (JSON)" });
    box.value = text;
    row.append(box);
    box.focus();
    box.select();
    return "by hand";
  }
}
