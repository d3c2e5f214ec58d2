// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AccountDetails } from "./AccountDetails";

afterEach(cleanup);

/** The text of the row labelled `label`. */
function row(label: string): string | null {
  const dt = screen.getAllByRole("term").find((el) => el.textContent === label);
  return dt?.nextElementSibling?.textContent ?? null;
}

describe("AccountDetails (account page)", () => {
  it("shows the account number as the number, the IBAN in groups of four and the sort code in pairs", () => {
    render(
      <AccountDetails account={{ number: "10000001", iban: "GB29NWBK60161331926819", bic: "NWBKGB2L", sortCode: "040075" }} />,
    );
    expect(row("Account number")).toBe("10000001");
    expect(row("IBAN")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(row("BIC")).toBe("NWBKGB2L");
    expect(row("Sort code")).toBe("04-00-75");
  });

  it("leaves out what the account does not have", () => {
    render(<AccountDetails account={{ number: "10000003", iban: null, bic: null, sortCode: null }} />);
    expect(screen.getAllByRole("term").map((el) => el.textContent)).toEqual(["Account number"]);
  });
});
