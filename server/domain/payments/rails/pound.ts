/**
 * GBP: UK Faster Payments (FASTER_PAYMENT) or BACS, as GET /v1/settings/payments offers them
 * (spec 000 §2 Pound option), GBP only. Payee: name, sort code (6 digits, shown 12-34-56) and
 * account number (8 digits): format only, no Vocalink modulus check (docs/decisions.md).
 * Both schemes settle through FPS_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { formatSortCode, validateSortCode, validateUkAccountNumber } from "../../../rules/sort-code.js";
import { fromBody, optionalText, providerType, required, valid } from "./shared.js";
import type { Rail } from "./types.js";

const TYPES = ["FASTER_PAYMENT", "BACS"] as const;

export const poundRail: Rail<"GBP"> = {
  kind: "GBP",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["LOCAL"],
  purposeRequired: false,
  clearing: "FPS_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    beneficiaryName: optionalText(140),
    sortCode: optionalText(12),
    accountNumber: optionalText(20),
  },
  async resolve(ctx, body) {
    if (ctx.currencyId !== "GBP") throw fieldError("currencyId", "isGbp", "currencyId must be GBP for a pound payment");
    const beneficiaryName = required("beneficiaryName", fromBody(body, ctx.beneficiary, "beneficiaryName", "name"));
    const { sortCode } = valid("sortCode", validateSortCode(fromBody(body, ctx.beneficiary, "sortCode")), {
      required: "sortCode should not be empty",
      format: "sortCode must be 6 digits, e.g. 12-34-56",
    });
    const { accountNumber } = valid(
      "accountNumber",
      validateUkAccountNumber(fromBody(body, ctx.beneficiary, "accountNumber", "bankAccountNumber")),
      { required: "accountNumber should not be empty", format: "accountNumber must be 8 digits" },
    );
    const paymentType = await providerType(ctx.tx, TYPES, body.paymentType as (typeof TYPES)[number] | undefined, "GBP");
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("FPS_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: accountNumber,
      beneficiaryBic: null,
      details: { sortCode, accountNumber },
    };
  },
  describe: (p) => ({
    form: "SORT_CODE",
    values: { sortCode: formatSortCode(String(p.details.sortCode ?? "")), account: p.beneficiaryAccount ?? "" },
  }),
};
