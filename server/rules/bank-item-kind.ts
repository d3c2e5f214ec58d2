/**
 * What one of the bank's own statement items is, read from its codes (the item has no title: its
 * ledger counterparty is one of the bank's English labels). One rule for the history pages
 * (app/components/ui/StatementRow.tsx `useItemTitle`) and the statement PDF's line
 * (server/domain/statements/render.ts), so both name the item alike. Pure, for the browser and
 * the server.
 * - `EXCHANGE`: a currency exchange's main legs (transactionKind EXCHANGE, operationType COMMON;
 *   its fee legs stay TRANSACTION_FEE);
 * - `FX_REQUEST`: an FX rate request's hold (FX_REQUEST_HOLD, COMMON);
 * - `FX_REQUEST_REFUND`: a rejected or expired request's money back (every leg);
 * - `FEE_REFUND`: a returned payment's fee given back (PAYMENT_REFUND);
 * - null: any other item, named by its operation type (spec 000 §3: COMMON, TRANSACTION_FEE,
 *   SERVICE_FEE, REFUND).
 */
export type BankItemKind = "EXCHANGE" | "FX_REQUEST" | "FX_REQUEST_REFUND" | "FEE_REFUND";

/** @param item the statement item's `transactionKind` (ledger transaction kind) and `operationType` */
export function bankItemKind(item: { transactionKind: string; operationType: string }): BankItemKind | null {
  const { transactionKind: kind, operationType: type } = item;
  if (kind === "EXCHANGE" && type === "COMMON") return "EXCHANGE";
  if (kind === "FX_REQUEST_HOLD" && type === "COMMON") return "FX_REQUEST";
  if (kind === "FX_REQUEST_REFUND") return "FX_REQUEST_REFUND";
  if (kind === "PAYMENT_REFUND") return "FEE_REFUND";
  return null;
}
