/**
 * Reference data the payment forms offer (spec 000 §7 "GET /v1/payment-categories",
 * "GET /v1/casps", "GET /v1/psp-partners?currencyId=", "GET /v1/settings/psp-partners"; §2
 * Crypto-asset and Cash over the counter options): payment categories, crypto-asset service
 * providers (CASPs) with the network each asset travels on, and the PSP partners paying cash
 * over the counter. Bank-wide: every authenticated caller sees the same lists.
 *
 * The payment rails look rows up here (`getCasp`, `getPspPartner`, `listPspPartners`,
 * `pspPartnersEnabled`); the networks come from server/rules/wallet.ts (`ASSET_NETWORK`), the one
 * map the web form and the address validation also read.
 */
import { asc, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { casps, paymentCategories, pspPartners } from "../../db/schema/index.js";
import type {
  Casp,
  CurrencyCode,
  PaymentCategory,
  PspPartner,
  PspPartnersSettings,
  WalletNetwork,
} from "../../api/v1/contract.js";
import { ASSET_NETWORK, type CryptoAsset } from "../../rules/wallet.js";
import { getBooleanSetting } from "../settings/index.js";

type Db = Database | Tx;

/** A `casps` row: `assets` maps an asset ticker to its network, e.g. { USDT: "ETHEREUM", SOL: "SOLANA" }. */
export type CaspRow = typeof casps.$inferSelect;
/** A `psp_partners` row. */
export type PspPartnerRow = typeof pspPartners.$inferSelect;

/** Settings key: whether the customer picks the PSP partner for cash over the counter (default true). */
export const SETTING_PSP_PARTNERS_ENABLED = "PSP-PARTNERS-ENABLED";

/** Order of assets in a CASP's list: the order of `ASSET_NETWORK` (USDT, USDC, EURC, SOL), unknown tickers last. */
const ASSET_ORDER: readonly string[] = Object.keys(ASSET_NETWORK);

/**
 * Payment categories, offered on every payment form (GET /v1/payment-categories).
 * @returns `PaymentCategory[]` ({ id, name }) by `position`, then id
 */
export async function listPaymentCategories(db: Db): Promise<PaymentCategory[]> {
  return db
    .select({ id: paymentCategories.id, name: paymentCategories.name })
    .from(paymentCategories)
    .orderBy(asc(paymentCategories.position), asc(paymentCategories.id));
}

/**
 * The bank's crypto-asset service providers (GET /v1/casps).
 * @returns `Casp[]` by name then id; each CASP's `assets` as `{ currencyId, network }` in the
 *   order USDT, USDC, EURC, SOL (then any other ticker alphabetically)
 */
export async function listCasps(db: Db): Promise<Casp[]> {
  const rows = await db.select().from(casps).orderBy(asc(casps.name), asc(casps.id));
  return rows.map(toCasp);
}

/**
 * One CASP by id, as stored (the crypto-asset rail reads `assets[currencyId]` for the network).
 * @param id the CASP id (text, e.g. "kraken-eu"); any string, an unknown one answers null
 * @returns the `casps` row, or null
 */
export async function getCasp(db: Db, id: string): Promise<CaspRow | null> {
  const [row] = await db.select().from(casps).where(eq(casps.id, id)).limit(1);
  return row ?? null;
}

/**
 * PSP partners paying cash over the counter (GET /v1/psp-partners?currencyId=); the cash rail
 * takes the first of a currency when the customer does not choose (`pspPartnersEnabled` false).
 * @param currencyId only partners paying out this currency (ISO 4217 code); undefined = all.
 *   An unknown currency answers [].
 * @returns `PspPartner[]` ({ id, name, currencyId, address }) by currency, then name, then id
 */
export async function listPspPartners(db: Db, currencyId?: string): Promise<PspPartner[]> {
  const rows = await db
    .select()
    .from(pspPartners)
    .where(currencyId === undefined ? undefined : eq(pspPartners.currencyId, currencyId))
    .orderBy(asc(pspPartners.currencyId), asc(pspPartners.name), asc(pspPartners.id));
  return rows.map(toPspPartner);
}

/**
 * One PSP partner by id (the cash rail checks it pays out the payment currency).
 * @param id the partner id (text); any string, an unknown one answers null
 * @returns the `psp_partners` row, or null
 */
export async function getPspPartner(db: Db, id: string): Promise<PspPartnerRow | null> {
  const [row] = await db.select().from(pspPartners).where(eq(pspPartners.id, id)).limit(1);
  return row ?? null;
}

/**
 * Whether the customer picks the PSP partner for cash over the counter: settings key
 * `PSP-PARTNERS-ENABLED` (boolean; default true when missing or not a boolean). When false the
 * bank assigns the partner.
 */
export async function pspPartnersEnabled(db: Db): Promise<boolean> {
  return getBooleanSetting(db, SETTING_PSP_PARTNERS_ENABLED, true);
}

/** GET /v1/settings/psp-partners answer (contract PspPartnersSettings): `{ enabled }`, see `pspPartnersEnabled`. */
export async function getPspPartnersSettings(db: Db): Promise<PspPartnersSettings> {
  return { enabled: await pspPartnersEnabled(db) };
}

/**
 * The `casps.assets` value for a CASP taking `assets`, each on its network from
 * server/rules/wallet.ts `ASSET_NETWORK` (for the seed and any tooling that adds a CASP).
 * @param assets asset tickers (USDT, USDC, EURC, SOL)
 * @returns ticker → network, e.g. { USDT: "ETHEREUM", SOL: "SOLANA" }
 */
export function caspAssets(assets: readonly CryptoAsset[]): Record<string, WalletNetwork> {
  return Object.fromEntries(assets.map((a) => [a, ASSET_NETWORK[a]]));
}

function toCasp(row: CaspRow): Casp {
  const rank = (t: string) => (ASSET_ORDER.includes(t) ? ASSET_ORDER.indexOf(t) : ASSET_ORDER.length);
  const assets = Object.entries(row.assets)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([currencyId, network]) => ({ currencyId: currencyId as CurrencyCode, network: network as WalletNetwork }));
  return { id: row.id, name: row.name, assets };
}

function toPspPartner(row: PspPartnerRow): PspPartner {
  return { id: row.id, name: row.name, currencyId: row.currencyId as CurrencyCode, address: row.address };
}
