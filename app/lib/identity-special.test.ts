import i18next from "i18next";
import { describe, expect, it } from "vitest";
import identityAr from "../../public/locales/ar/identity.json";
import identityDe from "../../public/locales/de/identity.json";
import identityEn from "../../public/locales/en/identity.json";
import type { Application, ApplicationDocument, ApplicationOfficial, ApplicationSummary } from "../../server/api/v1/contract";
import {
  currentStepErrors,
  documentErrorField,
  documentHref,
  groupDocuments,
  identityErrorKey,
  identityFieldErrors,
  isSandboxOutcome,
  latestIncomplete,
  nextStepHref,
  OFFICIAL_FIELD_NAMES,
  officialFormValues,
  officialName,
  officialValuesFrom,
  stepHref,
  verificationView,
} from "./identity-special";

const t = (key: string, options?: { defaultValue?: string }) =>
  key.startsWith("identity:errors.") || key === "errors:Errors.internal"
    ? `t(${key})|${options?.defaultValue ?? ""}`
    : `t(${key})`;

const summary = (over: Partial<ApplicationSummary>): ApplicationSummary => ({
  id: "a",
  type: "CORPORATE",
  status: "INCOMPLETE",
  name: null,
  declineReason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  submittedAt: null,
  ...over,
});

const official = (over: Partial<ApplicationOfficial> = {}): ApplicationOfficial => ({
  id: "o1",
  role: "DIRECTOR",
  firstName: "Ada",
  lastName: "Lovelace",
  email: null,
  phone: null,
  dob: "1980-03-27",
  nationalityId: "GB",
  position: "Director",
  percentage: null,
  natureOfControl: "DIRECT_CONTROL",
  ...over,
});

const doc = (id: string, category: string): ApplicationDocument => ({
  id,
  category,
  upload: { id: `u-${id}`, name: `${id}.pdf`, mimeType: "application/pdf", size: 10, createdAt: "2026-01-01T00:00:00.000Z" },
});

describe("step paths", () => {
  it("names the application in the query; cof-additional-infromation under the main representative", () => {
    expect(stepHref("INDIVIDUAL", "sign", { id: "x y" })).toBe("/identity/individual/sign?applicationId=x%20y");
    expect(stepHref("COMPANY_OFFICIAL", "sign", { id: "a" })).toBe("/identity/company-official/sign?applicationId=a");
    expect(stepHref("CORPORATE", "cof-additional-infromation", { id: "a", mainRepresentativeId: "m" })).toBe(
      "/identity/corporate/m/cof-additional-infromation?applicationId=a",
    );
  });

  it("continues to the next applicable step, or /identity after the last", () => {
    const app = {
      id: "a",
      type: "CORPORATE",
      mainRepresentative: null,
      steps: [
        { id: "services", status: "complete" },
        { id: "cof", status: "incomplete" },
        { id: "add-documents", status: "incomplete" },
        { id: "sign", status: "incomplete" },
      ],
    } as Pick<Application, "id" | "type" | "steps" | "mainRepresentative">;
    expect(nextStepHref(app, "cof")).toBe("/identity/corporate/add-documents?applicationId=a");
    expect(nextStepHref(app, "add-documents")).toBe("/identity/corporate/sign?applicationId=a");
    expect(nextStepHref(app, "sign")).toBe("/identity");
    expect(nextStepHref(app, "nonsense")).toBe("/identity");
    const officialApp = {
      id: "c",
      type: "COMPANY_OFFICIAL",
      mainRepresentative: null,
      steps: [
        { id: "personal-data", status: "complete" },
        { id: "additional-information", status: "complete" },
        { id: "sign", status: "incomplete" },
      ],
    } as Pick<Application, "id" | "type" | "steps" | "mainRepresentative">;
    // identity-verification does not apply (NONE): on to the step after its place.
    expect(nextStepHref(officialApp, "identity-verification")).toBe("/identity/company-official/sign?applicationId=c");
  });

  it("picks the most recently updated INCOMPLETE application of the type", () => {
    const list = [
      summary({ id: "old", updatedAt: "2026-01-01T00:00:00.000Z" }),
      summary({ id: "new", updatedAt: "2026-02-01T00:00:00.000Z" }),
      summary({ id: "sent", status: "READY_TO_REVIEW", updatedAt: "2026-03-01T00:00:00.000Z" }),
      summary({ id: "ind", type: "INDIVIDUAL", updatedAt: "2026-03-01T00:00:00.000Z" }),
    ];
    expect(latestIncomplete(list, "CORPORATE")).toBe("new");
    expect(latestIncomplete(list, "INDIVIDUAL")).toBe("ind");
    expect(latestIncomplete(list, "COMPANY_OFFICIAL")).toBeNull();
  });

  it("links a document's download to the resource route", () => {
    expect(documentHref("a", "d/1")).toBe("/identity/corporate/add-documents/d%2F1?applicationId=a");
  });
});

