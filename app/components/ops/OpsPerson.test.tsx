// @vitest-environment jsdom
/**
 * A person of an application on /ops/applications/:id shows names, not codes (role, nature of
 * control, nationality), and the date of birth and share in the page's formats.
 */
import i18next from "~/test-utils/i18n";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApplicationOfficial } from "../../../server/api/v1/contract";
import { OpsPerson } from "./OpsPerson";

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const shareholder: ApplicationOfficial = {
  id: "o-1",
  role: "SHAREHOLDER",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+447700900123",
  dob: "1985-12-31",
  nationalityId: "GB",
  position: null,
  percentage: "25.5",
  natureOfControl: "INDIRECT_CONTROL",
};

/** The description list's rows as "term: value". */
function rows(): string[] {
  return screen.getAllByRole("term").map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
}

describe("a person of an application in the back office", () => {
  it("names the role, the nature of control and the nationality; the date of birth and share in the page's format", () => {
    render(<OpsPerson p={shareholder} nationalities={{ GB: "United Kingdom" }} />);
    expect(rows()).toEqual([
      "Role: Shareholder",
      "Name: Ada Lovelace",
      "Email: ada@example.com",
      "Phone: +447700900123",
      "Date of birth: 31.12.1985",
      "Nationality: United Kingdom",
      "Share (%): 25.5 %",
      "Nature of control: Indirect",
    ]);
  });

  it("prints the share with the German decimal comma on a German page", async () => {
    await act(() => i18next.changeLanguage("de"));
    render(<OpsPerson p={{ ...shareholder, percentage: "12.50" }} nationalities={{}} />);
    expect(rows()).toContain("Share (%): 12,50 %");
    expect(rows()).toContain("Nationality: GB");
  });
});
