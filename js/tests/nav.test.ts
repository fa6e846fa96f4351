import { describe, expect, it } from "vitest";
import { CommentBox, drawNav } from "../src/nav";
import { readTimeline } from "../src/timeline";
import timeline from "./data/timeline.json";

const ENTRIES = readTimeline(timeline);

function navBar(): [HTMLElement, HTMLElement] {
  const root = document.createElement("div");
  root.tabIndex = 0;
  const nav = document.createElement("div");
  for (const n of ["start", "back", "forward", "end"]) {
    const b = document.createElement("button");
    b.dataset.nav = n;
    nav.append(b);
  }
  root.append(nav);
  document.body.append(root);
  return [nav, root];
}
const button = (nav: HTMLElement, n: string) => nav.querySelector<HTMLButtonElement>(`[data-nav="${n}"]`)!;

describe("drawNav", () => {
  it("disables what cannot move", () => {
    const [nav, root] = navBar();
    drawNav(nav, root, ENTRIES, 0);
    expect(["start", "back", "forward", "end"].map((n) => button(nav, n).disabled)).toEqual([true, true, false, false]);
    drawNav(nav, root, ENTRIES, 4);
    expect(["start", "back", "forward", "end"].map((n) => button(nav, n).disabled)).toEqual([false, false, true, true]);
    root.remove();
  });

  it("keeps the focus on the board when the focused button becomes disabled", () => {
    const [nav, root] = navBar();
    drawNav(nav, root, ENTRIES, 3);
    button(nav, "forward").focus();
    expect(document.activeElement).toBe(button(nav, "forward"));
    drawNav(nav, root, ENTRIES, 4); // the end of the line
    expect(document.activeElement).toBe(root);
    button(nav, "back").focus();
    drawNav(nav, root, ENTRIES, 3); // back stays enabled: the focus stays
    expect(document.activeElement).toBe(button(nav, "back"));
    root.remove();
  });
});

describe("CommentBox", () => {
  it("shows the node's comment and keeps an unsaved edit while the node stays", () => {
    const text = document.createElement("textarea");
    const box = new CommentBox(text);
    box.show(ENTRIES, 2);
    expect(text.value).toBe("sharp <b>move</b>");
    text.value = "my edit";
    box.show(ENTRIES, 2);
    expect(text.value).toBe("my edit");
    expect(box.take()).toBe("my edit");
    box.show(ENTRIES, 1);
    expect(text.value).toBe("");
  });
});
