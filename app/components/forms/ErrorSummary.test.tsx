// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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

  it("a link's click focuses its field without a navigation (the URL's hash stays: Remix would drop the action's errors)", () => {
    render(
      <>
        <ErrorSummary errors={{ iban: "Enter a valid IBAN", missing: "Not on the page" }} />
        <input id="iban" aria-label="IBAN" />
      </>,
    );
    const before = window.location.hash;
    const followed = fireEvent.click(screen.getByRole("link", { name: "Enter a valid IBAN" }));
    expect(followed, "default prevented").toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText("IBAN"));
    expect(window.location.hash).toBe(before);
    // No element with the id: the browser follows the link as without JavaScript.
    expect(fireEvent.click(screen.getByRole("link", { name: "Not on the page" }))).toBe(true);
  });

  it("translates i18n keys and leaves API texts alone", () => {
    render(<ErrorSummary errors={{ code: "errors:Payments.code-required", iban: "iban: check digits wrong" }} />);
    expect(screen.getByRole("link", { name: "Enter the code" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "iban: check digits wrong" })).toBeTruthy();
  });
});
