/**
 * Allowed values of the application fields with options (server/rules/applications/steps.ts
 * `OptionSource`), read from the reference tables so validation refuses an id the bank does not
 * offer: countries (ISO 3166-1 alpha-2), client activities, sources of funds, products and
 * delivery channels of the applicant type, range tiers per type, SIC codes.
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { clientRanges, referenceItems, sicCodes } from "../../db/schema/index.js";
import { countryOptions } from "../../rules/country-names.js";
import type { FieldDef } from "../../rules/applications/steps.js";
import type { ValidationContext } from "../../rules/applications/validate.js";

const COUNTRY_CODES: ReadonlySet<string> = new Set(countryOptions().map((c) => c.code));

const KINDS = {
  activities: "CLIENT_ACTIVITY",
  sourcesOfFunds: "SOURCE_OF_FUNDS",
  products: "PRODUCT",
  deliveryChannels: "DELIVERY_CHANNEL",
} as const;

/**
 * Load the option sets for an applicant type and the SIC codes named in `values`, and build the
 * validation context of ./validate.ts.
 * @param clientType INDIVIDUAL | CORPORATE | COMPANY_OFFICIAL (products, channels, ranges are per type)
 * @param values the posted values (only the SIC codes among them are looked up)
 * @param today yyyy-mm-dd (UTC)
 */
export async function validationContext(
  db: Database | Tx,
  clientType: string,
  values: Record<string, string | string[]>,
  today: string,
): Promise<ValidationContext> {
  const items = await db
    .select({ id: referenceItems.id, kind: referenceItems.kind })
    .from(referenceItems)
    .where(
      and(eq(referenceItems.active, true), or(isNull(referenceItems.clientType), eq(referenceItems.clientType, clientType))),
    );
  const ranges = await db
    .select({ id: clientRanges.id, type: clientRanges.type })
    .from(clientRanges)
    .where(eq(clientRanges.clientType, clientType));
  const posted = values.sicCodes;
  const sicList = (Array.isArray(posted) ? posted : posted ? [posted] : [])
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(0, 20);
  const sic = sicList.length
    ? new Set((await db.select({ code: sicCodes.code }).from(sicCodes).where(inArray(sicCodes.code, sicList))).map((r) => r.code))
    : new Set<string>();
  const byKind = new Map<string, Set<string>>();
  for (const item of items) {
    const set = byKind.get(item.kind) ?? new Set<string>();
    set.add(item.id);
    byKind.set(item.kind, set);
  }
  const byRange = new Map<string, Set<string>>();
  for (const r of ranges) {
    const set = byRange.get(r.type) ?? new Set<string>();
    set.add(r.id);
    byRange.set(r.type, set);
  }
  const empty: ReadonlySet<string> = new Set();
  return {
    today,
    optionsOf(field: FieldDef) {
      const source = field.options;
      if (!source) return null;
      if ("values" in source) return new Set(source.values);
      if (source.ref === "countries") return COUNTRY_CODES;
      if (source.ref === "sicCodes") return sic;
      if (source.ref === "range") return byRange.get(source.rangeType) ?? empty;
      return byKind.get(KINDS[source.ref]) ?? empty;
    },
  };
}
