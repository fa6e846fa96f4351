// "Copy the record": the JSON goes to the clipboard; where the browser refuses, it is shown
// selected in a read-only box with a line saying to copy it by hand.
import { describe, expect, it } from "vitest";
import { BY_HAND, COPIED, copyRecord } from "../src/copy-record";

const RECORD = '{"game": "stacktics", "nodes": [{"parent": null}]}';

describe("copyRecord", () => {
  it("writes the record to the clipboard and says so", async () => {
    const row = document.createElement("div");
    const written: string[] = [];
    const done = await copyRecord(row, RECORD, { writeText: async (t) => void written.push(t) });
    expect(done).toBe("copied");
    expect(written).toEqual([RECORD]);
    expect(row.querySelector(".icw-copy-note")?.textContent).toBe(COPIED);
    expect(row.querySelector(".icw-copy-box")).toBeNull();
  });

  it("where the browser refuses, shows the record selected in a read-only box and says to copy it by hand", async () => {
    const row = document.createElement("div");
    document.body.append(row);
    const done = await copyRecord(row, RECORD, { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) });
    expect(done).toBe("by hand");
    const box = row.querySelector<HTMLTextAreaElement>("textarea.icw-copy-box");
    expect(box?.value).toBe(RECORD);
    expect(box?.readOnly).toBe(true);
    expect([box?.selectionStart, box?.selectionEnd]).toEqual([0, RECORD.length]);
    expect(row.querySelector(".icw-copy-note")?.textContent).toBe(BY_HAND);
    // with no clipboard at all, the same; a second try leaves one box
    expect(await copyRecord(row, RECORD, null)).toBe("by hand");
    expect(row.querySelectorAll(".icw-copy-box")).toHaveLength(1);
    row.remove();
  });
});
