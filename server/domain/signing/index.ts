/**
 * Strong customer authentication of payments (spec 000 §4 "Payment signing flow"; PSD2 RTS
 * Art. 4 (one-time code, 5 tries) and Art. 5 (dynamic linking: the code is bound to amount,
 * currency and payee, and any change invalidates it); OWASP ASVS 5.0 §6.5–6.6).
 *
 * Flow: `sendSignatureCode` (binding of the payments → one-time code, SMS names amount,
 * currency and payee) → `validateSignatureCode` (code → MFA token bound to the same payment
 * set and binding hash, 5 minutes) → `signPayment` per payment (token checked, binding
 * recomputed, payment posted to the ledger exactly once). Remittance orders (spec 001 §4) join
 * the same flow: send-code takes `paymentOrderIds` beside `paymentIds`, one code and one
 * binding cover both, and server/domain/remittance signs an order with the same token rules. FX
 * rate requests likewise (`fxRequestIds`; server/domain/exchange/fx-requests.ts signs one).
 */
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import {
  accounts,
  currencies,
  mfaTokens,
  organizationMembers,
  organizations,
  paymentSignatures,
  payments,
  users,
} from "../../db/schema/index.js";
import type { CodeChallenge, MfaToken, OtpChannel, Payment } from "../../api/v1/contract.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { issueCode, verifyCode, type OtpDeps } from "../otp/index.js";
import { pgErrorCode, withSerializableRetry } from "../ledger/index.js";
import { notifyPaymentOutcome } from "../chat/notify.js";
import { codeTexts } from "../otp/texts.js";
import type { Language } from "../language.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import {
  callerMembershipOn,
  forbidden,
  hasSignatureDuty,
  membershipColumns,
  notFound,
  toMembership,
} from "../organizations/access.js";
import { notPending, payerPartyColumns, paymentToWire, postPayment, type PaymentRow } from "../payments/index.js";
import { isUuid } from "../accounts/index.js";
import { documentIdsFor, documentsMissing, documentsRequired } from "../uploads/index.js";
import { loadSignableOrders, ordersByIds } from "../remittance/binding.js";
import type { OrderRow } from "../remittance/model.js";
import { fxRequestsByIds, loadSignableFxRequests, type FxRequestRow } from "../exchange/fx-binding.js";

/** MFA token lifetime (5 minutes; design note: codes and their tokens live at most 10 minutes). */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
/** Accepted skew between the client's signedAt and server time. */
export const SIGNED_AT_SKEW_MS = 10 * 60_000;

/**
 * One payment (or remittance order, `order: true`, or FX rate request, `fx: true`; its id in
 * `paymentId`) as authorised by a signature code. `amount` is the normalised decimal string (an
 * FX request's sold sum; `buy` its bought sum and currency).
 */
export interface BindingItem {
  paymentId: string;
  amount: string;
  currency: string;
  payee: { name: string; account: string | null };
  order?: true;
  fx?: true;
  buy?: { amount: string; currency: string };
}

/**
 * Binding of a set of payments: items sorted by paymentId and SHA-256 (hex) of their
 * canonical JSON. Any change of amount, currency or payee changes the hash.
 */
export function computeBinding(
  rows: Pick<PaymentRow, "id" | "amount" | "currencyId" | "beneficiaryName" | "beneficiaryAccount">[],
): {
  items: BindingItem[];
  hash: string;
} {
  const items = rows
    .map((p) => ({
      paymentId: p.id,
      amount: new Decimal(p.amount).toFixed(),
      currency: p.currencyId,
      payee: { name: p.beneficiaryName, account: p.beneficiaryAccount ?? null },
    }))
    .sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
  const canonical = JSON.stringify(items.map((i) => [i.paymentId, i.amount, i.currency, i.payee.name, i.payee.account]));
  return { items, hash: crypto.createHash("sha256").update(canonical).digest("hex") };
}

/** The order fields a binding covers: sum, currency and the whole payee. */
export type OrderBindingRow = Pick<OrderRow, "id" | "amount" | "currencyId" | "payeeName" | "payeeDetails">;

/** The payee details of an order as canonical text (keys sorted), for the binding hash. */
function canonicalPayee(details: OrderRow["payeeDetails"]): string {
  const d = details ?? {};
  return JSON.stringify(
    Object.keys(d)
      .sort()
      .map((k) => [k, d[k] ?? null]),
  );
}

/** The FX request fields a binding covers: both sums and currencies and the proposed rate. */
export type FxBindingRow = Pick<
  FxRequestRow,
  "id" | "sellAmount" | "fromCurrencyId" | "buyAmount" | "toCurrencyId" | "proposedRate"
