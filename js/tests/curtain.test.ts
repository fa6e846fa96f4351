// Hot-seat play's curtain: while the `curtain` trait holds text, an opaque panel covers the board
// and its move controls, and its one button sends lift_curtain.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { liftLabel } from "../src/curtain";
import widget from "../src/index";
import dectana from "./fixtures/dectana.json";
import { FakeModel } from "./fake-model";

const ANN = { seat: 0, name: "Ann", colour: "red", tree: { "0,0/r1u": { upright: "orient" } }, buttons: [["done", "Done"]] };

let el: HTMLElement;
let model: FakeModel;
let cleanup: () => void;
const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;

function mount(extra: Record<string, unknown> = {}): void {
  model = new FakeModel({
    title: "Dectana", scene: dectana, actors: [ANN], cursor: 26, status: "Ann reorients pyramids: one more, or Done.",
    error: "", viewers: [[null, "Designer (sees all)"], [0, "Ann"], [1, "Ben"]], viewer: 0, follow_turn: true, curtain: "",
    ...extra,
  });
  cleanup = widget.render({ model, el });
}

/** The parts of the board the curtain covers, and whether each is inert now. */
const covered = () => [".icw-stage", ".icw-actors", ".icw-buttons", ".icw-choices", ".icw-chance", ".icw-nav"].map((s) => [s, $(s).closest("[inert]") !== null]);

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("the lift button's words", () => {
  it("names the seat the screen passes to, else says the player is ready", () => {
    expect(liftLabel("Pass the screen to Ben.")).toBe("Show Ben's view");
    expect(liftLabel("  Pass the screen to Mary Ann. ")).toBe("Show Mary Ann's view");
    expect(liftLabel("Hand the laptop over")).toBe("I am ready: show my view");
  });
});

describe("the curtain", () => {
  it("is down while the trait is empty: nothing covered", () => {
    mount();
    expect($(".icw-curtain").hidden).toBe(true);
    expect(covered().every(([, inert]) => !inert)).toBe(true);
    expect($(".icw-main").classList.contains("icw-curtained")).toBe(false);
  });

  it("covers the board and its move controls with the text and one button that sends lift_curtain", async () => {
    mount();
    await model.set({ curtain: "Pass the screen to Ben.", actors: [] });
    const panel = $(".icw-curtain");
    expect(panel.hidden).toBe(false);
    expect(panel.parentElement).toBe($(".icw-main"));
    expect($(".icw-curtain-text").textContent).toBe("Pass the screen to Ben.");
    const buttons = panel.querySelectorAll("button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe("Show Ben's view");
    expect(buttons[0]!.getAttribute("type")).toBe("button"); // a real button: Tab, Enter and Space reach it
    expect(covered().filter(([, inert]) => !inert)).toEqual([]);
    expect($(".icw-session").hasAttribute("inert")).toBe(false); // the view control stays usable
    buttons[0]!.click();
    expect(model.sent).toEqual([{ do: "lift_curtain" }]);
  });

  it("takes the focus when it rises while the widget has it, and gives it back to the widget when lifted", async () => {
    mount();
    $(".icw-board").focus();
    await model.set({ curtain: "Pass the screen to Ben.", actors: [] });
    expect(document.activeElement).toBe($(".icw-curtain-lift"));
    await model.set({ curtain: "", viewer: 1, actors: [{ ...ANN, seat: 1, name: "Ben" }] });
    expect($(".icw-curtain").hidden).toBe(true);
    expect(covered().every(([, inert]) => !inert)).toBe(true);
    expect(document.activeElement).toBe($(".icw-board"));
  });

  it("leaves the page's focus alone when the widget does not have it", async () => {
    const other = document.createElement("input");
    document.body.append(other);
    mount();
    other.focus();
    await model.set({ curtain: "Pass the screen to Ben." });
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it("is up from the first draw when the trait already holds text, and shows text as text", () => {
    mount({ curtain: "Pass the screen to <img src=x onerror=alert(1)>." });
    expect($(".icw-curtain").hidden).toBe(false);
    expect($(".icw-curtain-text").textContent).toContain("<img");
    expect(el.querySelector(".icw-curtain img")).toBeNull();
  });

  it("reads a trait that is no text, or blank text, as down", () => {
    for (const curtain of [42, null, { text: "Pass the screen to Ben." }, "  "]) {
      mount({ curtain });
      expect($(".icw-curtain").hidden, JSON.stringify(curtain)).toBe(true);
      cleanup();
      el.replaceChildren();
    }
  });
});
