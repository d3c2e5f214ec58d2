/**
 * What the pound and USD pages offer (spec 000 §2 transfer chooser: Pound = a GBP balance and
 * Faster Payment or BACS with GBP; USD = Fedwire with a currency the customer holds): the
 * balances of one currency to pay from and the provider payment types GET /v1/settings/payments
 * offers in that currency. Shared by /payments/gbp, /payments/gbp/form, /payments/usd and
 * /payments/usd/form.
 */
import type { CurrencyCode, PaymentsSettings, ProviderPaymentTypeCode } from "../../../../server/api/v1/contract";
import type { Api } from "~/lib/api.server";
import { listAccounts } from "~/lib/app-context.server";
import { balanceSources, parseSource, type BalanceSource } from "~/lib/balance-sources";

export interface RailOptions<T extends ProviderPaymentTypeCode> {
  /** The organization's balances in `currency` ("Pay from" choices). */
  sources: BalanceSource[];
  /** Of `types`, those offered with `currency`, in the order of `types`. */
  schemes: T[];
}

/**
 * @param types the rail's provider payment types, in display order
 * @returns sources and schemes (either may be empty: the page says why it cannot pay)
 */
export async function railOptions<T extends ProviderPaymentTypeCode>(
  api: Api,
  organizationId: string,
  currency: CurrencyCode,
  types: readonly T[],
): Promise<RailOptions<T>> {
  const [accounts, settings] = await Promise.all([
    listAccounts(api, organizationId),
    api.get<PaymentsSettings>("/settings/payments"),
  ]);
  const offered = settings.paymentTypes ?? [];
  return {
    sources: balanceSources(accounts, currency),
    schemes: types.filter((type) => offered.some((o) => o.type === type && o.currencies.includes(currency))),
  };
}

/**
 * Choices passed in the query by the chooser page (`?source=<accountId:CUR>&scheme=<type>`), kept
 * only when they are among the offered ones (anything else: no pre-selection).
 */
export function queryChoices<T extends ProviderPaymentTypeCode>(
  url: URL,
  { sources, schemes }: RailOptions<T>,
): { source?: string; paymentType?: T } {
  const source = url.searchParams.get("source") ?? "";
  const scheme = url.searchParams.get("scheme") ?? "";
  const out: { source?: string; paymentType?: T } = {};
  if (parseSource(source) && sources.some((s) => s.value === source)) out.source = source;
  const hit = schemes.find((s) => s === scheme);
  if (hit) out.paymentType = hit;
  return out;
}

/**
 * The balances of the currencies GET /v1/settings/payments offers with provider type `type`
 * (first step of the international and crypto-asset payments), and those currencies.
 */
export async function railBalances(api: Api, organizationId: string, type: ProviderPaymentTypeCode) {
  const [accounts, settings] = await Promise.all([
    listAccounts(api, organizationId),
    api.get<PaymentsSettings>("/settings/payments"),
  ]);
  const currencies = (settings.paymentTypes ?? []).filter((p) => p.type === type).flatMap((p) => p.currencies);
  return { sources: balanceSources(accounts).filter((s) => currencies.includes(s.currencyId)), currencies };
}
