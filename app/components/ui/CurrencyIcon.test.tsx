// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CurrencyCode } from "../../../server/api/v1/contract";
import { CurrencyIcon } from "./CurrencyIcon";

afterEach(cleanup);

/** Every currency code of the app (the API's `CurrencyCode`; the type check below keeps it whole). */
const CODES = [
  "GBP",
  "EUR",
  "USD",
  "CNY",
  "RUB",
  "CAD",
  "AED",
  "USDT",
  "USDC",
  "EURC",
  "SOL",
] as const satisfies readonly CurrencyCode[];
const complete: Exclude<CurrencyCode, (typeof CODES)[number]> extends never ? true : false = true;

/** The icon's SVG and its drawing (badge and symbol), attributes that only name it left out. */
function draw(code: string, size?: number) {
  const { container } = render(<CurrencyIcon code={code} size={size} />);
  const svg = container.querySelector("svg")!;
  const drawing = [...svg.children].map((el) => el.outerHTML).join("");
  return { svg, drawing };
}

describe("CurrencyIcon", () => {
  it("draws its own icon for each currency of the app, and the neutral one for any other code", () => {
    expect(complete).toBe(true);
    const drawings = new Map<string, string>();
    for (const code of CODES) {
      const { svg, drawing } = draw(code);
      expect(svg.getAttribute("data-currency-icon"), code).toBe(code);
      drawings.set(code, drawing);
      cleanup();
    }
    const unknown = draw("XYZ");
    expect(unknown.svg.getAttribute("data-currency-icon")).toBe("unknown");
    drawings.set("unknown", unknown.drawing);
    // Twelve different drawings: no currency falls back, none looks like another.
    expect(new Set(drawings.values()).size).toBe(CODES.length + 1);
  });

  it("is decorative, 32 px by default and sizable", () => {
    for (const code of [...CODES, "XYZ", "toString"]) {
      const { svg } = draw(code);
      expect(svg.getAttribute("aria-hidden"), code).toBe("true");
      expect(svg.getAttribute("focusable")).toBe("false");
      expect(svg.getAttribute("role")).toBeNull();
      expect(svg.textContent, "no text for a screen reader").toBe("");
      expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["32", "32"]);
      cleanup();
    }
    expect(draw("toString").svg.getAttribute("data-currency-icon")).toBe("unknown");
    cleanup();
    const { svg } = draw("GBP", 24);
    expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["24", "24"]);
  });
});
