/** brandCss: only #rrggbb colours reach the stylesheet. */
import { describe, expect, it } from "vitest";
import { brandCss } from "./brand.server";

const brand = {
  name: "Northwind Bank",
  logoUrl: null,
  colors: { primary: "#123456", primaryDark: "#0a0b0c" },
  support: { email: null, phone: null },
  version: "v1",
};

describe("brandCss", () => {
  it("writes the colours as the app's custom properties", () => {
    expect(brandCss(brand)).toBe(":root {\n  --color-primary: #123456;\n  --color-primary-dark: #0a0b0c;\n}\n");
  });
  it("drops anything that is not #rrggbb, so no CSS can be injected", () => {
    const css = brandCss({ ...brand, colors: { primary: "#123456;}body{display:none", primaryDark: "red" } });
    expect(css).toBe("");
  });
  it("is empty without a brand", () => {
    expect(brandCss(null)).toBe("");
  });
});
