import { describe, expect, it } from "vitest";
import { cashOverValidator } from "./__cash-over.schema";

const valid = {
  source: "acc-1:GBP",
  pspPartnerId: "northgate-cash-london",
  beneficiaryName: " Mary Collector ",
  collectorContact: "+44 (7700) 900-123",
  purpose: "",
  categoryId: "",
  amount: "250,00",
  reference: "CASH-1",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("cash over the counter schema (browser + action)", () => {
  it("normalises a valid payment: collector phone in E.164, empty optional fields dropped", async () => {
    const r = await cashOverValidator(true).validate(valid);
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({
      ...valid,
      beneficiaryName: "Mary Collector",
      collectorContact: "+447700900123",
      purpose: undefined,
      categoryId: undefined,
      amount: "250.00",
    });
  });

  it.each([
    ["07700900123", "errors:cash-over.collector-phone-invalid"],
    ["+44 77", "errors:cash-over.collector-phone-invalid"],
    ["+0447700900123", "errors:cash-over.collector-phone-invalid"],
    ["+44770090012345678", "errors:cash-over.collector-phone-invalid"],
    ["call me", "errors:cash-over.collector-phone-invalid"],
    ["  ", "errors:cash-over.collector-phone-required"],
  ])("refuses the collector phone %j", async (collectorContact, message) => {
    const r = await cashOverValidator(true).validate({ ...valid, collectorContact });
    expect(r.error?.fieldErrors.collectorContact).toBe(message);
  });

  it("requires the partner when the customer chooses it, not when the bank does", async () => {
    const chosen = await cashOverValidator(true).validate({ ...valid, pspPartnerId: "" });
    expect(chosen.error?.fieldErrors.pspPartnerId).toBe("errors:cash-over.partner-required");
    const bank = await cashOverValidator(false).validate({ ...valid, pspPartnerId: "" });
    expect(bank.error).toBeUndefined();
    expect(bank.data?.pspPartnerId).toBeUndefined();
  });

  it("names each missing field with an i18n key", async () => {
    const r = await cashOverValidator(true).validate({ idempotencyKey: valid.idempotencyKey });
    expect(r.error?.fieldErrors).toEqual({
      source: "errors:account-required",
      pspPartnerId: "errors:cash-over.partner-required",
      beneficiaryName: "errors:cash-over.collector-name-required",
      collectorContact: "errors:cash-over.collector-phone-required",
      amount: "errors:amount.required",
    });
  });

  it("limits the purpose to 140 characters", async () => {
    const r = await cashOverValidator(false).validate({ ...valid, purpose: "x".repeat(141) });
    expect(r.error?.fieldErrors.purpose).toBe("errors:purpose-too-long");
  });
});