>;

/**
 * Binding of a set of payments, remittance orders and FX rate requests. Without orders and
 * requests it is exactly `computeBinding(payments)`. With orders, the items of all sorted by id,
 * and the hash covers each order's id, sum, currency, payee name and every payee detail (address,
 * city, country, phone, document number), tagged as an order; each FX request's id, sold sum and
 * currency, bought sum and currency and proposed rate, tagged FX: any change of one invalidates
 * the code.
 */
export function computeSetBinding(
  paymentRows: Parameters<typeof computeBinding>[0],
  orders: OrderBindingRow[],
  fxRows: FxBindingRow[] = [],
): { items: BindingItem[]; hash: string } {
  if (!orders.length && !fxRows.length) return computeBinding(paymentRows);
  const paymentItems = computeBinding(paymentRows).items;
  const orderItems: BindingItem[] = orders.map((o) => ({
    paymentId: o.id,
    amount: new Decimal(o.amount).toFixed(),
    currency: o.currencyId,
    payee: { name: o.payeeName, account: (o.payeeDetails?.phone as string | undefined) ?? null },
    order: true,
  }));
  const byId = (a: BindingItem, b: BindingItem) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0);
  const fxItems: BindingItem[] = fxRows.map((r) => ({
    paymentId: r.id,
    amount: new Decimal(r.sellAmount).toFixed(),
    currency: r.fromCurrencyId,
    payee: { name: `Exchange to ${r.toCurrencyId}`, account: null },
    fx: true,
    buy: { amount: new Decimal(r.buyAmount).toFixed(), currency: r.toCurrencyId },
  }));
  const items = [...paymentItems, ...orderItems, ...fxItems].sort(byId);
  const detailsOf = new Map(orders.map((o) => [o.id, canonicalPayee(o.payeeDetails)]));
  const rateOf = new Map(fxRows.map((r) => [r.id, new Decimal(r.proposedRate).toFixed()]));
  const canonical = JSON.stringify(
    items.map((i) =>
      i.order
        ? ["ORDER", i.paymentId, i.amount, i.currency, i.payee.name, detailsOf.get(i.paymentId)]
        : i.fx
          ? ["FX", i.paymentId, i.amount, i.currency, i.buy?.amount, i.buy?.currency, rateOf.get(i.paymentId)]
          : [i.paymentId, i.amount, i.currency, i.payee.name, i.payee.account],
    ),
  );
  return { items, hash: crypto.createHash("sha256").update(canonical).digest("hex") };
}

/**
 * The binding hash of the ids a token names, from the rows as they are NOW (the one being
 * signed passed in, already locked by the caller); null when one of them no longer exists.
 * Orders are looked up only when some id is not a payment (payment-only tokens cost one query).
 */
export async function currentBindingHash(
  tx: Tx,
  ids: string[],
  locked: { payment?: PaymentRow; order?: OrderRow; fx?: FxRequestRow },
): Promise<string | null> {
  const known = new Set([locked.payment?.id, locked.order?.id, locked.fx?.id].filter(Boolean));
  const others = ids.filter((id) => !known.has(id));
  const paymentRows = [
    ...(locked.payment ? [locked.payment] : []),
    ...(others.length ? await tx.select().from(payments).where(inArray(payments.id, others)) : []),
  ];
  const found = new Set(paymentRows.map((p) => p.id));
  const orderRows = [
    ...(locked.order ? [locked.order] : []),
    ...(await ordersByIds(
      tx,
      others.filter((id) => !found.has(id)),
    )),
  ];
  const seen = new Set([...found, ...orderRows.map((o) => o.id)]);
  const fxRows = [
    ...(locked.fx ? [locked.fx] : []),
    ...(await fxRequestsByIds(
      tx,
      others.filter((id) => !seen.has(id)),
    )),
  ];
  if (paymentRows.length + orderRows.length + fxRows.length !== ids.length) return null;
  return computeSetBinding(paymentRows, orderRows, fxRows).hash;
}

/**
 * The code message naming what the code authorises (PSD2 RTS Art. 5(1)(a)), in `lang`
 * (server/domain/otp/texts.ts). In English: one payment → "Code 1234 to pay EUR 120.00 to Jane
 * Doe. Never share this code."; one remittance order → "Code 1234 to send a remittance order of
 * EUR 120.00 to Jane Doe. …"; one FX rate request → "Code 1234 to exchange GBP 100.00 for EUR
 * 117.37 at your proposed rate. …"; several items → their counts and the totals per currency,
 * "Code 1234 to sign 2 payments and 1 remittance order: EUR 150.00 in total. …".
 */
