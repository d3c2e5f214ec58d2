/**
 * Remittance orders (spec 001 §3 "Remittance order", §4, §7 /v1/payments-orders; spec 000 §2
 * home remittance tab; docs/decisions.md "Remittance orders"). Contract CreateRemittanceOrderRequest,
 * RemittanceOrder, RemittanceOrderDetail, RemittanceOrderPage.
 *
 * Lifecycle: created PENDING (awaiting the signature of a member with a signature duty, also when
 * its creator has none) → signed (./sign.ts, the MFA flow of payments) → QUEUED, the sum moved from
 * the customer's balance to REMITTANCE_CLEARING (held) → the bank (`advanceRemittanceOrder`,
 * `npm run bank -- remittance:advance`) moves it QUEUED → PROC → AML → AML_DONE → ACCEPTED (the
 * held sum goes on to CASH_CLEARING, the payout partner: no money is created) or, from any of
 * those but ACCEPTED, to REJECTED with a reason (the held sum is refunded to the same balance,
 * a REFUND item in the history). While PENDING, any member of the organization (a NONE official
 * too) may instead decline it (`declineRemittanceOrder`, POST /v1/payments-orders/:id/decline;
 * spec 000 §4 "Unsigned transactions can be signed or cancelled (declined)"): PENDING → REJECTED
 * with CUSTOMER_DECLINE_REASON, nothing moves (nothing is held before signing); the wire form
 * tells the two rejections apart (`rejectedBy` CUSTOMER | BANK). Every move writes a
 * payment_order_events row, in the same transaction, under the order's row lock (two moves at
 * once cannot both pass: a decline racing a signature ends one way).
 *
 * Signing is ./sign.ts (it imports this module, never the other way).
 *
 * Only when PAYMENTS-ORDERS-ENABLED is true for the organization (its organization_settings row,
 * else bank-wide): creating and signing are refused (403) otherwise; reading and declining an
 * unsigned order stay possible (declining moves no money).
 * Authorization as everywhere (organizations/access.ts): another organization's order or file
 * is 404; an organizationId the caller is not a member of is 403.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import {
  accounts,
  balances,
  currencies,
  organizations,
  paymentOrderEvents,
  paymentOrderFiles,
  paymentOrders,
  uploads,
} from "../../db/schema/index.js";
import type {
  CurrencyCode,
  RemittanceOrder,
  RemittanceOrderDetail,
  RemittanceOrderPage,
  RemittanceOrderStatus,
  RemittancePayee,
  Upload,
} from "../../api/v1/contract.js";
import { validateCountry } from "../../rules/country.js";
import { validateWireAmount } from "../../rules/amount.js";
import { isUuid } from "../accounts/index.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { availableFunds, postTransaction, withSerializableRetry } from "../ledger/index.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { forbidden, listMemberships, memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { organizationFullName } from "../organizations/index.js";
import { edgesPage, newestFirst } from "../pagination.js";
import { requestHash } from "../payments/idempotency.js";
import { getBooleanSetting, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import { discardUnattachedUploads, lockUploadsForAttach } from "../uploads/index.js";
import { notifyRemittanceDeclined, notifyRemittanceStatus } from "../chat/notify.js";
import {
  CUSTOMER_DECLINE_REASON,
  orderStatusConflict,
  ordersDisabled,
  ordersEnabled,
  rejectedBy,
  REMITTANCE_STATUSES,
  STAFF_TRANSITIONS,
  type OrderRow,
} from "./model.js";

export {
  ACTIVE_STATUSES,
  CUSTOMER_DECLINE_REASON,
  REMITTANCE_STATUSES,
  STAFF_TRANSITIONS,
  ordersEnabled,
  rejectedBy,
} from "./model.js";

type Db = Database | Tx;

/** Most files attached to one order. */
export const MAX_ORDER_FILES = 10;

/** Phone in international format (E.164), as the cash rail and beneficiaries take it. */
const E164 = /^\+[1-9]\d{7,14}$/;

const text = (max: number) =>
  z
    .string({ required_error: "should not be empty" })
    .trim()
    .min(1, "should not be empty")
    .max(max, `must be at most ${max} characters`);

