// @vitest-environment jsdom
/**
 * The payment reference reads the same on every rail's form (the SWIFT form had no help text):
 * optional, at most 140 characters, and its help text says what the payee sees.
 */
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("remix-validated-form", () => ({
  useField: () => ({ error: undefined, touched: false, validate: () => {}, getInputProps: (p: object) => p }),
  useFormContext: () => ({ hasBeenSubmitted: false }),
}));

import { PaymentReferenceField } from "./PaymentFormEnd";

afterEach(cleanup);

describe("PaymentReferenceField", () => {
  it("is optional, at most 140 characters, described by what the payee sees", () => {
    render(<PaymentReferenceField />);
    const input = screen.getByLabelText(/^Reference/);
    expect(input.getAttribute("name")).toBe("reference");
    expect(input.getAttribute("maxLength")).toBe("140");
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(described).toContain("Optional");
    expect(described).toContain("Shown on the payee's statement; up to 140 characters.");
  });
});
