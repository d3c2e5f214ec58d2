import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./language.js";

describe("preferredLanguage (Accept-Language, RFC 9110 §12.5.4)", () => {
  it("takes the first supported language by q-value, English otherwise", () => {
    expect(preferredLanguage(undefined)).toBe("en");
    expect(preferredLanguage("de")).toBe("de");
    expect(preferredLanguage("fr-FR, ar;q=0.8, de;q=0.5")).toBe("ar");
    expect(preferredLanguage("en;q=0.2, de-AT;q=0.9")).toBe("de");
    expect(preferredLanguage("fr, es;q=0.5")).toBe("en");
    expect(preferredLanguage("de;q=0, ar;q=abc")).toBe("en");
  });
});
