/**
 * FX rate requests: the customer proposes their own rate for an exchange and the bank accepts or
 * rejects it (issue 9; spec 001 §3 "FX rate request", §4, §7, §9; contract FxRequest; decisions in
 * docs/decisions.md "FX rate requests (issue 9)"). Offered when EXCHANGE-CUSTOM-RATE-ENABLED is on
 * for the organization (server/domain/settings `customRateEnabled`).
 *
 * Life of a request (every amount a decimal string; the sold sum in the from-currency's units, the
 * bought sum in the to-currency's units, the rate in to-units per 1 from-unit):
 * - `createFxRequest` (POST /v1/exchange/fx-requests, Idempotency-Key): validated like an exchange
 *   quote (amount rules at the from-currency's scale, a pair the bank exchanges, funds available
 *   for sell + EXCHANGE fee); the bought sum is sell × rate half-even at the to-currency's scale
 *   (server/rules/fx-rate.ts). Status AWAITING_SIGNATURE, nothing held yet.
 * - Signing (spec 001 §4 "FX requests follow the core signing flow"): POST /v1/signatures/send-code
 *   { fxRequestIds } → validate → `signFxRequest` with the MFA token, the same rules as
 *   `signPayment` (PSD2 RTS Art. 4 and 5: the code is bound to both sums, both currencies and the
 *   rate). Signing HOLDS the money: one ledger transaction customer(from) −sell (and −fee as a
 *   TRANSACTION_FEE item) → FX_PENDING(from). Status PENDING (label Waiting). A request created by
 *   a member without a signature duty (official with signatureType NONE) waits for a signer, as
 *   payments do.
 * - `decideFxRequest` (staff: `npm run bank -- fx:accept|fx:reject`): ACCEPTED executes at the
 *   request's own amounts as one ledger transaction: FX_PENDING(from) −sell, FX_POSITION(from)
 *   +sell, FX_POSITION(to) −buy, customer(to) +buy, and the held fee FX_PENDING −fee → FEE_INCOME
 *   +fee; REJECTED returns the hold (REFUND items) and records the reason. Each transition happens
 *   once: the row is locked FOR UPDATE and the UPDATE is guarded by status = 'PENDING'.
 * - `declineFxRequest` (POST /v1/exchange/fx-requests/:id/decline, any member): an unsigned
 *   request is DECLINED (spec 000 §4); nothing was held, so nothing moves.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, currencies, fxRequests, fxRequestSignatures, organizations } from "../../db/schema/index.js";
import { organizationFullName } from "../organizations/index.js";
import type { CurrencyCode, FxRequest, FxRequestPage, FxRequestStatus } from "../../api/v1/contract.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import { FX_PROPOSED_RATE_SCALE, FX_RATE_DETAIL_DECIMALS, fxActualRate, fxBoughtAmount } from "../../rules/fx-rate.js";
import { isUuid } from "../accounts/index.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { pgErrorCode, postTransaction, withSerializableRetry, type PostingInput } from "../ledger/index.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import {
  forbidden,
  hasSignatureDuty,
  listMemberships,
  memberOrganizationIdsQuery,
  notFound,
  requireMembership,
  type Membership,
} from "../organizations/access.js";
import { edgesPage, newestFirst } from "../pagination.js";
import { requestHash } from "../payments/idempotency.js";
import { customRateEnabled } from "../settings/index.js";
import { notifyFxDecision } from "../chat/notify.js";
import { checkSignedAt, currentBindingHash, findMfaToken, mfaInvalid, signSchema } from "../signing/index.js";
import { fxRequestsDisabled, fxStatusConflict, type FxRequestRow } from "./fx-binding.js";
import { currencyCode, exchangeFee, findOwnAccount, ratesInForce } from "./index.js";
import { midRate, unitsPerEur } from "./rates.js";

type Db = Database | Tx;

/** Every status, in the order a request goes through them (DECLINED: by the customer, unsigned). */
export const FX_REQUEST_STATUSES = [
  "AWAITING_SIGNATURE",
  "PENDING",
  "ACCEPTED",
  "REJECTED",
  "DECLINED",
] as const satisfies readonly FxRequestStatus[];

