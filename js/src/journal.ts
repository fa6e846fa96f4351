// The marks and tags of the node shown: six mark buttons after chess's (pressed: the node's mark;
// pressing it again takes it away) and tags as chips with a remove button each, added from a small
// text entry. Each change sends the node's mark or its tags as they now are. Tags are set as text.

import { type Annotations, MARKS, MARK_NAMES, MAX_TAG_LENGTH, type MoveMark, addTag, isMark, nextMark, removeTag } from "./annotations";
import { h } from "./dom";
import { LastDrawn } from "./redraw";
import type { Message } from "./types";

export class JournalControls {
  readonly el = h("div", "icw-journal");
  private readonly marks = h("div", "icw-marks", undefined, { role: "group", "aria-label": "mark the move" });
  private readonly chips = h("ul", "icw-tag-list", undefined, { "aria-label": "tags" });
  readonly input = h("input", "icw-tag-input", undefined, {
    type: "text", maxlength: MAX_TAG_LENGTH, placeholder: "Add a tag", "aria-label": "new tag",
  });
  private readonly add = h("button", "icw-tag-add", "Tag", { type: "button", title: "Add this tag to the position (Enter)" });
  private shown: Annotations = { arrows: [], highlights: [], mark: "", tags: [] };
  private node = -1;
  private readonly drawn = new LastDrawn();

  constructor(private readonly send: (m: Message) => void) {
    for (const mark of MARKS) {
      this.marks.append(h("button", "icw-mark-button", mark, {
        type: "button", "data-mark": mark, "aria-pressed": "false", "aria-label": MARK_NAMES[mark], title: MARK_NAMES[mark],
      }));
    }
    const entry = h("div", "icw-tag-entry");
    entry.append(this.input, this.add);
    this.el.append(this.marks, this.chips, entry);
    this.el.addEventListener("click", (e) => this.clicked(e));
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.addTyped();
      }
    });
  }

  /** Show the node's mark and tags; `moved`: whether the node has a move to mark (not the start). */
  update(a: Annotations, node: number, moved: boolean): void {
    if (node !== this.node) this.input.value = "";
    this.shown = a;
    this.node = node;
    for (const b of this.marks.querySelectorAll<HTMLButtonElement>("button[data-mark]")) {
      const on = String(b.dataset.mark === a.mark);
      if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
      if (b.disabled === moved) b.disabled = !moved;
    }
    if (this.drawn.changed("tags", a.tags)) {
      this.chips.replaceChildren(...a.tags.map((tag) => {
        const chip = h("li", "icw-tag", undefined, { "data-tag": tag });
        chip.append(h("span", "icw-tag-text", tag), h("button", "icw-tag-remove", "×", {
          type: "button", "data-remove-tag": tag, "aria-label": `remove the tag ${tag}`, title: "Remove this tag",
        }));
        return chip;
      }));
    }
  }

  private clicked(e: Event): void {
    const b = e.target instanceof Element ? e.target.closest("button") : null;
    if (!b || !this.el.contains(b)) return;
    const mark = b.getAttribute("data-mark");
    const removed = b.getAttribute("data-remove-tag");
    if (mark !== null && isMark(mark)) this.setMark(mark);
    else if (removed !== null) this.setTags(removeTag(this.shown.tags, removed));
    else if (b === this.add) this.addTyped();
  }

  private setMark(pressed: MoveMark): void {
    const mark = nextMark(this.shown.mark, pressed);
    this.shown = { ...this.shown, mark };
    this.send({ do: "annotate", node: this.node, mark });
  }

  private addTyped(): void {
    const tags = addTag(this.shown.tags, this.input.value);
    this.input.value = "";
    if (tags.length !== this.shown.tags.length) this.setTags(tags);
  }

  private setTags(tags: string[]): void {
    this.shown = { ...this.shown, tags };
    this.send({ do: "annotate", node: this.node, tags });
  }
}
