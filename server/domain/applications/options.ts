/**
 * The validation context of an application step (server/rules/applications/validate.ts): the
 * allowed values of every field with options, read from the reference data
 * (server/domain/reference/onboarding.ts: countries, activities, sources of funds, products and
 * delivery channels of the applicant type, range tiers per type) and the SIC codes named in
 * the posted values.
 */
import type { Database, Tx } from "../../db/client.js";
import type { ApplicationType } from "../../api/v1/contract.js";
import type { ValidationContext } from "../../rules/applications/validate.js";
import { existingSicCodes, loadOptionSets } from "../reference/onboarding.js";

/**
 * @param clientType INDIVIDUAL | CORPORATE | COMPANY_OFFICIAL (products, channels, ranges are per type)
 * @param values the posted values (only the SIC codes among them are looked up, at most 20)
 * @param today yyyy-mm-dd (UTC)
 */
export async function validationContext(
  db: Database | Tx,
  clientType: ApplicationType,
  values: Record<string, string | string[]>,
  today: string,
): Promise<ValidationContext> {
  const sets = await loadOptionSets(db, clientType);
  const posted = values.sicCodes;
  const sicList = (Array.isArray(posted) ? posted : posted ? [posted] : []).map((c) => c.trim()).filter(Boolean);
  const sic = await existingSicCodes(db, sicList.slice(0, 20));
  return {
    today,
    optionsOf: (field) =>
      field.options && "ref" in field.options && field.options.ref === "sicCodes" ? sic : sets.setOf(field.options),
  };
}
