import { describe, expect, it } from "vitest";
import { passwordProblem } from "./recovery.js";

describe("passwordProblem (NIST SP 800-63B §3.1.1.2, ASVS 5.0 §6.2)", () => {
  const phone = "+447700900001";
  it("takes 12 to 128 characters, counted as code points, with no composition rules", () => {
    expect(passwordProblem("correct horse", phone)).toBeNull();
    expect(passwordProblem("a".repeat(11), phone)).toBe("too-short");
    expect(passwordProblem("a".repeat(128), phone)).toBeNull();
    expect(passwordProblem("a".repeat(129), phone)).toBe("too-long");
    expect(passwordProblem("🔒🔒🔒🔒🔒🔒🔒🔒🔒🔒🔒🔒", phone)).toBeNull(); // 12 code points, 24 UTF-16 units
  });
  it("refuses the phone number in any usual spelling", () => {
    for (const p of ["+447700900001", "447700900001", "+44 7700 900001", "07700-900-001"])
      expect(passwordProblem(p, phone), p).toBe("is-phone");
    expect(passwordProblem("07700900001", phone)).toBe("too-short"); // length is checked first
    expect(passwordProblem("447700900001x", phone)).toBeNull();
  });
});
