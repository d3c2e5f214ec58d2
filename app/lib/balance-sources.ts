/**
 * "Pay from" choices of a payment form: one per (account, currency) balance, encoded as
 * `accountId:currencyId` in a single select so an impossible pair cannot be submitted. Where
 * the balance's overdraft applies (spec 000 §5), the option also names the funds available and
 * the overdraft limit.
 */
import { useTranslation } from "react-i18next";
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
  /**
   * The overdraft where it applies (the API's `Balance.overdraftEnabled`: global setting,
   * account and balance all on; spec 000 §5), else null: limit and available funds (balance +
   * limit), decimal strings in major units.
   */
  overdraft: { limit: string; available: string } | null;
}

/**
 * Wording of an option whose balance has an overdraft (the page's `common:overdraft.option`):
 * gets the balance part ("Main account — 1,250.00 GBP") and the formatted available funds and limit.
 */
export type OverdraftOptionText = (values: { balance: string; available: string; limit: string }) => string;

/**
 * The option text in the page's language: "Main account — 1.250,00 GBP" in German; with an
 * overdraft (and `overdraftText`), e.g. "Operating account — 48,250.00 GBP (available
 * 49,250.00 GBP, overdraft 1,000.00 GBP)".
 */
export function sourceLabel(
  s: Pick<BalanceSource, "name" | "amount" | "scale" | "currencyId"> & { overdraft?: BalanceSource["overdraft"] },
  lng: string,
  overdraftText?: OverdraftOptionText,
): string {
  const balance = `${s.name} — ${formatMoney(s.amount, s.currencyId, s.scale, lng)}`;
  if (!s.overdraft || !overdraftText) return balance;
  return overdraftText({
    balance,
    available: formatMoney(s.overdraft.available, s.currencyId, s.scale, lng),
    limit: formatMoney(s.overdraft.limit, s.currencyId, s.scale, lng),
  });
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
        name: a.name || a.number,
        amount: b.amount,
        scale: b.currency?.scale ?? 2,
        overdraft: b.overdraftEnabled ? { limit: b.overdraftValue, available: b.available } : null,
      })),
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

/**
 * The "Pay from" option text of a balance in the page's language (`sourceLabel`), naming the
 * available funds and the overdraft limit where the balance's overdraft applies (spec 000 §5;
 * key `common:overdraft.option`). Here rather than in a module of its own: one browser chunk.
 * @returns a function of a source → its option text
 */
export function useSourceLabel(): (source: Parameters<typeof sourceLabel>[0]) => string {
  const { t, i18n } = useTranslation("common");
  return (source) => sourceLabel(source, i18n.language, (values) => t("common:overdraft.option", values));
}
