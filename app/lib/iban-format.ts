/**
 * Transitional re-export: IBAN display formatting lives in server/rules/iban-format.ts (the server
 * prints payees with it too). The account page still imports `~/lib/iban-format` while its route
 * is being moved; once that lands it imports server/rules/iban-format directly and this file goes.
 */
export { formatIban } from "../../server/rules/iban-format";
