/**
 * Bank-wide settings (table `settings`, key → JSON), their per-organization overrides (table
 * `organization_settings`), and provider payment types
 * (spec 000 §2 "transfer chooser", §6 "feature visibility depends on settings flags").
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { currencies, organizationSettings, providerPaymentTypes, settings } from "../../db/schema/index.js";
import type {
  Currency,
  CurrencyCode,
  PaymentsSettings,
  ProviderPaymentType,
  ProviderPaymentTypeCode,
  TurnstileSettings,
} from "../../api/v1/contract.js";
import { referenceData } from "../reference/cache.js";

export const SETTING_PAYMENTS_ORDERS_ENABLED = "PAYMENTS-ORDERS-ENABLED";
export const SETTING_OVERDRAFT_ENABLED = "OVERDRAFT-ENABLED";
/** FX rate requests (customer-proposed rates, spec 001 §3/§4): bank-wide, with per-organization overrides. */
export const SETTING_EXCHANGE_CUSTOM_RATE_ENABLED = "EXCHANGE-CUSTOM-RATE-ENABLED";
/**
 * Demo mode (spec 000 §1): users not yet identified may explore the web app's static sample
 * data under /demo. Bank-wide only; missing → false (the seed sets it true).
 */
export const SETTING_DEMO_MODE_ENABLED = "DEMO-MODE-ENABLED";

/** Boolean setting `key`; `fallback` when the row is missing or not a boolean. */
export async function getBooleanSetting(db: Database | Tx, key: string, fallback = false): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return typeof row?.value === "boolean" ? row.value : fallback;
}

/**
 * Boolean setting `key` for one organization: its own `organization_settings` row when that
 * holds a boolean, else the bank-wide `settings` row (as `getBooleanSetting`), else `fallback`.
 * Both rows are read in one statement (UNION ALL; each table has at most one row per key), never
 * kept: a switch staff turns counts on the next call.
 * @param organizationId the organization (no access check here: callers check membership)
 */
export async function getOrganizationBooleanSetting(
  db: Database | Tx,
  organizationId: string,
  key: string,
  fallback = false,
): Promise<boolean> {
  const rows = await db
    .select({ own: sql<boolean>`true`.as("own"), value: organizationSettings.value })
    .from(organizationSettings)
    .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, key)))
    .unionAll(
      db
        .select({ own: sql<boolean>`false`.as("own"), value: settings.value })
        .from(settings)
        .where(eq(settings.key, key)),
    );
  const own = rows.find((r) => r.own === true)?.value;
  if (typeof own === "boolean") return own;
  const bank = rows.find((r) => r.own === false)?.value;
  return typeof bank === "boolean" ? bank : fallback;
}

/**
 * Whether FX rate requests are enabled for the organization (EXCHANGE-CUSTOM-RATE-ENABLED: its
 * override, else the bank-wide value; default false). No access check: callers check membership.
 */
export function customRateEnabled(db: Database | Tx, organizationId: string): Promise<boolean> {
  return getOrganizationBooleanSetting(db, organizationId, SETTING_EXCHANGE_CUSTOM_RATE_ENABLED, false);
}

/**
 * Provider payment types grouped by type: [{ type, currencies }] sorted by type. Reference data,
 * kept per process for a minute (server/domain/reference/cache.ts): the seed writes the table,
 * nothing at run time does.
 * @returns a frozen list shared by callers (copy it to change it)
 */
export function listPaymentTypes(db: Database): Promise<readonly ProviderPaymentType[]> {
  return referenceData(db, "provider-payment-types", async () => {
    const rows = await db.select().from(providerPaymentTypes);
    const byType = new Map<string, CurrencyCode[]>();
    for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r.currencyId as CurrencyCode]);
    return [...byType]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, cs]) => ({ type: type as ProviderPaymentTypeCode, currencies: cs.sort() }));
  });
}

/**
 * GET /v1/settings/payments answer (contract PaymentsSettings). With `organizationId`,
 * PAYMENTS-ORDERS-ENABLED is that organization's (its override, else the bank-wide value;
 * the caller has checked membership); without it, the bank-wide value. Default false.
 */
export async function getPaymentsSettings(db: Database, organizationId?: string): Promise<PaymentsSettings> {
  return {
    "PAYMENTS-ORDERS-ENABLED": organizationId
      ? await getOrganizationBooleanSetting(db, organizationId, SETTING_PAYMENTS_ORDERS_ENABLED, false)
      : await getBooleanSetting(db, SETTING_PAYMENTS_ORDERS_ENABLED, false),
    paymentTypes: [...(await listPaymentTypes(db))],
  };
}

/**
 * All currencies (contract Currency), fiat first then crypto, by code. Reference data, kept per
 * process for a minute (server/domain/reference/cache.ts): the seed writes the table, nothing at
 * run time does. GET /v1/currencies, the accounts' balances and the fees' scales read it.
 * @returns a frozen list shared by callers (copy it to change it)
 */
export function listCurrencies(db: Database): Promise<readonly Currency[]> {
  return referenceData(db, "currencies", async () => {
    const rows = await db.select().from(currencies);
    return rows
      .map((r) => ({ id: r.id as CurrencyCode, name: r.name, description: r.description, scale: r.scale, crypto: r.crypto }))
      .sort((a, b) => Number(a.crypto) - Number(b.crypto) || a.id.localeCompare(b.id));
  });
}

/**
 * The bank's base currency (spec 000 §7 GET /v1/currencies/base): GBP, the currency the bank
 * itself reckons in — its default monthly account fee (server/domain/fees/service.ts), the
 * client range tiers in whole pounds (spec 001 §3), the first account of an application whose
 * scheme names none (server/domain/applications/review.ts). Not the ECB rates' EUR, which is
 * only how the reference rates are quoted (ExchangeRates.base). docs/decisions.md "Base currency".
 */
export const BASE_CURRENCY_ID = "GBP" satisfies CurrencyCode;

/**
 * GET /v1/currencies/base: the base currency (BASE_CURRENCY_ID) as the currencies list shows it.
 * @throws Error when the currencies table lacks it (reference data missing: a 500, not a 404)
 */
export async function getBaseCurrency(db: Database | Tx): Promise<Currency> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, BASE_CURRENCY_ID)).limit(1);
  if (!row) throw new Error(`Base currency ${BASE_CURRENCY_ID} is not in the currencies table`);
  return { id: row.id as CurrencyCode, name: row.name, description: row.description, scale: row.scale, crypto: row.crypto };
}

/**
 * GET /v1/settings/turnstile (spec 000 §7): the bank does not use Cloudflare Turnstile (its
 * login and recovery forms are protected by per-phone and per-IP limits and one-time codes;
 * docs/decisions.md "Turnstile"), so the answer is fixed: disabled, no site key. A client that
 * reads it shows no challenge widget.
 */
export function turnstileSettings(): TurnstileSettings {
  return { enabled: false, siteKey: null };
}

/** Scale of one currency; throws if the currency is unknown. */
export async function currencyScale(db: Database | Tx, currencyId: string): Promise<number> {
  const [row] = await db.select({ scale: currencies.scale }).from(currencies).where(eq(currencies.id, currencyId)).limit(1);
  if (!row) throw new Error(`Unknown currency ${currencyId}`);
  return row.scale;
}
