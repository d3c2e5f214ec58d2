// @vitest-environment jsdom
import i18next from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import identity from "../../../../public/locales/en/identity.json";
import { OFFICIAL_FIELDS } from "../../../../server/rules/applications/fields";
import { OfficialField } from "./officials";
import { RadioGroup } from "./RadioGroup";
import { ProviderContainer } from "./VerificationStep";

beforeAll(() => {
  i18next.addResourceBundle("en", "identity", identity);
});
afterEach(cleanup);

describe("RadioGroup", () => {
  it("is a fieldset with its legend; hint and error described; the first radio carries the group's id", () => {
    render(
      <RadioGroup
        name="outcome"
        legend="Result of the check"
        hint="Choose one"
        error="Choose the result of the check"
        value="REJECT"
        options={[
          { value: "APPROVE", label: "Approve" },
          { value: "REJECT", label: "Reject" },
        ]}
      />,
    );
    const group = screen.getByRole("group", { name: "Result of the check" });
    expect(group.getAttribute("aria-describedby")).toBe("outcome-hint outcome-error");
    expect(screen.getByLabelText("Approve").id).toBe("outcome");
    expect((screen.getByLabelText("Reject") as HTMLInputElement).checked).toBe(true);
  });
});

describe("ProviderContainer (a provider's web SDK mounts here)", () => {
  it("carries the provider and its token for the SDK", () => {
    render(<ProviderContainer provider="SUMSUB" token="tok_123" tokenError={false} />);
    const region = screen.getByRole("region", { name: "Identity check with SUMSUB" });
    expect(region.dataset.token).toBe("tok_123");
    expect(region.dataset.provider).toBe("SUMSUB");
  });
  it("says the check cannot start without a token", () => {
    render(<ProviderContainer provider="SUMSUB" token={null} tokenError />);
    expect(screen.getByRole("alert").textContent).toBe("The identity check cannot start right now. Try again later.");
  });
});

describe("OfficialField (the company official's form)", () => {
  it("offers a date of birth from 130 to 18 years ago, as the step pages' birthday pickers (spec 001 §5)", () => {
    const dob = OFFICIAL_FIELDS.find((f) => f.name === "dob")!;
    render(
      <OfficialField def={dob} value={undefined} error={undefined} countries={[]} today="2026-01-15" tomorrow="2026-01-16" />,
    );
    const input = screen.getByLabelText("Date of birth");
    expect(input.getAttribute("type")).toBe("date");
    expect(input.getAttribute("max")).toBe("2008-01-15");
    expect(input.getAttribute("min")).toBe("1896-01-15");
  });
});
