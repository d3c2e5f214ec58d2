// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./Field";

afterEach(cleanup);

describe("Field", () => {
  it("labels the input and has no error state by default", () => {
    render(<Field name="amount" label="Amount" />);
    const input = screen.getByLabelText("Amount");
    expect(input.getAttribute("name")).toBe("amount");
    expect(input.getAttribute("id")).toBe("amount");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });

  it("ties hint and error with aria-describedby and sets aria-invalid", () => {
    render(<Field name="iban" label="IBAN" hint="Starts with the country code" error="Enter a valid IBAN" />);
    const input = screen.getByLabelText("IBAN");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("iban-hint iban-error");
    expect(document.getElementById("iban-error")?.textContent).toBe("Enter a valid IBAN");
    expect(document.getElementById("iban-hint")?.textContent).toBe("Starts with the country code");
  });

  it("names a hint shared with other fields first, then its own error", () => {
    render(<Field name="from" label="From" sharedHintId="dates-hint" error="Enter a date" />);
    expect(screen.getByLabelText("From").getAttribute("aria-describedby")).toBe("dates-hint from-error");
  });

  it("shows a translated error for an i18n key", () => {
    render(<Field name="code" label="Code" error="errors:Payments.code-required" />);
    expect(document.getElementById("code-error")?.textContent).toBe("Enter the code");
  });

  it("renders a select with the same wiring", () => {
    render(
      <Field as="select" name="currencyId" label="Currency" error="Choose a currency">
        <option value="EUR">EUR</option>
      </Field>,
    );
    const select = screen.getByLabelText("Currency");
    expect(select.tagName).toBe("SELECT");
    expect(select.getAttribute("aria-describedby")).toBe("currencyId-error");
    expect(select.getAttribute("aria-invalid")).toBe("true");
  });

  it("describes the input with its tooltip, wide only over 40 characters", () => {
    render(
      <>
        <Field name="reference" label="Reference" tooltip="Shown on the payee's statement; up to 140 characters." />
        <Field name="short" label="Short" tooltip="Up to 40 characters exactly, it is narr" />
      </>,
    );
    const input = screen.getByLabelText("Reference");
    expect(input.getAttribute("aria-describedby")).toBe("reference-tooltip");
    const tips = screen.getAllByRole("tooltip", { hidden: true });
    expect(tips.map((tip) => tip.className.includes("wide"))).toEqual([true, false]);
    expect(screen.getAllByRole("button", { name: "More information" })[0].getAttribute("aria-describedby")).toBe(
      "reference-tooltip",
    );
  });
});
