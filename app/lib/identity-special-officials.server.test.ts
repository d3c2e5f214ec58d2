import { describe, expect, it } from "vitest";
import i18next from "~/test-utils/i18n";
import { officialFieldErrors } from "./identity-special-officials.server";

const t = i18next.getFixedT("en", ["identity", "errors"]) as unknown as (k: string, o?: Record<string, unknown>) => string;

describe("officialFieldErrors (the company official's form)", () => {
  it("labels a date's message with the field's label and words the age for the official", () => {
    const errors = officialFieldErrors(t, {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [
        { property: "dob", constraints: { adult: "dob must be at least 18 years ago" } },
        { property: "percentage", constraints: { percentage: "percentage must be a percentage from 0 to 100" } },
      ],
    });
    expect(errors).toEqual({
      dob: "An official must be 18 or older",
      percentage: "Percentage of shares must be a percentage from 0 to 100",
    });
    expect(
      officialFieldErrors(t, {
        message: [{ property: "dob", constraints: { dateTooEarly: "dob must be on or after 1896-01-15" } }],
      }),
    ).toEqual({ dob: "Date of birth is too far in the past: check the year" });
  });
});
