/**
 * Payments: creation with idempotency, listing, decline, and posting to the ledger
 * (spec 000 §3 "Payment", §4 "Payment signing flow", §7 Payments; contract CreatePaymentRequest,
 * Payment). Signing itself (SCA) lives in server/domain/signing.
 *
 * Posting rules:
 * - EURO (SEPA_SCT): debit the payer's EUR balance, credit the SEPA_CLEARING system balance.
 * - INTERNAL: debit the payer, credit the recipient's first INDIVIDUAL account in the currency.
 * - BETWEEN_ACCOUNTS: debit one account, credit another account of the same organization.
 * A payer without a signature duty (CORPORATE official with signatureType NONE) gets the
 * payment posted at creation and answered COMPLETED (spec 000 §4 "Otherwise the flow
 * completes directly"); everyone else gets AWAITING_SIGNATURE.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import type { Database, Tx } from "../../db/client.js";
import {
  accounts,
  balances,
  beneficiaries,
  currencies,
  organizations,
  paymentSignatures,
  payments,
  providerPaymentTypes,
  users,
} from "../../db/schema/index.js";
import type {
  CurrencyCode,
  Payment,
  PaymentKind,
  PaymentStatus,
  ProviderPaymentTypeCode,
  SignatureRecord,
} from "../../api/v1/contract.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { availableFunds, insufficientFunds, postTransaction, withSerializableRetry } from "../ledger/index.js";
import { Decimal, formatAmount, parseAmount } from "../ledger/money.js";
import { clearingFor, systemBalanceId } from "../ledger/system.js";
import { getBooleanSetting, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import {
  forbidden,
  hasSignatureDuty,
  listMemberships,
  memberOrganizationIds,
  memberOrganizationIdsQuery,
  notFound,
  requireMembership,
  type Membership,
} from "../organizations/access.js";
import { findIndividualRecipient, organizationFullName } from "../organizations/index.js";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/index.js";
import { isUuid } from "../accounts/index.js";

export type PaymentRow = typeof payments.$inferSelect;

const PAYMENT_KINDS = [
  "EURO",
  "GBP",
  "USD",
  "INTERNATIONAL",
  "INTERNAL",
  "BETWEEN_ACCOUNTS",
  "CRYPTO_ASSET_PAYMENT",
  "CASH_OVER_COUNTER",
] as const;
const SUPPORTED_KINDS: PaymentKind[] = ["EURO", "INTERNAL", "BETWEEN_ACCOUNTS"];

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().max(max).optional(),
  );

/** Body of POST /v1/payments (contract CreatePaymentRequest); per-kind rules are checked after parsing. */
export const createPaymentSchema = z.object({
  organizationId: z.string().uuid(),
  kind: z.enum(PAYMENT_KINDS),
  accountId: z.string().uuid(),
  currencyId: z.string().min(3).max(8),
  amount: z.string().min(1).max(40),
  reference: optionalText(140),
  beneficiaryId: z.string().uuid().optional(),
  beneficiaryName: optionalText(140),
  iban: optionalText(42),
  bic: optionalText(11),
  recipientPhone: optionalText(20),
  toAccountId: z.string().uuid().optional(),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

/** Canonical JSON (sorted keys, no undefined) of the request, hashed for idempotency comparison. */
export function requestHash(body: CreatePaymentInput): string {
  const normalised: Record<string, unknown> = { ...body };
  try {
    normalised.amount = new Decimal(body.amount).toFixed();
  } catch {
    /* keep as written */
  }
  if (body.iban) normalised.iban = electronicFormatIBAN(body.iban) ?? body.iban;
  if (body.bic) normalised.bic = body.bic.toUpperCase();
  const keys = Object.keys(normalised)
    .filter((k) => normalised[k] !== undefined)
    .sort();
  const canonical = JSON.stringify(Object.fromEntries(keys.map((k) => [k, normalised[k]])));
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/** Payment row (+ payer account number, currency scale) → contract Payment. */
export function paymentToWire(p: PaymentRow, accountNumber: string, scale: number): Payment {
  const amount = formatAmount(p.amount, scale);
  return {
    id: p.id,
    organizationId: p.organizationId,
    kind: p.kind as PaymentKind,
    paymentType: (p.paymentType as ProviderPaymentTypeCode | null) ?? null,
    status: p.status as PaymentStatus,
    accountId: p.accountId,
    accountNumber,
    currencyId: p.currencyId as CurrencyCode,
    amount,
    sum: amount,
    benificiaryFullName: p.beneficiaryName,
    beneficiaryAccount: p.beneficiaryAccount,
    payeeDescription: p.beneficiaryAccount ?? "",
    payeeDetails: p.payeeDetails ?? {},
    reference: p.reference,
    purpose: p.purpose,
    categoryId: p.categoryId,
    fee: p.feeAmount && p.feeCurrencyId ? { amount: formatAmount(p.feeAmount, scale), currencyId: p.feeCurrencyId as CurrencyCode } : null,
    documentIds: [],
    createdAt: p.createdAt.toISOString(),
    transferDate: p.transferDate?.toISOString() ?? null,
    signedAt: p.signedAt?.toISOString() ?? null,
    requiresSignature: p.requiresSignature,
  };
}

/**
 * Contract Payment for rows, in one query: each payment's debit balance belongs to its payer
 * account and is in its currency, so it leads to the account number and the currency scale.
 */
export async function paymentsToWire(db: Database | Tx, rows: PaymentRow[]): Promise<Payment[]> {
  if (!rows.length) return [];
  const debits = await db
    .select({ balanceId: balances.id, number: accounts.number, scale: currencies.scale })
    .from(balances)
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(currencies, eq(currencies.id, balances.currencyId))
    .where(inArray(balances.id, [...new Set(rows.map((r) => r.debitBalanceId))]));
  const byBalance = new Map(debits.map((d) => [d.balanceId, d]));
  return rows.map((r) =>
    paymentToWire(r, byBalance.get(r.debitBalanceId)?.number ?? "", byBalance.get(r.debitBalanceId)?.scale ?? 2),
  );
}

/** The payer as the credited side's statement names it (account number/IBAN, holder's name). */
export interface PayerParty {
  number: string;
  iban: string | null;
  type: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}

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
 * Post a payment to the ledger inside `tx` (debit payer balance, credit `creditBalanceId`)
 * and mark it COMPLETED with transferDate = now (and `signedAt` when given, in the same
 * UPDATE). The caller must hold the payment row lock and have checked it is still pending.
 * `opts.payer`: the payer party when the caller already read it (else one query here).
 * @throws DomainError INSUFFICIENT_FUNDS (the transaction then rolls back).
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
  const [updated] = await tx
    .update(payments)
    .set({
      status: "COMPLETED",
      transferDate: now,
      ledgerTransactionId: posted.transactionId,
      ...(opts.signedAt ? { signedAt: opts.signedAt } : {}),
    })
    .where(eq(payments.id, p.id))
    .returning();
  return updated;
}

interface Resolved {
  paymentType: ProviderPaymentTypeCode | null;
  creditBalanceId: string;
  beneficiaryName: string;
  beneficiaryAccount: string | null;
  beneficiaryBic: string | null;
}

/**
 * Create a payment (POST /v1/payments).
 * @param input.body raw request body; @param input.idempotencyKey 1..128 chars (header).
 * @returns `{ payment, created }`: created=false when the key was already used with the same
 *   body (replay, answer 200 with the first payment).
 * @throws 400 VALIDATION_FAILED (field errors per contract property names), 400
 *   INSUFFICIENT_FUNDS (field `amount`), 403 FORBIDDEN (organizationId), 404 NOT_FOUND
 *   (accountId outside the caller's organizations), 409 IDEMPOTENCY_KEY_REUSED, 429
 *   RATE_LIMITED (INTERNAL: recipient lookups by phone are limited, see domain/rate-limit).
 */
export async function createPayment(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string; relaxedLimits?: boolean },
): Promise<{ payment: Payment; created: boolean }> {
  const parsed = createPaymentSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const body = parsed.data;
  const memberships = await listMemberships(db, input.userId);
  const membership = memberships.find((m) => m.organizationId === body.organizationId);
  if (!membership) throw forbidden();
  const hash = requestHash(body);

  const replay = await findByIdempotencyKey(db, body.organizationId, input.idempotencyKey, hash);
  if (replay) return { payment: (await paymentsToWire(db, [replay]))[0], created: false };

  // A payment to a phone is a lookup too: the same limit, so customers cannot be enumerated here.
  // Counted before the creating transaction, so a refused payment (rolled back) still counts.
  if (body.kind === "INTERNAL" && body.recipientPhone) {
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
    return createNewPayment(tx, input, body, membership, memberships, hash);
  });
}

