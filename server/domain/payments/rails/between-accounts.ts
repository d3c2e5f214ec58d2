/**
 * BETWEEN_ACCOUNTS: from one account of the organization to another of the same organization,
 * same currency (spec 000 §2 "Between own accounts: only with more than one account"). A
 * cross-currency move is a currency exchange (/currency-exchange), refused here with a clear
 * message until exchange exists.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { accounts, balances } from "../../../db/schema/index.js";
import { fieldError } from "../../errors.js";
import type { Rail } from "./types.js";

export const betweenAccountsRail: Rail<"BETWEEN_ACCOUNTS"> = {
  kind: "BETWEEN_ACCOUNTS",
  paymentTypes: [],
  beneficiaryPaymentTypes: [],
  purposeRequired: false,
  clearing: null,
  fields: { toAccountId: z.string().uuid() },
  async resolve(ctx, body) {
    const toAccountId = body.toAccountId as string;
    if (toAccountId === ctx.account.id) throw fieldError("toAccountId", "isOtherAccount", "toAccountId must be another account");
    const [target] = await ctx.tx
      .select({ balanceId: balances.id, name: accounts.name, number: accounts.number, iban: accounts.iban })
      .from(accounts)
      .leftJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, ctx.currencyId)))
      .where(and(eq(accounts.id, toAccountId), eq(accounts.organizationId, ctx.organizationId), eq(accounts.system, false)))
      .limit(1);
    if (!target) throw fieldError("toAccountId", "isOwnAccount", "toAccountId must be an account of this organization");
    if (!target.balanceId)
      throw fieldError(
        "toAccountId",
        "hasBalance",
        `The destination account has no ${ctx.currencyId} balance: moving money between currencies is a currency exchange`,
      );
    return {
      paymentType: null,
      creditBalanceId: target.balanceId,
      beneficiaryName: target.name,
      beneficiaryAccount: target.iban ?? target.number,
      beneficiaryBic: null,
      details: { toAccountId },
    };
  },
  describe: (p) => ({ form: "ACCOUNT", values: { account: p.beneficiaryAccount ?? "" } }),
};
