/**
 * Signing lists (issue 7; spec 000 §4 "Payment signing flow", §6 Roles): who may sign, and the
 * selection of payments a batch signs or declines, as it travels in forms and URLs
 * (`paymentId` fields from the list's checkboxes, `ids=a,b` on the batch pages). Client-safe.
 */
import type { OrganizationSummary } from "../../server/api/v1/contract";

/** At most this many payments in one batch: one page of the unsigned list (spec 000 §9 page size 20). */
export const MAX_BATCH = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the caller signs payments of this organization (spec 000 §4, §6): INDIVIDUAL, or an
 * official whose signatureType is not NONE. The API decides the same (403 otherwise).
 */
export function canSign(org: Pick<OrganizationSummary, "type" | "currentOfficial">): boolean {
  return org.type === "INDIVIDUAL" || org.currentOfficial.signatureType !== "NONE";
}

/**
 * The payment ids of a selection, in the order given, without repeats: each value may be one id
 * or several joined by commas (`ids=a,b`). Anything that is not a UUID is dropped; at most
 * `MAX_BATCH` ids are kept.
 * @param values form values or query parameters (non-strings, e.g. files, are ignored)
 */
export function selectedIds(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") continue;
    for (const part of value.split(",")) {
      const id = part.trim().toLowerCase();
      if (UUID.test(id) && !out.includes(id)) out.push(id);
    }
  }
  return out.slice(0, MAX_BATCH);
}

/**
 * Query string of a batch page (`/payments/sign`, `/payments/decline`): `ids=a,b` and the list
 * to go back to.
 */
export function batchQuery(ids: readonly string[], back: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ids: ids.join(","), back, ...extra });
  return `?${params.toString()}`.replace(/%2C/g, ",");
}
