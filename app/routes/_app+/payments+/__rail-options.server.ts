/**
 * What the pound and USD pages offer (spec 000 §2 transfer chooser: Pound = a GBP balance and
 * Faster Payment or BACS with GBP; USD = Fedwire with a currency the customer holds): the
 * balances of one currency to pay from and the provider payment types GET /v1/settings/payments
 * offers in that currency. Shared by /payments/gbp, /payments/gbp/form, /payments/usd and
 * /payments/usd/form.
 *
 * Both calls are read only for the pages' choices (spec 000 §7 "a failed list passes the server
 * message on as its error"; docs/decisions.md "Failed lists"): a refused accounts list is the
 * "Pay from" choices' error (`sourcesError`), refused payments settings the scheme choices'
 * (`schemesError`; for `railBalances`, whose balances depend on the currencies the settings
 * name, the "Pay from" choices' too), never "you have no balance". Other errors are thrown on.
 */
import type { CurrencyCode, PaymentsSettings, ProviderPaymentTypeCode } from "../../../../server/api/v1/contract";
import type { Api } from "~/lib/api.server";
import { listAccounts } from "~/lib/app-context.server";
import { balanceSources, parseSource, type BalanceSource } from "~/lib/balance-sources";
import { settleList } from "~/lib/list-errors.server";

export interface RailOptions<T extends ProviderPaymentTypeCode> {
  /** The organization's balances in `currency` ("Pay from" choices). */
  sources: BalanceSource[];
  /** The refused accounts list's text (lib/list-errors.server), or null; `sources` is empty then. */
  sourcesError: string | null;
  /** Of `types`, those offered with `currency`, in the order of `types`. */
  schemes: T[];
  /** The refused payments settings' text, or null; `schemes` is empty then. */
  schemesError: string | null;
}

/**
 * @param request the page's request (its language words a refusal)
 * @param types the rail's provider payment types, in display order
 * @returns sources and schemes (either may be empty: the page says why it cannot pay), and
 *   the text of each list the API refused
 */
export async function railOptions<T extends ProviderPaymentTypeCode>(
  request: Request,
  api: Api,
  organizationId: string,
  currency: CurrencyCode,
  types: readonly T[],
): Promise<RailOptions<T>> {
  const [accounts, settings] = await Promise.all([
    settleList(request, listAccounts(api, organizationId)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
  ]);
  const offered = settings.data?.paymentTypes ?? [];
  return {
    sources: balanceSources(accounts.data ?? [], currency),
    sourcesError: accounts.error,
    schemes: types.filter((type) => offered.some((o) => o.type === type && o.currencies.includes(currency))),
    schemesError: settings.error,
  };
}

/**
 * Choices passed in the query by the chooser page (`?source=<accountId:CUR>&scheme=<type>`), kept
 * only when they are among the offered ones (anything else: no pre-selection).
 */
export function queryChoices<T extends ProviderPaymentTypeCode>(
  url: URL,
  { sources, schemes }: Pick<RailOptions<T>, "sources" | "schemes">,
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
 * @returns also `sourcesError`: the text of the accounts list or the settings the API refused
 *   (the accounts' first), or null; without either the balances are unknown (`sources` empty)
 */
export async function railBalances(request: Request, api: Api, organizationId: string, type: ProviderPaymentTypeCode) {
  const [accounts, settings] = await Promise.all([
    settleList(request, listAccounts(api, organizationId)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
  ]);
  const currencies = (settings.data?.paymentTypes ?? []).filter((p) => p.type === type).flatMap((p) => p.currencies);
  const sourcesError = accounts.error ?? settings.error;
  return {
    sources: sourcesError ? [] : balanceSources(accounts.data ?? []).filter((s) => currencies.includes(s.currencyId)),
    sourcesError,
    currencies,
  };
}
