/**
 * IBAN display format without ibantools (the account page must not pay ~4 KB gzip of IBAN
 * country tables for a formatting rule): electronic format (no spaces or dashes, upper case)
 * printed in groups of four, ISO 13616-1 §5 paper format.
 * @param iban an IBAN in any spacing and case
 * @returns e.g. "DE89 3704 0044 0532 0130 00"; "" for empty input
 */
export function formatIban(iban: string): string {
  return iban
    .replace(/[\s-]/g, "")
    .toUpperCase()
    .replace(/(.{4})(?!$)/g, "$1 ");
}