/** The part of `createPayment` after the idempotency lookup: checks, payee, funds, INSERT (and posting). */
async function createNewPayment(
  db: Tx,
  input: { userId: string; idempotencyKey: string; relaxedLimits?: boolean },
  body: CreatePaymentInput,
  membership: Membership,
  memberships: Membership[],
  hash: string,
): Promise<{ payment: Payment; created: boolean }> {
  // Payer account (in the caller's organizations), the currency and the account's balance in it: one query.
  const [found] = await db
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

  const amountResult = parseAmount(body.amount, currency.scale);
  if (!amountResult.ok) {
    const messages = {
      format: "amount must be a decimal number such as 120.50",
      scale: `amount must have at most ${currency.scale} decimals`,
      positive: "amount must be greater than 0",
      max: "amount must be at most 10000000000000000",
    };
    throw fieldError("amount", amountResult.error, messages[amountResult.error]);
  }
  const amount = amountResult.amount;

  const resolved = await resolvePayee(db, input.userId, body, account, currency.id);

  // The global overdraft switch only matters where account and balance both allow one (balanceFloor).
  const overdraftGlobal =
    account.overdraftEnabled && debit.overdraftEnabled && (await getBooleanSetting(db, SETTING_OVERDRAFT_ENABLED, false));
  if (availableFunds(debit, account, overdraftGlobal).lt(amount)) throw insufficientFunds();

  const requiresSignature = hasSignatureDuty(membership);
  const insert = (q: Database | Tx) =>
    q
      .insert(payments)
      .values({
        organizationId: body.organizationId,
        createdByUserId: input.userId,
        kind: body.kind,
        paymentType: resolved.paymentType,
        status: "AWAITING_SIGNATURE",
        accountId: account.id,
        debitBalanceId: debit.id,
        creditBalanceId: resolved.creditBalanceId,
        currencyId: currency.id,
        amount: amount.toFixed(),
        beneficiaryId: body.beneficiaryId ?? null,
        beneficiaryName: resolved.beneficiaryName,
        beneficiaryAccount: resolved.beneficiaryAccount,
        beneficiaryBic: resolved.beneficiaryBic,
        reference: body.reference ?? null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        requiresSignature,
        createdAt: new Date(),
      })
      .returning();
  // Awaiting signature: the INSERT. No signature duty: posted in the same transaction.
  const [inserted] = await insert(db);
  const row = requiresSignature ? inserted : await postPayment(db, inserted);
  return { payment: paymentToWire(row, account.number, currency.scale), created: true };
}

