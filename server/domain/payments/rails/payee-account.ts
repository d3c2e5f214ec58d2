/**
 * The English wording of a payee account (`Payment.payeeDescription`, `PaymentCheck`): what the
 * back office and API clients read. The web app's customer pages word the same parts in the
 * reader's language (public/locales/<lang>/payments.json `payee-account.<form>`, the same texts
 * in English).
 */
import type { PayeeAccount, PayeeAccountForm } from "../../../api/v1/contract.js";

const ENGLISH: Record<PayeeAccountForm, (v: Record<string, string>) => string> = {
  ACCOUNT: (v) => `Account ${v.account}`,
  IBAN: (v) => `IBAN ${v.iban}, BIC ${v.bic}`,
  ACCOUNT_BIC: (v) => `Account ${v.account}, BIC ${v.bic}`,
  SORT_CODE: (v) => `Sort code ${v.sortCode}, account ${v.account}`,
  ABA: (v) => `ABA ${v.aba}, account ${v.account}`,
  PHONE: (v) => `Phone ${v.phone}`,
  COMPANY_NUMBER: (v) => `Company number ${v.companyNumber}`,
  WALLET: (v) => `Wallet ${v.wallet} (${v.network}) at ${v.provider}`,
  CASH: (v) => `Cash at ${v.partner}, collector phone ${v.phone}`,
};

/**
 * A payee account in English ("Sort code 12-34-56, account 12345678").
 * @param account the rail's parts (`Rail.describe`)
 * @returns the English text; a missing part reads as empty
 */
export function payeeAccountInEnglish(account: PayeeAccount): string {
  const values = new Proxy(account.values, { get: (target, key: string) => target[key] ?? "" });
  return ENGLISH[account.form](values);
}