/** POST /v1/exchange/fx-requests body (contract CreateFxRequestRequest). */
export const createFxRequestSchema = z
  .object({
    organizationId: z.string().uuid(),
    accountId: z.string().uuid(),
    fromCurrencyId: currencyCode,
    toCurrencyId: currencyCode,
    sellAmount: z.string().trim().min(1).max(40),
    rate: z.string().trim().min(1).max(40),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.fromCurrencyId === v.toCurrencyId)
      ctx.addIssue({ code: "custom", path: ["toCurrencyId"], message: "toCurrencyId must differ from fromCurrencyId" });
  });

/** 400 INSUFFICIENT_FUNDS on `sellAmount` (the ledger names `amount`). */
function insufficientSell(): DomainError {
  return new DomainError("INSUFFICIENT_FUNDS", [
    {
      property: "sellAmount",
      constraints: { insufficientFunds: "Insufficient funds on the balance for this amount and its fee" },
    },
  ]);
}

// ------------------------------------------------------------------ wire

const toCurrency = alias(currencies, "fx_to_currency");

/** Requests joined with what the wire form needs: the account number and both currencies. */
function joined(db: Db) {
  return db
    .select({ request: fxRequests, accountNumber: accounts.number, from: currencies, to: toCurrency })
    .from(fxRequests)
    .innerJoin(accounts, eq(accounts.id, fxRequests.accountId))
    .innerJoin(currencies, eq(currencies.id, fxRequests.fromCurrencyId))
    .innerJoin(toCurrency, eq(toCurrency.id, fxRequests.toCurrencyId));
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["where"]>>[number];

/** A joined row → contract FxRequest (sums at their currencies' scales, the actual rate at 14 decimals). */
function toWire(r: JoinedRow): FxRequest {
  const q = r.request;
  const fixed = formatAmount(q.sellAmount, r.from.scale);
  const flexible = formatAmount(q.buyAmount, r.to.scale);
  const fee = new Decimal(q.feeAmount);
  return {
    id: q.id,
    createdAt: q.createdAt.toISOString(),
    status: q.status as FxRequestStatus,
    organizationId: q.organizationId,
    accountId: q.accountId,
    senderAccountNumber: r.accountNumber,
    exchangeCurrencyFrom: { id: r.from.id as CurrencyCode, name: r.from.name, scale: r.from.scale },
    exchangeCurrencyTo: { id: r.to.id as CurrencyCode, name: r.to.name, scale: r.to.scale },
    exchangeCurrencyFixedSum: fixed,
    exchangeCurrencyFlexibleSum: flexible,
    exchangeActualRate: fxActualRate(fixed, flexible, FX_RATE_DETAIL_DECIMALS),
    proposedRate: new Decimal(q.proposedRate).toFixed(),
    fee: fee.gt(0) ? { amount: formatAmount(fee, r.from.scale), currencyId: q.fromCurrencyId as CurrencyCode } : null,
    signedAt: q.signedAt ? q.signedAt.toISOString() : null,
    decidedAt: q.decidedAt ? q.decidedAt.toISOString() : null,
    decisionReason: q.status === "REJECTED" ? q.decisionReason : null,
  };
}

/** One request (any organization) → contract FxRequest. */
async function requestToWire(db: Db, id: string): Promise<FxRequest> {
  const [row] = await joined(db).where(eq(fxRequests.id, id));
  return toWire(row);
}

// ------------------------------------------------------------------ hold

/**
 * Hold a request's sum and fee (signing): customer(from) −sell and −fee (TRANSACTION_FEE item) →
 * FX_PENDING(from), one ledger transaction inside `tx`.
 * @returns the ledger transaction id
 * @throws 400 INSUFFICIENT_FUNDS on `sellAmount` (the balance cannot pay sell + fee)
 */
async function holdSum(tx: Tx, q: FxRequestRow, accountNumber: string): Promise<string> {
  const [from] = await tx
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, q.accountId), eq(balances.currencyId, q.fromCurrencyId)));
  if (!from) throw fieldError("fromCurrencyId", "hasBalance", `The account has no ${q.fromCurrencyId} balance`);
  const pending = await systemBalanceId(tx, "FX_PENDING", q.fromCurrencyId);
  const sell = new Decimal(q.sellAmount);
  const fee = new Decimal(q.feeAmount);
  const reference = `FX rate request ${q.fromCurrencyId} → ${q.toCurrencyId} at ${new Decimal(q.proposedRate).toFixed()}`;
  const legs: PostingInput[] = [
    { balanceId: from.id, amount: sell.neg(), reference, counterpartyName: `Exchange to ${q.toCurrencyId}` },
    { balanceId: pending, amount: sell, reference, counterpartyAccount: accountNumber },
  ];
  if (fee.gt(0))
    legs.push(
      {
        balanceId: from.id,
        amount: fee.neg(),
        reference: "Exchange fee",
        counterpartyName: "Exchange fee",
        operationType: "TRANSACTION_FEE",
      },
      { balanceId: pending, amount: fee, reference: "Exchange fee", operationType: "TRANSACTION_FEE" },
    );
  try {
    const posted = await postTransaction(tx, { kind: "FX_REQUEST_HOLD", description: `${reference} (${q.id})`, postings: legs });
    return posted.transactionId;
  } catch (err) {
    if (err instanceof DomainError && err.code === "INSUFFICIENT_FUNDS") throw insufficientSell();
    throw err;
  }
}

