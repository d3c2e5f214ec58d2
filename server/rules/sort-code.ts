/**
 * UK sort code and account number rules (Faster Payments, BACS): format only.
 * No Vocalink/Pay.UK modulus check (see docs/decisions.md "UK account numbers"): the receiving
 * bank and Confirmation of Payee decide whether the account exists.
 * Pure, for the browser and the server. Error codes map to `errors:sort-code.<code>` and
 * `errors:uk-account-number.<code>`.
 */

/** Why a sort code is refused; maps to `errors:sort-code.<code>`. */
export const SORT_CODE_ERRORS = ["required", "format"] as const;
export type SortCodeError = (typeof SORT_CODE_ERRORS)[number];

/** Why a UK account number is refused; maps to `errors:uk-account-number.<code>`. */
export const UK_ACCOUNT_NUMBER_ERRORS = ["required", "format"] as const;
export type UkAccountNumberError = (typeof UK_ACCOUNT_NUMBER_ERRORS)[number];

/**
 * Validate a UK sort code: 6 digits, typed with or without spaces or dashes
 * ("12-34-56", "12 34 56", "123456").
 * @returns `{ ok: true, sortCode }` as 6 digits ("123456"), or `{ ok: false, error }`
 */
export function validateSortCode(
  raw: string | null | undefined,
): { ok: true; sortCode: string } | { ok: false; error: SortCodeError } {
  const sortCode = (raw ?? "").replace(/[\s-]/g, "");
  if (sortCode === "") return { ok: false, error: "required" };
  if (!/^[0-9]{6}$/.test(sortCode)) return { ok: false, error: "format" };
  return { ok: true, sortCode };
}

/**
 * Display form of a sort code: pairs joined by dashes ("123456" → "12-34-56").
 * @param sortCode 6 digits (a value that is not is returned unchanged)
 */
export function formatSortCode(sortCode: string): string {
  return /^[0-9]{6}$/.test(sortCode) ? sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3") : sortCode;
}

/**
 * Validate a UK account number: exactly 8 digits (spaces and dashes ignored). Shorter numbers
 * (6 or 7 digits, which some banks issue and Pay.UK lets the payer's bank pad with leading
 * zeros) are refused, not padded: the customer types the 8 digits their bank states, so no
 * guessed padding can pay the wrong account.
 * @returns `{ ok: true, accountNumber }` as 8 digits, or `{ ok: false, error }`
 */
export function validateUkAccountNumber(
  raw: string | null | undefined,
): { ok: true; accountNumber: string } | { ok: false; error: UkAccountNumberError } {
  const accountNumber = (raw ?? "").replace(/[\s-]/g, "");
  if (accountNumber === "") return { ok: false, error: "required" };
  if (!/^[0-9]{8}$/.test(accountNumber)) return { ok: false, error: "format" };
  return { ok: true, accountNumber };
}
