// The Controller alone: a fake model's traits, the skeleton, and the messages it sends.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Controller } from "../src/controller";
import { Traits } from "../src/traits";
import type { Actor, Message, Model, Scene } from "../src/types";
import { buildUi, type Ui } from "../src/ui";
import cardsDeck from "./data/cards-deck.json";
import scene3 from "./data/scene3.json";

const red: Actor = { seat: 0, name: "Red", colour: "red", tree: { "free:r1": { T1: "cap", table: "place" }, "free:r3": { T3: "cap", far: "cap" } } };

let ui: Ui;
let sent: Message[];
let data: Record<string, unknown>;
let c: Controller;

function setup(extra: Record<string, unknown> = {}): void {
  data = { scene: scene3, actors: [red], cursor: 3, ...extra };
  const model: Model = { get: (k) => data[k], on() {}, off() {}, send: (m) => sent.push(m) };
  sent = [];
  ui?.root.remove();
  c?.dispose();
  ui = buildUi();
  document.body.append(ui.root);
  c = new Controller(new Traits(model), ui, (m) => sent.push(m));
  c.drawBoard();
  c.drawControls();
}

const item = (id: string) => ui.root.querySelector<SVGGElement>(`svg.icw-scene [data-id="${id}"]`)!;
/** An item's button for assistive technology: its hit rectangle. */
const button = (id: string) => item(id).firstElementChild!;
const clickOn = (id: string) => c.clickScene(item(id).querySelector(".icw-pyr-body") ?? item(id).firstElementChild);

beforeEach(() => setup());
afterEach(() => {
  c.dispose();
  ui.root.remove();
});