async function findByIdempotencyKey(
  db: Database | Tx,
  organizationId: string,
  key: string,
  hash: string,
): Promise<PaymentRow | null> {
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.idempotencyKey, key)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  }
  return existing;
}

/** Per-kind validation and the balance to credit (spec 000 §2 transfer chooser conditions). */
async function resolvePayee(
  db: Database | Tx,
  userId: string,
  body: CreatePaymentInput,
  account: typeof accounts.$inferSelect,
  currencyId: string,
): Promise<Resolved> {
  if (!SUPPORTED_KINDS.includes(body.kind)) {
    throw fieldError("kind", "isSupported", `Payments of kind ${body.kind} are not available yet`);
  }
  if (body.kind === "EURO") {
    let { beneficiaryName, iban, bic } = body;
    if (body.beneficiaryId) {
      const [b] = await db
        .select()
        .from(beneficiaries)
        .where(and(eq(beneficiaries.id, body.beneficiaryId), eq(beneficiaries.organizationId, body.organizationId)))
        .limit(1);
      if (!b || b.status !== "APPROVED")
        throw fieldError("beneficiaryId", "isApproved", "beneficiaryId must be an approved beneficiary of this organization");
      beneficiaryName ??= b.name;
      iban ??= b.iban ?? undefined;
      bic ??= b.bic ?? undefined;
    }
    if (currencyId !== "EUR") throw fieldError("currencyId", "isEur", "currencyId must be EUR for a euro payment");
    if (!beneficiaryName) throw fieldError("beneficiaryName", "isNotEmpty", "beneficiaryName should not be empty");
    const electronic = iban ? electronicFormatIBAN(iban) : null;
    if (!electronic || !isValidIBAN(electronic)) throw fieldError("iban", "isIban", "iban must be a valid IBAN");
    const bicUpper = bic?.toUpperCase().replace(/\s+/g, "");
    if (!bicUpper || !isValidBIC(bicUpper)) throw fieldError("bic", "isBic", "bic must be a valid BIC");
    const [rail] = await db
      .select()
      .from(providerPaymentTypes)
      .where(and(eq(providerPaymentTypes.type, "SEPA_SCT"), eq(providerPaymentTypes.currencyId, "EUR")))
      .limit(1);
    if (!rail) throw fieldError("kind", "isAvailable", "Euro payments (SEPA) are not available");
    return {
      paymentType: "SEPA_SCT",
      creditBalanceId: await systemBalanceId(db, clearingFor("SEPA_SCT"), "EUR"),
      beneficiaryName,
      beneficiaryAccount: electronic,
      beneficiaryBic: bicUpper,
    };
  }
  if (body.kind === "INTERNAL") {
    if (!body.recipientPhone) throw fieldError("recipientPhone", "isNotEmpty", "recipientPhone should not be empty");
    const recipient = await findIndividualRecipient(db, body.recipientPhone);
    if (!recipient) throw fieldError("recipientPhone", "isCustomer", "No customer found with this phone number");
    if (recipient.organizationId === body.organizationId || recipient.userId === userId) {
      throw fieldError("recipientPhone", "isNotSelf", "recipientPhone cannot be your own phone number");
    }
    const [payee] = await db
      .select({ balanceId: balances.id })
      .from(accounts)
      .innerJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, currencyId)))
      .where(and(eq(accounts.organizationId, recipient.organizationId), eq(accounts.system, false)))
      .orderBy(asc(accounts.createdAt), asc(accounts.number))
      .limit(1);
    if (!payee) throw fieldError("recipientPhone", "hasAccount", `The recipient has no ${currencyId} account`);
    return {
      paymentType: null,
      creditBalanceId: payee.balanceId,
      beneficiaryName: recipient.displayName,
      beneficiaryAccount: body.recipientPhone,
      beneficiaryBic: null,
    };
  }
  // BETWEEN_ACCOUNTS
  if (!body.toAccountId) throw fieldError("toAccountId", "isNotEmpty", "toAccountId should not be empty");
  if (body.toAccountId === account.id) throw fieldError("toAccountId", "isOtherAccount", "toAccountId must be another account");
  const [target] = await db
    .select({ balanceId: balances.id, name: accounts.name, number: accounts.number, iban: accounts.iban })
    .from(accounts)
    .innerJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, currencyId)))
    .where(and(eq(accounts.id, body.toAccountId), eq(accounts.organizationId, body.organizationId), eq(accounts.system, false)))
    .limit(1);
  if (!target)
    throw fieldError(
      "toAccountId",
      "hasBalance",
      `toAccountId must be an account of this organization with a ${currencyId} balance`,
    );
  return {
    paymentType: null,
    creditBalanceId: target.balanceId,
    beneficiaryName: target.name,
    beneficiaryAccount: target.iban ?? target.number,
    beneficiaryBic: null,
  };
}

