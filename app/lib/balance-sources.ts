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
  /** Account name (or number), balance (decimal string) and the currency's scale. */
  name: string;
  amount: string;
  scale: number;
  /** In English, e.g. "Main account — 1,250.00 GBP"; pages show `sourceLabel(source, lng)`. */
  label: string;
}

/** The option text in the page's language: "Main account — 1.250,00 GBP" in German. */
export function sourceLabel(s: Pick<BalanceSource, "name" | "amount" | "scale" | "currencyId">, lng: string): string {
  return `${s.name} — ${formatMoney(s.amount, s.currencyId, s.scale, lng)}`;
}

/** All balances of the accounts as select options (optionally one currency only). */
export function balanceSources(accounts: readonly Account[], currency?: CurrencyCode): BalanceSource[] {
  return accounts.flatMap((a) =>
    a.balances
      .filter((b) => !currency || b.currencyId === currency)
      .map((b) => {
        const source = {
          value: `${a.id}:${b.currencyId}`,
          accountId: a.id,
          currencyId: b.currencyId,
          name: a.name || a.number,
          amount: b.amount,
          scale: b.currency?.scale ?? 2,
        };
        return { ...source, label: sourceLabel(source, "en") };
      }),
  );
}

/** Decimals of each currency among the balances (currency code → scale), e.g. `{ GBP: 2, USDT: 6 }`. */
export function sourceScales(sources: readonly Pick<BalanceSource, "currencyId" | "scale">[]): Record<string, number> {
  return Object.fromEntries(sources.map((s) => [s.currencyId, s.scale]));
}

/** Split `accountId:currencyId`; null when malformed. */
export function parseSource(value: string): { accountId: string; currencyId: CurrencyCode } | null {
  const i = value.lastIndexOf(":");
  if (i <= 0 || i === value.length - 1) return null;
  return { accountId: value.slice(0, i), currencyId: value.slice(i + 1) as CurrencyCode };
}
