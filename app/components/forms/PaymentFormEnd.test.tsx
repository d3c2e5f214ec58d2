// @vitest-environment jsdom
/**
 * The payment reference reads the same on every rail's form (the SWIFT form had no help text):
 * optional, at most 140 characters, and its help text says what the payee sees.
 */
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("remix-validated-form", () => ({
  useField: () => ({ error: undefined, touched: false, validate: () => {}, getInputProps: (p: object) => p }),
  useFormContext: () => ({ hasBeenSubmitted: false }),
  useIsSubmitting: () => false,
}));
vi.mock("@remix-run/react", () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

import type { ReactNode } from "react";
import { PaymentFormEnd, PaymentReferenceField } from "./PaymentFormEnd";

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

describe("PaymentFormEnd", () => {
  /** The form's amount field after `text` is typed key by key (one change per key). */
  function typedAmount(text: string) {
    const input = screen.getByRole<HTMLInputElement>("textbox", { name: /^Amount/ });
    for (const key of text) fireEvent.change(input, { target: { value: input.value + key } });
    return input.value;
  }

  it("the amount takes the chosen balance's decimals while typing (spec 000 §5), 2 by default", () => {
    render(<PaymentFormEnd />);
    expect(typedAmount("1.234")).toBe("1.23");
    cleanup();
    render(<PaymentFormEnd scale={0} />);
    expect(typedAmount("1.5")).toBe("15");
    cleanup();
    render(<PaymentFormEnd scale={6} />);
    expect(typedAmount("0.1234567")).toBe("0.123456");
  });
});
