import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./payments.server";

describe("safeReturnTo", () => {
  it("keeps same-site paths only", () => {
    expect(safeReturnTo("/home?tab=signing", "/x")).toBe("/home?tab=signing");
    expect(safeReturnTo("//evil.example", "/x")).toBe("/x");
    expect(safeReturnTo("https://evil.example", "/x")).toBe("/x");
    expect(safeReturnTo(null, "/x")).toBe("/x");
  });
});
