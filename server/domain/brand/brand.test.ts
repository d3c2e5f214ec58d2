/** White-label field rules (server/domain/brand): WCAG contrast, colour, name, contact formats. */
import { describe, expect, it } from "vitest";
import { checkBrandField, contrastWithWhite } from "./index.js";
import { DomainError } from "../errors.js";

describe("contrastWithWhite (WCAG 2.2 contrast ratio)", () => {
  it("is 21 for black, 1 for white, and matches known pairs", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 2); // the classic lightest AA grey on white
    expect(contrastWithWhite("#777777")).toBeLessThan(4.5);
  });
});

describe("checkBrandField", () => {
  const refused = (field: Parameters<typeof checkBrandField>[0], value: string) => {
    try {
      checkBrandField(field, value);
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe("VALIDATION_FAILED");
      return (err as DomainError).body;
    }
    throw new Error(`${field}=${value} was accepted`);
  };

  it("accepts #rrggbb colours dark enough for white text, lower-cased", () => {
    expect(checkBrandField("primary", " #0B4F8A ")).toBe("#0b4f8a");
    expect(checkBrandField("primary-dark", "#000000")).toBe("#000000");
  });

  it("refuses other colour syntaxes and colours under 4.5:1 against white", () => {
    for (const v of ["red", "#fff", "#0b4f8a;}body{display:none", "rgb(0,0,0)", "#0b4f8g"]) refused("primary", v);
    expect(JSON.stringify(refused("primary", "#ffcc00"))).toMatch(/4\.5:1/);
  });

  it("takes a 1–60 character printable name", () => {
    expect(checkBrandField("name", "  Northwind Bank ")).toBe("Northwind Bank");
    refused("name", "");
    refused("name", "x".repeat(61));
    refused("name", "Bank\nName");
  });

  it("takes E.164 phones and e-mail addresses; an empty value removes the contact", () => {
    expect(checkBrandField("support-phone", "+442071234567")).toBe("+442071234567");
    expect(checkBrandField("company-phone", "")).toBeNull();
    expect(checkBrandField("support-email", "help@northwind.example")).toBe("help@northwind.example");
    expect(checkBrandField("support-email", "")).toBeNull();
    refused("support-phone", "020 7123 4567");
    refused("support-phone", "+0123456789");
    refused("support-email", "not an address");
  });
});
