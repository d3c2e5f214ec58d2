/**
 * INTERNATIONAL: SWIFT (MT103 / ISO 20022 pacs.008) in any currency the settings offer with
 * SWIFT (spec 000 §2 International option; §3 Beneficiary fields). Payee: name, type, BIC of
 * the beneficiary's bank (ISO 9362), IBAN when the bank's country uses IBANs (ISO 13616) or an
 * account number elsewhere, address, city, post code, country; bank name, address and country;
 * optional intermediary bank (name, BIC, address, country, correspondent account). Purpose
 * required (AML: cross-border transfers carry the reason). Settles through SWIFT_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { formatIban } from "../../../rules/iban-format.js";
import { isIbanCountry, validateBic, validateForeignAccountNumber, validateIban } from "../../../rules/iban.js";
import { countryField } from "./fedwire.js";
import { fromBody, optionalFlag, optionalText, providerType, required, valid } from "./shared.js";
import type { PayeeAccount } from "../../../api/v1/contract.js";
import type { Rail } from "./types.js";

const TYPES = ["SWIFT"] as const;
const BIC_MESSAGES = { required: "should not be empty", invalid: "must be a valid BIC" };

export const swiftRail: Rail<"INTERNATIONAL"> = {
  kind: "INTERNATIONAL",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["INTERNATIONAL"],
  purposeRequired: true,
  clearing: "SWIFT_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    beneficiaryName: optionalText(140),
    beneficiaryType: z.enum(["INDIVIDUAL", "COMPANY"]).optional(),
    bic: optionalText(11),
    iban: optionalText(42),
    accountNumber: optionalText(40),
    address: optionalText(140),
    city: optionalText(70),
    postCode: optionalText(16),
    countryId: optionalText(2),
    bankName: optionalText(140),
    bankAddress: optionalText(140),
    bankCountry: optionalText(2),
    useIntermediaryBank: optionalFlag,
    intermediaryBankName: optionalText(140),
    intermediaryBankBIC: optionalText(11),
    intermediaryBankAddress: optionalText(140),
    intermediaryBankCountry: optionalText(2),
    intermediaryBankCorrespondentAccount: optionalText(40),
  },
  async resolve(ctx, body) {
    const b = ctx.beneficiary;
    const beneficiaryName = required("beneficiaryName", fromBody(body, b, "beneficiaryName", "name"));
    const beneficiaryType = (body.beneficiaryType as string | undefined) ?? b?.beneficiaryType ?? "INDIVIDUAL";
    const { bic } = valid("bic", validateBic(fromBody(body, b, "bic")), {
      required: `bic ${BIC_MESSAGES.required}`,
      invalid: `bic ${BIC_MESSAGES.invalid}`,
    });
    const bankCountry = countryField("bankCountry", fromBody(body, b, "bankCountry") ?? bic.slice(4, 6));
    if (bic.slice(4, 6) !== bankCountry)
      throw fieldError("bankCountry", "matchesBic", "bankCountry must be the country of the BIC (its 5th and 6th letters)");
    let account: string;
    if (isIbanCountry(bankCountry)) {
      const { iban } = valid("iban", validateIban(fromBody(body, b, "iban")), {
        required: `iban should not be empty: ${bankCountry} banks use IBANs`,
        invalid: "iban must be a valid IBAN",
      });
      if (iban.slice(0, 2) !== bankCountry) throw fieldError("iban", "matchesBank", "iban must be of the bank's country");
      account = iban;
    } else {
      account = valid("accountNumber", validateForeignAccountNumber(fromBody(body, b, "accountNumber", "bankAccountNumber")), {
        required: "accountNumber should not be empty",
        format: "accountNumber must be up to 34 letters or digits",
      }).accountNumber;
    }
    const address = required("address", fromBody(body, b, "address"));
    const city = required("city", fromBody(body, b, "city"));
    const postCode = fromBody(body, b, "postCode") ?? null;
    const countryId = countryField("countryId", fromBody(body, b, "countryId"));
    const bankName = required("bankName", fromBody(body, b, "bankName"));
    const bankAddress = fromBody(body, b, "bankAddress") ?? null;
    const useIntermediaryBank = (body.useIntermediaryBank as boolean | undefined) ?? b?.useIntermediaryBank ?? false;
    const intermediary: Record<string, string | null> = {};
    if (useIntermediaryBank) {
      intermediary.intermediaryBankName = required("intermediaryBankName", fromBody(body, b, "intermediaryBankName"));
      const intermediaryBic = valid("intermediaryBankBIC", validateBic(fromBody(body, b, "intermediaryBankBIC")), {
        required: `intermediaryBankBIC ${BIC_MESSAGES.required}`,
        invalid: `intermediaryBankBIC ${BIC_MESSAGES.invalid}`,
      }).bic;
      intermediary.intermediaryBankBIC = intermediaryBic;
      intermediary.intermediaryBankAddress = fromBody(body, b, "intermediaryBankAddress") ?? null;
      intermediary.intermediaryBankCountry = countryField(
        "intermediaryBankCountry",
        fromBody(body, b, "intermediaryBankCountry") ?? intermediaryBic.slice(4, 6),
      );
      intermediary.intermediaryBankCorrespondentAccount = fromBody(body, b, "intermediaryBankCorrespondentAccount") ?? null;
    }
    const paymentType = await providerType(ctx.tx, TYPES, undefined, ctx.currencyId);
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("SWIFT_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: account,
      beneficiaryBic: bic,
      details: {
        beneficiaryType,
        address,
        city,
        postCode,
        countryId,
        bankName,
        bankAddress,
        bankCountry,
        useIntermediaryBank,
        ...intermediary,
      },
    };
  },
  describe: (p): PayeeAccount => {
    const account = p.beneficiaryAccount ?? "";
    const bic = p.beneficiaryBic ?? "";
    return /^[A-Z]{2}\d{2}/.test(account) && isIbanCountry(account.slice(0, 2))
      ? { form: "IBAN", values: { iban: formatIban(account), bic } }
      : { form: "ACCOUNT_BIC", values: { account, bic } };
  },
};