export function signatureMessage(
  code: string,
  items: BindingItem[],
  scaleOf: (currency: string) => number,
  lang: Language = "en",
): string {
  const texts = codeTexts(lang);
  const money = (currency: string, amount: string) => `${currency} ${formatAmount(amount, scaleOf(currency))}`;
  const orders = items.filter((i) => i.order).length;
  const fx = items.filter((i) => i.fx).length;
  if (items.length === 1) {
    const i = items[0];
    if (i.buy) return texts.exchange(code, money(i.currency, i.amount), money(i.buy.currency, i.buy.amount));
    if (i.order) return texts.remit(code, money(i.currency, i.amount), i.payee.name);
    if (!i.fx) return texts.pay(code, money(i.currency, i.amount), i.payee.name);
  }
  const totals = new Map<string, Decimal>();
  for (const i of items) totals.set(i.currency, (totals.get(i.currency) ?? new Decimal(0)).plus(i.amount));
  const list = [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([c, t]) => money(c, t.toFixed()));
  return texts.signSet(code, { payments: items.length - orders - fx, orders, fx }, list);
}

/** Body of POST /v1/signatures/send-code: payments, remittance orders and/or FX rate requests (at least one id in all). */
export const sendCodeSchema = z
  .object({
    paymentIds: z.array(z.string().uuid()).min(1).max(100).optional(),
    paymentOrderIds: z.array(z.string().uuid()).min(1).max(100).optional(),
    fxRequestIds: z.array(z.string().uuid()).min(1).max(100).optional(),
    mfa: z.literal("PHONE").default("PHONE"),
    channel: z.enum(["SMS", "WHATSAPP"]).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.paymentIds && !v.paymentOrderIds && !v.fxRequestIds)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["paymentIds"],
        message: "paymentIds, paymentOrderIds or fxRequestIds should not be empty",
        params: { rule: "isNotEmpty" },
      });
  });

/** What signing needs: the database plus the one-time-code dependencies (SMS provider, OTP config, clock). */
export interface SigningDeps extends OtpDeps {
  db: Database;
}

/**
 * POST /v1/signatures/send-code. Every payment must be in the caller's organizations (404),
 * the caller must have a signature duty there (403), and it must be AWAITING_SIGNATURE (409
 * PAYMENT_NOT_PENDING). Remittance orders (`paymentOrderIds`) likewise: 404, 403 (also when
 * orders are not enabled for the organization), 409 ORDER_STATUS_CONFLICT unless PENDING. FX rate
 * requests (`fxRequestIds`): 404, 403 (also when requests are not enabled), 409
 * FX_REQUEST_STATUS_CONFLICT unless AWAITING_SIGNATURE.
 * Issues a SIGNATURE one-time code bound to the payments, orders and requests together (one binding).
 * @returns contract CodeChallenge. @throws also 429 RATE_LIMITED from the OTP policy.
 */
export async function sendSignatureCode(
  deps: SigningDeps,
  input: { userId: string; ip: string | null; body: unknown; language?: Language },
): Promise<CodeChallenge> {
  const { db } = deps;
  const parsed = sendCodeSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const ids = [...new Set(parsed.data.paymentIds ?? [])];
  const orderIds = [...new Set(parsed.data.paymentOrderIds ?? [])];
  const fxIds = [...new Set(parsed.data.fxRequestIds ?? [])];
  const forPayments = ids.length ? await loadSignablePayments(db, input.userId, ids) : null;
  const forOrders = orderIds.length ? await loadSignableOrders(db, input.userId, orderIds) : null;
  const forFx = fxIds.length ? await loadSignableFxRequests(db, input.userId, fxIds) : null;
  const rows = forPayments?.rows ?? [];
  const scaleOf = new Map([...(forPayments?.scaleOf ?? []), ...(forOrders?.scaleOf ?? []), ...(forFx?.scaleOf ?? [])]);
  const { phone, otpChannel } = (forPayments ?? forOrders ?? forFx)!;
  const binding = computeSetBinding(rows, forOrders?.rows ?? [], forFx?.rows ?? []);
  return issueCode(
    db,
    {
      purpose: "SIGNATURE",
      userId: input.userId,
      phone,
      ip: input.ip,
      channel: (parsed.data.channel ?? otpChannel) as OtpChannel,
      binding: { paymentIds: binding.items.map((i) => i.paymentId), hash: binding.hash, items: binding.items },
      message: (code) => signatureMessage(code, binding.items, (c) => scaleOf.get(c) ?? 2, input.language),
    },
    deps,
  );
}

