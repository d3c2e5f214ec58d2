/**
 * Transitional re-export: the IBAN/BIC rules live in server/rules/iban.ts (shared with the
 * server). The euro screen still imports `~/lib/iban` while its route is being moved; once that
 * lands it imports server/rules/iban directly and this file goes.
 */
export { normaliseBic, normaliseIban, validateBic, validateSepaIban, type IbanError } from "../../server/rules/iban";
export { formatIban } from "../../server/rules/iban-format";
