import { afterEach, describe, expect, it } from "vitest";
import { ThinkingBanner, thinkingText, waitText } from "../src/thinking";

const BEN = { seat: 1, name: "Ben", agent: "mcts" };

function make(): [ThinkingBanner, HTMLElement, HTMLElement] {
  const root = document.createElement("div");
  root.className = "icw-board";
  root.tabIndex = 0;
  const line = document.createElement("div");
  root.append(line);
  document.body.append(root);
  return [new ThinkingBanner(line), line, root];
}

afterEach(() => document.body.replaceChildren());

describe("ThinkingBanner", () => {
  it("says who is thinking with a Stop button, as a status", () => {
    const [b, line] = make();
    b.update(BEN, true);
    const banner = line.querySelector<HTMLElement>(".icw-thinking")!;
    expect(banner.hidden).toBe(false);
    expect(banner.getAttribute("role")).toBe("status");
    expect(banner.querySelector(".icw-thinking-text")!.textContent).toBe("Ben (mcts) is thinking…");
    expect(banner.querySelector("button.icw-stop")!.textContent).toBe("Stop");
    expect(line.hidden).toBe(false);
  });

  it("hides when nobody thinks, keeping its line while a seat has an agent", () => {
    const [b, line] = make();
    b.update(BEN, true);
    b.update(null, true);
    expect(line.querySelector<HTMLElement>(".icw-thinking")!.hidden).toBe(true);
    expect(line.querySelector(".icw-thinking-text")!.textContent).toBe("");
    expect(line.hidden).toBe(false);
    b.update(null, false);
    expect(line.hidden).toBe(true);
  });

  it("sets names as text", () => {
    const [b, line] = make();
    b.update({ seat: 0, name: "<img src=x onerror=alert(1)>", agent: "<b>x</b>" }, true);
    expect(line.textContent).toContain("<img src=x onerror=alert(1)> (<b>x</b>) is thinking…");
    expect(line.querySelector("img, b")).toBeNull();
  });

  it("keeps the focus in the widget when the Stop button it was on goes", () => {
    const [b, line, root] = make();
    b.update(BEN, true);
    line.querySelector<HTMLButtonElement>("button.icw-stop")!.focus();
    b.update(null, true);
    expect(document.activeElement).toBe(root);
  });

  it("words", () => {
    expect(thinkingText({ seat: 2, name: "", agent: "" })).toBe("Seat 2 is thinking…");
    expect(waitText(BEN)).toBe("Wait for Ben, or press Stop.");
  });
});
