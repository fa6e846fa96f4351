// The set-up editor's controls: the Edit toggle, Done and Cancel, and edits clicked through the
// board's own picker from the editor's trie (Python sends the editor as the one actor).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editMessage, editView, readEditFlags } from "../src/edit";
import widget from "../src/index";
import ascendancy from "./fixtures/ascendancy.json";
import { FakeModel } from "./fake-model";

describe("the pure parts", () => {
  it("reads the flags strictly: anything but true is false", () => {
    const model = (data: Record<string, unknown>) => ({ get: (n: string) => data[n] });
    expect(readEditFlags(model({ editable: true, editing: true }))).toEqual({ editable: true, editing: true });
    expect(readEditFlags(model({ editable: "yes", editing: 1 }))).toEqual({ editable: false, editing: false });
    expect(readEditFlags(model({}))).toEqual({ editable: false, editing: false });
  });

  it("shows the toggle only for a game with an editor, and never on a published page", () => {
    expect(editView({ editable: false, editing: false }, false).toggle).toBe(false);
    expect(editView({ editable: true, editing: false }, true).toggle).toBe(false);
    const closed = editView({ editable: true, editing: false }, false);
    expect(closed).toMatchObject({ toggle: true, pressed: false, label: "Edit position", finish: false });
    const open = editView({ editable: true, editing: true }, false);
    expect(open).toMatchObject({ toggle: true, pressed: true, label: "Editing position", finish: true });
  });

  it("maps each control to its message; Done and Cancel only while editing", () => {
    expect(editMessage("toggle", false)).toEqual({ do: "edit", on: true });
    expect(editMessage("toggle", true)).toEqual({ do: "edit_cancel" });
    expect(editMessage("done", true)).toEqual({ do: "edit_done" });
    expect(editMessage("cancel", true)).toEqual({ do: "edit_cancel" });
    expect(editMessage("done", false)).toBeNull();
    expect(editMessage("cancel", false)).toBeNull();
    expect(editMessage("other", true)).toBeNull();
    expect(editMessage(null, true)).toBeNull();
  });
});

const RED = { seat: 0, name: "Red", colour: "red", tree: {}, buttons: [] };
const EDITOR = {
  seat: "editor", name: "Editor", colour: "grey",
  tree: { "stash:r3": { table: "put", T1: "put" }, "T1.0": "take" },
  buttons: [["turn 1", "Green to play"]],
};

let el: HTMLElement;
let model: FakeModel;
let cleanup: () => void;
const $ = <T extends Element = HTMLElement>(sel: string): T => el.querySelector<T>(sel)!;

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
  model = new FakeModel({ title: "Ascendancy", scene: ascendancy, actors: [RED], cursor: 3, status: "", error: "", editable: true, editing: false });
  cleanup = widget.render({ model, el });
});
afterEach(() => {
  cleanup?.();
  el.remove();
});

describe("the editor in the widget", () => {
  it("opens with the toggle, and Done and Cancel appear while it is open", async () => {
    expect($(".icw-edit").hidden).toBe(false);
    expect($(".icw-edit-done").hidden).toBe(true);
    $(".icw-edit-toggle").click();
    expect(model.sent).toEqual([{ do: "edit", on: true }]);
    await model.set({ editing: true, actors: [EDITOR] });
    expect($(".icw-edit-toggle").getAttribute("aria-pressed")).toBe("true");
    expect($(".icw-board").classList.contains("icw-editing")).toBe(true);
    $(".icw-edit-done").click();
    $(".icw-edit-cancel").click();
    expect(model.sent.slice(1)).toEqual([{ do: "edit_done" }, { do: "edit_cancel" }]);
    await model.set({ editing: false, actors: [RED] });
    expect($(".icw-edit-cancel").hidden).toBe(true);
    expect($(".icw-board").classList.contains("icw-editing")).toBe(false);
  });

  it("clicks edits through the board's picker: a supply pile, then a place; a piece to take it; a turn button", async () => {
    await model.set({ editing: true, actors: [EDITOR] });
    const pile = $(`svg.icw-scene [data-id="stash:r3"]`);
    expect(pile.classList.contains("icw-target")).toBe(true);
    pile.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect($(`svg.icw-scene [data-id="T1"]`).classList.contains("icw-kind-put")).toBe(true);
    $(`svg.icw-scene [data-id="T1"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ do: "path", cursor: 3, seat: "editor", path: ["stash:r3", "T1"] });
    $(`.icw-buttons button[data-text="turn 1"]`).click();
    expect(model.sent.at(-1)).toEqual({ do: "text", cursor: 3, text: "turn 1" });
  });

  it("is hidden for a game with no editor and leaves no listener behind", async () => {
    await model.set({ editable: false });
    expect($(".icw-edit").hidden).toBe(true);
    cleanup();
    expect(model.listening("change:editing")).toBe(0);
    cleanup = () => {};
  });
});
