import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const prod = {
  NODE_ENV: "production",
  SESSION_SECRET: "s".repeat(32),
  OTP_SECRET: "o".repeat(32),
} as unknown as NodeJS.ProcessEnv;
const twilio = {
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: "AC" + "0".repeat(32),
  TWILIO_AUTH_TOKEN: "t".repeat(32),
  TWILIO_FROM: "+447700900990",
} as unknown as NodeJS.ProcessEnv;

describe("loadConfig", () => {
  it("production refuses the log provider (codes would be written to the log)", () => {
    expect(() => loadConfig(prod)).toThrow(/SMS_PROVIDER=twilio is required in production/);
  });

  it("production starts with Twilio configured: no debug codes, no demo customers", () => {
    const c = loadConfig({ ...prod, ...twilio, SMS_DEBUG_CODES: "true" });
    expect(c.SMS_PROVIDER).toBe("twilio");
    expect(c.smsDebugCodes).toBe(false);
    expect(c.seedDemo).toBe(false);
  });

  it("Twilio needs its account SID, auth token and sender, and checks their shapes", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "twilio" } as unknown as NodeJS.ProcessEnv)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...twilio, TWILIO_FROM: "07700 900990" })).toThrow();
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: "XX123" })).toThrow();
    expect(loadConfig({ ...twilio, TWILIO_FROM: "MG" + "a".repeat(32) }).TWILIO_FROM).toMatch(/^MG/);
  });

  it("STAFF_API_TOKEN (staff commands inside a running server) never in production", () => {
    expect(() => loadConfig({ ...prod, ...twilio, STAFF_API_TOKEN: "t".repeat(40) })).toThrow(/STAFF_API_TOKEN/);
    expect(loadConfig({ STAFF_API_TOKEN: "t".repeat(40) } as unknown as NodeJS.ProcessEnv).STAFF_API_TOKEN).toHaveLength(40);
    expect(loadConfig({} as NodeJS.ProcessEnv).STAFF_API_TOKEN).toBeUndefined();
  });

  it("the embedded default: log provider, debug codes, demo customers", () => {
    const c = loadConfig({} as unknown as NodeJS.ProcessEnv);
    expect(c.SMS_PROVIDER).toBe("log");
    expect(c.smsDebugCodes).toBe(true);
    expect(c.seedDemo).toBe(true);
  });

  it("DEPLOYMENT: production by default under NODE_ENV=production; a sandbox may run React's production build", () => {
    expect(loadConfig({ ...prod, ...twilio }).deployment).toBe("production");
    expect(loadConfig({} as NodeJS.ProcessEnv).deployment).toBe("sandbox");
    // `npm start`: NODE_ENV=production (libraries' production builds), DEPLOYMENT=sandbox.
    const sandbox = loadConfig({ NODE_ENV: "production", DEPLOYMENT: "sandbox" } as unknown as NodeJS.ProcessEnv);
    expect(sandbox.SMS_PROVIDER).toBe("log");
    expect(sandbox.smsDebugCodes).toBe(true);
    expect(sandbox.seedDemo).toBe(true);
    // A production deployment is production whatever NODE_ENV says: its checks cannot be skipped.
    expect(() => loadConfig({ DEPLOYMENT: "production" } as unknown as NodeJS.ProcessEnv)).toThrow(/OTP_SECRET/);
    expect(() => loadConfig({ ...prod, NODE_ENV: "development", DEPLOYMENT: "production" })).toThrow(/SMS_PROVIDER=twilio/);
    expect(() => loadConfig({ DEPLOYMENT: "staging" } as unknown as NodeJS.ProcessEnv)).toThrow(/DEPLOYMENT/);
  });

  it("REDIS_PREFIX: 'bank' by default, a custom prefix kept, a malformed one refused", () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).REDIS_PREFIX).toBe("bank");
    expect(loadConfig({ REDIS_PREFIX: "bank-staging" } as unknown as NodeJS.ProcessEnv).REDIS_PREFIX).toBe("bank-staging");
    expect(() => loadConfig({ REDIS_PREFIX: "a b" } as unknown as NodeJS.ProcessEnv)).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REDIS_PREFIX: "" } as unknown as NodeJS.ProcessEnv)).toThrow(/REDIS_PREFIX/);
  });
});
