/**
 * "Pay from" choices of a payment form: one per (account, currency) balance, encoded as
 * `accountId:currencyId` in a single select so an impossible pair cannot be submitted.
 */
import type { Account, CurrencyCode } from "../../server/api/v1/contract";
import { formatMoney } from "./money";

export interface BalanceSource {
  /** `accountId:currencyId` */
  value: string;
  accountId: string;
  currencyId: CurrencyCode;
  /** e.g. "Main account — 1,250.00 GBP" */
  label: string;
}

/** All balances of the accounts as select options (optionally one currency only). */
export function balanceSources(accounts: readonly Account[], currency?: CurrencyCode): BalanceSource[] {
  return accounts.flatMap((a) =>
    a.balances
      .filter((b) => !currency || b.currencyId === currency)
      .map((b) => ({
        value: `${a.id}:${b.currencyId}`,
        accountId: a.id,
        currencyId: b.currencyId,
        label: `${a.name || a.number} — ${formatMoney(b.amount, b.currencyId, b.currency?.scale ?? 2)}`,
      })),
  );
}

/** Split `accountId:currencyId`; null when malformed. */
export function parseSource(value: string): { accountId: string; currencyId: CurrencyCode } | null {
  const i = value.lastIndexOf(":");
  if (i <= 0 || i === value.length - 1) return null;
  return { accountId: value.slice(0, i), currencyId: value.slice(i + 1) as CurrencyCode };
}
