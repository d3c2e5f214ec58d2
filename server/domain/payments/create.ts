/**
 * Creating a payment (POST /v1/payments) and checking one without creating it
 * (POST /v1/payments/check): spec 000 §4 "Payment signing flow", §7 Payments; contract
 * CreatePaymentRequest (one shape per kind), PaymentCheck, Payment.
 *
 * Shared by every kind: parsing (the registry's discriminated union), the caller's membership,
 * the payer account and balance, the amount rule (server/rules/amount), an approved beneficiary
 * and an approved contract of it (`contractId`), purpose and category, the fee (server/domain/fees), funds (amount + fee), idempotency and the
 * INSERT. The payee itself is the rail's (rails/<rail>.ts `resolve`).
 *
 * Every payment is created AWAITING_SIGNATURE and moves money only when a member with a signature
 * duty signs it with a one-time code (strong customer authentication: PSD2 RTS Art. 4–5). A
 * creator without that duty (CORPORATE official with signatureType NONE) ends their flow at
 * creation (spec 000 §4 "Otherwise the flow completes directly"): the payment waits for a signer.
 * docs/decisions.md "Who may sign".
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import {
  accounts,
  balances,
  beneficiaries,
  beneficiaryContracts,
  currencies,
  paymentCategories,
  payments,
} from "../../db/schema/index.js";
import type { Payment, PaymentCheck, PaymentKind } from "../../api/v1/contract.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import { fieldError, fieldErrors } from "../errors.js";
import { feeFor } from "../fees/index.js";
import { availableFunds, insufficientFunds, withSerializableRetry } from "../ledger/index.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { getBooleanSetting, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import { forbidden, listMemberships, notFound, type Membership } from "../organizations/access.js";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/index.js";
import { findByIdempotencyKey, requestHash } from "./idempotency.js";
import { paymentsToWire, paymentToWire } from "./queries.js";
import { createPaymentSchema, RAILS, type CreatePaymentInput } from "./rails/index.js";
import { payeeAccountInEnglish } from "./rails/payee-account.js";
import type { Payee } from "./rails/types.js";

export { createPaymentSchema, type CreatePaymentInput };

/** Everything decided about a payment before it is stored. */
interface Prepared {
  account: typeof accounts.$inferSelect;
  currency: typeof currencies.$inferSelect;
  debitBalanceId: string;
  amount: Decimal;
  payee: Payee;
  fee: { amount: Decimal; currencyId: string; balanceId: string } | null;
}

/** Parse a request body into the kind's shape. @throws DomainError VALIDATION_FAILED */
function parseBody(body: unknown): CreatePaymentInput {
  const parsed = createPaymentSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  return parsed.data;
}

/** Whether the body looks a customer up (INTERNAL by phone or company number): such requests count against the lookup limit, so payments cannot enumerate customers. */
function countsLookup(body: CreatePaymentInput): boolean {
  return body.kind === "INTERNAL" && Boolean(body.recipientPhone || body.recipientCompanyNumber);
}

/**
 * Checks and decisions shared by create and check, inside `tx`: payer account and balance,
 * amount, beneficiary, purpose, category, the rail's payee, the fee and funds.
 * @throws DomainError VALIDATION_FAILED (field errors), INSUFFICIENT_FUNDS, NOT_FOUND (account)
 */
