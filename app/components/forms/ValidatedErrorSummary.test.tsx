// @vitest-environment jsdom
/**
 * The validated form's error summary answers submit attempts only (GOV.UK pattern; UX
 * walkthrough: a bad IBAN left with Tab made the summary appear and take focus, throwing the
 * customer to the top, and it then listed only that field). The form's state is played by a
 * stand-in for remix-validated-form's `useFormContext`.
 */
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const form = vi.hoisted(() => ({ fieldErrors: {} as Record<string, string>, isSubmitting: false }));
vi.mock("remix-validated-form", () => ({ useFormContext: () => ({ ...form }) }));

import { ValidatedErrorSummary } from "./ValidatedErrorSummary";

afterEach(() => {
  cleanup();
  form.fieldErrors = {};
  form.isSubmitting = false;
});

const ORDER = ["beneficiaryName", "iban", "bic", "amount"];
const ALL = {
  beneficiaryName: "errors:beneficiary-required",
  iban: "errors:iban.required",
  bic: "errors:bic.required",
  amount: "errors:amount.required",
};

function Page() {
  return (
    <>
      <ValidatedErrorSummary order={ORDER} />
      <input aria-label="IBAN" />
      <input aria-label="BIC" />
    </>
  );
}

describe("ValidatedErrorSummary", () => {
  it("shows the errors the page came with (the action's answer, without JavaScript too) and takes focus", () => {
    form.fieldErrors = { iban: "errors:iban.required" };
    render(<Page />);
    expect(screen.getByRole("alert").textContent).toContain("Enter the IBAN");
    expect(document.activeElement).toBe(screen.getByRole("alert"));
  });

  it("does not appear for an error raised when a field is left, and keeps the focus where it is", () => {
    const view = render(<Page />);
    screen.getByLabelText("BIC").focus();
    form.fieldErrors = { iban: "errors:iban.invalid" };
    view.rerender(<Page />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("BIC"));
  });

  it("after a submit attempt lists every error of it and takes focus; later field errors neither change it nor take focus", () => {
    const view = render(<Page />);
    form.fieldErrors = { iban: "errors:iban.invalid" };
    view.rerender(<Page />);
    form.isSubmitting = true;
    view.rerender(<Page />);
    expect(screen.queryByRole("alert")).toBeNull();
    form.isSubmitting = false;
    form.fieldErrors = { ...ALL };
    view.rerender(<Page />);
    const alert = screen.getByRole("alert");
    expect([...alert.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Enter the beneficiary name",
      "Enter the IBAN",
      "Enter the BIC",
      "Enter an amount",
    ]);
    expect(document.activeElement).toBe(alert);

    // Fixing one field and breaking it again while typing: the summary stays as the attempt left it.
    screen.getByLabelText("IBAN").focus();
    form.fieldErrors = { beneficiaryName: ALL.beneficiaryName, bic: ALL.bic, amount: ALL.amount };
    view.rerender(<Page />);
    form.fieldErrors = { ...ALL, iban: "errors:iban.invalid" };
    view.rerender(<Page />);
    expect(screen.getByRole("alert").querySelectorAll("li")).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByLabelText("IBAN"));

    // The next attempt takes focus again, even with as many errors as before.
    form.isSubmitting = true;
    view.rerender(<Page />);
    form.isSubmitting = false;
    view.rerender(<Page />);
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(screen.getByRole("alert").textContent).toContain("IBAN");
  });

  it("disappears after an attempt without errors", () => {
    form.fieldErrors = { ...ALL };
    const view = render(<Page />);
    form.isSubmitting = true;
    form.fieldErrors = {};
    view.rerender(<Page />);
    form.isSubmitting = false;
    view.rerender(<Page />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