describe("verification", () => {
  const scheme = { kycProvider: "SANDBOX" } as Application["scheme"];
  it("takes the application's verification over the scheme's provider", () => {
    expect(verificationView({ scheme, verification: null })).toEqual({
      provider: "SANDBOX",
      status: "NOT_STARTED",
      applies: true,
      sandbox: true,
    });
    expect(verificationView({ scheme, verification: { provider: "SUMSUB", status: "PENDING" } })).toMatchObject({
      provider: "SUMSUB",
      status: "PENDING",
      sandbox: false,
    });
    expect(verificationView({ scheme: { ...scheme, kycProvider: "NONE" }, verification: null }).applies).toBe(false);
  });
  it("accepts only APPROVE and REJECT", () => {
    expect(isSandboxOutcome("APPROVE")).toBe(true);
    expect(isSandboxOutcome("REJECT")).toBe(true);
    expect(isSandboxOutcome("approve")).toBe(false);
    expect(isSandboxOutcome(null)).toBe(false);
  });
});

describe("officials", () => {
  it("the form's fields are the catalogue's OFFICIAL_FIELDS", () => {
    expect(OFFICIAL_FIELD_NAMES).toEqual([
      "role",
      "firstName",
      "lastName",
      "email",
      "phone",
      "dob",
      "nationalityId",
      "position",
      "percentage",
      "natureOfControl",
    ]);
  });
  it("a saved official as form values (nulls left out), and back from a form (trimmed, empty kept)", () => {
    expect(officialFormValues(official({ percentage: "25.00" }))).toEqual({
      role: "DIRECTOR",
      firstName: "Ada",
      lastName: "Lovelace",
      dob: "1980-03-27",
      nationalityId: "GB",
      position: "Director",
      percentage: "25.00",
      natureOfControl: "DIRECT_CONTROL",
    });
    const form = new FormData();
    form.set("firstName", "  Ada ");
    form.set("csrf", "secret");
    form.set("id", "o9");
    const values = officialValuesFrom(form);
    expect(values.firstName).toBe("Ada");
    expect(values.email).toBe("");
    expect(Object.keys(values)).toEqual(OFFICIAL_FIELD_NAMES);
  });
  it("names an official", () => {
    expect(officialName(official())).toBe("Ada Lovelace");
    expect(officialName(official({ firstName: null }))).toBe("Lovelace");
    expect(officialName(official({ firstName: null, lastName: null }))).toBeNull();
  });
});

describe("identityErrorKey: a date out of its bounds names the bound", () => {
  it("reads the bound the API checked from its text, as the pages print dates", () => {
    expect(identityErrorKey("dateTooEarly", "dob must be on or after 1896-01-15")).toEqual({
      key: "identity:errors.dateTooEarly-bound",
      values: { date: "15.01.1896" },
    });
    expect(identityErrorKey("dateTooLate", "expiryDate must be on or before 2099-01-01")).toEqual({
      key: "identity:errors.dateTooLate-bound",
      values: { date: "01.01.2099" },
    });
    // No bound in the text, or another rule: the plain key.
    expect(identityErrorKey("dateTooEarly", "too early")).toEqual({ key: "identity:errors.dateTooEarly", values: {} });
    expect(identityErrorKey("notFuture", "x must be on or before 2026-11-29")).toEqual({
      key: "identity:errors.notFuture",
      values: {},
    });
  });
  it("is worded in every language with the date", () => {
    for (const [lng, resources, text] of [
      ["en", identityEn, "Date of birth must be on or after 15.01.1896: check the year"],
      ["de", identityDe, "Date of birth muss am 15.01.1896 oder danach liegen: Bitte prüfen Sie das Jahr"],
      ["ar", identityAr, "Date of birth: يجب أن يكون التاريخ في \u206615.01.1896\u2069 أو بعده، تحقق من السنة"],
    ] as const) {
      const i18n = i18next.createInstance();
      void i18n.init({
        lng,
        resources: { [lng]: { identity: resources } },
        initImmediate: false,
        interpolation: { escapeValue: false },
      });
      const { key, values } = identityErrorKey("dateTooEarly", "dob must be on or after 1896-01-15");
      expect(i18n.t(key, { label: "Date of birth", ...values }), lng).toBe(text);
    }
  });
});