async function prepare(
  tx: Tx,
  userId: string,
  body: CreatePaymentInput,
  memberships: Membership[],
  dryRun: boolean,
): Promise<Prepared> {
  const rail = RAILS[body.kind];
  // Payer account (in the caller's organizations), the currency and the account's balance in it: one query.
  const [found] = await tx
    .select({ account: accounts, currency: currencies, debit: balances })
    .from(accounts)
    .leftJoin(currencies, eq(currencies.id, body.currencyId))
    .leftJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, currencies.id)))
    .where(
      and(
        eq(accounts.id, body.accountId),
        inArray(
          accounts.organizationId,
          memberships.map((m) => m.organizationId),
        ),
        eq(accounts.system, false),
      ),
    )
    .limit(1);
  if (!found) throw notFound("Account");
  const { account, currency, debit } = found;
  if (account.organizationId !== body.organizationId)
    throw fieldError("accountId", "isOwnAccount", "accountId does not belong to this organization");
  if (!currency) throw fieldError("currencyId", "isCurrency", "currencyId is not a known currency");
  if (!debit) throw fieldError("currencyId", "hasBalance", `The account has no ${currency.id} balance`);

  const amountResult = validateWireAmount(body.amount, { scale: currency.scale });
  if (!amountResult.ok) throw fieldError("amount", amountResult.error, amountErrorText(amountResult.error));
  const amount = new Decimal(amountResult.value);

  let beneficiary = null;
  if (body.beneficiaryId) {
    [beneficiary] = await tx
      .select()
      .from(beneficiaries)
      .where(
        and(
          eq(beneficiaries.id, body.beneficiaryId),
          eq(beneficiaries.organizationId, body.organizationId),
          isNull(beneficiaries.deletedAt),
        ),
      )
      .limit(1);
    if (!beneficiary || beneficiary.status !== "APPROVED")
      throw fieldError("beneficiaryId", "isApproved", "beneficiaryId must be an approved beneficiary of this organization");
    if (!rail.beneficiaryPaymentTypes.includes(beneficiary.paymentType))
      throw fieldError("beneficiaryId", "isPaymentType", `This beneficiary is saved for ${beneficiary.paymentType} payments`);
  }
  if (body.contractId) {
    // An APPROVED contract of the paid beneficiary (so of this organization): one answer for
    // every other case (no beneficiary, another's contract, not approved), nothing to enumerate.
    const [contract] = beneficiary
      ? await tx
          .select({ id: beneficiaryContracts.id })
          .from(beneficiaryContracts)
          .where(
            and(
              eq(beneficiaryContracts.id, body.contractId),
              eq(beneficiaryContracts.beneficiaryId, beneficiary.id),
              eq(beneficiaryContracts.organizationId, body.organizationId),
              eq(beneficiaryContracts.status, "APPROVED"),
            ),
          )
          .limit(1)
      : [];
    if (!contract)
      throw fieldError("contractId", "isApprovedContract", "contractId must be an approved contract of the paid beneficiary");
  }
  if (rail.purposeRequired && !body.purpose) throw fieldError("purpose", "isNotEmpty", "purpose should not be empty");
  if (body.categoryId) {
    const [category] = await tx
      .select({ id: paymentCategories.id })
      .from(paymentCategories)
      .where(eq(paymentCategories.id, body.categoryId))
      .limit(1);
    if (!category) throw fieldError("categoryId", "isCategory", "categoryId is not a payment category");
  }

  const payee = await rail.resolve(
    {
      tx,
      userId,
      organizationId: body.organizationId,
      account,
      currencyId: currency.id,
      scale: currency.scale,
      beneficiary: beneficiary ?? null,
      dryRun,
      clearingBalance: (code) => (dryRun ? Promise.resolve("") : systemBalanceId(tx, code, currency.id)),
    },
    body as unknown as Record<string, unknown>,
  );

  const decided = await feeFor(tx, {
    organizationId: body.organizationId,
    kind: body.kind,
    paymentType: payee.paymentType,
    currencyId: currency.id,
    amount,
  });
  let fee: Prepared["fee"] = null;
  if (decided) {
    const [feeBalance] =
      decided.currencyId === currency.id
        ? [debit]
        : await tx
            .select()
            .from(balances)
            .where(and(eq(balances.accountId, account.id), eq(balances.currencyId, decided.currencyId)))
            .limit(1);
    if (!feeBalance)
      throw fieldError("amount", "hasFeeBalance", `The account has no ${decided.currencyId} balance to pay the fee from`);
    fee = { amount: decided.amount, currencyId: decided.currencyId, balanceId: feeBalance.id };
  }

  // The global overdraft switch only matters where account and balance both allow one (balanceFloor).
  const overdraftGlobal =
    account.overdraftEnabled && debit.overdraftEnabled && (await getBooleanSetting(tx, SETTING_OVERDRAFT_ENABLED, false));
  const needed = fee && fee.balanceId === debit.id ? amount.plus(fee.amount) : amount;
  if (availableFunds(debit, account, overdraftGlobal).lt(needed)) throw insufficientFunds();
  return { account, currency, debitBalanceId: debit.id, amount, payee, fee };
}

/**
 * Create a payment (POST /v1/payments).
 * @param input.body raw request body (contract CreatePaymentRequest); @param input.idempotencyKey 1..128 chars (header)
 * @returns `{ payment, created }`: created=false when the key was already used with the same
 *   body (replay, answer 200 with the first payment).
 * @throws 400 VALIDATION_FAILED (field errors per contract property names), 400
 *   INSUFFICIENT_FUNDS (field `amount`; amount plus fee), 403 FORBIDDEN (organizationId), 404
 *   NOT_FOUND (accountId outside the caller's organizations), 409 IDEMPOTENCY_KEY_REUSED, 429
 *   RATE_LIMITED (INTERNAL: recipient lookups are limited, see domain/rate-limit).
 */
