import { describe, expect, it } from "vitest";
import { TEXTAREA_MAX_ROWS_DEFAULT, TEXTAREA_MIN_ROWS, textareaMaxRows, textareaRows } from "./textarea-rows";

describe("textareaRows (spec 001 §5: grows up to 10 rows by default)", () => {
  it("starts small", () => {
    expect(TEXTAREA_MIN_ROWS).toBe(3);
    expect(textareaRows("")).toBe(3);
    expect(textareaRows("one line")).toBe(3);
  });

  it("grows with the lines up to the setting's rows, default 10", () => {
    expect(TEXTAREA_MAX_ROWS_DEFAULT).toBe(10);
    expect(textareaRows("a\nb\nc\nd\ne")).toBe(5);
    expect(textareaRows("a\r\nb\r\nc\r\nd")).toBe(4);
    expect(textareaRows("x\n".repeat(30))).toBe(10);
    expect(textareaRows("x\n".repeat(30), 6)).toBe(6);
    expect(textareaRows("x\n".repeat(30), 20)).toBe(20);
  });

  it("never goes below the starting rows", () => {
    expect(textareaMaxRows(2)).toBe(3);
    expect(textareaMaxRows(Number.NaN)).toBe(10);
    expect(textareaRows("a\nb\nc\nd\ne", 2)).toBe(3);
    expect(textareaRows("a\nb\nc\nd\ne", Number.NaN)).toBe(5);
  });
});
