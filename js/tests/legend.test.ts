import { describe, expect, it } from "vitest";
import { drawLegend, legendEntries } from "../src/legend";

describe("legendEntries", () => {
  it("lists the highlights showing: targets, each move kind once, the selection, the last move", () => {
    const entries = legendEntries([null, "cap", "split", "cap", null], true, true);
    expect(entries.map((e) => e.key)).toEqual(["target", "cap", "split", "selected", "last"]);
    expect(entries.map((e) => e.text)).toEqual(["target", "cap", "split", "selected", "last move"]);
  });

  it("lists nothing that is not showing", () => {
    expect(legendEntries([], false, false)).toEqual([]);
    expect(legendEntries(["capture"], false, false).map((e) => e.key)).toEqual(["capture"]);
  });

  it("gives each swatch the look of its highlight, in classes of its own", () => {
    const [target, kind, selected, last] = legendEntries([null, "new_tower"], true, true);
    expect(target!.classes).toBe("icw-key-target");
    expect(kind!.classes).toBe("icw-key-leaf icw-key-kind-new_tower");
    expect(kind!.text).toBe("new tower");
    expect(selected!.classes).toBe("icw-key-selected");
    expect(last!.classes).toBe("icw-key-last");
  });
});

describe("drawLegend", () => {
  it("draws an item per entry, a swatch and its meaning in words", () => {
    const items = drawLegend(legendEntries(["<b>x</b>"], false, true));
    expect(items.map((i) => i.getAttribute("data-legend"))).toEqual(["<b>x</b>", "last"]);
    expect(items[0]!.textContent).toBe("<b>x</b>");
    expect(items[0]!.querySelector("b")).toBeNull();
    const key = items[1]!.querySelector("svg.icw-legend-key")!;
    expect(key.getAttribute("aria-hidden")).toBe("true");
    expect(key.querySelector("g.icw-key-last > rect.icw-hit")).not.toBeNull();
    // the swatches never pass for board highlights
    expect(items.some((i) => i.querySelector(".icw-target, .icw-selected, .icw-mark-last"))).toBe(false);
  });
});