/** The payee of a cash remittance (docs/decisions.md "Remittance orders"). */
export const remittancePayeeSchema = z.object({
  name: text(140),
  address: text(200),
  city: text(100),
  country: z.string({ required_error: "should not be empty" }).transform((v, ctx) => {
    const result = validateCountry(v);
    if (!result.ok) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: result.error === "required" ? "should not be empty" : "must be an ISO 3166-1 alpha-2 country code",
        params: { rule: result.error },
      });
      return z.NEVER;
    }
    return result.country;
  }),
  phone: z.string({ required_error: "should not be empty" }).transform((v, ctx) => {
    const phone = v.replace(/[\s\-()]/g, "");
    if (!E164.test(phone)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: phone ? "must be a phone number in international format (+447700900123)" : "should not be empty",
        params: { rule: phone ? "isPhoneNumber" : "isNotEmpty" },
      });
      return z.NEVER;
    }
    return phone;
  }),
  documentNumber: z
    .string()
    .trim()
    .max(50, "must be at most 50 characters")
    .nullish()
    .transform((v) => v || null),
});

/** Body of POST /v1/payments-orders (contract CreateRemittanceOrderRequest). `sum` is checked against the currency's scale afterwards. */
export const createRemittanceOrderSchema = z.object({
  organizationId: z.string().uuid(),
  accountId: z.string().uuid(),
  currencyId: z.string().min(1).max(10),
  sum: z.string({ required_error: "should not be empty" }).max(64),
  payee: remittancePayeeSchema,
  description: text(140),
  uploadIds: z.array(z.string().uuid()).max(MAX_ORDER_FILES).optional(),
});

const SUM_MESSAGES: Record<string, string> = {
  required: "sum should not be empty",
  "invalid-characters": "sum must be a decimal number such as 120.50",
  "leading-dot": "sum must not start with a dot",
  "leading-zero": "sum must not start with 0 followed by a digit",
  "too-many-decimals": "sum has more decimals than the currency allows",
  "too-large": "sum must be at most 10000000000000000",
  "not-positive": "sum must be greater than 0",
};

/** 400 INSUFFICIENT_FUNDS on the order's `sum` (the ledger names `amount`). */
export function insufficientSum(): DomainError {
  return new DomainError("INSUFFICIENT_FUNDS", [
    { property: "sum", constraints: { insufficientFunds: "Insufficient funds on the balance for this sum" } },
  ]);
}

/** The actor of a customer's own move (create, sign, decline) in payment_order_events. */
export function customerActor(userId: string): string {
  return `user:${userId}`;
}

/** Record a move of an order's status (payment_order_events), inside the moving transaction. */
export async function addEvent(
  tx: Tx,
  orderId: string,
  fromStatus: string | null,
  toStatus: string,
  actor: string,
  reason: string | null = null,
): Promise<void> {
  await tx.insert(paymentOrderEvents).values({ orderId, fromStatus, toStatus, actor, reason, createdAt: new Date() });
}

/**
 * Hold an order's sum: one ledger transaction (kind REMITTANCE) debiting the customer's balance
 * and crediting REMITTANCE_CLEARING, under the ledger's balance locks (no overdraw under
 * concurrency). The caller holds the order's row lock and has checked it is PENDING.
 * @returns the ledger transaction id
 * @throws 400 INSUFFICIENT_FUNDS on `sum` (the caller's transaction rolls back)
 */
export async function holdOrderSum(tx: Tx, order: OrderRow): Promise<string> {
  const [payer] = await tx
    .select({
      number: accounts.number,
      type: organizations.type,
      companyName: organizations.companyName,
      firstName: organizations.firstName,
      lastName: organizations.lastName,
    })
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(eq(accounts.id, order.accountId));
  const clearing = await systemBalanceId(tx, "REMITTANCE_CLEARING", order.currencyId);
  const sum = new Decimal(order.amount);
  try {
    const posted = await postTransaction(tx, {
      kind: "REMITTANCE",
      description: `Remittance order ${order.id}`,
      postings: [
        {
          balanceId: order.debitBalanceId,
          amount: sum.neg(),
          counterpartyName: order.payeeName,
          counterpartyAccount: (order.payeeDetails?.phone as string | undefined) ?? null,
          reference: order.description,
        },
        {
          balanceId: clearing,
          amount: sum,
          counterpartyName: organizationFullName(payer),
          counterpartyAccount: payer.number,
          reference: order.description,
        },
      ],
    });
    return posted.transactionId;
  } catch (err) {
    if (err instanceof DomainError && err.code === "INSUFFICIENT_FUNDS") throw insufficientSum();
    throw err;
  }
}

