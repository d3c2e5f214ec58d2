import { describe, expect, it } from "vitest";
import { isBlankMessage } from "./chat-text";

describe("isBlankMessage", () => {
  it("is true for empty text and text of only white space and invisible characters", () => {
    expect(isBlankMessage("")).toBe(true);
    expect(isBlankMessage(" \t\r\n\u00A0\u2003\u3000")).toBe(true);
    // The zero-width space, non-joiner and joiner, word joiner, byte order mark.
    expect(isBlankMessage("\u200B\u200C\u200D\u2060\uFEFF")).toBe(true);
    // Other default-ignorable code points: direction marks, soft hyphen, Hangul filler, a variation selector.
    expect(isBlankMessage("\u200E\u200F\u00AD\u3164\uFE0F")).toBe(true);
  });
  it("is false as soon as one visible character is there", () => {
    expect(isBlankMessage("\u200Ba\u200B")).toBe(false);
    expect(isBlankMessage(".")).toBe(false);
    expect(isBlankMessage("\u{1F44D}\uFE0F")).toBe(false);
    expect(isBlankMessage("\u{1F468}\u200D\u{1F469}")).toBe(false);
  });
});
