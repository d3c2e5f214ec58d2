/**
 * The back office's customer search query (docs/ops.md "Customer search"): what a query may be
 * and what it means as a phone number. Shared by the API's domain function
 * (server/domain/ops/customers.ts) and the /ops/customers page, which checks first so the answer
 * stays on the field.
 */

/** Shortest and longest query (characters after trimming). */
export const CUSTOMER_QUERY_MIN = 2;
export const CUSTOMER_QUERY_MAX = 100;
/** Fewest trailing digits a phone search takes ("ending 0021"; fewer would match too many numbers). */
export const PHONE_TRAILING_MIN = 4;

/** Control characters (C0, DEL, C1; NUL included) and lone UTF-16 surrogates: nothing a person types. */
const MALFORMED = /[\p{Cc}\p{Surrogate}]/u;

/**
 * Why `query` cannot be searched for, or null when it can.
 * @param query as typed (it is trimmed here)
 * @returns `"malformed"` (a control character or lone surrogate), `"length"` (not 2 to 100
 *   characters after trimming), or null
 */
export function customerQueryProblem(query: string): "malformed" | "length" | null {
  if (MALFORMED.test(query)) return "malformed";
  const q = query.trim();
  return q.length < CUSTOMER_QUERY_MIN || q.length > CUSTOMER_QUERY_MAX ? "length" : null;
}

/**
 * What a query means as a phone number: `+` and digits (spaces, dots, hyphens and parentheses
 * ignored) is a full E.164 number, matched exactly; digits alone (at least PHONE_TRAILING_MIN,
 * at most 15) are the number's trailing digits — a national number's leading 0 (trunk prefix,
 * "07700 900021") is dropped when 9 or more digits are given. Anything else is no phone number.
 * @returns `{ exact }`, `{ endsWith }` (digits only) or null
 */
export function phoneQuery(q: string): { exact: string } | { endsWith: string } | null {
  const compact = q.replace(/[\s().-]/g, "");
  if (/^\+\d{2,15}$/.test(compact)) return { exact: compact };
  if (!/^\d+$/.test(compact) || compact.length < PHONE_TRAILING_MIN || compact.length > 15) return null;
  return { endsWith: compact.length >= 9 && compact.startsWith("0") ? compact.slice(1) : compact };
}
