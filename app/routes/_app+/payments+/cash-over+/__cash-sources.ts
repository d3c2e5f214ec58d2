/**
 * The balances cash over the counter can be paid from (spec 000 §2 "Cash over the counter:
 * needs a matching account"): those in a currency GET /v1/settings/payments offers with the
 * CASH_OVER_COUNTER type. Shared by /payments/cash-over and /payments/cash-over/form.
 */
import type { Account, PaymentsSettings } from "../../../../../server/api/v1/contract";
import { balanceSources, type BalanceSource } from "~/lib/balance-sources";

/** The currencies GET /v1/settings/payments offers with CASH_OVER_COUNTER. */
export function cashCurrencies(settings: PaymentsSettings): Set<string> {
  return new Set((settings.paymentTypes ?? []).filter((t) => t.type === "CASH_OVER_COUNTER").flatMap((t) => t.currencies));
}

export function cashSources(accounts: readonly Account[], settings: PaymentsSettings): BalanceSource[] {
  const currencies = cashCurrencies(settings);
  return balanceSources(accounts).filter((s) => currencies.has(s.currencyId));
}
