import { describe, expect, it } from "vitest";
import { customerQueryProblem, phoneQuery } from "./customer-search";

describe("customer search query", () => {
  it("takes 2 to 100 characters after trimming, without control characters or lone surrogates", () => {
    expect(customerQueryProblem("ab")).toBeNull();
    expect(customerQueryProblem(`  ${"a".repeat(100)}  `)).toBeNull();
    expect(customerQueryProblem("Müller & Söhne 😀")).toBeNull();
    expect(customerQueryProblem(" a ")).toBe("length");
    expect(customerQueryProblem("a".repeat(101))).toBe("length");
    for (const bad of ["ab\u0000", "a\tb", "ab\u007f", "ab\u0085", "ab\uD800", "\uDC00ab"])
      expect(customerQueryProblem(bad), bad).toBe("malformed");
  });

  it("reads a full number, trailing digits and a national number", () => {
    expect(phoneQuery("+44 7700 900021")).toEqual({ exact: "+447700900021" });
    expect(phoneQuery("0021")).toEqual({ endsWith: "0021" });
    expect(phoneQuery("(0) 7700-900.021")).toEqual({ endsWith: "7700900021" });
    expect(phoneQuery("07700 900021")).toEqual({ endsWith: "7700900021" });
    expect(phoneQuery("021")).toBeNull();
    expect(phoneQuery("1234567890123456")).toBeNull();
    expect(phoneQuery("Northwind")).toBeNull();
    expect(phoneQuery("+")).toBeNull();
  });
});
