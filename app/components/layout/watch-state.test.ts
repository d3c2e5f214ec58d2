import { describe, expect, it } from "vitest";
import { endedTarget } from "./watch-state";

describe("endedTarget", () => {
  it("returns to this page after the login", () => {
    expect(endedTarget("/auth/phone?expired=1", "/payments/euro?x=1")).toBe(
      "/auth/phone?expired=1&returnTo=%2Fpayments%2Feuro%3Fx%3D1",
    );
  });

  it("keeps a returnTo the server gave, and any other target as it is", () => {
    expect(endedTarget("/auth/phone?expired=1&returnTo=%2Fhistory", "/home")).toBe("/auth/phone?expired=1&returnTo=%2Fhistory");
    expect(endedTarget("/identity", "/home")).toBe("/identity");
  });
});
