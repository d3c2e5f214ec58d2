import { describe, expect, it } from "vitest";
import { validator } from "./__usd.schema";

const valid = {
  source: "acc-1:USD",
  paymentType: "FEDWIRE",
  beneficiaryName: "Grace Hopper",
  aba: "026009593",
  accountNumber: "000123456789",
  address: " 1 Main Street ",
  city: "New York",
  postCode: "10001",
  countryId: "us",
  purpose: "Consulting invoice 42",
  categoryId: "",
  amount: "100",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("USD (Fedwire) payment schema (browser + action)", () => {
  it("normalises a valid Fedwire payment", async () => {
    const r = await validator.validate(valid);
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({
      ...valid,
      address: "1 Main Street",
      countryId: "US",
      categoryId: undefined,
      amount: "100",
      reference: undefined,
    });
  });

  it.each(["026009593", "021000021", "0260-0959-3", "021 000 021"])("accepts the routing number %j", async (aba) => {
    const r = await validator.validate({ ...valid, aba });
    expect(r.error).toBeUndefined();
    expect(r.data?.aba).toMatch(/^\d{9}$/);
  });

  it.each([
    ["", "errors:aba.required"],
    ["026009594", "errors:aba.checksum"],
    ["02600959", "errors:aba.format"],
    ["000000000", "errors:aba.format"],
    ["026009a93", "errors:aba.format"],
    ["500000005", "errors:aba.prefix"],
  ])("refuses the routing number %j with %s", async (aba, key) => {
    const r = await validator.validate({ ...valid, aba });
    expect(r.error?.fieldErrors.aba).toBe(key);
  });

  it.each(["1234", "12345678901234567", "0001-2345"])("accepts the account number %j", async (accountNumber) => {
    const r = await validator.validate({ ...valid, accountNumber });
    expect(r.error).toBeUndefined();
  });

  it.each([
    ["", "errors:us-account-number.required"],
    ["123", "errors:us-account-number.format"],
    ["123456789012345678", "errors:us-account-number.format"],
    ["12345x", "errors:us-account-number.format"],
  ])("refuses the account number %j with %s", async (accountNumber, key) => {
    const r = await validator.validate({ ...valid, accountNumber });
    expect(r.error?.fieldErrors.accountNumber).toBe(key);
  });

  it("requires the purpose, the address and a country from the list; the post code is optional", async () => {
    const r = await validator.validate({ ...valid, purpose: " ", address: "", city: "", postCode: "", countryId: "XX" });
    expect(r.error?.fieldErrors).toEqual({
      purpose: "errors:usd.purpose-required",
      address: "errors:usd.address-required",
      city: "errors:usd.city-required",
      countryId: "errors:country.invalid",
    });
    const ok = await validator.validate({ ...valid, postCode: "" });
    expect(ok.data?.postCode).toBeUndefined();
  });

  it("refuses another currency and another scheme", async () => {
    const r = await validator.validate({ ...valid, source: "acc-1:GBP", paymentType: "SWIFT" });
    expect(r.error?.fieldErrors).toEqual({
      source: "errors:usd.source-currency",
      paymentType: "errors:usd.scheme-required",
    });
  });
});
