import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("defaults the API URL to this process", () => {
    expect(parseConfig({}).BANKING_API_URL).toBe("http://127.0.0.1:3000/api/v1");
    expect(parseConfig({ PORT: "4000" }).BANKING_API_URL).toBe("http://127.0.0.1:4000/api/v1");
    expect(parseConfig({ BANKING_API_URL: "https://core.example/api/v1/" }).BANKING_API_URL).toBe("https://core.example/api/v1");
  });
  it("uses a dev secret outside production only", () => {
    expect(parseConfig({ NODE_ENV: "development" }).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
  });
  it("DEPLOYMENT decides, defaulted from NODE_ENV: a sandbox under NODE_ENV=production keeps the dev secret and plain cookies", () => {
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).production).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", DEPLOYMENT: "sandbox" }).production).toBe(false);
    expect(parseConfig({}).production).toBe(false);
    expect(() => parseConfig({ DEPLOYMENT: "production" })).toThrow(/SESSION_SECRET/);
  });
  it("refuses a short secret", () => {
    expect(() => parseConfig({ SESSION_SECRET: "short" })).toThrow();
    expect(parseConfig({ SESSION_SECRET: "s".repeat(16) }).SESSION_SECRET).toBe("s".repeat(16));
  });
});
