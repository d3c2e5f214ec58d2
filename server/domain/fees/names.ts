/**
 * Stable codes of the bank's own fee names (docs/decisions.md "Fee names in the reader's
 * language"). A fee's name is bank data, stored in English (`fees.name`: the seeded Standard
 * tariff, the monthly service fee, a negotiated fee); the web app shows it translated as
 * `payments:fees.names.<code>` with the stored name as the fallback. The code is given only to
 * a name the bank words itself, exactly as written here: a name staff typed in the back office
 * (or changed) has none and is shown as stored, so a translation never replaces what someone
 * chose to call a fee. A name ending in the fee's own currency ("SWIFT payment (CNY)") takes the
 * `-currency` code, translated with `{{currency}}`. Pure: no database, no imports.
 */

/** Code → the English name the seed and the service fee store (the texts of `payments:fees.names` in en). */
export const FEE_NAMES = {
  "sepa-instant": "SEPA Instant",
  target2: "TARGET2",
  bacs: "BACS",
  fedwire: "Fedwire",
  swift: "SWIFT payment",
  "swift-negotiated": "SWIFT payment (negotiated)",
  "cash-over-counter": "Cash over the counter",
  exchange: "Currency exchange",
  "monthly-account": "Monthly account fee",
} as const;

/** Code → the English name before " (<currency>)" of a fee for one currency. */
export const FEE_NAMES_WITH_CURRENCY = {
  "swift-currency": "SWIFT payment",
  "crypto-asset-currency": "Crypto-asset payment",
} as const;

export type FeeNameCode = keyof typeof FEE_NAMES | keyof typeof FEE_NAMES_WITH_CURRENCY;

/**
 * The stored name of the bank's fee `code` (the seed writes these).
 * @param currencyId the fee's currency, for the `-currency` codes ("SWIFT payment (CNY)")
 */
export function feeName(code: FeeNameCode, currencyId: string | null = null): string {
  if (code in FEE_NAMES) return FEE_NAMES[code as keyof typeof FEE_NAMES];
  return `${FEE_NAMES_WITH_CURRENCY[code as keyof typeof FEE_NAMES_WITH_CURRENCY]} (${currencyId})`;
}

/**
 * The code of a stored fee name, or null when it is not one of the bank's own names word for word.
 * @param name `fees.name`
 * @param currencyId `fees.currency_id` (a "(<currency>)" suffix counts only when it is the fee's own)
 */
export function feeNameCode(name: string, currencyId: string | null): FeeNameCode | null {
  for (const [code, text] of Object.entries(FEE_NAMES)) if (text === name) return code as FeeNameCode;
  if (currencyId) {
    for (const [code, text] of Object.entries(FEE_NAMES_WITH_CURRENCY))
      if (`${text} (${currencyId})` === name) return code as FeeNameCode;
  }
  return null;
}
