import { describe, expect, it } from "vitest";
import { kycProviderFor, SANDBOX_TOKEN_TTL_MS, SandboxKycProvider } from "./kyc.js";

describe("KYC providers", () => {
  it("NONE has no provider, SANDBOX the sandbox, anything else is a configuration error", () => {
    expect(kycProviderFor("NONE")).toBeNull();
    expect(kycProviderFor("SANDBOX")?.name).toBe("SANDBOX");
    for (const name of ["SUMSUB", "sandbox", "", "NONE "])
      expect(() => kycProviderFor(name), name).toThrow(/Unknown KYC provider/);
  });

  it("sandbox tokens are random, unguessable and expire after ten minutes", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const provider = new SandboxKycProvider(() => now);
    const tokens = await Promise.all(Array.from({ length: 50 }, () => provider.createAccessToken("app-1", "user-1")));
    expect(new Set(tokens.map((t) => t.token)).size).toBe(50);
    for (const t of tokens) {
      expect(t.token).toMatch(/^sbx_[A-Za-z0-9_-]{43}$/); // 32 random bytes
      expect(t.expiresAt.getTime() - now.getTime()).toBe(SANDBOX_TOKEN_TTL_MS);
    }
    expect(SANDBOX_TOKEN_TTL_MS).toBe(600_000);
    await expect(provider.createAccessToken("", "user-1")).rejects.toThrow();
  });
});
