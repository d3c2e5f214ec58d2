import { describe, expect, it } from "vitest";
import { recipientQuery } from "./__recipient";
import { internalValidator } from "./__internal.schema";

/** The seeded individual's balances: GBP, EUR, USD at 2 decimals, USDT 6, SOL 9. */
const validator = internalValidator({ GBP: 2, EUR: 2, USD: 2, USDT: 6, SOL: 9 });

const base = {
  source: "acc-1:GBP",
  purpose: " Rent for May ",
  categoryId: "rent",
  amount: "12.5",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("internal payment schema (browser + action)", () => {
  it("takes a person by phone (normalised to E.164)", async () => {
    const r = await validator.validate({ ...base, recipientPhone: "+44 7700 900-003" });
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({
      ...base,
      recipientPhone: "+447700900003",
      recipientCompanyNumber: undefined,
      purpose: "Rent for May",
      amount: "12.5",
      reference: undefined,
    });
  });

  it.each(["09876543", "09 876 543", "sc123456", "NI012345"])("takes the company number %j", async (n) => {
    const r = await validator.validate({ ...base, recipientCompanyNumber: n });
    expect(r.error).toBeUndefined();
    expect(r.data?.recipientCompanyNumber).toMatch(/^([0-9]{2}|[A-Z]{2})[0-9]{6}$/);
  });

  it.each(["0987654", "098765432", "S1234567", "ABC12345", "09-876543x"])(
    "refuses the company number %j (8 characters: 2 digits or letters, then 6 digits)",
    async (n) => {
      const r = await validator.validate({ ...base, recipientCompanyNumber: n });
      expect(r.error?.fieldErrors.recipientCompanyNumber).toBe("errors:internal.company-number-invalid");
    },
  );

  it("refuses a phone that is not in international format", async () => {
    const r = await validator.validate({ ...base, recipientPhone: "07700900003" });
    expect(r.error?.fieldErrors.recipientPhone).toBe("errors:Auth.phone-invalid");
  });

  it("checks the amount at the chosen balance's currency scale (spec 000 §5)", async () => {
    const usdt = await validator.validate({
      ...base,
      recipientPhone: "+447700900003",
      source: "acc-9:USDT",
      amount: "12,345678",
    });
    expect(usdt.error).toBeUndefined();
    expect(usdt.data?.amount).toBe("12.345678");
    const sol = await validator.validate({
      ...base,
      recipientPhone: "+447700900003",
      source: "acc-9:SOL",
      amount: "0.123456789",
    });
    expect(sol.error).toBeUndefined();
    const tooFine = await validator.validate({
      ...base,
      recipientPhone: "+447700900003",
      source: "acc-9:USDT",
      amount: "1.1234567",
    });
    expect(tooFine.error?.fieldErrors.amount).toBe("errors:amount.too-many-decimals");
    const gbp = await validator.validate({ ...base, recipientPhone: "+447700900003", source: "acc-1:GBP", amount: "12.345" });
    expect(gbp.error?.fieldErrors.amount).toBe("errors:amount.too-many-decimals");
    // Other amount errors still show beside the other fields' errors.
    const both = await validator.validate({ ...base, recipientPhone: "0770", amount: "" });
    expect(both.error?.fieldErrors).toMatchObject({
      recipientPhone: "errors:Auth.phone-invalid",
      amount: "errors:amount.required",
    });
  });

  it("needs exactly one recipient", async () => {
    const none = await validator.validate(base);
    expect(none.error?.fieldErrors.recipientPhone).toBe("errors:internal.recipient-required");
    const both = await validator.validate({ ...base, recipientPhone: "+447700900003", recipientCompanyNumber: "09876543" });
    expect(both.error?.fieldErrors.recipientPhone).toBe("errors:internal.recipient-required");
  });
});

describe("recipient in the query string", () => {
  it("reads ?phone= first, then ?companyNumber=", () => {
    expect(recipientQuery(new URLSearchParams("phone=%2B44 7700 900003&companyNumber=09876543"))).toEqual({
      by: "phone",
      raw: "+44 7700 900003",
      value: "+447700900003",
      valid: true,
    });
    expect(recipientQuery(new URLSearchParams("companyNumber=sc 123456"))).toEqual({
      by: "companyNumber",
      raw: "sc 123456",
      value: "SC123456",
      valid: true,
    });
    expect(recipientQuery(new URLSearchParams("companyNumber=123"))?.valid).toBe(false);
    expect(recipientQuery(new URLSearchParams(""))).toBeNull();
  });
});
