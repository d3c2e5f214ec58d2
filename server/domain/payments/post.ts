/**
 * Posting a payment to the ledger (design note "Money"): one ledger transaction for the payment
 * (debit the payer's balance, credit the balance the rail chose: a clearing balance, or the
 * recipient's), and, when a fee was decided at creation, a second ledger transaction of kind FEE
 * in the same database transaction (debit the payer's balance in the fee currency, credit
 * FEE_INCOME; both postings operationType TRANSACTION_FEE, spec 000 §3 operationType), so the
 * history shows the fee as its own item and either both post or neither does.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { accounts, organizations, payments } from "../../db/schema/index.js";
import { postTransaction } from "../ledger/index.js";
import { Decimal } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { FEE_COUNTERPARTY } from "../ledger/labels.js";
import { organizationFullName } from "../organizations/index.js";
import type { PaymentKind } from "../../api/v1/contract.js";
import { RAILS } from "./rails/index.js";
import type { PayerParty, PaymentRow } from "./types.js";

/** Columns of `PayerParty`, for selects joining the payer's account and organization. */
export const payerPartyColumns = {
  number: accounts.number,
  iban: accounts.iban,
  type: organizations.type,
  companyName: organizations.companyName,
  firstName: organizations.firstName,
  lastName: organizations.lastName,
};

/**
 * Post a payment (and its fee) inside `tx` and mark it COMPLETED with transferDate = now (and
 * `signedAt` when given, in the same UPDATE); on an external rail its settlement status becomes
 * PENDING (settlement.ts). The caller must hold the payment row lock and have
 * checked it is still pending.
 * @param opts.payer the payer party when the caller already read it (else one query here)
 * @throws DomainError INSUFFICIENT_FUNDS (field `amount`; the transaction then rolls back)
 */
export async function postPayment(
  tx: Tx,
  p: PaymentRow,
  now = new Date(),
  opts: { payer?: PayerParty; signedAt?: Date } = {},
): Promise<PaymentRow> {
  const payer =
    opts.payer ??
    (
      await tx
        .select(payerPartyColumns)
        .from(accounts)
        .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(eq(accounts.id, p.accountId))
    )[0];
  const amount = new Decimal(p.amount);
  const posted = await postTransaction(tx, {
    kind: "PAYMENT",
    description: `${p.kind} payment ${p.id}`,
    paymentId: p.id,
    transferDate: now,
    postings: [
      {
        balanceId: p.debitBalanceId,
        amount: amount.neg(),
        counterpartyName: p.beneficiaryName,
        counterpartyAccount: p.beneficiaryAccount,
        reference: p.reference,
      },
      {
        balanceId: p.creditBalanceId!,
        amount,
        counterpartyName: organizationFullName(payer),
        counterpartyAccount: payer.iban ?? payer.number,
        reference: p.reference,
      },
    ],
  });
  let feeTransactionId: string | null = null;
  if (p.feeAmount && p.feeBalanceId && p.feeCurrencyId && new Decimal(p.feeAmount).gt(0)) {
    const fee = new Decimal(p.feeAmount);
    const income = await systemBalanceId(tx, "FEE_INCOME", p.feeCurrencyId);
    const feePosted = await postTransaction(tx, {
      kind: "FEE",
      description: `Fee for ${p.kind} payment ${p.id}`,
      paymentId: p.id,
      transferDate: now,
      postings: [
        {
          balanceId: p.feeBalanceId,
          amount: fee.neg(),
          counterpartyName: FEE_COUNTERPARTY,
          reference: p.reference,
          operationType: "TRANSACTION_FEE",
        },
        {
          balanceId: income,
          amount: fee,
          counterpartyName: organizationFullName(payer),
          counterpartyAccount: payer.iban ?? payer.number,
          operationType: "TRANSACTION_FEE",
        },
      ],
    });
    feeTransactionId = feePosted.transactionId;
  }
  const [updated] = await tx
    .update(payments)
    .set({
      status: "COMPLETED",
      transferDate: now,
      ledgerTransactionId: posted.transactionId,
      feeLedgerTransactionId: feeTransactionId,
      // An external rail's sum now waits on its clearing balance until staff settle it (settlement.ts).
      settlementStatus: RAILS[p.kind as PaymentKind]?.clearing ? "PENDING" : null,
      ...(opts.signedAt ? { signedAt: opts.signedAt } : {}),
    })
    .where(eq(payments.id, p.id))
    .returning();
  return updated;
}
