import { describe, expect, it } from "vitest";
import { formChoice, typeStepErrors } from "./__form.server";

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