export async function createPayment(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string; relaxedLimits?: boolean },
): Promise<{ payment: Payment; created: boolean }> {
  const body = parseBody(input.body);
  const memberships = await listMemberships(db, input.userId);
  if (!memberships.some((m) => m.organizationId === body.organizationId)) throw forbidden();
  const hash = requestHash(body as unknown as Record<string, unknown>);

  if (countsLookup(body)) {
    // A recipient lookup is counted before the creating transaction, so a refused payment
    // (rolled back) still counts; a replay (found first) counts nothing.
    const replay = await findByIdempotencyKey(db, body.organizationId, input.idempotencyKey, hash);
    if (replay) return { payment: (await paymentsToWire(db, [replay]))[0], created: false };
    await consumeRateLimit(db, RATE_LIMITS.recipientLookup(input.userId), { relaxed: input.relaxedLimits ?? false });
  }

  // Requests under one key are serialised by a transaction-scoped advisory lock on the key: the
  // second waits for the first, then finds its payment and answers it as a replay. So every
  // request under one key gets the same answer (Stripe's idempotency rule), and one effect.
  return withSerializableRetry(db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`payment-key:${body.organizationId}:${input.idempotencyKey}`}, 0))`,
    );
    const twin = await findByIdempotencyKey(tx, body.organizationId, input.idempotencyKey, hash);
    if (twin) return { payment: (await paymentsToWire(tx, [twin]))[0], created: false };
    const p = await prepare(tx, input.userId, body, memberships, false);
    const [inserted] = await tx
      .insert(payments)
      .values({
        organizationId: body.organizationId,
        createdByUserId: input.userId,
        kind: body.kind,
        paymentType: p.payee.paymentType,
        status: "AWAITING_SIGNATURE",
        accountId: p.account.id,
        debitBalanceId: p.debitBalanceId,
        creditBalanceId: p.payee.creditBalanceId,
        currencyId: p.currency.id,
        amount: p.amount.toFixed(),
        beneficiaryId: body.beneficiaryId ?? null,
        beneficiaryName: p.payee.beneficiaryName,
        beneficiaryAccount: p.payee.beneficiaryAccount,
        beneficiaryBic: p.payee.beneficiaryBic,
        payeeDetails: p.payee.details,
        reference: body.reference ?? null,
        purpose: body.purpose ?? null,
        categoryId: body.categoryId ?? null,
        contractId: body.contractId ?? null,
        feeAmount: p.fee?.amount.toFixed() ?? null,
        feeCurrencyId: p.fee?.currencyId ?? null,
        feeBalanceId: p.fee?.balanceId ?? null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        requiresSignature: true,
        createdAt: new Date(),
      })
      .returning();
    return { payment: paymentToWire(inserted, p.account.number, p.currency.scale), created: true };
  });
}

/**
 * Check a payment without creating it (POST /v1/payments/check): the same rules as create,
 * answered with the fee the payment would carry.
 * @returns contract PaymentCheck
 * @throws the same errors as `createPayment` except IDEMPOTENCY_KEY_REUSED
 */
export async function checkPayment(
  db: Database,
  input: { userId: string; body: unknown; relaxedLimits?: boolean },
): Promise<PaymentCheck> {
  const body = parseBody(input.body);
  const memberships = await listMemberships(db, input.userId);
  if (!memberships.some((m) => m.organizationId === body.organizationId)) throw forbidden();
  if (countsLookup(body))
    await consumeRateLimit(db, RATE_LIMITS.recipientLookup(input.userId), { relaxed: input.relaxedLimits ?? false });
  const p = await db.transaction(async (tx) => prepare(tx, input.userId, body, memberships, true));
  const feeScale = p.fee?.currencyId === p.currency.id ? p.currency.scale : undefined;
  const payeeAccount = RAILS[body.kind as PaymentKind].describe(p.payee);
  return {
    amount: formatAmount(p.amount, p.currency.scale),
    currencyId: p.currency.id as PaymentCheck["currencyId"],
    paymentType: p.payee.paymentType,
    fee: p.fee
      ? {
          amount: feeScale === undefined ? p.fee.amount.toFixed() : formatAmount(p.fee.amount, feeScale),
          currencyId: p.fee.currencyId as PaymentCheck["currencyId"],
        }
      : null,
    beneficiaryName: p.payee.beneficiaryName,
    payeeDescription: payeeAccountInEnglish(payeeAccount),
    payeeAccount,
  };
}
