import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createBeneficiarySchema } from "../../../../server/domain/beneficiaries/validation";
import { fieldErrors } from "../../../../server/domain/errors";
import deBeneficiaries from "../../../../public/locales/de/beneficiaries.json";
import deErrors from "../../../../public/locales/de/errors.json";
import enBeneficiaries from "../../../../public/locales/en/beneficiaries.json";
import enErrors from "../../../../public/locales/en/errors.json";
import type { ServerT } from "~/lib/forms.server";
import { beneficiaryFieldErrors, formChoice, typeStepErrors } from "./__form.server";

/** The first step's answer as the page reads it from its URL. */
function errorsOf(query: string) {
  const params = new URLSearchParams(query);
  const { paymentType, currencyId } = formChoice(params);
  return typeStepErrors(params, paymentType, currencyId);
}

describe("typeStepErrors (the beneficiary form's first step, sent without what it needs)", () => {
  it("a local payment sent without its currency is told so on the currency (it used to come back unexplained)", () => {
    expect(errorsOf("paymentType=LOCAL&currencyId=&step=details")).toEqual({
      currencyId: "beneficiaries:form.local-currency-required",
    });
    expect(errorsOf("paymentType=LOCAL&currencyId=CHF&step=details")).toEqual({
      currencyId: "beneficiaries:form.local-currency-required",
    });
  });

  it("a step sent without a payment type is told so on the type", () => {
    expect(errorsOf("currencyId=GBP&step=details")).toEqual({ paymentType: "beneficiaries:form.payment-type-required" });
  });

  it("nothing for a complete answer, nor for a link that only opens the step", () => {
    expect(errorsOf("paymentType=LOCAL&currencyId=GBP&step=details")).toEqual({});
    expect(errorsOf("paymentType=INTERNATIONAL&currencyId=&step=details")).toEqual({});
    expect(errorsOf("")).toEqual({});
    expect(errorsOf("paymentType=LOCAL")).toEqual({});
    expect(errorsOf("paymentType=LOCAL&currencyId=GBP&step=type")).toEqual({});
  });
});

describe("beneficiaryFieldErrors (the API's answer to a beneficiary save, on the form in the page's language)", () => {
  /** The API's VALIDATION_FAILED body for a beneficiary, as POST /v1/beneficiaries answers it. */
  function apiAnswer(payee: Record<string, unknown>): unknown {
    const parsed = createBeneficiarySchema.safeParse({
      name: "Bob Smith",
      beneficiaryType: "INDIVIDUAL",
      organizationId: "00000000-0000-4000-8000-000000000001",
      ...payee,
    });
    if (parsed.success) throw new Error("the API would accept this beneficiary");
    return { statusCode: 400, code: "VALIDATION_FAILED", message: fieldErrors(parsed.error).body };
  }
  async function translator(lng: "en" | "de"): Promise<ServerT> {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: {
        en: { errors: enErrors, beneficiaries: enBeneficiaries },
        de: { errors: deErrors, beneficiaries: deBeneficiaries },
      },
      interpolation: { escapeValue: false },
    });
    return (key, options) => String(i18n.t(key, options as never));
  }

  it("a UK account number of 7 digits reads the pound payment form's message, in German too (it was the API's English 'Bank Account Number must be 8 digits')", async () => {
    const body = apiAnswer({ paymentType: "LOCAL", currencyId: "GBP", sortCode: "12-34-56", bankAccountNumber: "1234567" });
    expect(beneficiaryFieldErrors(body, "LOCAL", "GBP", await translator("de")).bankAccountNumber).toBe(
      deErrors["uk-account-number"].format,
    );
    expect(beneficiaryFieldErrors(body, "LOCAL", "GBP", await translator("en")).bankAccountNumber).toBe(
      enErrors["uk-account-number"].format,
    );
  });

  it("a missing UK account number, a US one of 2 digits and a foreign one with symbols each read their own rule's message", async () => {
    const de = await translator("de");
    const missing = apiAnswer({ paymentType: "LOCAL", currencyId: "GBP", sortCode: "12-34-56" });
    expect(beneficiaryFieldErrors(missing, "LOCAL", "GBP", de).bankAccountNumber).toBe(deErrors["uk-account-number"].required);
    const us = apiAnswer({
      paymentType: "LOCAL",
      currencyId: "USD",
      aba: "011000015",
      bankAccountNumber: "12",
      address: "1 Main St",
      city: "Boston",
      countryId: "US",
    });
    expect(beneficiaryFieldErrors(us, "LOCAL", "USD", de).bankAccountNumber).toBe(deErrors["us-account-number"].format);
    const foreign = apiAnswer({
      paymentType: "INTERNATIONAL",
      currencyId: "USD",
      bic: "CITIUS33",
      bankAccountNumber: "12-!!",
      address: "1 Main St",
      city: "New York",
      countryId: "US",
      bankName: "Citibank",
    });
    expect(beneficiaryFieldErrors(foreign, "INTERNATIONAL", "USD", de).bankAccountNumber).toBe(deErrors["account-number"].format);
  });
});