describe("Controller", () => {
  it("draws the scene and the score panel, and no seat button for a lone seat to act", () => {
    expect(ui.sceneBox.querySelector("svg.icw-scene")).toBe(c.sceneView.svg);
    expect(ui.root.querySelectorAll(".icw-player")).toHaveLength(3);
    expect(ui.root.querySelector('.icw-player[data-seat="0"]')!.classList.contains("icw-acting")).toBe(true);
    expect(ui.actors.querySelector("button[data-seat]")).toBeNull();
    expect(ui.root.getAttribute("data-render-ms")).not.toBeNull();
  });

  it("makes targets buttons named for a person, reachable from the keyboard", () => {
    expect(item("free:r1").classList.contains("icw-target")).toBe(true);
    const r1 = button("free:r1");
    expect(r1.classList.contains("icw-hit")).toBe(true);
    expect(r1.getAttribute("role")).toBe("button");
    expect(r1.getAttribute("aria-label")).toBe("red small");
    expect(r1.getAttribute("tabindex")).toBe("0");
    expect(button("T1").hasAttribute("role")).toBe(false);
  });

  it("a click selects: pressed, named in the hint, and the next targets say what they do", () => {
    clickOn("free:r1");
    expect(c.pick.path).toEqual(["free:r1"]);
    expect(item("free:r1").classList.contains("icw-selected")).toBe(true);
    const r1 = button("free:r1");
    expect(r1.getAttribute("aria-pressed")).toBe("true");
    expect(r1.hasAttribute("tabindex")).toBe(false);
    expect(ui.hint.textContent).toBe("Selected red small: click a highlighted target, or Esc to cancel.");
    expect(button("T1").getAttribute("aria-label")).toBe("T1: cap");
    expect(item("T1").classList.contains("icw-kind-cap")).toBe(true);
    expect(button("table").getAttribute("aria-label")).toBe("Towers: place"); // the table has a name
    expect(button("free:r3").hasAttribute("role")).toBe(false);
    // no button holds another: the table's is its background, beside the towers
    for (const b of ui.root.querySelectorAll('svg [role="button"]')) expect(b.querySelector('[role="button"]')).toBeNull();
  });

  it("shows a legend of the highlights showing", () => {
    const legend = () => [...ui.legend.querySelectorAll("[data-legend]")].map((e) => e.getAttribute("data-legend"));
    expect(legend()).toEqual(["target", "last"]);
    clickOn("free:r1");
    expect(legend()).toEqual(["cap", "place", "selected", "last"]);
    data.scene = { ...scene3, marks: [] };
    c.newPosition();
    c.drawBoard();
    expect(legend()).toEqual(["cap", "place", "selected", "last"]); // the controls are drawn apart
    c.drawControls();
    expect(legend()).toEqual(["target"]);
  });

  it("a click on a drawn item that is no target asks why, with the clicks so far", () => {
    clickOn("free:r1");
    clickOn("T2.1"); // a piece of T2, which is no target
    expect(sent).toEqual([{ do: "explain", cursor: 3, seat: 0, path: ["free:r1", "T2.1"] }]);
    expect(c.pick.path).toEqual([]);
  });

  it("a click on empty space just starts over", () => {
    clickOn("free:r1");
    c.clickScene(item("free").querySelector(".icw-region-bg"));
    expect(sent).toEqual([]);
    expect(c.pick.path).toEqual([]);
  });

  it("a click on a selected item takes it back", () => {
    clickOn("free:r1");
    clickOn("free:r1");
    expect(sent).toEqual([]);
    expect(c.pick.path).toEqual([]);
    expect(item("free:r1").classList.contains("icw-selected")).toBe(false);
  });

  it("a click on a target inside a target picks the innermost: any part of a tower picks it", () => {
    clickOn("free:r1");
    for (const part of item("T1").querySelectorAll("*")) {
      if (part.closest('[data-id="T1"]') !== item("T1")) continue;
      c.pick = { seat: null, path: ["free:r1"] };
      sent.length = 0;
      c.clickScene(part);
      expect(sent, part.getAttribute("class") ?? part.tagName).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["free:r1", "T1"] }]);
    }
  });

  it("names off-board targets for a person, and what they do for assistive technology", () => {
    clickOn("free:r3");
    const far = ui.choices.querySelector('button[data-key="far"]')!;
    expect(far.textContent).toBe("far");
    expect(far.getAttribute("aria-label")).toBe("far: cap");
    expect(ui.choices.hidden).toBe(false);
  });

  it("explains with no seat when several seats could have meant it", () => {
    const blue: Actor = { seat: 2, name: "Blue", colour: "blue", tree: { "free:b1": { table: "place" } } };
    setup({ actors: [red, blue] });
    clickOn("T2"); // on its bottom piece
    expect(sent).toEqual([{ do: "explain", cursor: 3, seat: null, path: ["T2.0"] }]);
  });

  it("lays the scene out again only when the room changes by a step", () => {
    expect(c.setRoom(0)).toBe(false);
    expect(c.setRoom(400)).toBe(true);
    expect(c.setRoom(401)).toBe(false);
    expect(c.setRoom(100)).toBe(true); // at least the narrowest region
    expect(c.setRoom(90)).toBe(false);
  });

  it("redraws cards and a deck with their targets", () => {
    setup({ scene: cardsDeck, actors: [{ seat: 0, tree: { "hand:0:castle": { market: "play", deck: "discard" } } }] });
    clickOn("hand:0:castle");
    expect(ui.hint.textContent).toContain("Selected The Castle:");
    expect(button("deck").getAttribute("aria-label")).toBe("Draw pile: discard");
    expect(ui.chance.querySelector("button.icw-draw")).not.toBeNull();
    c.clickScene(item("deck").querySelector(".icw-card-back-body"));
    expect(sent).toEqual([{ do: "path", cursor: 3, seat: 0, path: ["hand:0:castle", "deck"] }]);
  });

  it("keeps a sent move's clicks shown until an answer, then clears them", () => {
    clickOn("free:r1");
    (c as unknown as { painted: boolean }).painted = true; // as after a frame
    clickOn("T1");
    expect(c.waiting).toBe(true);
    expect(item("free:r1").classList.contains("icw-selected")).toBe(true);
    c.drawPicker();
    expect(c.waiting).toBe(false);
    expect(item("free:r1").classList.contains("icw-selected")).toBe(false);
  });
});

describe("Controller and odd scenes", () => {
  it("draws a scene whose regions are not all known", () => {
    setup({ scene: { regions: [{ kind: "hexes", id: "h" }] } as unknown as Scene, actors: [] });
    expect(ui.root.querySelector('[data-id="h"]')!.textContent).toContain("no drawing");
    expect(ui.legend.childElementCount).toBe(0);
  });
});
