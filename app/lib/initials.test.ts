import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initialsOf("Oliver Bennett")).toBe("OB");
    expect(initialsOf("  amelia  de la Cruz ")).toBe("AC");
    expect(initialsOf("Northwind")).toBe("N");
  });

  it("skips words that do not begin with a letter, and works beyond Latin letters", () => {
    expect(initialsOf("Patel Consulting (UK) 2")).toBe("PC");
    expect(initialsOf("Ölaf Ärger")).toBe("ÖÄ");
    expect(initialsOf("محمد علي")).toBe("مع");
  });

  it("gives nothing for a phone number", () => {
    expect(initialsOf("+447700900001")).toBe("");
    expect(initialsOf("")).toBe("");
  });
});
