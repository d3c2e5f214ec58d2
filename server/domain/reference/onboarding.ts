/**
 * Reference data of the onboarding applications (spec 001 §3 "Application scheme", "Client range
 * settings", "Other reference entities"; §7 "Reference data calls"; issue 8 "Reference data (real,
 * not invented)"). Bank-wide: every authenticated caller sees the same lists.
 *
 * - Countries: ISO 3166-1 alpha-2 (server/rules/country.ts `COUNTRY_CODES`, Kosovo's XK included)
 *   named by i18n-iso-countries in English, German or Arabic.
 * - SIC codes: the UK SIC 2007 condensed list (table `sic_codes`, seeded from
 *   server/seed/data/uk-sic-2007-condensed.tsv). Only the five-digit codes are offered and
 *   accepted; the section letters A–U are stored as headings.
 * - Client activities, sources of funds, products and delivery channels: table `reference_items`
 *   (kind CLIENT_ACTIVITY, SOURCE_OF_FUNDS, PRODUCT, DELIVERY_CHANNEL; `clientType` null = every
 *   applicant type); only `active` rows, by `position`.
 * - Monthly ranges: table `client_ranges`, per applicant type and range type.
 * - Application schemes: table `application_schemes`; the default of a type is its `isDefault`
 *   row (the first by id when several are marked, any row of the type when none is).
 * - Settings (table `settings`): APPLICATIONS-DOCUMENTS (upload limits of application documents)
 *   and CLIENTS-TEXTAREA-MAX-ROWS (display only); the minimum age and the text length are fixed by
 *   the shared step rules (server/rules/applications), so the forms can never be told otherwise.
 *
 * The applications domain validates answers with `loadOptionSets` (allowed ids per option
 * source) and `existingSicCodes`, and opens applications on `getDefaultScheme`.
 */
