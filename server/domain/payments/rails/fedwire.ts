/**
 * USD: Fedwire Funds Service (FEDWIRE), in USD (spec 000 §2 USD option). Payee: name, ABA
 * routing number (9 digits, checksum 3-7-1), account number (4–17 digits) and address (street,
 * city, optional post code, country: Fedwire's beneficiary {4200} tag carries name and address).
 * Purpose required (Fedwire {6000} originator-to-beneficiary information; the bank's AML rules).
 * Settles through FEDWIRE_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { validateAbaRoutingNumber, validateUsAccountNumber } from "../../../rules/aba.js";
import { isCountryCode } from "../../../rules/country.js";
import { fromBody, optionalText, providerType, required } from "./shared.js";
import { valid } from "./shared.js";
import type { Rail } from "./types.js";

const TYPES = ["FEDWIRE"] as const;

/** Country code: upper-cased ISO 3166-1 alpha-2, or a field error. */
export function countryField(field: string, value: string | undefined): string {
  const code = required(field, value).toUpperCase();
  if (!isCountryCode(code)) throw fieldError(field, "isCountry", `${field} must be an ISO 3166-1 alpha-2 country code`);
  return code;
}

export const fedwireRail: Rail<"USD"> = {
  kind: "USD",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["LOCAL"],
  purposeRequired: true,
  clearing: "FEDWIRE_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    beneficiaryName: optionalText(140),
    aba: optionalText(12),
    accountNumber: optionalText(20),
    address: optionalText(140),
    city: optionalText(70),
    postCode: optionalText(16),
    countryId: optionalText(2),
  },
  async resolve(ctx, body) {
    if (ctx.currencyId !== "USD") throw fieldError("currencyId", "isUsd", "currencyId must be USD for a Fedwire payment");
    const b = ctx.beneficiary;
    const beneficiaryName = required("beneficiaryName", fromBody(body, b, "beneficiaryName", "name"));
    const { routingNumber } = valid("aba", validateAbaRoutingNumber(fromBody(body, b, "aba")), {
      required: "aba should not be empty",
      format: "aba must be 9 digits",
      prefix: "aba is not a Federal Reserve routing number",
      checksum: "aba check digit is wrong: please check the routing number",
    });
    const { accountNumber } = valid(
      "accountNumber",
      validateUsAccountNumber(fromBody(body, b, "accountNumber", "bankAccountNumber")),
      {
        required: "accountNumber should not be empty",
        format: "accountNumber must be 4 to 17 digits",
      },
    );
    const address = required("address", fromBody(body, b, "address"));
    const city = required("city", fromBody(body, b, "city"));
    const postCode = fromBody(body, b, "postCode") ?? null;
    const countryId = countryField("countryId", fromBody(body, b, "countryId") ?? "US");
    const paymentType = await providerType(ctx.tx, TYPES, undefined, "USD");
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("FEDWIRE_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: accountNumber,
      beneficiaryBic: null,
      details: { aba: routingNumber, accountNumber, address, city, postCode, countryId },
    };
  },
  describe: (p) => ({ form: "ABA", values: { aba: String(p.details.aba ?? ""), account: p.beneficiaryAccount ?? "" } }),
};
