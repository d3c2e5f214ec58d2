import { describe, expect, it } from "vitest";
import { validator } from "./_index";

const valid = {
  accountId: "acc-1",
  currencyId: "EUR",
  paymentType: "SEPA_SCT",
  beneficiaryName: " Jana Beispiel ",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  amount: "12,34",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("euro payment schema (browser + action)", () => {
  it("normalises a valid SEPA payment", async () => {
    const r = await validator.validate(valid);
    expect(r.data).toEqual({
      ...valid,
      beneficiaryName: "Jana Beispiel",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      amount: "12.34",
      reference: undefined,
      purpose: undefined,
      categoryId: undefined,
    });
  });
  it("reports each field with an i18n key", async () => {
    const r = await validator.validate({
      ...valid,
      currencyId: "GBP",
      iban: "DE89370400440532013001",
      bic: "XX",
      amount: "0",
      beneficiaryName: "",
    });
    expect(r.error?.fieldErrors).toEqual({
      currencyId: "errors:eur-only",
      iban: "errors:iban.invalid",
      bic: "errors:bic.invalid",
      amount: "errors:amount.not-positive",
      beneficiaryName: "errors:beneficiary-required",
    });
  });
  it("refuses non-SEPA IBANs and a missing idempotency key", async () => {
    const r = await validator.validate({ ...valid, iban: "BR1800360305000010009795493C1", idempotencyKey: "" });
    expect(r.error?.fieldErrors.iban).toBe("errors:iban.not-sepa");
    expect(r.error?.fieldErrors.idempotencyKey).toBeDefined();
  });
  it.each(["SEPA_SCT", "SEPA_SCT_INST", "TARGET_2"])("takes the payment kind %s", async (paymentType) => {
    const r = await validator.validate({ ...valid, paymentType });
    expect(r.error).toBeUndefined();
    expect(r.data?.paymentType).toBe(paymentType);
  });
  it.each(["", "SWIFT", "FASTER_PAYMENT", "sepa_sct"])("refuses the payment kind %j", async (paymentType) => {
    const r = await validator.validate({ ...valid, paymentType });
    expect(r.error?.fieldErrors.paymentType).toBe("errors:euro-kinds.invalid");
  });
  it("keeps an optional purpose and category", async () => {
    const r = await validator.validate({ ...valid, purpose: " Invoice 7 ", categoryId: "rent" });
    expect(r.data).toMatchObject({ purpose: "Invoice 7", categoryId: "rent" });
    const long = await validator.validate({ ...valid, purpose: "x".repeat(141) });
    expect(long.error?.fieldErrors.purpose).toBe("errors:purpose-too-long");
  });
});