import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getName, getNames, registerLocale } from "i18n-iso-countries/index.js";
import ar from "i18n-iso-countries/langs/ar.json";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { applicationSchemes, clientRanges, referenceItems, settings, sicCodes } from "../../db/schema/index.js";
import { MINIMUM_AGE } from "../../rules/applications/validate.js";
import type {
  ApplicationScheme,
  ApplicationsSettings,
  ApplicationType,
  ClientRange,
  ClientsSettings,
  Country,
  ReferenceItem,
  SicCode,
} from "../../api/v1/contract.js";
import { COUNTRY_CODES } from "../../rules/country.js";
import { DOCUMENT_CATEGORIES, RANGE_TYPES, type OptionSource, type RangeType } from "../../rules/applications/steps.js";
import { escapeLike } from "../beneficiaries/index.js";
import { Decimal } from "../ledger/money.js";
import { ALLOWED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from "../uploads/index.js";

type Db = Database | Tx;

/** The step catalogue's range types and document categories, for the seed (which reaches the rules through the domain). */
export { DOCUMENT_CATEGORIES, RANGE_TYPES, type RangeType };

registerLocale(en);
registerLocale(de);
registerLocale(ar);

/** The applicant types (spec 001 §3), in the order the web app lists them. */
export const APPLICATION_TYPES = ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"] as const satisfies readonly ApplicationType[];

/** Kinds of `reference_items` rows. */
export const REFERENCE_KINDS = ["CLIENT_ACTIVITY", "SOURCE_OF_FUNDS", "PRODUCT", "DELIVERY_CHANNEL"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** Languages GET /v1/countries names countries in (`?lang=`, default en). */
export const COUNTRY_LANGUAGES = ["en", "de", "ar"] as const;
export type CountryLanguage = (typeof COUNTRY_LANGUAGES)[number];

/** Settings key: `{ maxFileBytes, allowedExtensions }` of application documents (see `getApplicationsSettings`). */
export const SETTING_APPLICATIONS_DOCUMENTS = "APPLICATIONS-DOCUMENTS";
/** Settings key: rows a textarea of the application forms shows (integer 2–20, default 10: spec 001 §5 "grows up to 10 rows by default"). */
export const SETTING_CLIENTS_TEXTAREA_MAX_ROWS = "CLIENTS-TEXTAREA-MAX-ROWS";

/** Minimum age of an applicant (spec 001 §5): the one the `adult` date rule of the step rules enforces. */
export { MINIMUM_AGE };
/** Longest one-line text answer (server/rules/applications/steps.ts: text, email and url fields). */
export const TEXT_MAX_LENGTH = 200;
const DEFAULT_TEXTAREA_ROWS = 10;

/** Page size of GET /v1/sic-codes: default 40, 1–100. */
export const SIC_TAKE_DEFAULT = 40;
export const SIC_TAKE_MAX = 100;

/** A five-digit UK SIC 2007 code (the selectable ones; section letters are headings). */
export const SIC_CODE_PATTERN = /^\d{5}$/;

// ------------------------------------------------------------------ countries

/**
 * Every country (GET /v1/countries?lang=): ISO 3166-1 alpha-2 code and official short name in
 * `lang` (English where the language has no name for a code), sorted by that name in that
 * language's collation.
 * @param lang en (default), de or ar
 * @returns `Country[]` ({ id: "GB", name: "United Kingdom" }), a new array on each call
 */
export function listCountries(lang: CountryLanguage = "en"): Country[] {
  const names = getNames(lang, { select: "official" });
  const collator = new Intl.Collator(lang);
  return COUNTRY_CODES.map((id) => ({
    id,
    name: names[id] ?? getName(id, "en", { select: "official" }) ?? id,
  })).sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

// ------------------------------------------------------------------ SIC codes

/** Query of `listSicCodes`. */
export interface SicCodeQuery {
  /** Page size, 1–100 (default 40). */
  take?: number;
  /** Case-insensitive part of the code or the English name; `%`, `_` and `\` match themselves. */
  search?: string;
  /** The last code of the previous page: the page starts after it. */
  cursor?: string;
}

/**
 * A page of five-digit UK SIC 2007 codes (GET /v1/sic-codes?take=&search=&cursor=), ordered by
 * code.
 * @returns `{ data: SicCode[], nextCursor }`: `nextCursor` is the last code of this page when
 *   more follow, else null
 */
export async function listSicCodes(db: Db, q: SicCodeQuery = {}): Promise<{ data: SicCode[]; nextCursor: string | null }> {
  const take = Math.min(Math.max(Math.trunc(q.take ?? SIC_TAKE_DEFAULT), 1), SIC_TAKE_MAX);
  const where: SQL[] = [sql`${sicCodes.code} ~ '^[0-9]{5}$'`];
  const search = q.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(or(ilike(sicCodes.code, pattern), ilike(sicCodes.name, pattern))!);
  }
  if (q.cursor) where.push(gt(sicCodes.code, q.cursor));
  const rows = await db
    .select({ code: sicCodes.code, name: sicCodes.name })
    .from(sicCodes)
    .where(and(...where))
    .orderBy(asc(sicCodes.code))
    .limit(take + 1);
  const data = rows.slice(0, take);
  return { data, nextCursor: rows.length > take ? data[data.length - 1].code : null };
}

/**
 * Which of `codes` are five-digit SIC codes in the table (the applications domain checks a
 * company's `sicCodes` answer with it; the list is too long for an option set).
 * @param codes any strings (section letters and unknown codes are simply absent from the answer)
 * @returns the known codes among them
 */
export async function existingSicCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.filter((c) => SIC_CODE_PATTERN.test(c)))];
  if (!wanted.length) return new Set();
  const rows = await db.select({ code: sicCodes.code }).from(sicCodes).where(inArray(sicCodes.code, wanted));
  return new Set(rows.map((r) => r.code));
}

// ------------------------------------------------------------------ reference items

/**
 * Active reference items of one kind (by position, then id). With `clientType`, the items of
 * that applicant type and those for every type (`clientType` null); without it, all of the kind.
 */
export async function listReferenceItems(db: Db, kind: ReferenceKind, clientType?: ApplicationType): Promise<ReferenceItem[]> {
  return db
    .select({ id: referenceItems.id, name: referenceItems.name, description: referenceItems.description })
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.kind, kind),
        eq(referenceItems.active, true),
        clientType ? or(isNull(referenceItems.clientType), eq(referenceItems.clientType, clientType)) : undefined,
      ),
    )
    .orderBy(asc(referenceItems.position), asc(referenceItems.id));
}

// ------------------------------------------------------------------ ranges

/**
 * A range bound as the API carries it: a plain decimal string without trailing zeros or exponent
 * ("1000", "2500.5", "0"): counts and whole pounds read the same, and the label needs no rounding.
 * @param value a `numeric` value as the driver returns it ("1000.000000000000000000")
 */
export function formatRangeValue(value: string): string {
  return new Decimal(value).toFixed();
}

/**
 * Monthly range tiers of an applicant type (GET /v1/settings-clients-ranges?clientType=), by
 * range type in the order of `RANGE_TYPES`, then position. `to` null = the last tier ('Over X').
 * @returns `ClientRange[]`; [] for a type without ranges (COMPANY_OFFICIAL in the seed)
 */
