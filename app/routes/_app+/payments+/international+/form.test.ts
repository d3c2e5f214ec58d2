import { describe, expect, it } from "vitest";
import { internationalSchema, internationalValidator } from "./__international.schema";

const schema = internationalSchema({ USD: 2, EUR: 2, GBP: 2, JPY: 0 });

/** A valid SWIFT payment to a German bank (an IBAN country). */
const valid = {
  source: "acc-1:USD",
  beneficiaryType: "COMPANY",
  beneficiaryName: " Müller Logistik GmbH ",
  address: "Hauptstraße 5",
  city: "Berlin",
  postCode: "10115",
  countryId: "DE",
  bic: "cobadeffxxx",
  bankName: "Commerzbank",
  bankAddress: "",
  bankCountry: "DE",
  iban: "de89 3704 0044 0532 0130 00",
  accountNumber: "",
  intermediaryBankName: "",
  intermediaryBankBIC: "",
  intermediaryBankAddress: "",
  intermediaryBankCountry: "",
  intermediaryBankCorrespondentAccount: "",
  purpose: "Invoice 2024-117",
  categoryId: "",
  amount: "1250,5",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

function errors(input: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("international (SWIFT) payment schema (browser + action)", () => {
  it("normalises a valid payment to an IBAN country: IBAN kept, no account number, no intermediary", () => {
    const r = schema.parse(valid);
    expect(r).toMatchObject({
      beneficiaryType: "COMPANY",
      beneficiaryName: "Müller Logistik GmbH",
      bic: "COBADEFFXXX",
      bankCountry: "DE",
      iban: "DE89370400440532013000",
      accountNumber: undefined,
      bankAddress: undefined,
      useIntermediaryBank: false,
      amount: "1250.5",
      categoryId: undefined,
    });
    expect(r).not.toHaveProperty("intermediaryBankName");
  });

  it("requires the IBAN for a bank in Germany, on the IBAN field, even with an account number", () => {
    expect(errors({ ...valid, iban: "", accountNumber: "0532013000" })).toEqual({
      iban: "errors:international.iban-required",
    });
    expect(errors({ ...valid, iban: "DE89370400440532013001" })).toEqual({ iban: "errors:iban.invalid" });
    // A valid IBAN of another country is not the bank's.
    expect(errors({ ...valid, iban: "FR1420041010050500013M02606" })).toEqual({ iban: "errors:international.iban-country" });
  });

  it.each([
    ["US", "CHASUS33", "000123456789"],
    ["CN", "BKCHCNBJ", "6217 0000 1234 5678"],
  ])("takes an account number for a bank in %s (no IBAN there)", (country, bic, accountNumber) => {
    const r = schema.parse({ ...valid, bic, bankCountry: country, countryId: country, iban: "", accountNumber });
    expect(r.accountNumber).toBe(accountNumber.replace(/\s/g, ""));
    expect(r.iban).toBeUndefined();
    expect(errors({ ...valid, bic, bankCountry: country, iban: "", accountNumber: "" })).toEqual({
      accountNumber: "errors:international.account-number-required",
    });
    expect(errors({ ...valid, bic, bankCountry: country, iban: "", accountNumber: "12/34" })).toEqual({
      accountNumber: "errors:account-number.format",
    });
  });

  it("refuses a bank country that is not the BIC's (letters 5–6), on the bank country", () => {
    expect(errors({ ...valid, bankCountry: "FR", iban: "FR1420041010050500013M02606" })).toEqual({
      bankCountry: "errors:international.bank-country-bic",
    });
  });

  it("validates the intermediary bank only when it is used", () => {
    const filledWrong = { intermediaryBankName: "", intermediaryBankBIC: "nope", intermediaryBankCountry: "ZZ" };
    expect(errors({ ...valid, ...filledWrong })).toEqual({});
    expect(errors({ ...valid, ...filledWrong, useIntermediaryBank: "on" })).toEqual({
      intermediaryBankName: "errors:international.intermediary-name-required",
      intermediaryBankBIC: "errors:bic.invalid",
      intermediaryBankCountry: "errors:country.invalid",
    });
    const r = schema.parse({
      ...valid,
      useIntermediaryBank: "on",
      intermediaryBankName: " Citibank ",
      intermediaryBankBIC: "citius33",
      intermediaryBankCorrespondentAccount: "36838271",
    });
    expect(r).toMatchObject({
      useIntermediaryBank: true,
      intermediaryBankName: "Citibank",
      intermediaryBankBIC: "CITIUS33",
      intermediaryBankCountry: undefined,
      intermediaryBankCorrespondentAccount: "36838271",
    });
  });

  it("reports every missing field at once, purpose included; the two countries each by name", () => {
    expect(
      errors({
        ...valid,
        beneficiaryType: undefined,
        beneficiaryName: "",
        address: " ",
        city: "",
        countryId: "",
        bic: "",
        bankName: "",
        bankCountry: "",
        purpose: "",
        amount: "",
      }),
    ).toEqual({
      beneficiaryType: "errors:international.beneficiary-type-required",
      beneficiaryName: "errors:beneficiary-required",
      address: "errors:international.address-required",
      city: "errors:international.city-required",
      countryId: "errors:international.country-required",
      bic: "errors:bic.required",
      bankName: "errors:international.bank-name-required",
      bankCountry: "errors:international.bank-country-required",
      purpose: "errors:international.purpose-required",
      amount: "errors:amount.required",
    });
  });

  it("takes the amount at the chosen balance's currency scale", () => {
    expect(errors({ ...valid, amount: "10.123" })).toEqual({ amount: "errors:amount.too-many-decimals" });
    expect(errors({ ...valid, source: "acc-1:JPY", amount: "1500.5" })).toEqual({ amount: "errors:amount.too-many-decimals" });
    expect(schema.parse({ ...valid, source: "acc-1:JPY", amount: "1500" }).amount).toBe("1500");
    expect(internationalValidator({ USD: 2 })).toBe(internationalValidator({ USD: 2 }));
  });
});