/** Opaque list cursor: base64url("createdAtISO|id"). */
export function encodeCursor(date: Date, id: string): string {
  return Buffer.from(`${date.toISOString()}|${id}`).toString("base64url");
}

/** Inverse of encodeCursor; 400 field error `cursor` when malformed. */
export function decodeCursor(cursor: string): { date: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) throw fieldError("cursor", "isCursor", "cursor is invalid");
  return { date, id };
}

/**
 * GET /v1/payments: the caller's payments (one organization, 403 if not a member, or all of
 * theirs), newest first, optional status filter, keyset pagination (take 1..100, default 20).
 */
export async function listPayments(
  db: Database,
  userId: string,
  q: { organizationId?: string; status?: PaymentStatus; take: number; cursor?: string },
): Promise<{ data: Payment[]; nextCursor: string | null }> {
  const orgIds = q.organizationId
    ? [(await requireMembership(db, userId, q.organizationId)).organizationId]
    : await memberOrganizationIds(db, userId);
  if (!orgIds.length) return { data: [], nextCursor: null };
  const conditions = [inArray(payments.organizationId, orgIds)];
  if (q.status) conditions.push(eq(payments.status, q.status));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(or(lt(payments.createdAt, c.date), and(eq(payments.createdAt, c.date), lt(payments.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.take + 1);
  const page = rows.slice(0, q.take);
  const last = page[page.length - 1];
  return {
    data: await paymentsToWire(db, page),
    nextCursor: rows.length > q.take && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** Payment row of the caller's organizations, or 404 NOT_FOUND. Optionally locks it (FOR UPDATE). */
export async function getPaymentRow(db: Database | Tx, userId: string, paymentId: string, lock = false): Promise<PaymentRow> {
  if (!isUuid(paymentId)) throw notFound("Payment");
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), inArray(payments.organizationId, memberOrganizationIdsQuery(db, userId))))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Payment");
  return row;
}

/** GET /v1/payments/:id → Payment, 404 NOT_FOUND outside the caller's organizations. */
export async function getPayment(db: Database, userId: string, paymentId: string): Promise<Payment> {
  return (await paymentsToWire(db, [await getPaymentRow(db, userId, paymentId)]))[0];
}

/** 409 PAYMENT_NOT_PENDING. */
export function notPending(status: string): DomainError {
  return new DomainError("PAYMENT_NOT_PENDING", `The payment is ${status}, not awaiting signature`);
}

/** DELETE /v1/payments/:id/decline: AWAITING_SIGNATURE → DECLINED; 409 PAYMENT_NOT_PENDING otherwise; 404 outside. */
export async function declinePayment(db: Database, userId: string, paymentId: string): Promise<Payment> {
  const row = await withSerializableRetry(db, async (tx) => {
    const p = await getPaymentRow(tx, userId, paymentId, true);
    if (p.status !== "AWAITING_SIGNATURE") throw notPending(p.status);
    const [updated] = await tx.update(payments).set({ status: "DECLINED" }).where(eq(payments.id, p.id)).returning();
    return updated;
  });
  return (await paymentsToWire(db, [row]))[0];
}

/** GET /v1/payments/:id/signatures → SignatureRecord[] (oldest first); 404 outside. */
export async function listPaymentSignatures(db: Database, userId: string, paymentId: string): Promise<SignatureRecord[]> {
  const p = await getPaymentRow(db, userId, paymentId);
  const rows = await db
    .select({
      id: paymentSignatures.id,
      signedAt: paymentSignatures.signedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(paymentSignatures)
    .innerJoin(users, eq(users.id, paymentSignatures.userId))
    .where(eq(paymentSignatures.paymentId, p.id))
    .orderBy(asc(paymentSignatures.signedAt));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.signedAt.toISOString(),
    user: { profile: { firstName: r.firstName, lastName: r.lastName } },
  }));
}