describe("identityFieldErrors", () => {
  const fields = ["email", "dob"];
  it("puts the first constraint of a field on it as identity:errors.<id>, with the API's text made readable as fallback", () => {
    const errors = identityFieldErrors(
      {
        statusCode: 400,
        code: "VALIDATION_FAILED",
        message: [
          { property: "email", constraints: { email: "email must be an email", required: "x" } },
          { property: "dob", constraints: { adult: "dob must be 18 years ago or earlier" } },
        ],
      },
      fields,
      t,
    );
    expect(errors).toEqual({
      email: "t(identity:errors.email)|Email must be an email",
      dob: "t(identity:errors.adult)|Dob must be 18 years ago or earlier",
    });
  });
  it("takes a bare error list (Application.errors[step]); unknown properties, coreError and strings go to _form", () => {
    const errors = identityFieldErrors(
      [
        { property: "sharesTotal", constraints: { minItems: "add at least one director" } },
        { property: "coreError", constraints: { notEditable: "submitted" } },
        "plain",
      ],
      fields,
      t,
    );
    expect(errors).toEqual({
      _form: "t(identity:errors.minItems)|add at least one director, t(errors:constraints.notEditable), plain",
    });
    expect(identityFieldErrors([], fields, t)).toEqual({});
  });
  it("aliases a property onto another field (documents.<CATEGORY> → that category's input)", () => {
    const categories = ["INCORPORATION_CERTIFICATE", "OTHER"];
    const errors = identityFieldErrors(
      [{ property: "documents.INCORPORATION_CERTIFICATE", constraints: { required: "required" } }],
      categories.map((c) => `files-${c}`),
      t,
      (p) => documentErrorField(p, categories),
    );
    expect(Object.keys(errors)).toEqual(["files-INCORPORATION_CERTIFICATE"]);
    expect(documentErrorField("documents", categories)).toBeNull();
    expect(documentErrorField("documents.OTHER", categories)).toBe("files-OTHER");
  });
  it("a plain or missing message is a form-level message", () => {
    expect(identityFieldErrors({ statusCode: 409, code: "X", message: "Not editable" }, fields, t)).toEqual({
      _form: "Not editable",
    });
    expect(identityFieldErrors(null, fields, t)._form).toContain("errors:Errors.internal");
    expect(identityFieldErrors({ message: [{ nonsense: true }] }, fields, t)._form).toContain("errors:Errors.internal");
  });
});

describe("groupDocuments", () => {
  it("lists allowed categories in order with their files, then categories no longer allowed, and marks required ones", () => {
    const groups = groupDocuments(
      ["INCORPORATION_CERTIFICATE", "OTHER"],
      [doc("d1", "OTHER"), doc("d2", "ANNUAL_ACCOUNTS"), doc("d3", "OTHER")],
      ["INCORPORATION_CERTIFICATE"],
    );
    expect(groups.map((g) => [g.category, g.required, g.documents.map((d) => d.id)])).toEqual([
      ["INCORPORATION_CERTIFICATE", true, []],
      ["OTHER", false, ["d1", "d3"]],
      ["ANNUAL_ACCOUNTS", false, ["d2"]],
    ]);
  });
});

describe("special steps' completion errors", () => {
  it("have their own messages: verification, officials, a required category (named)", () => {
    const tt = (key: string, options?: Record<string, unknown>) =>
      `${key}${options?.category ? `(${String(options.category)})` : ""}`;
    const errors = identityFieldErrors(
      [
        { property: "sumSubApplication", constraints: { verification: "Complete the identity verification" } },
        { property: "officials", constraints: { minItems: "Add at least one" } },
        { property: "documents.OTHER", constraints: { required: "Add a document of category OTHER" } },
      ],
      ["files-OTHER"],
      tt,
      (p) => documentErrorField(p, ["OTHER"]),
    );
    expect(errors).toEqual({
      "files-OTHER": "identity:documents.errors.required(identity:documents.categories.OTHER)",
      _form: "identity:verification.errors.not-verified, identity:officials.errors.none",
    });
  });
});

describe("currentStepErrors", () => {
  const app = (over: Partial<Application>) =>
    ({ errors: {}, officials: [], documents: [], verification: null, ...over }) as unknown as Application;
  it("leaves out completion errors fixed since the step was saved", () => {
    const errors = {
      cof: [{ property: "officials", constraints: { minItems: "x" } }],
      "add-documents": [
        { property: "documents.OTHER", constraints: { required: "x" } },
        { property: "documents.ANNUAL_ACCOUNTS", constraints: { required: "x" } },
      ],
      "identity-verification": [{ property: "sumSubApplication", constraints: { verification: "x" } }],
    };
    expect(currentStepErrors(app({ errors }), "cof")).toHaveLength(1);
    expect(currentStepErrors(app({ errors, officials: [official()] }), "cof")).toEqual([]);
    expect(currentStepErrors(app({ errors, documents: [doc("d", "OTHER")] }), "add-documents").map((e) => e.property)).toEqual([
      "documents.ANNUAL_ACCOUNTS",
    ]);
    expect(
      currentStepErrors(app({ errors, verification: { provider: "SANDBOX", status: "REJECTED" } }), "identity-verification"),
    ).toHaveLength(1);
    expect(
      currentStepErrors(app({ errors, verification: { provider: "SANDBOX", status: "COMPLETED" } }), "identity-verification"),
    ).toEqual([]);
    expect(currentStepErrors(app({ errors }), "sign")).toEqual([]);
  });
});