export async function listClientRanges(db: Db, clientType: ApplicationType): Promise<ClientRange[]> {
  const rows = await db
    .select()
    .from(clientRanges)
    .where(eq(clientRanges.clientType, clientType))
    .orderBy(asc(clientRanges.position), asc(clientRanges.id));
  const rank = (t: string) => {
    const i = (RANGE_TYPES as readonly string[]).indexOf(t);
    return i < 0 ? RANGE_TYPES.length : i;
  };
  return rows
    .sort((a, b) => rank(a.type) - rank(b.type) || a.type.localeCompare(b.type))
    .map((r) => ({
      id: r.id,
      type: r.type,
      from: formatRangeValue(r.fromValue),
      to: r.toValue === null ? null : formatRangeValue(r.toValue),
    }));
}

// ------------------------------------------------------------------ schemes

/** An `application_schemes` row. */
export type ApplicationSchemeRow = typeof applicationSchemes.$inferSelect;

/** The wire shape of a scheme row (contract ApplicationScheme). */
export function toApplicationScheme(row: ApplicationSchemeRow): ApplicationScheme {
  return {
    id: row.id,
    name: row.name,
    clientType: row.clientType as ApplicationType,
    kycProvider: row.kycProvider,
    additionalQuestionsActive: row.additionalQuestionsActive,
    suppliersEnabled: row.suppliersEnabled,
    customersEnabled: row.customersEnabled,
    currencies: [...row.currencies],
    documentCategories: [...row.documentCategories],
    requiredDocumentCategories: [...row.requiredDocumentCategories],
  };
}

/**
 * Application schemes (GET /v1/applications-schemes?all=true), by applicant type (the order of
 * `APPLICATION_TYPES`), the default first, then id.
 * @param clientType only the schemes of this type; undefined = all
 */
export async function listApplicationSchemes(db: Db, clientType?: ApplicationType): Promise<ApplicationScheme[]> {
  const rows = await db
    .select()
    .from(applicationSchemes)
    .where(clientType ? eq(applicationSchemes.clientType, clientType) : undefined)
    .orderBy(desc(applicationSchemes.isDefault), asc(applicationSchemes.id));
  const rank = (t: string) => {
    const i = (APPLICATION_TYPES as readonly string[]).indexOf(t);
    return i < 0 ? APPLICATION_TYPES.length : i;
  };
  return rows.sort((a, b) => rank(a.clientType) - rank(b.clientType)).map(toApplicationScheme);
}

/**
 * One scheme by id (an application keeps the scheme it was opened with).
 * @returns the scheme, or null for an unknown id
 */
export async function getScheme(db: Db, id: string): Promise<ApplicationScheme | null> {
  const [row] = await db.select().from(applicationSchemes).where(eq(applicationSchemes.id, id)).limit(1);
  return row ? toApplicationScheme(row) : null;
}

/**
 * The scheme a new application of `type` opens with: the type's `isDefault` scheme (the first by
 * id when several are marked), else the type's first scheme by id.
 * @returns the scheme, or null when the bank has no scheme of that type (the seed adds one per type)
 */
export async function getDefaultScheme(db: Db, type: ApplicationType): Promise<ApplicationScheme | null> {
  const [row] = await db
    .select()
    .from(applicationSchemes)
    .where(eq(applicationSchemes.clientType, type))
    .orderBy(desc(applicationSchemes.isDefault), asc(applicationSchemes.id))
    .limit(1);
  return row ? toApplicationScheme(row) : null;
}

// ------------------------------------------------------------------ settings

const applicationsDocumentsSetting = z.object({
  maxFileBytes: z.number().int().positive(),
  allowedExtensions: z.array(z.string()),
});

