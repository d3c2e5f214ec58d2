/**
 * CASH_OVER_COUNTER: cash paid out over the counter by a PSP partner to a collector (spec 000
 * §2 Cash over the counter option; §3 Beneficiary collectorContact). The customer picks the
 * partner from GET /v1/psp-partners?currencyId= when GET /v1/settings/psp-partners says the
 * choice is offered; otherwise the bank assigns the first partner paying out that currency.
 * Collector: full name and phone (E.164), the partner checks identity at the counter.
 * Settles through CASH_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { getPspPartner, listPspPartners, pspPartnersEnabled } from "../../reference/index.js";
import { fromBody, optionalText, providerType, required } from "./shared.js";
import type { Rail } from "./types.js";

const TYPES = ["CASH_OVER_COUNTER"] as const;
const E164 = /^\+[1-9]\d{7,14}$/;

export const cashOverCounterRail: Rail<"CASH_OVER_COUNTER"> = {
  kind: "CASH_OVER_COUNTER",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["CASH_OVER_COUNTER"],
  purposeRequired: false,
  clearing: "CASH_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    pspPartnerId: optionalText(64),
    beneficiaryName: optionalText(140),
    collectorContact: optionalText(20),
  },
  async resolve(ctx, body) {
    const b = ctx.beneficiary;
    const beneficiaryName = required("beneficiaryName", fromBody(body, b, "beneficiaryName", "name"));
    const phone = required("collectorContact", fromBody(body, b, "collectorContact")).replace(/[\s()-]/g, "");
    if (!E164.test(phone))
      throw fieldError(
        "collectorContact",
        "isPhone",
        "collectorContact must be a phone number in international format, e.g. +447700900123",
      );
    const requested = body.pspPartnerId as string | undefined;
    let partner;
    if (await pspPartnersEnabled(ctx.tx)) {
      partner = await getPspPartner(ctx.tx, required("pspPartnerId", requested));
      if (!partner || partner.currencyId !== ctx.currencyId)
        throw fieldError("pspPartnerId", "isPartner", `pspPartnerId must be a partner paying out ${ctx.currencyId}`);
    } else {
      [partner] = await listPspPartners(ctx.tx, ctx.currencyId);
      if (!partner) throw fieldError("currencyId", "isServed", `Cash over the counter is not available in ${ctx.currencyId}`);
    }
    const paymentType = await providerType(ctx.tx, TYPES, undefined, ctx.currencyId);
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("CASH_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: phone,
      beneficiaryBic: null,
      details: { pspPartnerId: partner.id, pspPartnerName: partner.name, collectorContact: phone },
    };
  },
  describe: (p) => ({
    form: "CASH",
    values: { partner: String(p.details.pspPartnerName ?? ""), phone: p.beneficiaryAccount ?? "" },
  }),
};