/** Payments the caller may sign now (404 / 403 / 409 as in sendSignatureCode). */
async function loadSignablePayments(
  db: Database,
  userId: string,
  ids: string[],
): Promise<{ rows: PaymentRow[]; scaleOf: Map<string, number>; phone: string; otpChannel: string }> {
  // One query: each payment with the caller's membership of its organization, its currency's
  // scale and the caller's phone (a payment outside the caller's organizations has no row).
  const found = await db
    .select({
      payment: payments,
      ...membershipColumns,
      scale: currencies.scale,
      phone: users.phone,
      otpChannel: users.otpChannel,
    })
    .from(payments)
    .innerJoin(organizationMembers, callerMembershipOn(userId, payments.organizationId))
    .innerJoin(organizations, eq(organizations.id, payments.organizationId))
    .innerJoin(currencies, eq(currencies.id, payments.currencyId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(payments.id, ids));
  const byId = new Map(found.map((f) => [f.payment.id, f]));
  const rows: PaymentRow[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (!f) throw notFound("Payment");
    if (!hasSignatureDuty(toMembership(f.payment.organizationId, f)))
      throw forbidden("You are not allowed to sign payments of this organization");
    if (f.payment.status !== "AWAITING_SIGNATURE") throw notPending(f.payment.status);
    rows.push(f.payment);
  }
  const scaleOf = new Map(found.map((f) => [f.payment.currencyId, f.scale]));
  return { rows, scaleOf, phone: found[0].phone, otpChannel: found[0].otpChannel };
}

export const validateSchema = z.object({
  token: z.string().min(1).max(100),
  code: z.string().regex(/^\d{1,6}$/, "code must be digits"),
});

/**
 * POST /v1/signatures/validate: verify the SIGNATURE code (401 INVALID_CODE with attemptsLeft,
 * CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED) and mint an MFA token: 32 random bytes, base64url;
 * only its SHA-256 is stored, with the bound payment ids and binding hash; valid 5 minutes.
 */
export async function validateSignatureCode(
  deps: Pick<SigningDeps, "db" | "config">,
  input: { userId: string; body: unknown },
): Promise<MfaToken> {
  const parsed = validateSchema.safeParse(input.body);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "code")) throw fieldError("code", "isNotEmpty", "Payments.code-required");
    throw fieldErrors(parsed.error);
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + MFA_TOKEN_TTL_MS);
  // The code is marked used and the MFA token stored in one transaction (one commit).
  await verifyCode(
    deps.db,
    { token: parsed.data.token, code: parsed.data.code, purpose: "SIGNATURE", userId: input.userId },
    {
      config: deps.config,
      onVerified: async (tx, row) => {
        const binding = row.binding as { paymentIds?: string[]; hash?: string } | null;
        if (!binding?.paymentIds?.length || !binding.hash) throw new DomainError("INVALID_CODE", "Invalid code");
        await tx.insert(mfaTokens).values({
          tokenHash: sha256(token),
          userId: input.userId,
          codeId: row.id,
          paymentIds: binding.paymentIds,
          bindingHash: binding.hash,
          expiresAt,
        });
      },
    },
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

function sha256(s: string): string {
  return crypto.createHash("sha256").update(s).digest("hex");
}

/** The stored MFA token of a raw token (by its SHA-256), or undefined. */
export async function findMfaToken(tx: Tx, rawToken: string) {
  const [token] = await tx
    .select()
    .from(mfaTokens)
    .where(eq(mfaTokens.tokenHash, sha256(rawToken)))
    .limit(1);
  return token;
}

/**
 * The client's signedAt: an ISO 8601 date-time within ±10 minutes of `now`.
 * @throws 400 VALIDATION_FAILED on `signedAt` (isRecentIsoDate)
 */
export function checkSignedAt(value: string, now: Date): Date {
  const clientSignedAt = new Date(value);
  if (
    !/^\d{4}-\d{2}-\d{2}T/.test(value) ||
    Number.isNaN(clientSignedAt.getTime()) ||
    Math.abs(clientSignedAt.getTime() - now.getTime()) > SIGNED_AT_SKEW_MS
  ) {
    throw fieldError("signedAt", "isRecentIsoDate", "signedAt must be the current time in ISO 8601 format");
  }
  return clientSignedAt;
}

/** 401 MFA_TOKEN_INVALID (wrong, expired, spent, another user's, or its binding no longer matches). */
export function mfaInvalid(): DomainError {
  return new DomainError("MFA_TOKEN_INVALID", "The confirmation is no longer valid. Request a new code.");
}

export const signSchema = z.object({ mfaToken: z.string().min(16).max(200), signedAt: z.string().min(1).max(40) });

/**
 * POST /v1/payments/:id/sign. In ONE database transaction, checks in order: payment in the
 * caller's organizations (404; its row locked by the same query); signedAt a valid ISO time
 * within ±10 minutes of server time (400 field `signedAt`); the MFA token exists, is unexpired,
 * belongs to the caller and covers this payment (401 MFA_TOKEN_INVALID); the payment is still
 * AWAITING_SIGNATURE (else 409 PAYMENT_NOT_PENDING — never a second posting), caller has a
 * signature duty (403), the binding hash recomputed from the current payment rows equals the
 * signed one (else 401 MFA_TOKEN_INVALID), supporting documents attached when the payment needs
 * them (`documentsRequired`: kind listed or amount at/above the threshold; else 400
 * DOCUMENTS_REQUIRED, the token left unused), post to the ledger (400 INSUFFICIENT_FUNDS leaves
 * it pending), status COMPLETED, signedAt = server time, a payment_signatures row recording
 * the token (a token is single use per payment). After commit the organization is notified
 * (server/domain/chat/notify.ts, Notifications.payment-completed).
 * @returns contract Payment (COMPLETED).
 */
export async function signPayment(db: Database, input: { userId: string; paymentId: string; body: unknown }): Promise<Payment> {
  const now = new Date();
  // One transaction from the first check to the posting: the payment row is locked by the
  // query that finds it, so the checks below see the state that gets posted.
  const signed = await withSerializableRetry(db, async (tx) => {
    const locked = await lockPaymentToSign(tx, input.userId, input.paymentId);
    if (!locked) throw notFound("Payment");
    const parsed = signSchema.safeParse(input.body);
    if (!parsed.success) throw fieldErrors(parsed.error);
    const clientSignedAt = checkSignedAt(parsed.data.signedAt, now);
    const token = await findMfaToken(tx, parsed.data.mfaToken);
    if (!token || token.userId !== input.userId || token.expiresAt <= now || !token.paymentIds.includes(input.paymentId)) {
      throw mfaInvalid();
    }

    const { payment: p, membership, payer, scale } = locked;
    if (p.status !== "AWAITING_SIGNATURE") throw notPending(p.status);
    if (!hasSignatureDuty(membership)) throw forbidden("You are not allowed to sign payments of this organization");
    // Dynamic linking: the binding recomputed from the payments (and orders) as they are now (this one locked).
    if ((await currentBindingHash(tx, token.paymentIds, { payment: p })) !== token.bindingHash) throw mfaInvalid();
    // Supporting documents (server/domain/uploads): read under the payment's row lock, which
    // attaching documents takes too. A refusal rolls back, so the MFA token stays usable.
    if ((await documentsRequired(tx, p)) && !(await documentIdsFor(tx, [p.id])).get(p.id)?.length) throw documentsMissing();
    const serverNow = new Date();
    const posted = await postPayment(tx, p, serverNow, { payer, signedAt: serverNow });
    await tx.insert(paymentSignatures).values({
      paymentId: p.id,
      userId: input.userId,
      signedAt: serverNow,
      clientSignedAt,
      mfaTokenId: token.id,
    });
    return paymentToWire(posted, payer.number, scale);
  }).catch((err) => {
    // payment_signatures (mfa_token_id, payment_id) is unique: a token signs a payment once.
    if (pgErrorCode(err) === "23505") throw mfaInvalid();
    throw err;
  });
  await notifyPaymentOutcome(db, signed);
  return signed;
}

/**
 * The payment `paymentId` locked FOR UPDATE, if it belongs to an organization the caller is an
 * APPROVED member of (as organizations/access.ts rules), with what signing needs in the same
 * query: the caller's membership there (signature duty), the payer party (for the credited
 * side's statement) and the currency scale. Null when not found or not the caller's.
 */
async function lockPaymentToSign(tx: Tx, userId: string, paymentId: string) {
  if (!isUuid(paymentId)) return null;
  const [row] = await tx
    .select({ payment: payments, ...membershipColumns, payer: payerPartyColumns, scale: currencies.scale })
    .from(payments)
    .innerJoin(organizationMembers, callerMembershipOn(userId, payments.organizationId))
    .innerJoin(accounts, eq(accounts.id, payments.accountId))
    .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
    .innerJoin(currencies, eq(currencies.id, payments.currencyId))
    .where(eq(payments.id, paymentId))
    .for("update", { of: payments });
  if (!row) return null;
  return { payment: row.payment, membership: toMembership(row.payment.organizationId, row), payer: row.payer, scale: row.scale };
}