// ------------------------------------------------------------------ wire form

const orderColumns = {
  order: paymentOrders,
  accountNumber: accounts.number,
  currencyName: currencies.name,
  scale: currencies.scale,
};
export type JoinedRow = { order: OrderRow; accountNumber: string; currencyName: string; scale: number };

export function joined(db: Db) {
  return db
    .select(orderColumns)
    .from(paymentOrders)
    .innerJoin(accounts, eq(accounts.id, paymentOrders.accountId))
    .innerJoin(currencies, eq(currencies.id, paymentOrders.currencyId));
}

/** Attached files of orders, in one query: orderId → Upload[] (attach order). */
async function filesFor(db: Db, orderIds: string[]): Promise<Map<string, Upload[]>> {
  const out = new Map<string, Upload[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return out;
  const rows = await db
    .select({
      orderId: paymentOrderFiles.orderId,
      id: uploads.id,
      name: uploads.name,
      mimeType: uploads.mimeType,
      size: uploads.size,
      createdAt: uploads.createdAt,
    })
    .from(paymentOrderFiles)
    .innerJoin(uploads, eq(uploads.id, paymentOrderFiles.uploadId))
    .where(inArray(paymentOrderFiles.orderId, orderIds))
    .orderBy(asc(paymentOrderFiles.createdAt), asc(paymentOrderFiles.uploadId));
  for (const r of rows)
    out
      .get(r.orderId)
      ?.push({ id: r.id, name: r.name, mimeType: r.mimeType, size: r.size, createdAt: r.createdAt.toISOString() });
  return out;
}

function payeeOf(o: OrderRow): RemittancePayee {
  const d = o.payeeDetails ?? {};
  const str = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : "");
  return {
    name: o.payeeName,
    address: str("address"),
    city: str("city"),
    country: str("country"),
    phone: str("phone"),
    documentNumber: str("documentNumber") || null,
  };
}

function toWire(r: JoinedRow, files: Upload[]): RemittanceOrder {
  const o = r.order;
  return {
    id: o.id,
    organizationId: o.organizationId,
    orderCreatedAt: o.createdAt.toISOString(),
    sum: formatAmount(o.amount, r.scale),
    currencyId: o.currencyId as CurrencyCode,
    currency: { id: o.currencyId as CurrencyCode, name: r.currencyName },
    status: o.status as RemittanceOrderStatus,
    accountId: o.accountId,
    accountNumber: r.accountNumber,
    payee: payeeOf(o),
    description: o.description,
    rejectionReason: o.rejectionReason,
    rejectedBy: rejectedBy(o),
    signedAt: o.signedAt?.toISOString() ?? null,
    files,
  };
}

/** Rows (with account number and currency) → contract RemittanceOrder, files in one query. */
export async function rowsToWire(db: Db, rows: JoinedRow[]): Promise<RemittanceOrder[]> {
  const files = await filesFor(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => toWire(r, files.get(r.order.id) ?? []));
}

/** One order (any organization) → contract RemittanceOrder. */
export async function orderToWire(db: Db, orderId: string): Promise<RemittanceOrder> {
  const rows = await joined(db).where(eq(paymentOrders.id, orderId));
  return (await rowsToWire(db, rows))[0];
}

// ------------------------------------------------------------------ create

/** The order created under `key` in the organization, or null; 409 IDEMPOTENCY_KEY_REUSED for another body. */
async function findByKey(db: Db, organizationId: string, key: string, hash: string): Promise<OrderRow | null> {
  const [existing] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.organizationId, organizationId), eq(paymentOrders.idempotencyKey, key)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash)
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  return existing;
}

type ParsedOrder = z.infer<typeof createRemittanceOrderSchema>;

/**
 * Checks of a parsed order that need the database, inside `tx`: the account (in the caller's
 * organizations: 404; of this organization: 400), a fiat currency it holds, the sum (amount rules
 * at the currency's scale), funds on the balance (checked again, under lock, at signing), the
 * uploads (of this organization).
 */
