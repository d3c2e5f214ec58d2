/**
 * INTERNAL: to another customer of the bank (spec 000 §2 "Internal: always"), found by phone
 * (an individual: GET /v1/clients-organizations/check-invididual-recepient) or by company
 * number (a corporate: check-corp-recepient). Credits the recipient's first account holding the
 * payment currency, in the same ledger transaction: no clearing, no provider type.
 * Recipient lookups are rate limited like the lookup calls (counted by payments/create.ts).
 * A recipient that is the paying organization itself is refused on its field (`isNotSelf`).
 */
import { and, asc, eq } from "drizzle-orm";
import { accounts, balances } from "../../../db/schema/index.js";
import { fieldError } from "../../errors.js";
import { findCorporateRecipient, findIndividualRecipient } from "../../organizations/index.js";
import { optionalText } from "./shared.js";
import type { PayeeAccount } from "../../../api/v1/contract.js";
import type { PayeeDetails, Rail } from "./types.js";

export const internalRail: Rail<"INTERNAL"> = {
  kind: "INTERNAL",
  paymentTypes: [],
  beneficiaryPaymentTypes: ["INTERNAL"],
  purposeRequired: false,
  clearing: null,
  fields: {
    recipientPhone: optionalText(20),
    recipientCompanyNumber: optionalText(20),
  },
  async resolve(ctx, body) {
    // An approved beneficiary's saved phone is what gets paid (as fromBody rules for the other rails).
    const phone = ctx.beneficiary?.phone ?? (body.recipientPhone as string | undefined) ?? undefined;
    const companyNumber = body.recipientCompanyNumber as string | undefined;
    if (!phone && !companyNumber) throw fieldError("recipientPhone", "isNotEmpty", "recipientPhone should not be empty");
    const field = phone ? "recipientPhone" : "recipientCompanyNumber";
    const recipient = phone ? await findIndividualRecipient(ctx.tx, phone) : await findCorporateRecipient(ctx.tx, companyNumber!);
    if (!recipient)
      throw fieldError(
        field,
        "isCustomer",
        phone ? "No customer found with this phone number" : "No company found with this number",
      );
    // The recipient is the organization that pays: that is a transfer between its own accounts
    // (BETWEEN_ACCOUNTS), not a payment to another customer. A person's company paying their
    // personal account (or back) is a payment between two customers and goes (docs/decisions.md
    // "Paying oneself as another customer").
    if (recipient.organizationId === ctx.organizationId) {
      throw fieldError(field, "isNotSelf", "This is the paying organization itself: use a transfer between your accounts");
    }
    const [payee] = await ctx.tx
      .select({ balanceId: balances.id })
      .from(accounts)
      .innerJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, ctx.currencyId)))
      .where(and(eq(accounts.organizationId, recipient.organizationId), eq(accounts.system, false)))
      .orderBy(asc(accounts.createdAt), asc(accounts.number))
      .limit(1);
    if (!payee) throw fieldError(field, "hasAccount", `The recipient has no ${ctx.currencyId} account`);
    return {
      paymentType: null,
      creditBalanceId: payee.balanceId,
      beneficiaryName: recipient.displayName,
      beneficiaryAccount: phone ?? companyNumber!,
      beneficiaryBic: null,
      details: (phone ? { recipientPhone: phone } : { recipientCompanyNumber: companyNumber ?? null }) as PayeeDetails,
    };
  },
  describe: (p): PayeeAccount =>
    p.details.recipientCompanyNumber
      ? { form: "COMPANY_NUMBER", values: { companyNumber: String(p.details.recipientCompanyNumber) } }
      : { form: "PHONE", values: { phone: p.beneficiaryAccount ?? "" } },
};
