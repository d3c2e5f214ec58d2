import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptJson, encryptJson } from "./session.server";

describe("token encryption (AES-256-GCM)", () => {
  const key = randomBytes(32);
  it("round-trips and hides the plain text", () => {
    const sealed = encryptJson({ accessToken: "secret-access" }, key);
    expect(sealed).not.toContain("secret-access");
    expect(Buffer.from(sealed, "base64url").toString("utf8")).not.toContain("secret-access");
    expect(decryptJson(sealed, key)).toEqual({ accessToken: "secret-access" });
  });
  it("uses a fresh IV each time", () => {
    expect(encryptJson({ a: 1 }, key)).not.toBe(encryptJson({ a: 1 }, key));
  });
  it("refuses tampering and other keys", () => {
    const sealed = encryptJson({ a: 1 }, key);
    const raw = Buffer.from(sealed, "base64url");
    raw[raw.length - 1] ^= 1;
    expect(decryptJson(raw.toString("base64url"), key)).toBeNull();
    expect(decryptJson(sealed, randomBytes(32))).toBeNull();
    expect(decryptJson("garbage", key)).toBeNull();
  });
});
