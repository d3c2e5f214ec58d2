/**
 * Reference lists of the application forms (spec 001 §7 "Reference data calls"; issue 8
 * "Seeded, editable in the database, cached by the web app"): countries, client activities,
 * sources of funds, products, delivery channels, client ranges, application schemes and the
 * applications settings, read through the API and kept per process for a few minutes (the lists
 * are bank-wide: every caller gets the same answer, so one cache serves every user). SIC codes
 * are searched, not listed: a search is not cached, the names of chosen codes are.
 *
 * `fieldOptions` turns a step's fields into the options its selects and checkbox groups show,
 * labels final (translated where the value is ours: fixed lists, ranges).
 */
import type {
  ApplicationScheme,
  ApplicationsSettings,
  ApplicationType,
  ClientRange,
  ClientsSettings,
  Country,
  ReferenceItem,
  SicCode,
} from "../../server/api/v1/contract";
import type { FieldDef, SchemeFlags } from "../../server/rules/applications/steps";
import type { Api } from "./api.server";
import { rangeLabel, type FieldOption } from "./identity";
import { TEXTAREA_MAX_ROWS_DEFAULT } from "./textarea-rows";

/** How long a list is kept (ms). */
export const REFERENCE_TTL_MS = 5 * 60_000;

export type { FieldOption };

const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/** A list answer: `{ data: [...] }` (the API's list shape) or a bare array. */
export function listData<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/**
 * GET `path` through the API, shared for `REFERENCE_TTL_MS` by every request of this process
 * (a failed call is not kept).
 */
export function cachedGet<T>(api: Api, path: string, query: Record<string, string> = {}): Promise<T> {
  const key = `${path}?${new URLSearchParams(Object.entries(query).sort()).toString()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < REFERENCE_TTL_MS) return hit.value as Promise<T>;
  const value = api.get<T>(path, query);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** Forget every cached list (tests). */
export function clearReferenceCache(): void {
  cache.clear();
}

/**
 * The scheme a new application of `type` would get (GET /v1/settings/applications
 * `defaultSchemes[type]` among GET /v1/applications-schemes?all=true), as the flags that decide
 * its steps; null when none is configured or the lists cannot be read (the catalogue's
 * no-scheme steps apply then).
 */
export async function defaultSchemeFlags(api: Api, type: ApplicationType): Promise<SchemeFlags | null> {
  try {
    const [settings, schemes] = await Promise.all([
      cachedGet<ApplicationsSettings>(api, "/settings/applications"),
      cachedGet<unknown>(api, "/applications-schemes", { all: "true" }),
    ]);
    const id = settings.defaultSchemes?.[type];
    return listData<ApplicationScheme>(schemes).find((s) => s.id === id) ?? null;
  } catch {
    return null;
  }
}

/**
 * Rows a textarea of the application forms grows to (GET /v1/settings/clients-settings
 * `textareaMaxRows`, cached like the lists); the spec's 10 when it cannot be read.
 */
export async function textareaMaxRowsSetting(api: Api): Promise<number> {
  try {
    const rows = (await cachedGet<ClientsSettings>(api, "/settings/clients-settings")).textareaMaxRows;
    return typeof rows === "number" && Number.isFinite(rows) ? rows : TEXTAREA_MAX_ROWS_DEFAULT;
  } catch (error) {
    // A lost session or a refused call still ends the request.
    if (error instanceof Response) throw error;
    return TEXTAREA_MAX_ROWS_DEFAULT;
  }
}

/**
 * SIC codes matching `search` (GET /v1/sic-codes?search=&take=40), at most 40.
 * @returns [] for an empty search, or when the API cannot search now
 */
export async function searchSicCodes(api: Api, search: string): Promise<SicCode[]> {
  const term = search.trim().slice(0, 100);
  if (!term) return [];
  try {
    return listData<SicCode>(await api.get<unknown>("/sic-codes", { search: term, take: 40 })).slice(0, 40);
  } catch (error) {
    if (error instanceof Response) throw error;
    return [];
  }
}

/** The name of each chosen SIC code (looked up by code once per process). */
async function sicNames(api: Api, codes: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    codes.map(async (code) => {
      try {
        const found = listData<SicCode>(await cachedGet<unknown>(api, "/sic-codes", { search: code, take: "40" }));
        const hit = found.find((c) => c.code === code);
        if (hit) out.set(code, hit.name);
      } catch {
        // The code is shown without its name.
      }
    }),
  );
  return out;
}

/** Translator of the loader (`getFixedT`). */
export type OptionsT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The options of every select and checkbox group of `fields`, labels final.
 * @param clientType the application's type (products, delivery channels and ranges are per type)
 * @param lang the page's language (country names)
 * @param sic the SIC codes already chosen and the current search's matches (registration-information)
 * @returns field name → options in display order
 */
export async function fieldOptions(
  api: Api,
  clientType: ApplicationType,
  fields: readonly FieldDef[],
  t: OptionsT,
  lang: string,
  sic: { chosen: readonly string[]; matches: readonly SicCode[] } = { chosen: [], matches: [] },
): Promise<Record<string, FieldOption[]>> {
  const out: Record<string, FieldOption[]> = {};
  const items = (list: unknown): FieldOption[] => listData<ReferenceItem>(list).map((i) => ({ value: i.id, label: i.name }));
  await Promise.all(
    fields.map(async (field) => {
      try {
        await fillOptions(field);
      } catch (error) {
        // A list the API cannot give now leaves its field without choices (the saved value is
        // still shown and kept); a lost session or a refused call still ends the request.
        if (error instanceof Response) throw error;
        out[field.name] = [];
      }
    }),
  );
  return out;

  async function fillOptions(field: FieldDef): Promise<void> {
    if (field.kind === "yesno") {
      out[field.name] = ["YES", "NO"].map((v) => ({ value: v, label: t(`identity:options.${v}`) }));
      return;
    }
    const source = field.options;
    if (!source) return;
    if ("values" in source) {
      out[field.name] = source.values.map((v) => ({ value: v, label: t(`identity:options.${v}`) }));
      return;
    }
    switch (source.ref) {
      case "countries":
        out[field.name] = listData<Country>(await cachedGet(api, "/countries", { lang })).map((c) => ({
          value: c.id,
          label: c.name,
        }));
        return;
      case "activities":
        out[field.name] = items(await cachedGet(api, "/clients-activities"));
        return;
      case "sourcesOfFunds":
        out[field.name] = items(await cachedGet(api, "/sources-of-funds"));
        return;
      case "products":
        out[field.name] = items(await cachedGet(api, "/products", { clientType }));
        return;
      case "deliveryChannels":
        out[field.name] = items(await cachedGet(api, "/delivery-channels", { clientType }));
        return;
      case "range":
        out[field.name] = listData<ClientRange>(await cachedGet(api, "/settings-clients-ranges", { clientType }))
          .filter((r) => r.type === source.rangeType)
          .map((r) => ({ value: r.id, label: rangeLabel(r, t) }));
        return;
      case "sicCodes": {
        const names = await sicNames(api, sic.chosen);
        const chosen = sic.chosen.map((code) => ({ value: code, label: sicLabel(code, names.get(code)) }));
        const more = sic.matches
          .filter((m) => !sic.chosen.includes(m.code))
          .map((m) => ({ value: m.code, label: sicLabel(m.code, m.name) }));
        out[field.name] = [...chosen, ...more];
        return;
      }
    }
  }
}

/** "62012 — Business and domestic software development". */
export function sicLabel(code: string, name: string | undefined): string {
  return name ? `${code} — ${name}` : code;
}
