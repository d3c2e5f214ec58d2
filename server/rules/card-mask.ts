/**
 * How a card number is shown (spec 000 §3 Card.cardNumber, §4 "a card with status Ordered shows
 * the text 'card ordered' in place of the masked number (last 4 digits otherwise)"). Shared by
 * the API (which answers only the masked form) and the web app. The bank never stores or sends
 * a full card number (PAN) or CVV: only the last four digits reach this helper.
 */

/** The mask: four bullets, a space, the last four digits (U+2022 BULLET). */
export const CARD_MASK_PREFIX = "\u2022\u2022\u2022\u2022 ";

/**
 * The masked card number.
 * @param lastFour the last four digits, or null/undefined (not issued yet: ORDERED)
 * @returns `"•••• 1234"`; null when there is nothing to show (the caller shows 'card ordered')
 * @throws Error when `lastFour` is not exactly four digits (never mask a longer number: that
 *   would mean a full PAN reached the code)
 */
export function maskCardNumber(lastFour: string | null | undefined): string | null {
  if (lastFour === null || lastFour === undefined || lastFour === "") return null;
  if (!/^\d{4}$/.test(lastFour)) throw new Error("maskCardNumber: expected exactly the last four digits");
  return `${CARD_MASK_PREFIX}${lastFour}`;
}

/** Luhn (mod 10) check of a digit string (ISO/IEC 7812-1): every real card number passes it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * True when `text` contains what looks like a full Visa or Mastercard number: 16 digits starting
 * with 2–5, plain or in groups of four separated by a space or hyphen, not inside a longer word
 * or number, passing the Luhn check. Used by tests and checks that HTML and API answers carry
 * no PAN (timestamps, ids and amounts do not match).
 */
export function containsCardNumber(text: string): boolean {
  const candidates = text.matchAll(/(?<![0-9A-Za-z])[2-5]\d{3}([ -]?)\d{4}\1\d{4}\1\d{4}(?![0-9A-Za-z])/g);
  for (const m of candidates) if (luhnValid(m[0].replace(/\D/g, ""))) return true;
  return false;
}

/** What a card's issue records (docs/ops.md "Cards"): the last four digits of its number. */
export const LAST_FOUR_PATTERN = /^\d{4}$/;
/** …and its expiry, month and year as MM/YY. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/\d{2}$/;