async function prepare(tx: Tx, userId: string, body: ParsedOrder) {
  const [found] = await tx
    .select({ account: accounts, currency: currencies, debit: balances })
    .from(accounts)
    .leftJoin(currencies, eq(currencies.id, body.currencyId))
    .leftJoin(balances, and(eq(balances.accountId, accounts.id), eq(balances.currencyId, currencies.id)))
    .where(
      and(
        eq(accounts.id, body.accountId),
        inArray(accounts.organizationId, memberOrganizationIdsQuery(tx, userId)),
        eq(accounts.system, false),
      ),
    )
    .limit(1);
  if (!found) throw notFound("Account");
  const { account, currency, debit } = found;
  if (account.organizationId !== body.organizationId)
    throw fieldError("accountId", "isOwnAccount", "accountId does not belong to this organization");
  if (!currency) throw fieldError("currencyId", "isCurrency", "currencyId is not a known currency");
  if (currency.crypto) throw fieldError("currencyId", "isFiat", "Remittance orders are paid out in cash: choose a fiat currency");
  if (!debit) throw fieldError("currencyId", "hasBalance", `The account has no ${currency.id} balance`);
  const sum = validateWireAmount(body.sum, { scale: currency.scale });
  if (!sum.ok) throw fieldError("sum", sum.error, SUM_MESSAGES[sum.error]);
  const amount = new Decimal(sum.value);
  const overdraftGlobal =
    account.overdraftEnabled && debit.overdraftEnabled && (await getBooleanSetting(tx, SETTING_OVERDRAFT_ENABLED, false));
  if (availableFunds(debit, account, overdraftGlobal).lt(amount)) throw insufficientSum();
  const uploadIds = [...new Set(body.uploadIds ?? [])];
  if (uploadIds.length) {
    const own = await lockUploadsForAttach(tx, uploadIds, eq(uploads.organizationId, body.organizationId));
    if (own.length !== uploadIds.length)
      throw fieldError("uploadIds", "isOwnUpload", "uploadIds must be uploads of the order's organization");
  }
  return { account, currency, debitBalanceId: debit.id, amount, uploadIds };
}

/**
 * POST /v1/payments-orders: create a remittance order (spec 001 §7). Files count by their
 * content (SHA-256), not their upload ids, so a form submitted twice (each submission uploading
 * its files again) is one request; the replay deletes the copies it named (the caller's own
 * uploads attached nowhere, in its transaction: `discardUnattachedUploads`).
 * @param input.body raw body (contract CreateRemittanceOrderRequest); input.idempotencyKey 1..128 characters
 * @returns `{ order, created }`; created=false for a replay of the same body under the key (answer 200)
 * @throws 400 VALIDATION_FAILED (fields, all of a shape at once: payee.name, payee.country …; then
 *   sum with the amount rules' codes at the currency's scale, currencyId isFiat/hasBalance,
 *   uploadIds isOwnUpload), 400 INSUFFICIENT_FUNDS (sum), 403 FORBIDDEN (not a member, or orders not
 *   enabled for the organization), 404 NOT_FOUND (account outside the caller's organizations), 409
 *   IDEMPOTENCY_KEY_REUSED
 */
