import { describe, expect, it } from "vitest";
import { formatDate, formatTime, formatTimeWithSeconds, zonedDayKey } from "./dates";

describe("dates (spec 000 §5 display)", () => {
  it("formats dd.mm.yyyy and HH:MM in the given zone", () => {
    expect(formatDate("2026-03-04T05:06:07Z", "UTC")).toBe("04.03.2026");
    expect(formatTime("2026-03-04T05:06:07Z", "UTC")).toBe("05:06");
    expect(formatTime("2026-03-04T00:00:00Z", "UTC")).toBe("00:00");
  });
  it("uses London time by default (BST in summer)", () => {
    expect(formatTime("2026-07-01T23:30:00Z")).toBe("00:30");
    expect(formatDate("2026-07-01T23:30:00Z")).toBe("02.07.2026");
    expect(zonedDayKey("2026-07-01T23:30:00Z")).toBe("2026-07-02");
    expect(zonedDayKey("2026-12-01T23:30:00Z")).toBe("2026-12-01");
  });
  it("formats HH:MM:SS in London time (an exchange quote's expiry)", () => {
    expect(formatTimeWithSeconds("2026-07-01T23:30:05Z")).toBe("00:30:05");
    expect(formatTimeWithSeconds("2026-12-01T23:30:59Z")).toBe("23:30:59");
    expect(formatTimeWithSeconds("nope")).toBe("");
    // the minutes-only format is unchanged beside it (one cache per format)
    expect(formatTime("2026-12-01T23:30:59Z")).toBe("23:30");
  });
  it("returns empty strings for invalid input", () => {
    expect(formatDate("nope")).toBe("");
    expect(formatTime("nope")).toBe("");
    expect(zonedDayKey("nope")).toBe("");
  });
});
