import { describe, expect, it } from "vitest";
import { SessionControls, type SessionState } from "../src/session";

const STATE: SessionState = {
  viewers: [{ value: null, label: "Designer (sees all)" }, { value: 0, label: "Ann" }, { value: 1, label: "<b>Ben</b>" }],
  viewer: 1,
  follow: true,
  games: [{ value: 0, label: "1: IceTowers, 3 players, 12 moves" }, { value: 1, label: "2: IceTowers, 4 players, 0 moves" }],
  gameIndex: 1,
};

function make(state: Partial<SessionState> = {}): [SessionControls, HTMLElement] {
  const into = document.createElement("div");
  const s = new SessionControls(into);
  s.update({ ...STATE, ...state });
  return [s, into];
}

describe("SessionControls", () => {
  it("shows the viewer control with its choices, the viewer chosen, and follow the turn", () => {
    const [s, into] = make();
    const viewer = into.querySelector<HTMLElement>(".icw-viewer")!;
    expect(viewer.hidden).toBe(false);
    const select = viewer.querySelector<HTMLSelectElement>("select[data-viewer]")!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([["null", "Designer (sees all)"], ["0", "Ann"], ["1", "<b>Ben</b>"]]);
    expect(into.querySelector("b")).toBeNull();
    expect(select.value).toBe("1");
    expect(viewer.querySelector<HTMLInputElement>("input.icw-follow")!.checked).toBe(true);
    expect(s.readViewer()).toEqual({ seat: 1, follow: true });
    select.value = "null";
    into.querySelector<HTMLInputElement>("input.icw-follow")!.checked = false;
    expect(s.readViewer()).toEqual({ seat: null, follow: false });
  });

  it("hides the viewer control when the game hides nothing", () => {
    const [, into] = make({ viewers: [] });
    expect(into.querySelector<HTMLElement>(".icw-viewer")!.hidden).toBe(true);
  });

  it("shows the games switcher only for more than one game", () => {
    const [s, into] = make();
    const games = into.querySelector<HTMLElement>(".icw-games")!;
    expect(games.hidden).toBe(false);
    const select = games.querySelector("select")!;
    expect(select.value).toBe("1");
    expect(select.options[0]!.textContent).toBe("1: IceTowers, 3 players, 12 moves");
    select.value = "0";
    expect(s.readGame()).toBe(0);
    s.update({ ...STATE, games: STATE.games.slice(0, 1), gameIndex: 0 });
    expect(games.hidden).toBe(true);
  });

  it("tells which control changed", () => {
    const [s, into] = make();
    const event = (el: Element) => ({ target: el }) as unknown as Event;
    expect(s.which(event(into.querySelector("select[data-viewer]")!))).toBe("viewer");
    expect(s.which(event(into.querySelector("input.icw-follow")!))).toBe("follow");
    expect(s.which(event(into.querySelector(".icw-games select")!))).toBe("game");
    expect(s.which(event(into))).toBeNull();
  });

  it("rebuilds the options only when the choices change, and follows the traits", () => {
    const [s, into] = make();
    const first = into.querySelector("select[data-viewer] option");
    s.update({ ...STATE, viewer: 0, follow: false });
    expect(into.querySelector("select[data-viewer] option")).toBe(first);
    expect(into.querySelector<HTMLSelectElement>("select[data-viewer]")!.value).toBe("0");
    expect(into.querySelector<HTMLInputElement>("input.icw-follow")!.checked).toBe(false);
  });
});

describe("the hot-seat lock", () => {
  it("says why the view cannot leave the seat to act while locked, and nothing while not", () => {
    const [, into] = make({ locked: true });
    const note = into.querySelector<HTMLElement>(".icw-view-locked")!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toContain("board.unlock_view()");
    // a view chosen in the select stops following the turn (so Python can refuse it while locked)
    const [s] = make({ locked: true });
    expect(s.readViewer(true)).toEqual({ seat: 1, follow: false });
    expect(s.readViewer()).toEqual({ seat: 1, follow: true });
    const [, open] = make({ locked: false });
    expect(open.querySelector<HTMLElement>(".icw-view-locked")!.hidden).toBe(true);
  });
});