export async function createRemittanceOrder(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string },
): Promise<{ order: RemittanceOrder; created: boolean }> {
  const parsed = createRemittanceOrderSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const body = parsed.data;
  if (!(await listMemberships(db, input.userId)).some((m) => m.organizationId === body.organizationId)) throw forbidden();
  if (!(await ordersEnabled(db, body.organizationId))) throw ordersDisabled();
  // Files count by their content (SHA-256), not their upload ids: a form submitted twice uploads
  // its files twice, and is still the same request (a replay, not 409).
  const uploadIds = [...new Set(body.uploadIds ?? [])];
  const digests = uploadIds.length
    ? await db
        .select({ sha256: uploads.sha256 })
        .from(uploads)
        .where(and(inArray(uploads.id, uploadIds), eq(uploads.organizationId, body.organizationId)))
    : [];
  const hash = requestHash({
    ...body,
    payee: JSON.stringify(body.payee),
    uploadIds: uploadIds.length
      ? `${uploadIds.length}:${digests
          .map((d) => d.sha256)
          .sort()
          .join(",")}`
      : undefined,
    amount: body.sum,
    sum: undefined,
  });

  // A replay answers the order and, in its own transaction, deletes the uploads THIS request
  // named that are the caller's and attached nowhere (a resubmitted form's second copies: see
  // `discardUnattachedUploads`), so the uploads table keeps one row per file.
  const replayed = async (tx: Tx, order: OrderRow) => {
    await discardUnattachedUploads(tx, input.userId, uploadIds);
    return { order: await orderToWire(tx, order.id), created: false };
  };
  const replay = await findByKey(db, body.organizationId, input.idempotencyKey, hash);
  if (replay) return db.transaction((tx) => replayed(tx, replay));

  return withSerializableRetry(db, async (tx) => {
    // Requests under one key wait for each other (as POST /v1/payments): one order per key.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`order-key:${body.organizationId}:${input.idempotencyKey}`}, 0))`,
    );
    const twin = await findByKey(tx, body.organizationId, input.idempotencyKey, hash);
    if (twin) return replayed(tx, twin);
    const p = await prepare(tx, input.userId, body);
    const now = new Date();
    const [inserted] = await tx
      .insert(paymentOrders)
      .values({
        organizationId: body.organizationId,
        createdByUserId: input.userId,
        accountId: p.account.id,
        debitBalanceId: p.debitBalanceId,
        currencyId: p.currency.id,
        amount: p.amount.toFixed(),
        payeeName: body.payee.name,
        payeeDetails: {
          address: body.payee.address,
          city: body.payee.city,
          country: body.payee.country,
          phone: body.payee.phone,
          documentNumber: body.payee.documentNumber,
        },
        description: body.description,
        status: "PENDING",
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (p.uploadIds.length)
      await tx.insert(paymentOrderFiles).values(p.uploadIds.map((uploadId) => ({ orderId: inserted.id, uploadId })));
    const actor = customerActor(input.userId);
    await addEvent(tx, inserted.id, null, "PENDING", actor);
    return { order: await orderToWire(tx, inserted.id), created: true };
  });
}

// ------------------------------------------------------------------ read

/** Query of GET /v1/payments-orders (parsed by the API). */
export interface RemittanceListQuery {
  organizationId: string;
  status?: RemittanceOrderStatus[];
  take: number;
  cursor?: string;
}

/**
 * GET /v1/payments-orders: one organization's orders, newest first (creation time, then id),
 * cursor-paged edges, with the count of every order the filter matches (`totalCount`, all pages:
 * `status=PENDING` counts those awaiting a signature for the home signing tab, spec 000 §2).
 * @param q.status optional: only these statuses; q.take 1..100; q.cursor a previous page's endCursor
 * @returns contract RemittanceOrderPage
 * @throws 403 FORBIDDEN (not a member of organizationId); 400 VALIDATION_FAILED (cursor)
 */
export async function listRemittanceOrders(db: Database, userId: string, q: RemittanceListQuery): Promise<RemittanceOrderPage> {
  await requireMembership(db, userId, q.organizationId);
  const keyset = newestFirst(paymentOrders.createdAt, paymentOrders.id, q.cursor);
  const filter = and(
    eq(paymentOrders.organizationId, q.organizationId),
    q.status?.length ? inArray(paymentOrders.status, q.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(and(filter, keyset.after))
      .orderBy(...keyset.order)
      .limit(q.take + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(filter),
  ]);
  // The wire form needs the files of the page's orders (one query for all of them).
  const nodes = new Map((await rowsToWire(db, rows.slice(0, q.take))).map((n) => [n.id, n]));
  const page = edgesPage(
    rows,
    q.take,
    (r) => nodes.get(r.order.id)!,
    (r) => r.order,
  );
  return { ...page, totalCount: Number(count?.n ?? 0) };
}

/** The caller's order `id` (joined), or 404. */
async function visibleOrder(db: Db, userId: string, id: string): Promise<JoinedRow> {
  if (!isUuid(id)) throw notFound("Remittance order");
  const [row] = await joined(db)
    .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.organizationId, memberOrganizationIdsQuery(db, userId))))
    .limit(1);
  if (!row) throw notFound("Remittance order");
  return row;
}

/**
 * GET /v1/payments-orders/:id: the order with its status history (oldest first).
 * @throws 404 NOT_FOUND (not a uuid, or not in the caller's organizations)
 */
