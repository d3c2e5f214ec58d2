// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorSummary } from "./ErrorSummary";

afterEach(cleanup);

describe("ErrorSummary (GOV.UK pattern)", () => {
  it("renders nothing without errors", () => {
    const { container } = render(<ErrorSummary errors={{}} />);
    expect(container.innerHTML).toBe("");
  });

  it("lists form-level errors first, then fields in form order, linking to each field, and takes focus", () => {
    render(
      <ErrorSummary
        errors={{ amount: "Too many decimals", iban: "Enter a valid IBAN", _form: "Account blocked" }}
        order={["iban", "amount"]}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(screen.getByRole("heading", { name: "There is a problem" })).toBeTruthy();
    expect(document.activeElement).toBe(alert);
    const items = alert.querySelectorAll("li");
    expect([...items].map((li) => li.textContent)).toEqual(["Account blocked", "Enter a valid IBAN", "Too many decimals"]);
    expect(screen.getByRole("link", { name: "Enter a valid IBAN" }).getAttribute("href")).toBe("#iban");
    expect(screen.queryByRole("link", { name: "Account blocked" })).toBeNull();
  });

  it("translates i18n keys and leaves API texts alone", () => {
    render(<ErrorSummary errors={{ code: "errors:Payments.code-required", iban: "iban: check digits wrong" }} />);
    expect(screen.getByRole("link", { name: "Enter the code" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "iban: check digits wrong" })).toBeTruthy();
  });
});
