import { describe, expect, it } from "vitest";
import { accountLabel } from "./beneficiaries";

const none = {
  iban: null,
  bankAccountNumber: null,
  sortCode: null,
  aba: null,
  walletAddress: null,
  phone: null,
  collectorContact: null,
};

describe("accountLabel (the /beneficiaries list)", () => {
  it("prints an IBAN in groups of four", () => {
    expect(accountLabel({ ...none, iban: "DE89370400440532013000" })).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("a UK account number follows its sort code in pairs; a US one its ABA routing number", () => {
    expect(accountLabel({ ...none, sortCode: "200000", bankAccountNumber: "55779911" })).toBe("20-00-00 55779911");
    expect(accountLabel({ ...none, aba: "026009593", bankAccountNumber: "123456789" })).toBe("026009593 123456789");
  });

  it("else the account number, wallet, phone or collector, as stored", () => {
    expect(accountLabel({ ...none, bankAccountNumber: "55779911" })).toBe("55779911");
    expect(accountLabel({ ...none, phone: "+447700900001" })).toBe("+447700900001");
    expect(accountLabel(none)).toBe("");
  });
});
