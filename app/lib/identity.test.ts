import { describe, expect, it } from "vitest";
import { findStep, type FieldDef } from "../../server/rules/applications/steps";
import {
  buildStepNav,
  continueStepId,
  fieldsAsAsked,
  firstFutureDay,
  invitedToPersonalAccount,
  formatAnswerDate,
  formatRangeNumber,
  isCreationKey,
  nextStepId,
  openApplicationOf,
  previousStepId,
  rangeLabel,
  readStepValues,
  safeReturnTo,
  shownValues,
  stepHref,
  withApplicationId,
} from "./identity";

const t = (key: string, o: Record<string, string>) =>
  `${key}(${Object.entries(o)
    .map(([k, v]) => `${k}=${v}`)
    .join(",")})`;

describe("range labels (spec 001 §3 'From X to Y', 'Over X')", () => {
  it("formats decimal strings with thousands separators, without float arithmetic", () => {
    expect(formatRangeNumber("0")).toBe("0");
    expect(formatRangeNumber("10000.00")).toBe("10,000");
    expect(formatRangeNumber("1234567.50")).toBe("1,234,567.50");
    expect(formatRangeNumber("99999999999999999999.01")).toBe("99,999,999,999,999,999,999.01");
    expect(formatRangeNumber("007")).toBe("7");
    expect(formatRangeNumber("n/a")).toBe("n/a");
  });
  it("labels a bounded tier 'From X to Y' and the last tier 'Over X'", () => {
    expect(rangeLabel({ from: "1000.00", to: "5000.00" }, t)).toBe("identity:ranges.from-to(from=1,000,to=5,000)");
    expect(rangeLabel({ from: "50000", to: null }, t)).toBe("identity:ranges.over(from=50,000)");
  });
});

describe("values shown on a step: answers, drafts on top, then prefill", () => {
  const fields = [{ name: "firstName" }, { name: "email" }, { name: "dob" }, { name: "nationalityId" }];
  it("drafts win over answers; prefill fills only what neither has; other names are left out", () => {
    const answers = { firstName: "Ann", email: "ann@example.com", other: "x" };
    const draft = { email: "not-an-email", dob: "" };
    const prefill = { firstName: "Profile", nationalityId: "GB", dob: "1990-01-01" };
    expect(shownValues(fields, answers, draft, prefill)).toEqual({
      firstName: "Ann",
      email: "not-an-email",
      dob: "",
      nationalityId: "GB",
    });
  });
  it("works without drafts and prefill", () => {
    expect(shownValues(fields, { dob: "1990-02-03" }, undefined)).toEqual({ dob: "1990-02-03" });
  });
});

describe("a company official's invitation to open a personal account (spec 001 §2)", () => {
  const official = [{ type: "COMPANY_OFFICIAL" }];
  const individual = (status: string) => ({ type: "INDIVIDUAL" as const, status });
  it("is shown without a personal account or an individual application", () => {
    expect(invitedToPersonalAccount(official, [])).toBe(true);
    expect(invitedToPersonalAccount(official, [{ type: "COMPANY_OFFICIAL", status: "ACCEPTED" }])).toBe(true);
    expect(invitedToPersonalAccount(official, [{ type: "CORPORATE", status: "INCOMPLETE" }])).toBe(true);
    expect(invitedToPersonalAccount(official, [individual("DECLINED")])).toBe(true);
  });

  it("is not shown with an INDIVIDUAL organization, nor with an individual application that is not declined", () => {
    expect(invitedToPersonalAccount([...official, { type: "INDIVIDUAL" }], [])).toBe(false);
    for (const status of ["INCOMPLETE", "READY_TO_REVIEW", "REVIEW_IN_PROGRESS", "ACCEPTED"])
      expect(invitedToPersonalAccount(official, [individual("DECLINED"), individual(status)]), status).toBe(false);
  });
});

