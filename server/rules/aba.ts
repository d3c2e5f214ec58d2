/**
 * US bank details for Fedwire/ACH payments: ABA routing transit number and account number.
 * Pure, for the browser and the server. Error codes map to `errors:aba.<code>` and
 * `errors:us-account-number.<code>`.
 */

/** Why a routing number is refused, in check order; maps to `errors:aba.<code>`. */
export const ABA_ERRORS = ["required", "format", "prefix", "checksum"] as const;
export type AbaError = (typeof ABA_ERRORS)[number];

/** Why a US account number is refused; maps to `errors:us-account-number.<code>`. */
export const US_ACCOUNT_NUMBER_ERRORS = ["required", "format"] as const;
export type UsAccountNumberError = (typeof US_ACCOUNT_NUMBER_ERRORS)[number];

/** Checksum weights of the nine digits (ABA: 3, 7, 1 repeated). */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/**
 * Whether the first two digits are in a range the Federal Reserve assigns: 00–12 (Federal
 * Reserve districts; 00 US government), 21–32 (thrift institutions), 61–72 (electronic
 * transactions), 80 (traveler's checks).
 */
function isFedPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/**
 * Validate an ABA routing transit number (American Bankers Association; Fedwire, ACH):
 * 9 digits (spaces and dashes ignored), not all zero; the first two digits in a Federal Reserve
 * range; checksum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
 * @returns `{ ok: true, routingNumber }` as 9 digits, or `{ ok: false, error }`: `format` (not 9
 *   digits, or 000000000), `prefix` (not a Federal Reserve range), `checksum` (a digit is wrong)
 */
export function validateAbaRoutingNumber(
  raw: string | null | undefined,
): { ok: true; routingNumber: string } | { ok: false; error: AbaError } {
  const routingNumber = (raw ?? "").replace(/[\s-]/g, "");
  if (routingNumber === "") return { ok: false, error: "required" };
  if (!/^[0-9]{9}$/.test(routingNumber) || /^0+$/.test(routingNumber)) return { ok: false, error: "format" };
  if (!isFedPrefix(Number(routingNumber.slice(0, 2)))) return { ok: false, error: "prefix" };
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(routingNumber[i]), 0);
  if (sum % 10 !== 0) return { ok: false, error: "checksum" };
  return { ok: true, routingNumber };
}

/**
 * Validate a US bank account number: 4 to 17 digits (spaces and dashes ignored). 17 is the
 * width of the NACHA entry's DFI account number field; account formats are each bank's own, with
 * no common checksum, so the routing number's checksum is the only typo check.
 * @returns `{ ok: true, accountNumber }` as digits (leading zeros kept), or `{ ok: false, error }`
 */
export function validateUsAccountNumber(
  raw: string | null | undefined,
): { ok: true; accountNumber: string } | { ok: false; error: UsAccountNumberError } {
  const accountNumber = (raw ?? "").replace(/[\s-]/g, "");
  if (accountNumber === "") return { ok: false, error: "required" };
  if (!/^[0-9]{4,17}$/.test(accountNumber)) return { ok: false, error: "format" };
  return { ok: true, accountNumber };
}
