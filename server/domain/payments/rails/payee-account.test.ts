import { describe, expect, it } from "vitest";
import { payeeAccountInEnglish } from "./payee-account.js";
import en from "../../../../public/locales/en/payments.json";

describe("payeeAccountInEnglish", () => {
  const cases = [
    [{ form: "SORT_CODE", values: { sortCode: "04-00-04", account: "12345678" } }, "Sort code 04-00-04, account 12345678"],
    [
      { form: "IBAN", values: { iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" } },
      "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX",
    ],
    [{ form: "ACCOUNT_BIC", values: { account: "000123456789", bic: "CHASUS33" } }, "Account 000123456789, BIC CHASUS33"],
    [{ form: "ABA", values: { aba: "026009593", account: "000123456789" } }, "ABA 026009593, account 000123456789"],
    [{ form: "ACCOUNT", values: { account: "10000002" } }, "Account 10000002"],
    [{ form: "PHONE", values: { phone: "+447700900002" } }, "Phone +447700900002"],
    [{ form: "COMPANY_NUMBER", values: { companyNumber: "12345678" } }, "Company number 12345678"],
    [{ form: "WALLET", values: { wallet: "EPjF", network: "SOLANA", provider: "Kraken" } }, "Wallet EPjF (SOLANA) at Kraken"],
    [
      { form: "CASH", values: { partner: "Western Union", phone: "+393471234567" } },
      "Cash at Western Union, collector phone +393471234567",
    ],
  ] as const;

  it("words every form as the API always did", () => {
    for (const [account, text] of cases)
      expect(payeeAccountInEnglish({ form: account.form, values: { ...account.values } })).toBe(text);
  });

  it("says the same as the web app's English wording (public/locales/en/payments.json payee-account)", () => {
    for (const [account] of cases) {
      const template = (en as { "payee-account": Record<string, string> })["payee-account"][account.form];
      const web = template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => (account.values as Record<string, string>)[k] ?? "");
      expect(payeeAccountInEnglish({ form: account.form, values: { ...account.values } })).toBe(web);
    }
  });

  it("reads a missing part as empty", () => {
    expect(payeeAccountInEnglish({ form: "IBAN", values: { iban: "DE89" } })).toBe("IBAN DE89, BIC ");
  });
});
