import { describe, expect, it } from "vitest";
import {
  addressHistory,
  applicableSteps,
  CORPORATE_STEPS,
  COMPANY_OFFICIAL_STEPS,
  errorStepOf,
  fieldsUnder,
  INDIVIDUAL_STEPS,
  rangeFieldName,
  routeStepOf,
  stepsOf,
  type SchemeFlags,
} from "./steps";
import {
  addressHistoryGap,
  dateBounds,
  dayAfter,
  EARLIEST_DATE,
  isIsoDate,
  LATEST_DATE,
  previousAddressMissing,
  validateStep,
  yearsBefore,
  type Answers,
  type ValidationContext,
} from "./validate";

const scheme = (over: Partial<SchemeFlags> = {}): SchemeFlags => ({
  kycProvider: "SANDBOX",
  additionalQuestionsActive: false,
  suppliersEnabled: false,
  customersEnabled: false,
  ...over,
});

const ctx = (options: Record<string, string[]> = {}): ValidationContext => ({
  today: "2026-11-23",
  optionsOf: (field) => {
    if (field.options && "values" in field.options) return new Set(field.options.values);
    return options[field.name] ? new Set(options[field.name]) : null;
  },
});

describe("the step lists (spec 001 §2)", () => {
  it("a field asked only for another answer comes right after that question (the page's CSS reveal relies on it)", () => {
    // app/components/identity/StepFields.tsx: a follow-up block is hidden by CSS from the first
    // paint only when its question is the field just before it; under any scheme.
    const schemes = [null, scheme(), scheme({ additionalQuestionsActive: true, suppliersEnabled: true, customersEnabled: true })];
    const misplaced: string[] = [];
    let followUps = 0;
    for (const type of ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"] as const)
      for (const step of stepsOf(type))
        for (const s of schemes) {
          const fields = fieldsUnder(step, s);
          fields.forEach((field, i) => {
            if (!field.shownWhen) return;
            followUps++;
            const before = fields[i - 1];
            const sameBlock =
              before?.shownWhen?.field === field.shownWhen.field && before.shownWhen.equals === field.shownWhen.equals;
            if (before?.name !== field.shownWhen.field && !sameBlock) misplaced.push(`${type} ${step.id} ${field.name}`);
          });
        }
    expect(followUps).toBeGreaterThan(0);
    expect(misplaced).toEqual([]);
  });
  it("the corporate application has the fourteen routes of the spec, cof-additional-infromation spelled so", () => {
    expect(CORPORATE_STEPS.map((s) => s.id)).toEqual([
      "country-and-name",
      "personal-data",
      "cof-additional-infromation",
      "identity-verification",
      "cof-agreements",
      "business-data",
      "registration-information",
      "additional-information",
      "suppliers-customers",
      "operation-activity",
      "services",
      "cof",
      "add-documents",
      "sign",
    ]);
    expect(COMPANY_OFFICIAL_STEPS.map((s) => s.id)).toEqual([
      "personal-data",
      "additional-information",
      "identity-verification",
      "sign",
    ]);
  });

  it("additional-information needs the scheme's extra-questions flag; verification a provider other than NONE, or no scheme", () => {
    const ids = (f: SchemeFlags | null) => applicableSteps("INDIVIDUAL", f).map((s) => s.id);
    expect(ids(scheme())).not.toContain("additional-information");
    expect(ids(scheme({ additionalQuestionsActive: true }))).toContain("additional-information");
    expect(ids(scheme({ kycProvider: "NONE" }))).not.toContain("identity-verification");
    expect(ids(null)).toContain("identity-verification");
    expect(applicableSteps("CORPORATE", scheme()).map((s) => s.id)).not.toContain("suppliers-customers");
    expect(applicableSteps("CORPORATE", scheme({ customersEnabled: true })).map((s) => s.id)).toContain("suppliers-customers");
  });

  it("suppliers and customers are each asked, and required, under their own flag of the scheme (spec 001 §3)", () => {
    const step = (flags: Partial<SchemeFlags>) =>
      applicableSteps("CORPORATE", scheme(flags)).find((s) => s.id === "suppliers-customers");
    const required = (flags: Partial<SchemeFlags>) =>
      validateStep(step(flags)!, {}, ctx())
        .errors.filter((e) => "required" in e.constraints)
        .map((e) => e.property);
    expect(step({})).toBeUndefined();
    expect(step({ suppliersEnabled: true })!.fields.map((f) => f.name)).toEqual(["suppliers"]);
    expect(required({ suppliersEnabled: true })).toEqual(["suppliers"]);
    expect(step({ customersEnabled: true })!.fields.map((f) => f.name)).toEqual(["customers"]);
    expect(required({ customersEnabled: true })).toEqual(["customers"]);
    expect(required({ suppliersEnabled: true, customersEnabled: true })).toEqual(["suppliers", "customers"]);
    // A value of the field a scheme does not ask is not checked nor kept.
    const onlyCustomers = validateStep(
      step({ customersEnabled: true })!,
      { customers: "Shops", suppliers: "x".repeat(5000) },
      ctx(),
    );
    expect(onlyCustomers.errors).toEqual([]);
    expect(onlyCustomers.answers).toEqual({ customers: "Shops" });
    // The catalogue keeps both (the web app's labels, the error steps).
    expect(
      fieldsUnder(
        CORPORATE_STEPS.find((s) => s.id === "suppliers-customers")!,
        null,
      ),
    ).toEqual([]);
    expect(CORPORATE_STEPS.find((s) => s.id === "suppliers-customers")!.fields).toHaveLength(2);
    expect(errorStepOf("CORPORATE", "customers")).toBe(7);
  });

  it("every field name is unique within its application type (answers are one map)", () => {
    for (const type of ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"] as const) {
      const names = stepsOf(type).flatMap((s) => s.fields.map((f) => f.name));
      expect(new Set(names).size, type).toBe(names.length);
    }
  });
});

describe("error steps (spec 001 §5)", () => {
  it("individual: seven steps from personal data to history and declarations", () => {
    expect(
      ["firstName", "lastName", "email", "dob", "nationalityId", "taxNumber"].map((p) => errorStepOf("INDIVIDUAL", p)),
    ).toEqual([1, 1, 1, 1, 1, 1]);
    expect(errorStepOf("INDIVIDUAL", "sourceOfFundsIds")).toBe(2);
    expect(errorStepOf("INDIVIDUAL", rangeFieldName("MONTHLY_MAX_VALUE_OF_OUTGOING_PAYMENT"))).toBe(3);
    expect(errorStepOf("INDIVIDUAL", "productsIds")).toBe(4);
    expect(errorStepOf("INDIVIDUAL", "sumSubApplication")).toBe(5);
    expect(errorStepOf("INDIVIDUAL", "agreements")).toBe(6);
    expect(errorStepOf("INDIVIDUAL", "criminalRecordDetails")).toBe(7);
    expect(errorStepOf("INDIVIDUAL", "currentAddressSince")).toBe(7);
    expect(errorStepOf("INDIVIDUAL", "coreError")).toBeNull();
  });

  it("corporate: fourteen steps, 3, 4 and 10 empty", () => {
    const cases: [string, number][] = [
      ["companyName", 1],
      ["countryOfIncorporationId", 1],
      ["mainRepresentative", 2],
      ["position", 2],
      ["registeredCity", 5],
      ["correspondencePostalCode", 5],
      ["sicCodes", 6],
      ["vatNumber", 6],
      ["suppliers", 7],
      [rangeFieldName("MONTHLY_TURNOVER"), 8],
      ["productsIds", 9],
      ["documents.INCORPORATION_CERTIFICATE", 11],
      ["agreements", 12],
      ["fcaNumber", 13],
      ["onboardingMsbsDetails", 13],
      ["regulatoryMatters", 14],
    ];
    for (const [p, n] of cases) expect(errorStepOf("CORPORATE", p), p).toBe(n);
    const used = new Set(CORPORATE_STEPS.flatMap((s) => s.fields.map((f) => f.errorStep)));
    for (const none of [3, 4, 10]) expect(used.has(none)).toBe(false);
  });

  it("a property names the route step that shows it", () => {
    expect(routeStepOf("CORPORATE", "sicCodes")).toBe("registration-information");
    expect(routeStepOf("CORPORATE", "documents.OTHER")).toBe("add-documents");
    expect(routeStepOf("CORPORATE", "officials")).toBe("cof");
    expect(routeStepOf("INDIVIDUAL", "sumSubApplication")).toBe("identity-verification");
    expect(INDIVIDUAL_STEPS.find((s) => s.id === "sign")?.special).toBe("agreements");
  });
});

describe("step validation keeps the valid part", () => {
  const personal = INDIVIDUAL_STEPS[0];

  it("valid values go to answers, invalid ones to drafts as typed, with their errors", () => {
    const r = validateStep(
      personal,
      { firstName: " Amelia ", lastName: "Clarke", email: "amelia@", dob: "2010-01-01", nationalityId: "GB", taxNumber: "" },
      ctx({ nationalityId: ["GB"] }),
    );
    expect(r.answers).toEqual({ firstName: "Amelia", lastName: "Clarke", nationalityId: "GB" });
    expect(r.drafts).toEqual({ email: "amelia@", dob: "2010-01-01" });
    expect(r.errors.map((e) => [e.property, Object.keys(e.constraints)[0]])).toEqual([
      ["email", "email"],
      ["dob", "adult"],
      ["taxNumber", "required"],
    ]);
  });

  it("a partial save reports no missing fields but still refuses bad values", () => {
    const r = validateStep(personal, { email: "bad" }, ctx(), { partial: true });
    expect(r.errors.map((e) => e.property)).toEqual(["email"]);
  });

  it("yes/no details are required only after YES, and ignored after NO", () => {
    const step = INDIVIDUAL_STEPS.find((s) => s.id === "additional-information")!;
    const yes = validateStep(step, { taxResidenceCountryId: "GB", politicallyExposed: "YES", accountPurpose: "x" }, ctx());
    expect(yes.errors.map((e) => e.property)).toEqual(["politicallyExposedDetails"]);
    const no = validateStep(
      step,
      { taxResidenceCountryId: "GB", politicallyExposed: "NO", politicallyExposedDetails: "stale", accountPurpose: "x" },
      ctx(),
    );
    expect(no.errors).toEqual([]);
    expect(no.answers.politicallyExposedDetails).toBeUndefined();
  });

  it("a condition naming a field of another step reads the application's answers: the type of business licence", () => {
    const step = CORPORATE_STEPS.find((s) => s.id === "additional-information")!;
    const no = (names: string[]) => Object.fromEntries(names.map((n) => [n, "NO"]));
    const answered = {
      numberOfBranches: "1",
      numberOfAgents: "0",
      ...no([
        "transactionMonitoring",
        "screening",
        "regulatoryInvestigation",
        "visitedByAuthorities",
        "onboardingCorporateClients",
        "onboardingMsbs",
        "paymentsForCharities",
        "changesInManagementOrOwnership",
        "anotherPaymentProvider",
        "auditedByExternalCompliance",
      ]),
    };
    // registration-information said YES to a business licence: its type is required here.
    const licensed = validateStep(step, answered, ctx(), { context: { businessLicense: "YES", companyName: "X Ltd" } });
    expect(licensed.errors.map((e) => [e.property, Object.keys(e.constraints)[0]])).toEqual([
      ["typeOfBusinessLicence", "required"],
    ]);
    expect(
      validateStep(step, { ...answered, typeOfBusinessLicence: "Money service business" }, ctx(), {
        context: { businessLicense: "YES" },
      }).errors,
    ).toEqual([]);
    // NO, not answered yet, or no context at all: not required; a partial save never asks.
    for (const context of [{ businessLicense: "NO" }, {}, undefined] as (Answers | undefined)[])
      expect(validateStep(step, answered, ctx(), { context }).errors).toEqual([]);
    expect(validateStep(step, answered, ctx(), { partial: true, context: { businessLicense: "YES" } }).errors).toEqual([]);
  });

  it("a step's own answers as posted win over the saved ones in its conditions (a field left out is unanswered)", () => {
    const step = INDIVIDUAL_STEPS.find((s) => s.id === "additional-information")!;
    const posted = { taxResidenceCountryId: "GB", accountPurpose: "x", politicallyExposed: "NO" };
    // The saved YES of the step's own question does not count: the post says NO.
    expect(validateStep(step, posted, ctx(), { context: { politicallyExposed: "YES" } }).errors).toEqual([]);
    const { politicallyExposed: _left, ...without } = posted;
    expect(validateStep(step, without, ctx(), { context: { politicallyExposed: "YES" } }).errors.map((e) => e.property)).toEqual([
      "politicallyExposed",
    ]);
  });

  it("options outside the offered set are refused; checkboxes are de-duplicated", () => {
    const step = INDIVIDUAL_STEPS.find((s) => s.id === "activities")!;
    const r = validateStep(
      step,
      { clientActivityId: "A1", sourceOfFundsIds: ["S1", "S1"] },
      ctx({ clientActivityId: ["A1"], sourceOfFundsIds: ["S1"] }),
    );
    expect(r.errors).toEqual([]);
    expect(r.answers.sourceOfFundsIds).toEqual(["S1"]);
    const bad = validateStep(
      step,
      { clientActivityId: "ZZ", sourceOfFundsIds: ["S1"] },
      ctx({ clientActivityId: ["A1"], sourceOfFundsIds: ["S1"] }),
    );
    expect(bad.errors[0]).toMatchObject({ property: "clientActivityId", constraints: { oneOf: expect.any(String) } });
  });

  it("dates: a real calendar day, whatever the year; 18 years to the day", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("1919-12-31")).toBe(true);
    expect(isIsoDate("0050-01-31")).toBe(true);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-11-23")).toBe(false);
    expect(yearsBefore("2026-11-23", 18)).toBe("2008-11-23");
    expect(yearsBefore("2028-02-29", 1)).toBe("2027-02-28");
    const r = (dob: string) => validateStep(personal, { dob }, ctx(), { partial: true }).errors.length;
    expect(r("2008-11-23")).toBe(0);
    expect(r("2008-11-24")).toBe(1);
  });

  it('each kind of date has its own bounds (docs/decisions.md "Dates in onboarding"), not the date-range picker\'s 1920', () => {
    const today = "2026-11-23";
    expect(dateBounds("adult", today)).toEqual({ min: "1896-11-23", max: "2008-11-23" });
    expect(dateBounds("past", today)).toEqual({ min: EARLIEST_DATE, max: today });
    expect(dateBounds("future", today)).toEqual({ min: "2026-11-24", max: LATEST_DATE });
    expect(dateBounds(undefined, today)).toEqual({ min: "1600-01-01", max: "2099-01-01" });
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");

    // A company incorporated before 1920 completes registration-information.
    const registration = CORPORATE_STEPS.find((x) => x.id === "registration-information")!;
    const incorporated = (dateOfIncorporation: string) =>
      validateStep(registration, { dateOfIncorporation }, ctx(), { partial: true }).errors.map(
        (e) => Object.keys(e.constraints)[0],
      );
    expect(incorporated("1885-06-01")).toEqual([]);
    expect(incorporated("1694-07-27")).toEqual([]);
    expect(incorporated("1600-01-01")).toEqual([]);
    expect(incorporated(today)).toEqual([]);
    expect(incorporated("1599-12-31")).toEqual(["dateTooEarly"]);
    expect(incorporated("0202-01-01")).toEqual(["dateTooEarly"]);
    expect(incorporated("2026-11-24")).toEqual(["notFuture"]);
    expect(incorporated("1885-02-29")).toEqual(["date"]);

    // Birthdays: 18 to 130 years ago; one before 1920 is a person over 106, still taken.
    const born = (dob: string) =>
      validateStep(personal, { dob }, ctx(), { partial: true }).errors.map((e) => Object.keys(e.constraints)[0]);
    expect(born("1919-05-01")).toEqual([]);
    expect(born("1896-11-23")).toEqual([]);
    expect(born("1896-11-22")).toEqual(["dateTooEarly"]);
    expect(born("2008-11-24")).toEqual(["adult"]);

    // A date in the future: after today, up to 1 Jan 2099.
    const expiry = CORPORATE_STEPS.flatMap((x) => x.fields).find((f) => f.name === "hmrcRegistrationExpiryDate")!;
    const expires = (v: string) =>
      validateStep({ id: "x", fields: [expiry] }, { [expiry.name]: v }, ctx(), { partial: true }).errors.map(
        (e) => Object.keys(e.constraints)[0],
      );
    expect(expires("2026-11-24")).toEqual([]);
    expect(expires("2099-01-01")).toEqual([]);
    expect(expires(today)).toEqual(["notPast"]);
    expect(expires("2099-01-02")).toEqual(["dateTooLate"]);
  });

  it("three years of addresses: a previous address while the current one is newer", () => {
    expect(addressHistoryGap({ currentAddressSince: "2020-01-01" }, "2026-11-23")).toBeNull();
    expect(addressHistoryGap({ currentAddressSince: "2025-01-01" }, "2026-11-23")).toBe("previousAddress1Address1");
    expect(
      addressHistoryGap(
        { currentAddressSince: "2025-01-01", previousAddress1Address1: "1 Old Rd", previousAddress1Since: "2024-06-01" },
        "2026-11-23",
      ),
    ).toBe("previousAddress2Address1");
    expect(
      addressHistoryGap(
        { currentAddressSince: "2025-01-01", previousAddress1Address1: "1 Old Rd", previousAddress1Since: "2019-06-01" },
        "2026-11-23",
      ),
    ).toBeNull();
    expect(addressHistoryGap({ currentAddressSince: "2025-01-01", previousAddress1Address1: "1 Old Rd" }, "2026-11-23")).toBe(
      "previousAddress1Since",
    );
  });

  it("a previous address is asked in full: country, city, postcode and line 1 (spec 001 §3)", () => {
    const step = { id: "history", fields: addressHistory(7) };
    const current = {
      currentAddressCountryId: "GB",
      currentAddressCity: "London",
      currentAddressPostalCode: "SW1A 1AA",
      currentAddressAddress1: "1 New St",
    };
    const props = (input: Answers) => validateStep(step, input, ctx()).errors.map((e) => e.property);
    // Long enough at the current address, nothing of a previous one: nothing asked.
    expect(props({ ...current, currentAddressSince: "2020-01-01" })).toEqual([]);
    // A previous address with only line 1 and the date: its country, city and postcode are required.
    const partial = {
      ...current,
      currentAddressSince: "2025-01-01",
      previousAddress1Address1: "1 Old Rd",
      previousAddress1Since: "2019-06-01",
    };
    expect(props(partial).sort()).toEqual(["previousAddress1City", "previousAddress1CountryId", "previousAddress1PostalCode"]);
    expect(validateStep(step, partial, ctx()).errors.find((e) => e.property === "previousAddress1City")?.constraints).toEqual({
      required: "previousAddress1City is required",
    });
    // Any part given asks for the rest, even when the history is already three years long.
    expect(props({ ...current, currentAddressSince: "2020-01-01", previousAddress2City: "Leeds" }).sort()).toEqual([
      "previousAddress2Address1",
      "previousAddress2CountryId",
      "previousAddress2PostalCode",
    ]);
    // The history needs a previous address: every required part of it is marked.
    expect(props({ ...current, currentAddressSince: "2025-01-01" }).sort()).toEqual([
      "previousAddress1Address1",
      "previousAddress1City",
      "previousAddress1CountryId",
      "previousAddress1PostalCode",
    ]);
    // Complete: accepted; a partial save ("come back later") asks nothing yet.
    const full = {
      ...partial,
      previousAddress1CountryId: "FR",
      previousAddress1City: "Paris",
      previousAddress1PostalCode: "75001",
    };
    expect(props(full)).toEqual([]);
    expect(validateStep(step, { ...current, previousAddress1City: "Leeds" }, ctx(), { partial: true }).errors).toEqual([]);
    expect(previousAddressMissing({ previousAddress1Since: "2020-01-01" }, null)).toEqual([
      "previousAddress1CountryId",
      "previousAddress1City",
      "previousAddress1PostalCode",
      "previousAddress1Address1",
    ]);
    expect(previousAddressMissing({}, null)).toEqual([]);
  });

  it("web addresses gain https://; percentages stay within 0–100 with 2 decimals", () => {
    const reg = CORPORATE_STEPS.find((s) => s.id === "registration-information")!;
    expect(validateStep(reg, { websiteLink: "example.co.uk" }, ctx(), { partial: true }).answers.websiteLink).toBe(
      "https://example.co.uk",
    );
    expect(validateStep(reg, { websiteLink: "not a site" }, ctx(), { partial: true }).errors[0].property).toBe("websiteLink");
    const step = { id: "x", fields: [{ name: "p", kind: "percentage" as const, errorStep: 10 }] };
    expect(validateStep(step, { p: "100" }, ctx()).errors).toEqual([]);
    expect(validateStep(step, { p: "100.01" }, ctx()).errors).toHaveLength(1);
    expect(validateStep(step, { p: "12.345" }, ctx()).errors).toHaveLength(1);
  });

  it("a textarea's line breaks count as one character each, as the browser's maxlength counts them (posted as CR LF)", () => {
    const reg = CORPORATE_STEPS.find((s) => s.id === "registration-information")!;
    // 2000 characters in the browser: 20 lines of 99 letters and a line break; a form post sends each break as CR LF.
    const typed = `${"a".repeat(99)}\n`.repeat(20);
    const posted = typed.replace(/\n/g, "\r\n");
    const saved = validateStep(reg, { businessDescription: posted }, ctx(), { partial: true });
    expect(saved.errors).toEqual([]);
    expect(saved.answers.businessDescription).toBe(typed.trim());
    const over = validateStep(reg, { businessDescription: `${posted}a` }, ctx(), { partial: true });
    expect(over.errors.map((e) => [e.property, Object.keys(e.constraints)])).toEqual([["businessDescription", ["maxLength"]]]);
    // A lone CR (old Mac line ends) is one break too.
    expect(validateStep(reg, { businessDescription: "one\rtwo" }, ctx(), { partial: true }).answers.businessDescription).toBe(
      "one\ntwo",
    );
  });
});
