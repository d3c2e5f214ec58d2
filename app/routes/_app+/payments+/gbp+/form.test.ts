import { describe, expect, it } from "vitest";
import { validator } from "./__gbp.schema";

const valid = {
  source: "acc-1:GBP",
  paymentType: "FASTER_PAYMENT",
  beneficiaryName: " Ada Lovelace ",
  sortCode: "12-34-56",
  accountNumber: "1234 5678",
  purpose: "",
  categoryId: "",
  amount: "12,50",
  reference: "Invoice 7",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("pound payment schema (browser + action)", () => {
  it("normalises a valid Faster Payment: sort code and account number as digits", async () => {
    const r = await validator.validate(valid);
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({
      ...valid,
      beneficiaryName: "Ada Lovelace",
      sortCode: "123456",
      accountNumber: "12345678",
      purpose: undefined,
      categoryId: undefined,
      amount: "12.50",
    });
  });

  it.each(["123456", "12 34 56", "12-34-56", " 12-34-56 "])("accepts the sort code %j", async (sortCode) => {
    const r = await validator.validate({ ...valid, sortCode });
    expect(r.data?.sortCode).toBe("123456");
  });

  it.each([
    ["", "errors:sort-code.required"],
    ["12345", "errors:sort-code.format"],
    ["1234567", "errors:sort-code.format"],
    ["12-34-5a", "errors:sort-code.format"],
    ["12/34/56", "errors:sort-code.format"],
  ])("refuses the sort code %j with %s", async (sortCode, key) => {
    const r = await validator.validate({ ...valid, sortCode });
    expect(r.error?.fieldErrors.sortCode).toBe(key);
  });

  it.each([
    ["", "errors:uk-account-number.required"],
    ["1234567", "errors:uk-account-number.format"],
    ["123456789", "errors:uk-account-number.format"],
    ["1234567a", "errors:uk-account-number.format"],
  ])("refuses the account number %j with %s", async (accountNumber, key) => {
    const r = await validator.validate({ ...valid, accountNumber });
    expect(r.error?.fieldErrors.accountNumber).toBe(key);
  });

  it("takes BACS, an optional purpose and a category", async () => {
    const r = await validator.validate({ ...valid, paymentType: "BACS", purpose: " Rent ", categoryId: "cat-1" });
    expect(r.data).toMatchObject({ paymentType: "BACS", purpose: "Rent", categoryId: "cat-1" });
  });

  it("reports each wrong field with an i18n key", async () => {
    const r = await validator.validate({
      ...valid,
      source: "acc-1:EUR",
      paymentType: "SWIFT",
      beneficiaryName: " ",
      purpose: "x".repeat(141),
      amount: "0",
    });
    expect(r.error?.fieldErrors).toEqual({
      source: "errors:gbp.source-currency",
      paymentType: "errors:gbp.scheme-required",
      beneficiaryName: "errors:beneficiary-required",
      purpose: "errors:purpose-too-long",
      amount: "errors:amount.not-positive",
    });
  });

  it("refuses a missing balance, scheme and idempotency key", async () => {
    const { source: _s, paymentType: _p, ...rest } = valid;
    const r = await validator.validate({ ...rest, idempotencyKey: "" });
    expect(r.error?.fieldErrors.source).toBe("errors:account-required");
    expect(r.error?.fieldErrors.paymentType).toBe("errors:gbp.scheme-required");
    expect(r.error?.fieldErrors.idempotencyKey).toBeDefined();
  });
});
