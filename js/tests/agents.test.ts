import { describe, expect, it } from "vitest";
import { AgentControls, seatName, type AgentState } from "../src/agents";

const NAMES = new Map([["0", "Ann"], ["1", "<img src=x onerror=alert(1)>"]]);
const STATE: AgentState = {
  seated: [{ seat: 0, agent: null }, { seat: 1, agent: "mcts" }],
  choices: ["random", "greedy", "mcts"],
  names: NAMES,
};

function make(state: Partial<AgentState> = {}): [AgentControls, HTMLElement] {
  const into = document.createElement("div");
  const a = new AgentControls(into);
  a.update({ ...STATE, ...state });
  return [a, into];
}

const select = (into: HTMLElement, seat: number) => into.querySelector<HTMLSelectElement>(`.icw-agents select[data-seat="${seat}"]`)!;
const change = (el: Element) => ({ target: el }) as unknown as Event;

describe("AgentControls", () => {
  it("offers person and every agent for each seat, showing who plays it", () => {
    const [, into] = make();
    expect(into.querySelector<HTMLElement>(".icw-agents")!.hidden).toBe(false);
    const ben = select(into, 1);
    expect([...ben.options].map((o) => [o.value, o.textContent])).toEqual([["", "person"], ["random", "random"], ["greedy", "greedy"], ["mcts", "mcts"]]);
    expect(select(into, 0).value).toBe("");
    expect(ben.value).toBe("mcts");
  });

  it("labels each select with the seat's name, as text", () => {
    const [, into] = make();
    const labels = [...into.querySelectorAll("label.icw-agent")];
    expect(labels.map((l) => l.querySelector(".icw-agent-name")!.textContent)).toEqual(["Ann", "<img src=x onerror=alert(1)>"]);
    expect(labels[1]!.contains(select(into, 1))).toBe(true); // the label names its select
    expect(into.querySelector("img")).toBeNull();
    expect(seatName(new Map(), 2)).toBe("Seat 2");
  });

  it("reads the seat and the agent a change chose (null: a person)", () => {
    const [a, into] = make();
    select(into, 0).value = "greedy";
    expect(a.read(change(select(into, 0)))).toEqual({ seat: 0, agent: "greedy" });
    select(into, 1).value = "";
    expect(a.read(change(select(into, 1)))).toEqual({ seat: 1, agent: null });
    expect(a.read(change(into))).toBeNull();
    expect(a.read(change(document.createElement("select")))).toBeNull();
  });

  it("is hidden when no agent is offered", () => {
    const [, into] = make({ choices: [] });
    expect(into.querySelector<HTMLElement>(".icw-agents")!.hidden).toBe(true);
  });

  it("shows an agent seated that the choices do not list", () => {
    const [, into] = make({ seated: [{ seat: 0, agent: "my_bot" }, { seat: 1, agent: null }] });
    expect(select(into, 0).value).toBe("my_bot");
    expect([...select(into, 1).options].map((o) => o.value)).toEqual(["", "random", "greedy", "mcts", "my_bot"]);
  });

  it("rebuilds only when the seats or the choices change, and follows the seats", () => {
    const [a, into] = make();
    const first = select(into, 0);
    a.update({ ...STATE, seated: [{ seat: 0, agent: "random" }, { seat: 1, agent: null }] });
    expect(select(into, 0)).toBe(first);
    expect(first.value).toBe("random");
    expect(select(into, 1).value).toBe("");
    a.update({ ...STATE, choices: ["random"] });
    expect(select(into, 0)).not.toBe(first);
    expect(select(into, 1).value).toBe("mcts"); // still shown as chosen
  });
});
