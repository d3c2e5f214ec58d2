import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  codeMessageKey,
  humanisePropertyName,
  INTERNAL_ERROR_KEY,
  KNOWN_CONSTRAINTS,
  mapServerErrors,
  toFieldErrors,
} from "./server-errors";

describe("humanisePropertyName", () => {
  it("splits on capitals and capitalises", () => {
    expect(humanisePropertyName("bankAccountNumber")).toBe("Bank Account Number");
    expect(humanisePropertyName("iban")).toBe("Iban");
  });
});

describe("mapServerErrors (spec 000 §5 Server errors)", () => {
  const fields = ["bankAccountNumber", "iban", "amount"];

  it("puts the first constraint on the field and humanises the property name", () => {
    const r = mapServerErrors(
      {
        statusCode: 400,
        code: "VALIDATION_FAILED",
        message: [{ property: "bankAccountNumber", constraints: { isLength: "bankAccountNumber must be 8 digits", other: "x" } }],
      },
      fields,
    );
    expect(r.fieldErrors).toEqual({ bankAccountNumber: "Bank Account Number must be 8 digits" });
    expect(r.globalError).toBeNull();
  });

  it("a code or property named like an Object.prototype member is no table entry: the server's message stays", () => {
    expect(codeMessageKey("INVALID_CODE")).toBe("errors:Auth.invalid-code");
    for (const code of ["constructor", "__proto__", "toString", "hasOwnProperty", 42])
      expect(codeMessageKey(code)).toBeUndefined();
    const t = (key: string, o?: { defaultValue?: string }) => (o?.defaultValue ? `${key}|${o.defaultValue}` : key);
    const global = mapServerErrors({ statusCode: 409, code: "constructor", message: "Payment changed" }, fields, t);
    expect(global.globalError).toBe("Payment changed");
    const field = mapServerErrors(
      { message: [{ property: "constructor", constraints: { "too-long": "constructor is too long" } }] },
      ["constructor"],
      t,
    );
    expect(field.fieldErrors.constructor).toBe("Constructor is too long");
  });

  it("prefers a translated message for a known constraint id", () => {
    const t = (key: string, o?: { defaultValue?: string }) =>
      key === "errors:constraints.isIban" ? "Enter a valid IBAN" : (o?.defaultValue ?? key);
    const r = mapServerErrors({ message: [{ property: "iban", constraints: { isIban: "iban must be an IBAN" } }] }, fields, t);
    expect(r.fieldErrors.iban).toBe("Enter a valid IBAN");
  });

  it("names a required field the API found empty when the form gives its labels (the error summary's entries are told apart)", () => {
    const body = {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [
        { property: "bankAccountNumber", constraints: { isNotEmpty: "bankAccountNumber should not be empty" } },
        { property: "iban", constraints: { isNotEmpty: "iban should not be empty" } },
      ],
    };
    const t = (key: string, o?: { defaultValue?: string; field?: unknown }) =>
      key === "errors:constraints.isNotEmpty-named"
        ? `${String(o?.field)} is required`
        : key === "errors:constraints.isNotEmpty"
          ? "This field is required"
          : (o?.defaultValue ?? key);
    expect(mapServerErrors(body, fields, t, { labels: { bankAccountNumber: "Account number" } }).fieldErrors).toEqual({
      bankAccountNumber: "Account number is required",
      // No label given: the general text, as before.
      iban: "This field is required",
    });
    expect(mapServerErrors(body, fields, t).fieldErrors).toEqual({
      bankAccountNumber: "This field is required",
      iban: "This field is required",
    });
  });

  it("translates the API's NUL-character refusal on the field (issue 5)", () => {
    const t = (key: string, o?: { defaultValue?: string }) =>
      key === "errors:constraints.noNulCharacters"
        ? "Remove the invisible control character from this field"
        : (o?.defaultValue ?? key);
    const r = mapServerErrors(
      { message: [{ property: "iban", constraints: { noNulCharacters: "iban must not contain NUL characters" } }] },
      fields,
      t,
    );
    expect(r.fieldErrors.iban).toBe("Remove the invisible control character from this field");
  });

  it("every form-level refusal the API can raise (a coreError's constraint id) has a message in English, German and Arabic", () => {
    // Read from the API's own source, so a new coreError without a translation fails here.
    const ids = new Set<string>();
    for (const file of readdirSync("server", { recursive: true, encoding: "utf8" }))
      if (file.endsWith(".ts") && !file.endsWith(".test.ts"))
        for (const m of readFileSync(`server/${file}`, "utf8").matchAll(/fieldError\(\s*"coreError",\s*"([A-Za-z-]+)"/g))
          ids.add(m[1]!);
    expect(ids).toContain("maxDocuments");
    for (const lang of ["en", "de", "ar"]) {
      const errors = JSON.parse(readFileSync(`public/locales/${lang}/errors.json`, "utf8")) as {
        constraints: Record<string, string>;
      };
      for (const id of ids) expect(errors.constraints[id], `${lang}: constraints.${id}`).toBeTruthy();
    }
  });

  it("every field-level refusal the API can raise is translated, or listed here with why its English text never reaches a customer", () => {
    // Read from the API's own source (calls over several lines too): a new rule of a rail or a
    // form fails here until it is translated (KNOWN_CONSTRAINTS and the three locales) or listed.
    const untranslated: Record<string, string> = {
      // Checked first by the web form with the same rule (zod schema, select of known values,
      // file checks, the form's own hidden fields): the API's text answers requests the web never sends.
      maxLength: "form",
      isString: "form",
      isEnum: "form",
      isInt: "form",
      isUuid: "form",
      isBoolean: "form",
      isIn: "form",
      equals: "form",
      minDate: "form",
      length: "form",
      isCountry: "form",
      isNotNul: "form",
      isPlainText: "form",
      maxSize: "form",
      arrayMaxSize: "form",
      arrayMinSize: "form",
      isExpectedField: "form",
      isIdempotencyKey: "form",
      isCursor: "form",
      isStep: "form",
      // A race of two tabs (the same file attached twice): the form shows it as a general message.
      isUnique: "race, or the back office's",
      isAttached: "race",
      // The back office's and the staff commands' own rules (staff read English there too).
      isStaffActor: "staff",
      isTariff: "staff",
      isSpread: "staff",
      isSolPrice: "staff",
      isSettable: "staff",
      isPair: "staff",
      isEurBase: "staff",
      isNearCurrent: "staff",
      isEcbCsv: "staff",
      isFlag: "staff",
      isBankWide: "staff",
      isPartner: "staff",
      isProvider: "staff",
      sandboxVerificationOff: "staff",
    };
    const ids = new Set<string>();
    for (const file of readdirSync("server", { recursive: true, encoding: "utf8" }))
      if (file.endsWith(".ts") && !file.endsWith(".test.ts"))
        for (const m of readFileSync(`server/${file}`, "utf8").matchAll(
          /fieldError\(\s*(?!\s|"coreError")[^,()]+,\s*"([A-Za-z-]+)"/g,
        ))
          ids.add(m[1]!);
    expect(ids).toContain("hasAccount"); // the rule over three lines in rails/internal.ts
    const known = new Set<string>(KNOWN_CONSTRAINTS);
    const missing = [...ids].filter((id) => !known.has(id) && !Object.hasOwn(untranslated, id));
    expect(missing, "constraint ids shown in the API's English: translate them, or list them with why").toEqual([]);
    const stale = Object.keys(untranslated).filter((id) => !ids.has(id) || known.has(id));
    expect(stale, "listed as untranslated but no longer raised, or translated since").toEqual([]);
  });

  it("every known constraint id has a message in English, German and Arabic", () => {
    for (const lang of ["en", "de", "ar"]) {
      const errors = JSON.parse(readFileSync(`public/locales/${lang}/errors.json`, "utf8")) as {
        constraints: Record<string, string>;
      };
      for (const id of KNOWN_CONSTRAINTS) expect(errors.constraints[id], `${lang}: constraints.${id}`).toBeTruthy();
    }
  });

  it("translates the FX rate request's refusals: amount rules on sellAmount and rate, database rules by id", () => {
    const keyOf = (key: string) => key;
    const r = mapServerErrors(
      {
        message: [
          {
            property: "sellAmount",
            constraints: { "too-many-decimals": "sellAmount has more decimals than the currency allows" },
          },
          { property: "rate", constraints: { "not-positive": "rate must be more than 0" } },
          { property: "toCurrencyId", constraints: { hasRate: "The bank does not exchange GBP to RUB" } },
        ],
      },
      ["sellAmount", "rate", "toCurrencyId"],
      keyOf,
    );
    expect(r.fieldErrors).toEqual({
      sellAmount: "errors:amount.too-many-decimals",
      rate: "errors:amount.not-positive",
      toCurrencyId: "errors:constraints.hasRate",
    });
  });

  it("joins coreError and plain strings into one global error with ', '", () => {
    const r = mapServerErrors(
      {
        message: [
          { property: "coreError", constraints: { a: "Account blocked" } },
          "Try later",
          { property: "amount", constraints: { max: "too big" } },
        ],
      },
      fields,
    );
    expect(r.globalError).toBe("Account blocked, Try later");
    expect(r.fieldErrors).toEqual({ amount: "too big" });
  });

  it("turns errors of properties without a field into general messages", () => {
    const r = mapServerErrors({ message: [{ property: "contractId", constraints: { a: "contractId is required" } }] }, fields);
    expect(r.fieldErrors).toEqual({});
    expect(r.generalMessages).toEqual(["Contract Id is required"]);
    expect(toFieldErrors(r)).toEqual({ _form: "Contract Id is required" });
  });

  it("a plain string message is the global error", () => {
    expect(mapServerErrors({ message: "Account is closed" }, fields).globalError).toBe("Account is closed");
  });

  it("translates a known code and can attach it to a field", () => {
    const t = (key: string, o?: { defaultValue?: string }) =>
      key === "errors:Auth.invalid-code" ? "The code is wrong" : (o?.defaultValue ?? key);
    const r = mapServerErrors({ code: "INVALID_CODE", message: "bad code" }, ["code"], t, {
      codeFields: { INVALID_CODE: "code" },
    });
    expect(r.fieldErrors).toEqual({ code: "The code is wrong" });
    expect(r.globalError).toBeNull();
  });

  it("signing refused for a missing supporting document is a translated form error", () => {
    const t = (key: string) => `T(${key})`;
    const body = { statusCode: 400, code: "DOCUMENTS_REQUIRED", message: "Supporting documents are required for this payment" };
    expect(mapServerErrors(body, ["code"], t).globalError).toBe("T(errors:Payments.documents-required)");
  });

  it.each([
    [undefined],
    [null],
    ["text body"],
    [{}],
    [{ message: 42 }],
    [{ message: { a: 1 } }],
    [{ message: [] }],
    [{ message: [{ nope: 1 }] }],
  ])("falls back to the internal error for %j", (body) => {
    const r = mapServerErrors(body, fields);
    expect(r.globalError).toBe("Internal Server Error. Try Again");
    const t = (key: string) => `T(${key})`;
    expect(mapServerErrors(body, fields, t).globalError).toBe(`T(${INTERNAL_ERROR_KEY})`);
  });

  it("keeps only the first error per field and merges into fieldErrors with _form", () => {
    const r = mapServerErrors(
      {
        message: [
          { property: "amount", constraints: { a: "first" } },
          { property: "amount", constraints: { b: "second" } },
          { property: "coreError", constraints: { c: "Global" } },
        ],
      },
      fields,
    );
    expect(toFieldErrors(r)).toEqual({ amount: "first", _form: "Global" });
  });
});