async function settingValue(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

/**
 * GET /v1/settings/applications (contract ApplicationsSettings).
 * - `defaultSchemes`: per applicant type, the id of `getDefaultScheme` (a type without any
 *   scheme is left out).
 * - `maxFileBytes`, `allowedExtensions` (with the dot, e.g. ".pdf", as `<input accept>` takes
 *   them): setting APPLICATIONS-DOCUMENTS `{ maxFileBytes, allowedExtensions }`, capped by what
 *   /v1/uploads accepts (at most `MAX_UPLOAD_BYTES`, only `ALLOWED_UPLOAD_EXTENSIONS`); a missing
 *   or malformed setting gives the uploads' own limits. The applications domain enforces them.
 */
export async function getApplicationsSettings(db: Db): Promise<ApplicationsSettings> {
  const defaultSchemes: Partial<Record<ApplicationType, string>> = {};
  for (const type of APPLICATION_TYPES) {
    const scheme = await getDefaultScheme(db, type);
    if (scheme) defaultSchemes[type] = scheme.id;
  }
  const parsed = applicationsDocumentsSetting.safeParse(await settingValue(db, SETTING_APPLICATIONS_DOCUMENTS));
  const maxFileBytes = parsed.success ? Math.min(parsed.data.maxFileBytes, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
  const wanted = parsed.success ? parsed.data.allowedExtensions.map((e) => e.toLowerCase()) : ALLOWED_UPLOAD_EXTENSIONS;
  const allowedExtensions = ALLOWED_UPLOAD_EXTENSIONS.filter((e) => wanted.includes(e));
  return {
    defaultSchemes: defaultSchemes as Record<ApplicationType, string>,
    maxFileBytes,
    allowedExtensions: allowedExtensions.length ? allowedExtensions : [...ALLOWED_UPLOAD_EXTENSIONS],
  };
}

/**
 * GET /v1/settings/clients-settings (contract ClientsSettings): `minimumAge` 18 and
 * `textMaxLength` 200 as the shared step rules enforce them; `textareaMaxRows` from the setting
 * CLIENTS-TEXTAREA-MAX-ROWS (an integer 2–20; default 10).
 */
export async function getClientsSettings(db: Db): Promise<ClientsSettings> {
  const rows = z
    .number()
    .int()
    .min(2)
    .max(20)
    .safeParse(await settingValue(db, SETTING_CLIENTS_TEXTAREA_MAX_ROWS));
  return {
    minimumAge: MINIMUM_AGE,
    textMaxLength: TEXT_MAX_LENGTH,
    textareaMaxRows: rows.success ? rows.data : DEFAULT_TEXTAREA_ROWS,
  };
}

// ------------------------------------------------------------------ option sets

/** Allowed ids per option source of the step catalogue, for one applicant type. */
export interface OptionSets {
  /** ISO 3166-1 alpha-2 codes (`COUNTRY_CODES`). */
  countries: ReadonlySet<string>;
  /** Active CLIENT_ACTIVITY ids. */
  activities: ReadonlySet<string>;
  /** Active SOURCE_OF_FUNDS ids. */
  sourcesOfFunds: ReadonlySet<string>;
  /** Active PRODUCT ids of the type (and of every type). */
  products: ReadonlySet<string>;
  /** Active DELIVERY_CHANNEL ids of the type (and of every type). */
  deliveryChannels: ReadonlySet<string>;
  /** Range ids of the type, per range type (empty sets for a type without ranges). */
  ranges: Readonly<Record<RangeType, ReadonlySet<string>>>;
  /**
   * The allowed values of a field's `options`: the set above for a reference list, the fixed
   * values for `{ values }`; null for `sicCodes` (check those with `existingSicCodes`) and for a
   * field without options. Suits `ValidationContext.optionsOf` as `(f) => sets.setOf(f.options)`.
   */
  setOf(source: OptionSource | undefined): ReadonlySet<string> | null;
}

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/**
 * The allowed ids of every option source for validating an application of `clientType` (two
 * queries: reference items, ranges). Loaded per request: the lists are editable in the database.
 */
export async function loadOptionSets(db: Db, clientType: ApplicationType): Promise<OptionSets> {
  const items = await db
    .select({ id: referenceItems.id, kind: referenceItems.kind, clientType: referenceItems.clientType })
    .from(referenceItems)
    .where(eq(referenceItems.active, true));
  const ofKind = (kind: ReferenceKind, typed: boolean) =>
    new Set(
      items.filter((i) => i.kind === kind && (!typed || i.clientType === null || i.clientType === clientType)).map((i) => i.id),
    );
  const rangeRows = await db
    .select({ id: clientRanges.id, type: clientRanges.type })
    .from(clientRanges)
    .where(eq(clientRanges.clientType, clientType));
  const ranges = {} as Record<RangeType, ReadonlySet<string>>;
  for (const t of RANGE_TYPES) ranges[t] = new Set(rangeRows.filter((r) => r.type === t).map((r) => r.id));
  const byRef = {
    countries: COUNTRY_SET,
    activities: ofKind("CLIENT_ACTIVITY", false),
    sourcesOfFunds: ofKind("SOURCE_OF_FUNDS", false),
    products: ofKind("PRODUCT", true),
    deliveryChannels: ofKind("DELIVERY_CHANNEL", true),
  };
  return {
    ...byRef,
    ranges,
    setOf(source) {
      if (!source) return null;
      if ("values" in source) return new Set(source.values);
      if (source.ref === "range") return ranges[source.rangeType] ?? new Set();
      if (source.ref === "sicCodes") return null;
      return byRef[source.ref];
    },
  };
}
