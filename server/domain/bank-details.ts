/**
 * The bank's own identifiers, printed on documents and given to payers (one place for every
 * module: new accounts, seed accounts, receipts, top-up instructions). All fictional values in
 * valid formats; a real deployment replaces them with its own.
 * - BANK_NAME: the default white-label name, until staff set one (server/domain/brand).
 * - BANK_BIC: ISO 9362 BIC of the bank (8 characters).
 * - BANK_SORT_CODE: UK sort code, 6 digits, of the bank's accounts (Faster Payments, Bacs).
 * - BANK_ABA_ROUTING_NUMBER: the 9-digit ABA routing transit number at which the bank receives
 *   USD over Fedwire (checksum and Federal Reserve prefix valid: server/rules/aba.ts).
 */
export const BANK_NAME = "Demo Bank";
export const BANK_BIC = "BDEMGB2L";
export const BANK_SORT_CODE = "040075";
export const BANK_ABA_ROUTING_NUMBER = "075004206";