describe("the first day of a date that must be in the future", () => {
  it("is tomorrow in Europe/London, never a day the API (UTC today) refuses", () => {
    // Winter: London is on UTC.
    expect(firstFutureDay(new Date("2026-01-15T12:00:00Z"))).toBe("2026-01-16");
    expect(firstFutureDay(new Date("2026-01-15T23:59:00Z"))).toBe("2026-01-16");
    // Summer, after 23:00 UTC: already the next day in London.
    expect(firstFutureDay(new Date("2026-07-01T22:59:00Z"))).toBe("2026-07-02");
    expect(firstFutureDay(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-03");
    // Month and year ends.
    expect(firstFutureDay(new Date("2026-02-28T10:00:00Z"))).toBe("2026-03-01");
    expect(firstFutureDay(new Date("2026-12-31T10:00:00Z"))).toBe("2027-01-01");
    for (const at of ["2026-03-29T00:30:00Z", "2026-10-25T00:30:00Z", "2026-06-30T23:10:00Z"]) {
      const utcToday = at.slice(0, 10);
      expect(firstFutureDay(new Date(at)) > utcToday, at).toBe(true);
    }
  });
});

describe("starting an application (docs/decisions.md 'Starting an application')", () => {
  it("takes a UUID as a creation key, nothing else", () => {
    expect(isCreationKey("3dc0878e-eaf0-40ea-9134-bdc0f0b03a3b")).toBe(true);
    for (const v of ["1", "", null, undefined, "3dc0878e-eaf0-40ea-9134-bdc0f0b03a3", "3dc0878e-eaf0-40ea-9134-bdc0f0b03a3b&x=1"])
      expect(isCreationKey(v)).toBe(false);
  });

  it("finds the application that keeps another of its type from being started (the API's rule)", () => {
    const a = (type: "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL", status: string, id = `${type}-${status}`) => ({
      id,
      type,
      status,
    });
    expect(openApplicationOf([a("CORPORATE", "INCOMPLETE")], "CORPORATE")).toBeNull();
    expect(openApplicationOf([a("INDIVIDUAL", "DECLINED")], "INDIVIDUAL")).toBeNull();
    expect(openApplicationOf([a("INDIVIDUAL", "DECLINED"), a("INDIVIDUAL", "ACCEPTED")], "INDIVIDUAL")?.id).toBe(
      "INDIVIDUAL-ACCEPTED",
    );
    expect(openApplicationOf([a("INDIVIDUAL", "READY_TO_REVIEW")], "INDIVIDUAL")?.id).toBe("INDIVIDUAL-READY_TO_REVIEW");
    expect(openApplicationOf([a("COMPANY_OFFICIAL", "ACCEPTED")], "COMPANY_OFFICIAL")).toBeNull();
    expect(
      openApplicationOf([a("COMPANY_OFFICIAL", "ACCEPTED"), a("COMPANY_OFFICIAL", "INCOMPLETE")], "COMPANY_OFFICIAL")?.id,
    ).toBe("COMPANY_OFFICIAL-INCOMPLETE");
    expect(openApplicationOf([a("INDIVIDUAL", "INCOMPLETE")], "COMPANY_OFFICIAL")).toBeNull();
  });
});

describe("a step's fields as asked: conditions on another step's answers settled", () => {
  it("the type of business licence is required once registration-information said YES, not before", () => {
    const fields = findStep("CORPORATE", "additional-information")!.fields;
    const type = (answers: Record<string, string>) =>
      fieldsAsAsked(fields, answers).find((f) => f.name === "typeOfBusinessLicence")!;
    expect(type({ businessLicense: "YES" }).required).toBe(true);
    expect(type({ businessLicense: "NO" }).required).toBe(false);
    expect(type({}).required).toBe(false);
    expect(fieldsAsAsked(fields, {})).toHaveLength(fields.length);
  });

  it("a field shown for another step's answer is left out otherwise; the step's own conditions stay", () => {
    const fields: FieldDef[] = [
      { name: "a", kind: "yesno", errorStep: 1 },
      { name: "aDetails", kind: "textarea", errorStep: 1, shownWhen: { field: "a", equals: "YES" } },
      { name: "b", kind: "text", errorStep: 1, shownWhen: { field: "elsewhere", equals: "YES" } },
    ];
    expect(fieldsAsAsked(fields, {}).map((f) => f.name)).toEqual(["a", "aDetails"]);
    const shown = fieldsAsAsked(fields, { elsewhere: "YES" });
    expect(shown.map((f) => [f.name, f.shownWhen?.field ?? null])).toEqual([
      ["a", null],
      ["aDetails", "a"],
      ["b", null],
    ]);
  });
});

describe("next and previous steps", () => {
  const ids = ["personal-data", "activities", "operation-activity", "services", "sign"];
  it("goes to the next applicable step, then check-answers after the last", () => {
    expect(nextStepId(ids, "personal-data")).toBe("activities");
    expect(nextStepId(ids, "services")).toBe("sign");
    expect(nextStepId(ids, "sign")).toBe("check-answers");
    expect(nextStepId(ids, "additional-information")).toBe("check-answers");
  });
  it("goes back to the previous step, none before the first; check-answers back to the last", () => {
    expect(previousStepId(ids, "activities")).toBe("personal-data");
    expect(previousStepId(ids, "personal-data")).toBeNull();
    expect(previousStepId(ids, "check-answers")).toBe("sign");
  });
  it("continues at the first step that is not complete, or check-answers", () => {
    expect(
      continueStepId([
        { id: "personal-data", status: "complete" },
        { id: "activities", status: "error" },
        { id: "sign", status: "incomplete" },
      ]),
    ).toBe("activities");
    expect(continueStepId([{ id: "personal-data", status: "complete" }])).toBe("check-answers");
  });
});

describe("step URLs", () => {
  it("carry the application id; the corporate representative's step carries the representative's id", () => {
    expect(stepHref("INDIVIDUAL", "activities", { applicationId: "a 1" })).toBe(
      "/identity/individual/activities?applicationId=a%201",
    );
    expect(stepHref("COMPANY_OFFICIAL", "personal-data")).toBe("/identity/company-official/personal-data");
    expect(stepHref("CORPORATE", "cof-additional-infromation", { applicationId: "a", mainRepresentativeId: "m" })).toBe(
      "/identity/corporate/m/cof-additional-infromation?applicationId=a",
    );
    expect(stepHref("CORPORATE", "cof-additional-infromation", { applicationId: "a" })).toBeNull();
    expect(withApplicationId("/x?sicSearch=a", "b")).toBe("/x?sicSearch=a&applicationId=b");
  });
});

describe("step list states (spec 001 §2: active, disabled, error, checked)", () => {
  const states = [
    { id: "personal-data", status: "complete" as const },
    { id: "activities", status: "error" as const },
    { id: "operation-activity", status: "incomplete" as const },
    { id: "sign", status: "incomplete" as const },
  ];
  it("marks the current step active, complete ones checked, flagged ones error, links the rest", () => {
    const nav = buildStepNav("INDIVIDUAL", states, "operation-activity", { applicationId: "app" });
    expect(nav.items.map((i) => [i.id, i.state, i.href])).toEqual([
      ["personal-data", "checked", "/identity/individual/personal-data?applicationId=app"],
      ["activities", "error", "/identity/individual/activities?applicationId=app"],
      ["operation-activity", "active", null],
      ["sign", "todo", "/identity/individual/sign?applicationId=app"],
    ]);
    expect([nav.current, nav.total]).toEqual([3, 4]);
    expect(nav.checkAnswersHref).toBe("/identity/individual/check-answers?applicationId=app");
  });
  it("disables every other step while the application has no id", () => {
    const nav = buildStepNav("INDIVIDUAL", states, "personal-data", {});
    expect(nav.items.map((i) => i.state)).toEqual(["active", "disabled", "disabled", "disabled"]);
    expect(nav.items.every((i) => i.href === null)).toBe(true);
    expect(nav.checkAnswersHref).toBeNull();
  });
  it("disables the corporate representative's step until there is a representative", () => {
    const nav = buildStepNav(
      "CORPORATE",
      [
        { id: "country-and-name", status: "complete" },
        { id: "cof-additional-infromation", status: "incomplete" },
      ],
      "country-and-name",
      { applicationId: "app" },
    );
    expect(nav.items[1].state).toBe("disabled");
  });
  it("on check-answers, no step is active and check-answers is", () => {
    const nav = buildStepNav("INDIVIDUAL", states, "check-answers", { applicationId: "app" });
    expect(nav.current).toBe(0);
    expect(nav.checkAnswersActive).toBe(true);
    expect(nav.checkAnswersHref).toBeNull();
  });
});

describe("reading a posted step", () => {
  it("lists checkbox groups (empty when none ticked), strings otherwise, absent fields empty", () => {
    const step = findStep("INDIVIDUAL", "activities")!;
    const form = new FormData();
    form.append("clientActivityId", "act-1");
    form.append("sourceOfFundsIds", "s1");
    form.append("sourceOfFundsIds", "s2");
    form.append("nameOfEmployer", "  Acme ");
    form.append("csrf", "token");
    expect(readStepValues(form, step.fields)).toEqual({
      clientActivityId: "act-1",
      sourceOfFundsIds: ["s1", "s2"],
      nameOfEmployer: "  Acme ",
      employeePosition: "",
      countryOfEmployerId: "",
    });
    expect(readStepValues(new FormData(), step.fields).sourceOfFundsIds).toEqual([]);
  });
});

describe("small helpers", () => {
  it("shows dates as dd.mm.yyyy", () => {
    expect(formatAnswerDate("1990-03-27")).toBe("27.03.1990");
    expect(formatAnswerDate("27/03/1990")).toBe("27/03/1990");
  });
  it("accepts only internal identity or home paths as returnTo", () => {
    expect(safeReturnTo("/identity/individual/sign?applicationId=a")).toBe("/identity/individual/sign?applicationId=a");
    expect(safeReturnTo("/identity")).toBe("/identity");
    expect(safeReturnTo("//evil.example/identity")).toBeNull();
    expect(safeReturnTo("https://evil.example/identity")).toBeNull();
    expect(safeReturnTo("/payments")).toBeNull();
    expect(safeReturnTo("/identityx")).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
