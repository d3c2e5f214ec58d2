/**
 * Counterparty name the bank writes on a customer's payment-fee leg and on that fee's refund leg:
 * a bookkeeping label in English, never shown as a title. The statement names such items from
 * their codes instead (server/domain/statements/index.ts `bankNamedItem`).
 */
export const FEE_COUNTERPARTY = "Transaction fee";
