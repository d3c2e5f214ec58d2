/**
 * A payee account in the reader's language (docs/decisions.md "The payee account in the
 * reader's language"): the API answers it in parts (`Payment.payeeAccount`: a form such as
 * SORT_CODE and its already formatted values), worded here by `payments:payee-account.<form>`
 * (every locale; Arabic isolates each value left to right). `payeeDescription`, the API's English,
 * is only the fallback for an answer without parts.
 */
import type { PayeeAccount, Payment } from "../../server/api/v1/contract";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * @param t a translate function with the `payments` namespace loaded
 * @param payment the payment (its `payeeAccount`, else `payeeDescription`, else `beneficiaryAccount`)
 * @returns the text ("Sort code 04-00-04, account 12345678" in English), "" when there is none
 */
export function payeeAccountText(
  t: Translate,
  payment: { payeeAccount?: PayeeAccount | null } & Pick<Payment, "payeeDescription" | "beneficiaryAccount">,
): string {
  const parts = payment.payeeAccount;
  if (parts) return t(`payments:payee-account.${parts.form}`, { ...parts.values, interpolation: { escapeValue: false } });
  return payment.payeeDescription || payment.beneficiaryAccount || "";
}
