/**
 * EURO: SEPA credit transfer (SEPA_SCT), SEPA Instant (SEPA_SCT_INST, speed INSTANT) and TARGET2
 * (TARGET_2), all EUR only (spec 000 §2 Euro option, §3 Beneficiary iban/bic). Payee: name,
 * IBAN of a SEPA country (ISO 13616 mod-97, ibantools) and BIC (ISO 9362). Settles through
 * SEPA_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { validateBic, validateSepaIban } from "../../../rules/iban.js";
import { formatIban } from "../../../rules/iban-format.js";
import { fromBody, optionalText, providerType, required, valid } from "./shared.js";
import type { Rail } from "./types.js";

const TYPES = ["SEPA_SCT", "SEPA_SCT_INST", "TARGET_2"] as const;

export const sepaRail: Rail<"EURO"> = {
  kind: "EURO",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["LOCAL"],
  purposeRequired: false,
  clearing: "SEPA_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    beneficiaryName: optionalText(140),
    iban: optionalText(42),
    bic: optionalText(11),
  },
  async resolve(ctx, body) {
    if (ctx.currencyId !== "EUR") throw fieldError("currencyId", "isEur", "currencyId must be EUR for a euro payment");
    const beneficiaryName = required("beneficiaryName", fromBody(body, ctx.beneficiary, "beneficiaryName", "name"));
    const { iban } = valid("iban", validateSepaIban(fromBody(body, ctx.beneficiary, "iban")), {
      required: "iban should not be empty",
      invalid: "iban must be a valid IBAN",
      "not-sepa": "iban must be the IBAN of a SEPA country",
    });
    const { bic } = valid("bic", validateBic(fromBody(body, ctx.beneficiary, "bic")), {
      required: "bic should not be empty",
      invalid: "bic must be a valid BIC",
    });
    const paymentType = await providerType(ctx.tx, TYPES, body.paymentType as (typeof TYPES)[number] | undefined, "EUR");
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("SEPA_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: iban,
      beneficiaryBic: bic,
      details: { speed: paymentType === "SEPA_SCT_INST" ? "INSTANT" : "REGULAR" },
    };
  },
  describe: (p) => ({ form: "IBAN", values: { iban: formatIban(p.beneficiaryAccount ?? ""), bic: p.beneficiaryBic ?? "" } }),
};