// ------------------------------------------------------------------ create

type ParsedRequest = z.infer<typeof createFxRequestSchema>;

/** The request created under `key` in the organization, or null; 409 IDEMPOTENCY_KEY_REUSED for another body. */
async function findByKey(db: Db, organizationId: string, key: string, hash: string): Promise<FxRequestRow | null> {
  const [existing] = await db
    .select()
    .from(fxRequests)
    .where(and(eq(fxRequests.organizationId, organizationId), eq(fxRequests.idempotencyKey, key)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash)
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  return existing;
}

/**
 * Checks of a parsed request that need the database, inside `tx`: the account (in the caller's
 * organizations: 404; of this organization: 400 `accountId`), both currencies (known; a from-balance
 * on the account), the sell amount (amount rules at the from-currency's scale), the rate (amount
 * rules at 12 decimals), a pair the bank exchanges (a reference rate exists, as for quotes), a bought
 * amount above zero, the EXCHANGE fee, and funds for sell + fee (checked again by the hold).
 */
async function prepare(tx: Tx, userId: string, body: ParsedRequest) {
  const account = await findOwnAccount(tx, userId, body.accountId);
  if (account.organizationId !== body.organizationId)
    throw fieldError("accountId", "isOwnAccount", "accountId does not belong to this organization");
  const known = await tx
    .select()
    .from(currencies)
    .where(inArray(currencies.id, [body.fromCurrencyId, body.toCurrencyId]));
  const from = known.find((c) => c.id === body.fromCurrencyId);
  const to = known.find((c) => c.id === body.toCurrencyId);
  if (!from) throw fieldError("fromCurrencyId", "isCurrency", "fromCurrencyId is not a known currency");
  if (!to) throw fieldError("toCurrencyId", "isCurrency", "toCurrencyId is not a known currency");
  const [debit] = await tx
    .select()
    .from(balances)
    .where(and(eq(balances.accountId, account.id), eq(balances.currencyId, from.id)));
  if (!debit) throw fieldError("fromCurrencyId", "hasBalance", `The account has no ${from.id} balance`);
  const sellCheck = validateWireAmount(body.sellAmount, { scale: from.scale });
  if (!sellCheck.ok) throw fieldError("sellAmount", sellCheck.error, amountErrorText(sellCheck.error, "sellAmount"));
  const rateCheck = validateWireAmount(body.rate, { scale: FX_PROPOSED_RATE_SCALE });
  if (!rateCheck.ok) throw fieldError("rate", rateCheck.error, amountErrorText(rateCheck.error, "rate"));
  const latest = await ratesInForce(tx);
  if (!latest || !midRate(unitsPerEur(latest.rates, latest.solPriceUsd), from.id, to.id))
    throw fieldError("toCurrencyId", "hasRate", `The bank does not exchange ${from.id} to ${to.id}`);
  const sell = new Decimal(sellCheck.value);
  const buy = new Decimal(fxBoughtAmount(sellCheck.value, rateCheck.value, to.scale));
  if (buy.lte(0)) throw fieldError("sellAmount", "isExchangeable", "The amount is too small to exchange at this rate");
  const { fee: feeAmount, covered } = await exchangeFee(tx, { account, balance: debit, currencyId: from.id, sell });
  if (!covered) throw insufficientSell();
  return { account, sell, buy, rate: new Decimal(rateCheck.value), feeAmount };
}

/** The caller's membership of `organizationId` with FX rate requests enabled there, else 403. */
async function requireEnabledMembership(db: Db, userId: string, organizationId: string): Promise<Membership> {
  const membership = (await listMemberships(db, userId)).find((m) => m.organizationId === organizationId);
  if (!membership) throw forbidden();
  if (!(await customRateEnabled(db, organizationId))) throw fxRequestsDisabled();
  return membership;
}

/**
 * POST /v1/exchange/fx-requests: propose a rate (module doc).
 * @param input.body raw body (contract CreateFxRequestRequest); input.idempotencyKey 1..128 characters
 * @returns `{ request, created }`: AWAITING_SIGNATURE; created=false for a replay of the same body under the key (answer 200)
 * @throws 400 VALIDATION_FAILED (fields: currencies, sellAmount and rate with the amount rules' codes,
 *   toCurrencyId hasRate, accountId isOwnAccount), 400 INSUFFICIENT_FUNDS (`sellAmount`), 403 FORBIDDEN
 *   (not a member; requests disabled for the organization), 404 NOT_FOUND (account outside the
 *   caller's organizations), 409 IDEMPOTENCY_KEY_REUSED
 */
export async function createFxRequest(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string },
): Promise<{ request: FxRequest; created: boolean }> {
  const parsed = createFxRequestSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const body = parsed.data;
  await requireEnabledMembership(db, input.userId, body.organizationId);
  let rateText = body.rate;
  try {
    rateText = new Decimal(body.rate.replace(",", ".")).toFixed();
  } catch {
    // not a number: refused by prepare with the amount rules' code
  }
  const hash = requestHash({ ...body, amount: body.sellAmount, sellAmount: undefined, rate: rateText });
  const replay = await findByKey(db, body.organizationId, input.idempotencyKey, hash);
  if (replay) return { request: await requestToWire(db, replay.id), created: false };

  return withSerializableRetry(db, async (tx) => {
    // Requests under one key wait for each other (as POST /v1/payments): one request per key.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`fx-request-key:${body.organizationId}:${input.idempotencyKey}`}, 0))`,
    );
    const twin = await findByKey(tx, body.organizationId, input.idempotencyKey, hash);
    if (twin) return { request: await requestToWire(tx, twin.id), created: false };
    const p = await prepare(tx, input.userId, body);
    const now = new Date();
    const [inserted] = await tx
      .insert(fxRequests)
      .values({
        organizationId: body.organizationId,
        accountId: p.account.id,
        createdByUserId: input.userId,
        fromCurrencyId: body.fromCurrencyId,
        toCurrencyId: body.toCurrencyId,
        sellAmount: p.sell.toFixed(),
        buyAmount: p.buy.toFixed(),
        proposedRate: p.rate.toFixed(),
        feeAmount: p.feeAmount.toFixed(),
        status: "AWAITING_SIGNATURE",
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { request: await requestToWire(tx, inserted.id), created: true };
  });
}

// ------------------------------------------------------------------ sign

/**
 * POST /v1/exchange/fx-requests/:id/sign: exactly the rules of `signPayment`
 * (server/domain/signing), in ONE database transaction, in order: the request in the caller's
 * organizations (404; its row locked by the query that finds it); signedAt an ISO time within ±10
 * minutes (400 `signedAt`); the MFA token exists, is unexpired, is the caller's and names this
 * request (401 MFA_TOKEN_INVALID); the request is still AWAITING_SIGNATURE (409
 * FX_REQUEST_STATUS_CONFLICT: never a second hold); the caller has a signature duty (403);
 * requests are enabled (403); the binding recomputed from the rows as they are now equals the
 * signed one (401 MFA_TOKEN_INVALID); the sum and fee are held (400 INSUFFICIENT_FUNDS leaves it
 * AWAITING_SIGNATURE and the token unused); status PENDING, signedAt = server time, and an
 * fx_request_signatures row recording the token (a token signs a request once: unique index).
 * @returns contract FxRequest (PENDING)
 */
export async function signFxRequest(
  db: Database,
  input: { userId: string; requestId: string; body: unknown },
): Promise<FxRequest> {
  const now = new Date();
  return withSerializableRetry(db, async (tx) => {
    if (!isUuid(input.requestId)) throw notFound("FX rate request");
    const [row] = await tx
      .select({ request: fxRequests, accountNumber: accounts.number })
      .from(fxRequests)
      .innerJoin(accounts, eq(accounts.id, fxRequests.accountId))
      .where(
        and(eq(fxRequests.id, input.requestId), inArray(fxRequests.organizationId, memberOrganizationIdsQuery(tx, input.userId))),
      )
      .for("update", { of: fxRequests });
    if (!row) throw notFound("FX rate request");
    const parsed = signSchema.safeParse(input.body);
    if (!parsed.success) throw fieldErrors(parsed.error);
    const clientSignedAt = checkSignedAt(parsed.data.signedAt, now);
    const token = await findMfaToken(tx, parsed.data.mfaToken);
    if (!token || token.userId !== input.userId || token.expiresAt <= now || !token.paymentIds.includes(input.requestId))
      throw mfaInvalid();
    const q = row.request;
    if (q.status !== "AWAITING_SIGNATURE") throw fxStatusConflict(q.status, "only a request awaiting signature can be signed");
    const membership = (await listMemberships(tx, input.userId)).find((m) => m.organizationId === q.organizationId);
    if (!membership || !hasSignatureDuty(membership))
      throw forbidden("You are not allowed to sign FX rate requests of this organization");
    if (!(await customRateEnabled(tx, q.organizationId))) throw fxRequestsDisabled();
    if ((await currentBindingHash(tx, token.paymentIds, { fx: q })) !== token.bindingHash) throw mfaInvalid();
    const serverNow = new Date();
    const holdTransactionId = await holdSum(tx, q, row.accountNumber);
    await tx
      .update(fxRequests)
      .set({ status: "PENDING", holdTransactionId, signedAt: serverNow, updatedAt: serverNow })
      .where(and(eq(fxRequests.id, q.id), eq(fxRequests.status, "AWAITING_SIGNATURE")));
    await tx.insert(fxRequestSignatures).values({
      requestId: q.id,
      userId: input.userId,
      signedAt: serverNow,
      clientSignedAt,
      mfaTokenId: token.id,
    });
    return requestToWire(tx, q.id);
  }).catch((err) => {
    // fx_request_signatures (mfa_token_id, request_id) is unique: a token signs a request once.
    if (pgErrorCode(err) === "23505") throw mfaInvalid();
    throw err;
  });
}

/**
 * POST /v1/exchange/fx-requests/:id/decline: a member of the request's organization declines it
 * while it awaits a signature (spec 000 §4 "Unsigned transactions can be signed or cancelled
 * (declined)"), any member — a NONE official too, as for payments ("Who may sign"). Nothing is
 * held before signing, so no money moves: status DECLINED, decidedAt = now, decidedBy
 * `user:<id>`. Under the request's row lock (FOR UPDATE, the lock signing takes), so a decline
 * racing a signature ends one way: either signed (the decline is 409) or declined (the signature
 * is 409 and nothing is held). Idempotent: a request already DECLINED is answered unchanged.
 * The organization's NOTIFICATION channel gets "fx-request-declined" once, after the commit.
 * @returns contract FxRequest (DECLINED)
 * @throws 404 NOT_FOUND (not a uuid, or not in the caller's organizations); 409
 *   FX_REQUEST_STATUS_CONFLICT (signed already: PENDING, ACCEPTED or REJECTED)
 */
export async function declineFxRequest(db: Database, userId: string, requestId: string): Promise<FxRequest> {
  if (!isUuid(requestId)) throw notFound("FX rate request");
  let declinedNow = false;
  const request = await withSerializableRetry(db, async (tx) => {
    declinedNow = false;
    const [q] = await tx
      .select()
      .from(fxRequests)
      .where(and(eq(fxRequests.id, requestId), inArray(fxRequests.organizationId, memberOrganizationIdsQuery(tx, userId))))
      .for("update");
    if (!q) throw notFound("FX rate request");
    if (q.status === "DECLINED") return requestToWire(tx, q.id);
    if (q.status !== "AWAITING_SIGNATURE") throw fxStatusConflict(q.status, "only a request awaiting signature can be declined");
    const now = new Date();
    await tx
      .update(fxRequests)
      .set({ status: "DECLINED", decidedAt: now, decidedBy: `user:${userId}`, updatedAt: now })
      .where(and(eq(fxRequests.id, q.id), eq(fxRequests.status, "AWAITING_SIGNATURE")));
    declinedNow = true;
    return requestToWire(tx, q.id);
  });
  // After the commit, once: a repeated decline answers the request without a second notification.
  if (declinedNow) await notifyFxDecision(db, request);
  return request;
}

// ------------------------------------------------------------------ read

/** Query of GET /v1/exchange/fx-requests (parsed by the API). */
export interface FxRequestListQuery {
  organizationId: string;
  /** Only these statuses; default every status (AWAITING_SIGNATURE included). */
  status?: FxRequestStatus[];
  take: number;
  cursor?: string;
}

/**
 * GET /v1/exchange/fx-requests: one organization's requests, newest first (creation time, then
 * id), cursor-paged, with the count of every request the filter matches (`totalCount`, all pages).
 * By default every status, AWAITING_SIGNATURE included: a request waiting for a signature must be
 * where the organization's signers look (spec 000 §2 signing list, §4; docs/decisions.md "Who may
 * sign"); `status=AWAITING_SIGNATURE` lists only those (the signing lists and their count).
 * @param q.status optional statuses; q.take 1..100; q.cursor a previous page's endCursor
 * @returns contract FxRequestPage
 * @throws 403 FORBIDDEN (not a member of organizationId); 400 VALIDATION_FAILED (cursor)
 */
export async function listFxRequests(db: Database, userId: string, q: FxRequestListQuery): Promise<FxRequestPage> {
  await requireMembership(db, userId, q.organizationId);
  const keyset = newestFirst(fxRequests.createdAt, fxRequests.id, q.cursor);
  const filter = and(
    eq(fxRequests.organizationId, q.organizationId),
    q.status?.length ? inArray(fxRequests.status, q.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(and(filter, keyset.after))
      .orderBy(...keyset.order)
      .limit(q.take + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(fxRequests)
      .where(filter),
  ]);
  return { ...edgesPage(rows, q.take, toWire, (r) => r.request), totalCount: Number(count?.n ?? 0) };
}

/**
 * Staff (back office, PAYMENTS role): every organization's requests in one status (default
 * PENDING: signed, waiting for the bank's decision), newest first (creation time, then id),
 * cursor-paged, with the organization's name.
 * @param q.status one of FX_REQUEST_STATUSES; q.take 1..100 (default 20); q.cursor a previous page's endCursor
 * @returns `{ edges: { node: FxRequest & { organizationName }, cursor }[], pageInfo }`
 * @throws 400 VALIDATION_FAILED (status, take, cursor)
 */
export async function listFxRequestsForStaff(
  db: Database,
  q: { status?: string; take?: number; cursor?: string } = {},
): Promise<{
  edges: { node: FxRequest & { organizationName: string }; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}> {
  const status = q.status ?? "PENDING";
  if (!(FX_REQUEST_STATUSES as readonly string[]).includes(status))
    throw fieldError("status", "isEnum", `status must be one of ${FX_REQUEST_STATUSES.join(", ")}`);
  const take = q.take ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100)
    throw fieldError("take", "isInt", "take must be an integer from 1 to 100");
  const keyset = newestFirst(fxRequests.createdAt, fxRequests.id, q.cursor);
  const rows = await joined(db)
    .where(and(eq(fxRequests.status, status), keyset.after))
    .orderBy(...keyset.order)
    .limit(take + 1);
  const page = edgesPage(rows, take, toWire, (r) => r.request);
  const orgIds = [...new Set(page.edges.map((e) => e.node.organizationId))];
  const orgs = orgIds.length
    ? await db
        .select({
          id: organizations.id,
          type: organizations.type,
          companyName: organizations.companyName,
          firstName: organizations.firstName,
          lastName: organizations.lastName,
        })
        .from(organizations)
        .where(inArray(organizations.id, orgIds))
    : [];
  const names = new Map(orgs.map((o) => [o.id, organizationFullName(o)]));
  return {
    edges: page.edges.map((e) => ({ ...e, node: { ...e.node, organizationName: names.get(e.node.organizationId) ?? "" } })),
    pageInfo: page.pageInfo,
  };
}

/**
 * GET /v1/exchange/fx-requests/:id: a request of the caller's organizations (any status).
 * @throws 404 NOT_FOUND (not a uuid, or not in the caller's organizations: one answer, nothing to enumerate)
 */
export async function getFxRequest(db: Database, userId: string, id: string): Promise<FxRequest> {
  if (!isUuid(id)) throw notFound("FX rate request");
  const [row] = await joined(db)
    .where(and(eq(fxRequests.id, id), inArray(fxRequests.organizationId, memberOrganizationIdsQuery(db, userId))))
    .limit(1);
  if (!row) throw notFound("FX rate request");
  return toWire(row);
}

// ------------------------------------------------------------------ staff

/**
 * Staff: accept or reject a signed request (`npm run bank -- fx:accept <id>` / `fx:reject <id>
 * --reason`). In one transaction under the request's row lock, only from PENDING (409
 * FX_REQUEST_STATUS_CONFLICT otherwise: a second accept, or an accept racing a reject, settles
 * once): ACCEPTED posts the exchange at the request's sums (module doc) and REJECTED returns the
 * held sum and fee (REFUND items) with the reason the customer sees. After commit the
 * organization is notified (server/domain/chat/notify.ts, Notifications.fx-request-accepted/-rejected).
 * @param input.requestId any organization's request; input.decision ACCEPTED or REJECTED;
 *   input.reason required for REJECTED (1..500 characters, trimmed); input.actor who decides
 *   (e.g. "staff:cli:alice", 1..100 characters, not a customer's "user:…")
 * @returns contract FxRequest after the decision
 * @throws 400 VALIDATION_FAILED (decision, reason, actor), 404 NOT_FOUND, 409 FX_REQUEST_STATUS_CONFLICT
 */
export async function decideFxRequest(
  db: Database,
  input: { requestId: string; decision: string; reason?: string | null; actor: string },
  opts: {
    /** Run inside the decision's transaction (the back office's audit entry): both commit or neither. */
    within?: (tx: Tx, change: { before: FxRequest; after: FxRequest; ledgerTransactionId: string }) => Promise<void>;
  } = {},
): Promise<FxRequest> {
  const decision = input.decision;
  if (decision !== "ACCEPTED" && decision !== "REJECTED")
    throw fieldError("decision", "isEnum", "decision must be ACCEPTED or REJECTED");
  const reason = input.reason?.trim() || null;
  if (decision === "REJECTED" && !reason) throw fieldError("reason", "isNotEmpty", "reason should not be empty");
  if (reason && reason.length > 500) throw fieldError("reason", "maxLength", "reason must be at most 500 characters");
  const actor = input.actor.trim();
  if (!actor || actor.length > 100 || actor.startsWith("user:"))
    throw fieldError("actor", "isStaffActor", "actor must name the bank's staff (1..100 characters)");
  if (!isUuid(input.requestId)) throw notFound("FX rate request");
  const decided = await withSerializableRetry(db, async (tx) => {
    const [q] = await tx.select().from(fxRequests).where(eq(fxRequests.id, input.requestId)).for("update");
    if (!q) throw notFound("FX rate request");
    if (q.status !== "PENDING")
      throw fxStatusConflict(
        q.status,
        q.status === "AWAITING_SIGNATURE" ? "the customer has not signed it" : "it is decided already",
      );
    const before = opts.within ? await requestToWire(tx, q.id) : null;
    const now = new Date();
    const transactionId = decision === "ACCEPTED" ? await settle(tx, q) : await refund(tx, q);
    const moved = await tx
      .update(fxRequests)
      .set({
        status: decision,
        decidedAt: now,
        decidedBy: actor,
        decisionReason: reason,
        updatedAt: now,
        ...(decision === "ACCEPTED" ? { settleTransactionId: transactionId } : { refundTransactionId: transactionId }),
      })
      .where(and(eq(fxRequests.id, q.id), eq(fxRequests.status, "PENDING")))
      .returning({ id: fxRequests.id });
    if (moved.length !== 1) throw fxStatusConflict(q.status, "it is decided already");
    const after = await requestToWire(tx, q.id);
    if (opts.within) await opts.within(tx, { before: before!, after, ledgerTransactionId: transactionId });
    return after;
  });
  await notifyFxDecision(db, decided);
  return decided;
}

/** The customer's balance in `currencyId` on the request's account, created when missing (the bought currency). */
async function customerBalanceId(tx: Tx, accountId: string, currencyId: string): Promise<string> {
  await tx
    .insert(balances)
    .values({ accountId, currencyId })
    .onConflictDoNothing({ target: [balances.accountId, balances.currencyId] });
  const [b] = await tx
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, accountId), eq(balances.currencyId, currencyId)));
  return b.id;
}