export async function getRemittanceOrder(db: Database, userId: string, id: string): Promise<RemittanceOrderDetail> {
  const row = await visibleOrder(db, userId, id);
  const [order] = await rowsToWire(db, [row]);
  const events = await db
    .select()
    .from(paymentOrderEvents)
    .where(eq(paymentOrderEvents.orderId, row.order.id))
    .orderBy(asc(paymentOrderEvents.createdAt), asc(paymentOrderEvents.id));
  return {
    ...order,
    history: events.map((e) => ({
      fromStatus: (e.fromStatus as RemittanceOrderStatus | null) ?? null,
      toStatus: e.toStatus as RemittanceOrderStatus,
      by: e.actor.startsWith("user:") ? ("CUSTOMER" as const) : ("BANK" as const),
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /v1/payments-orders/:id/file/:uploadId: the bytes of a file attached to the order, for a
 * member of the order's organization.
 * @returns `{ name, mimeType, bytes }` (name sanitised at upload)
 * @throws 404 NOT_FOUND (order not visible, or the upload is not one of its files)
 */
export async function getRemittanceOrderFile(
  db: Database,
  userId: string,
  orderId: string,
  uploadId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  if (!isUuid(orderId) || !isUuid(uploadId)) throw notFound("File");
  const [row] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(paymentOrderFiles)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderFiles.orderId))
    .innerJoin(uploads, eq(uploads.id, paymentOrderFiles.uploadId))
    .where(
      and(
        eq(paymentOrderFiles.orderId, orderId),
        eq(paymentOrderFiles.uploadId, uploadId),
        inArray(paymentOrders.organizationId, memberOrganizationIdsQuery(db, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound("File");
  return { name: row.name, mimeType: row.mimeType, bytes: row.data };
}

// ------------------------------------------------------------------ customer decline

/**
 * POST /v1/payments-orders/:id/decline: a member of the order's organization declines it while
 * it awaits a signature (spec 000 §4 "Unsigned transactions can be signed or cancelled
 * (declined)"; spec 001 §4: REJECTED shows the rejected marker), any member — a NONE official
 * too, as for payments and FX requests (docs/decisions.md "Who may decline"). Nothing is held
 * before signing, so no money moves: status REJECTED with rejectionReason
 * CUSTOMER_DECLINE_REASON, and a payment_order_events row PENDING → REJECTED by `user:<id>` with
 * that reason, in one transaction. Under the order's row lock (FOR UPDATE, the lock signing
 * takes), so a decline racing a signature ends one way: signed (the decline is 409) or declined
 * (the signature is 409, nothing held). Idempotent: an order a member already declined is
 * answered unchanged. Allowed also when PAYMENTS-ORDERS-ENABLED is off (docs/decisions.md
 * "Remittance orders"). The organization's chat is told once, after the commit
 * ("remittance-declined"), as for a declined payment or FX request.
 * @param orderId the order's id (a uuid; anything else is 404)
 * @returns contract RemittanceOrder (REJECTED, rejectedBy CUSTOMER)
 * @throws 404 NOT_FOUND (not a uuid, or not in the caller's organizations); 409
 *   ORDER_STATUS_CONFLICT (signed already, or rejected by the bank)
 */
export async function declineRemittanceOrder(db: Database, userId: string, orderId: string): Promise<RemittanceOrder> {
  if (!isUuid(orderId)) throw notFound("Remittance order");
  let declinedNow = false;
  const declined = await withSerializableRetry(db, async (tx) => {
    declinedNow = false;
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.organizationId, memberOrganizationIdsQuery(tx, userId))))
      .for("update");
    if (!order) throw notFound("Remittance order");
    if (rejectedBy(order) === "CUSTOMER") return orderToWire(tx, order.id);
    if (order.status !== "PENDING") throw orderStatusConflict(order.status, "only a PENDING order can be declined");
    await tx
      .update(paymentOrders)
      .set({ status: "REJECTED", rejectionReason: CUSTOMER_DECLINE_REASON, updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "PENDING")));
    await addEvent(tx, order.id, "PENDING", "REJECTED", customerActor(userId), CUSTOMER_DECLINE_REASON);
    declinedNow = true;
    return orderToWire(tx, order.id);
  });
  // After the commit, once: a repeated decline answers the order without a second notification.
  if (declinedNow) await notifyRemittanceDeclined(db, declined);
  return declined;
}

// ------------------------------------------------------------------ staff

/**
 * Staff: move a remittance order along (spec 001 §4; `npm run bank -- remittance:advance`).
 * Allowed: QUEUED → PROC → AML → AML_DONE → ACCEPTED, one step at a time, and REJECTED from
 * QUEUED, PROC, AML or AML_DONE (`STAFF_TRANSITIONS`). In one transaction under the order's row
 * lock: ACCEPTED moves the held sum from REMITTANCE_CLEARING to CASH_CLEARING (the payout
 * partner); REJECTED refunds it to the customer's balance (postings operationType REFUND) and
 * records the reason the customer sees; every move writes a payment_order_events row. After
 * commit the organization is notified (server/domain/chat/notify.ts, Notifications.remittance-status).
 * @param input.orderId any organization's order; input.status the new status; input.reason
 *   required for REJECTED (1..500 characters, trimmed), optional note otherwise; input.actor who
 *   decides (e.g. "staff:cli:alice", 1..100 characters)
 * @returns contract RemittanceOrder after the move
 * @throws 400 VALIDATION_FAILED (status, reason, actor), 404 NOT_FOUND, 409 ORDER_STATUS_CONFLICT
 *   (a transition not allowed from the current status)
 */
export async function advanceRemittanceOrder(
  db: Database,
  input: { orderId: string; status: string; reason?: string | null; actor: string },
): Promise<RemittanceOrder> {
  const status = input.status as RemittanceOrderStatus;
  if (!(REMITTANCE_STATUSES as readonly string[]).includes(status))
    throw fieldError("status", "isEnum", `status must be one of ${REMITTANCE_STATUSES.join(", ")}`);
  const reason = input.reason?.trim() || null;
  if (status === "REJECTED" && !reason) throw fieldError("reason", "isNotEmpty", "reason should not be empty");
  if (reason && reason.length > 500) throw fieldError("reason", "maxLength", "reason must be at most 500 characters");
  const actor = input.actor.trim();
  if (!actor || actor.length > 100 || actor.startsWith("user:"))
    throw fieldError("actor", "isStaffActor", "actor must name the bank's staff (1..100 characters)");
  if (!isUuid(input.orderId)) throw notFound("Remittance order");
  const advanced = await withSerializableRetry(db, async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, input.orderId)).for("update");
    if (!order) throw notFound("Remittance order");
    const from = order.status as RemittanceOrderStatus;
    if (!STAFF_TRANSITIONS[from].includes(status))
      throw orderStatusConflict(from, `it cannot move to ${status}${from === "PENDING" ? " before the customer signs it" : ""}`);
    const sum = new Decimal(order.amount);
    const clearing = await systemBalanceId(tx, "REMITTANCE_CLEARING", order.currencyId);
    let refundLedgerTransactionId: string | null = null;
    if (status === "ACCEPTED") {
      await postTransaction(tx, {
        kind: "REMITTANCE_SETTLEMENT",
        description: `Remittance order ${order.id} accepted: paid out by the partner`,
        postings: [
          { balanceId: clearing, amount: sum.neg(), counterpartyName: order.payeeName, reference: order.description },
          {
            balanceId: await systemBalanceId(tx, "CASH_CLEARING", order.currencyId),
            amount: sum,
            counterpartyName: order.payeeName,
            reference: order.description,
          },
        ],
      });
    } else if (status === "REJECTED" && order.ledgerTransactionId) {
      const posted = await postTransaction(tx, {
        kind: "REMITTANCE_REFUND",
        description: `Remittance order ${order.id} rejected: refund`,
        postings: [
          {
            balanceId: clearing,
            amount: sum.neg(),
            counterpartyName: order.payeeName,
            reference: order.description,
            operationType: "REFUND",
          },
          {
            balanceId: order.debitBalanceId,
            amount: sum,
            counterpartyName: order.payeeName,
            counterpartyAccount: (order.payeeDetails?.phone as string | undefined) ?? null,
            reference: order.description,
            operationType: "REFUND",
          },
        ],
      });
      refundLedgerTransactionId = posted.transactionId;
    }
    await tx
      .update(paymentOrders)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === "REJECTED" ? { rejectionReason: reason, refundLedgerTransactionId } : {}),
      })
      .where(eq(paymentOrders.id, order.id));
    await addEvent(tx, order.id, from, status, actor, reason);
    return orderToWire(tx, order.id);
  });
  await notifyRemittanceStatus(db, advanced);
  return advanced;
}