/** ACCEPTED: the exchange at the request's sums, and the held fee to FEE_INCOME, as one ledger transaction. */
async function settle(tx: Tx, q: FxRequestRow): Promise<string> {
  const sell = new Decimal(q.sellAmount);
  const buy = new Decimal(q.buyAmount);
  const fee = new Decimal(q.feeAmount);
  const pending = await systemBalanceId(tx, "FX_PENDING", q.fromCurrencyId);
  const reference = `Exchange ${q.fromCurrencyId} → ${q.toCurrencyId} at ${new Decimal(q.proposedRate).toFixed()} (FX rate request)`;
  const legs: PostingInput[] = [
    { balanceId: pending, amount: sell.neg(), reference },
    { balanceId: await systemBalanceId(tx, "FX_POSITION", q.fromCurrencyId), amount: sell, reference },
    { balanceId: await systemBalanceId(tx, "FX_POSITION", q.toCurrencyId), amount: buy.neg(), reference },
    {
      balanceId: await customerBalanceId(tx, q.accountId, q.toCurrencyId),
      amount: buy,
      reference,
      counterpartyName: `Exchange from ${q.fromCurrencyId}`,
    },
  ];
  if (fee.gt(0))
    legs.push(
      { balanceId: pending, amount: fee.neg(), reference: "Exchange fee", operationType: "TRANSACTION_FEE" },
      {
        balanceId: await systemBalanceId(tx, "FEE_INCOME", q.fromCurrencyId),
        amount: fee,
        reference: "Exchange fee",
        operationType: "TRANSACTION_FEE",
      },
    );
  const posted = await postTransaction(tx, { kind: "EXCHANGE", description: `${reference} ${q.id}`, postings: legs });
  return posted.transactionId;
}

/** REJECTED: the held sum and fee back to the customer's from-balance (REFUND items), one ledger transaction. */
async function refund(tx: Tx, q: FxRequestRow): Promise<string> {
  const held = new Decimal(q.sellAmount).plus(q.feeAmount);
  const [from] = await tx
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, q.accountId), eq(balances.currencyId, q.fromCurrencyId)));
  const reference = `FX rate request ${q.fromCurrencyId} → ${q.toCurrencyId} rejected: refund`;
  const posted = await postTransaction(tx, {
    kind: "FX_REQUEST_REFUND",
    description: `${reference} ${q.id}`,
    postings: [
      {
        balanceId: await systemBalanceId(tx, "FX_PENDING", q.fromCurrencyId),
        amount: held.neg(),
        reference,
        operationType: "REFUND",
      },
      { balanceId: from.id, amount: held, reference, counterpartyName: "FX rate request", operationType: "REFUND" },
    ],
  });
  return posted.transactionId;
}
