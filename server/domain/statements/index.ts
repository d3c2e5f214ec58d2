/**
 * Statement items: the operation history (spec 000 §3 "Transaction / statement item", §4
 * "Statement items", §7 History; contract StatementItem). One item = one posting on a customer
 * balance of the organization, joined with its ledger transaction.
 *
 * status: operationType REFUND → REFUND; amount > 0 → ADDED; otherwise SENT (the default).
 * title: the counterparty name (data), null for the items whose counterparty is a label the bank
 * wrote (`bankNamedItem`: fee items, exchange and FX rate request legs, a returned fee): the web
 * app translates their titles from codes ('Regular fee', spec 000 §4; 'Currency exchange', 'Fee
 * refund') — the API sends no English labels.
 * reference: the payment reference (data), null for the items whose ledger reference is the
 * bank's English bookkeeping (`bookkeepingReference`: exchanges, FX rate requests); what it said
 * — the two currencies and the rate — is `exchange`, read from the exchange's quote or the FX
 * rate request by the item's own query (docs/decisions.md "The bank's own items speak the reader's language").
 * operationStatus, categoryId, paymentOrderId, feeAmount (spec 000 §3; docs/decisions.md
 * "Statement list item fields") are read by left joins of the item's own query (its payment, its
 * fee's currency, its remittance order, its FX rate request): no query per item.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import {
  accounts,
  balances,
  beneficiaries,
  beneficiaryContracts,
  currencies,
  exchangeQuotes,
  fxRequests,
  ledgerTransactions,
  organizationMembers,
  organizations,
  paymentCategories,
  paymentOrders,
  payments,
  postings,
} from "../../db/schema/index.js";
import type {
  CurrencyCode,
  OperationType,
  OrganizationType,
  StatementExport,
  StatementItem,
  StatementItemDetail,
  StatementItemExchange,
  StatementStatus,
} from "../../api/v1/contract.js";
import { fieldError } from "../errors.js";
import { FEE_COUNTERPARTY } from "../ledger/labels.js";
import { Decimal, formatAmount, type DecimalValue } from "../ledger/money.js";
import { isUuid } from "../accounts/index.js";
import {
  forbidden,
  listMemberships,
  memberOrganizationIds,
  notFound,
  requireMembership,
  type Membership,
} from "../organizations/access.js";
import { defaultOrganization } from "../organizations/default-organization.js";
import { organizationFullName } from "../organizations/index.js";
import { decodeCursor, encodeCursor } from "../pagination.js";
import { operationStatus } from "./operation-status.js";

/** Operation types of the bank's own fee items: titled by the web app from the code, not by a counterparty. */
const FEE_ITEMS = new Set(["SERVICE_FEE", "TRANSACTION_FEE"]);

/**
 * Whether the item's counterparty is the bank itself, named by a label it wrote in English: its
 * fee items, the legs of a currency exchange or of an FX rate request's hold ("Exchange to EUR")
 * and refund ("FX rate request"), and the fee's leg of a returned payment ("Transaction fee").
 * Such items have no title; the web app names them from their codes.
 */
function bankNamedItem(r: Pick<Row, "operationType" | "transactionKind" | "counterpartyName">): boolean {
  return (
    FEE_ITEMS.has(r.operationType) ||
    r.transactionKind === "EXCHANGE" ||
    r.transactionKind === "FX_REQUEST_HOLD" ||
    r.transactionKind === "FX_REQUEST_REFUND" ||
    (r.transactionKind === "PAYMENT_REFUND" && r.counterpartyName === FEE_COUNTERPARTY)
  );
}

/**
 * Kinds of ledger transaction whose postings' `reference` is the bank's own English bookkeeping
 * ("Exchange GBP → EUR at 1.17", "Exchange fee", "FX rate request GBP → EUR rejected: refund"),
 * written by server/domain/exchange for its staff: never a customer's reference. The items of
 * these kinds answer `reference: null` and carry the exchange as data (`exchange`). Every other
 * reference is data and kept: a payment's (also on its fee and refund items), an incoming
 * payment's, a remittance order's description, a regular fee's month ("2026-11").
 */
const BOOKKEEPING_REFERENCE_KINDS = new Set(["EXCHANGE", "FX_REQUEST_HOLD", "FX_REQUEST_REFUND"]);

/** Whether the item's ledger reference is the bank's bookkeeping text (`BOOKKEEPING_REFERENCE_KINDS`). */
function bookkeepingReference(r: Pick<Row, "transactionKind">): boolean {
  return BOOKKEEPING_REFERENCE_KINDS.has(r.transactionKind);
}

/**
 * The exchange an item belongs to: its quote's (a currency exchange at the bank's rate) or its FX
 * rate request's (hold, acceptance or refund: the proposed rate); the rate without trailing zeros
 * (the columns are numeric(38,18)). Null for any other item.
 */
function itemExchange(r: Row): StatementItemExchange | null {
  const found =
    r.quoteFromCurrencyId && r.quoteToCurrencyId && r.quoteRate !== null
      ? { from: r.quoteFromCurrencyId, to: r.quoteToCurrencyId, rate: r.quoteRate }
      : r.fxFromCurrencyId && r.fxToCurrencyId && r.fxProposedRate !== null
        ? { from: r.fxFromCurrencyId, to: r.fxToCurrencyId, rate: r.fxProposedRate }
        : null;
  if (!found) return null;
  return {
    fromCurrencyId: found.from as CurrencyCode,
    toCurrencyId: found.to as CurrencyCode,
    rate: new Decimal(found.rate).toFixed(),
  };
}

export interface StatementQuery {
  /**
   * Whose history (optional, spec 000 §7): absent, the organization of `account`,
   * `paymentOrderId` or `parentId`, else the caller's default organization (`historyOrganization`).
   */
  organizationId?: string;
  account?: string;
  currencyId?: string;
  transferDateFrom?: string;
  transferDateTo?: string;
  /** Remittance order id: its money and refund postings. */
  paymentOrderId?: string;
  /** Statement item id: the other items of its ledger transaction and of its payment's fee. */
  parentId?: string;
  take: number;
  cursor?: string;
}

const selection = {
  id: postings.id,
  transactionId: postings.transactionId,
  paymentId: ledgerTransactions.paymentId,
  description: ledgerTransactions.description,
  transactionKind: ledgerTransactions.kind,
  operationType: postings.operationType,
  accountId: accounts.id,
  accountNumber: accounts.number,
  currencyId: postings.currencyId,
  scale: currencies.scale,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  counterpartyName: postings.counterpartyName,
  counterpartyAccount: postings.counterpartyAccount,
  reference: postings.reference,
  transferDate: postings.transferDate,
};

/** Currency of a payment's fee (its scale formats feeAmount). */
const feeCurrency = alias(currencies, "fee_currency");

/** `selection` and what the operation joins (`withOperations`) add: the item's organization, payment, order, FX request. */
const itemSelection = {
  ...selection,
  organizationId: accounts.organizationId,
  payOrganizationId: payments.organizationId,
  postingBalanceId: postings.balanceId,
  payDebitBalanceId: payments.debitBalanceId,
  payFeeBalanceId: payments.feeBalanceId,
  payLedgerTransactionId: payments.ledgerTransactionId,
  payFeeLedgerTransactionId: payments.feeLedgerTransactionId,
  paySettlementStatus: payments.settlementStatus,
  payCategoryId: payments.categoryId,
  payFeeAmount: payments.feeAmount,
  payFeeCurrencyId: payments.feeCurrencyId,
  payFeeScale: feeCurrency.scale,
  orderId: paymentOrders.id,
  orderLedgerTransactionId: paymentOrders.ledgerTransactionId,
  orderStatus: paymentOrders.status,
  fxStatus: fxRequests.status,
  fxHoldTransactionId: fxRequests.holdTransactionId,
  fxFromCurrencyId: fxRequests.fromCurrencyId,
  fxToCurrencyId: fxRequests.toCurrencyId,
  fxProposedRate: fxRequests.proposedRate,
  quoteFromCurrencyId: exchangeQuotes.fromCurrencyId,
  quoteToCurrencyId: exchangeQuotes.toCurrencyId,
  quoteRate: exchangeQuotes.rate,
};

type Row = {
  id: string;
  transactionId: string;
  paymentId: string | null;
  description: string | null;
  transactionKind: string;
  operationType: string;
  accountId: string;
  accountNumber: string;
  currencyId: string;
  scale: number;
  amount: string;
  balanceAfter: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  reference: string | null;
  transferDate: Date;
  organizationId: string | null;
  payOrganizationId: string | null;
  postingBalanceId: string;
  payDebitBalanceId: string | null;
  payFeeBalanceId: string | null;
  payLedgerTransactionId: string | null;
  payFeeLedgerTransactionId: string | null;
  paySettlementStatus: string | null;
  payCategoryId: string | null;
  payFeeAmount: string | null;
  payFeeCurrencyId: string | null;
  payFeeScale: number | null;
  orderId: string | null;
  orderLedgerTransactionId: string | null;
  orderStatus: string | null;
  fxStatus: string | null;
  fxHoldTransactionId: string | null;
  fxFromCurrencyId: string | null;
  fxToCurrencyId: string | null;
  fxProposedRate: string | null;
  quoteFromCurrencyId: string | null;
  quoteToCurrencyId: string | null;
  quoteRate: string | null;
};

/** Status of a posting as shown in the history (spec 000 §4). */
export function statementStatus(amount: Decimal, operationType: string): StatementStatus {
  if (operationType === "REFUND") return "REFUND";
  return amount.gt(0) ? "ADDED" : "SENT";
}

/**
 * A joined row → contract StatementItem. The payment's category and fee only on the payer's own
 * items: postings on the balance the payment debited or took its fee from (so neither the payee
 * of an internal payment nor the credited side of a payment between one's own accounts shows
 * the payer's fee); the fee when positive, at its currency's scale.
 */
function toItem(r: Row): StatementItem {
  const amount = new Decimal(r.amount);
  const fmt = (d: DecimalValue) => formatAmount(d, r.scale);
  const payer =
    r.payOrganizationId !== null &&
    r.payOrganizationId === r.organizationId &&
    (r.postingBalanceId === r.payDebitBalanceId || r.postingBalanceId === r.payFeeBalanceId);
  const fee =
    payer && r.payFeeAmount !== null && r.payFeeCurrencyId !== null && new Decimal(r.payFeeAmount).gt(0)
      ? { amount: formatAmount(r.payFeeAmount, r.payFeeScale ?? 2), currencyId: r.payFeeCurrencyId as CurrencyCode }
      : null;
  return {
    id: r.id,
    transactionId: r.transactionId,
    paymentId: r.paymentId,
    title: bankNamedItem(r) ? null : (r.counterpartyName ?? null),
    status: statementStatus(amount, r.operationType),
    operationType: r.operationType as OperationType,
    transactionKind: r.transactionKind,
    accountId: r.accountId,
    accountNumber: r.accountNumber,
    currencyId: r.currencyId as CurrencyCode,
    amount: fmt(amount),
    debitSum: fmt(amount.lt(0) ? amount.neg() : 0),
    creditSum: fmt(amount.gt(0) ? amount : 0),
    balanceAfter: fmt(r.balanceAfter),
    counterpartyFullName: r.counterpartyName,
    counterpartyAccountNumber: r.counterpartyAccount,
    reference: bookkeepingReference(r) ? null : r.reference,
    exchange: itemExchange(r),
    transferDate: r.transferDate.toISOString(),
    operationStatus: operationStatus({
      transactionId: r.transactionId,
      payment: r.payOrganizationId
        ? {
            ledgerTransactionId: r.payLedgerTransactionId,
            feeLedgerTransactionId: r.payFeeLedgerTransactionId,
            settlementStatus: r.paySettlementStatus,
          }
        : null,
      order: r.orderId && r.orderStatus ? { ledgerTransactionId: r.orderLedgerTransactionId, status: r.orderStatus } : null,
      // The request whose hold the item is (the join also finds it by its acceptance and refund).
      fxRequest: r.fxStatus && r.fxHoldTransactionId === r.transactionId ? { status: r.fxStatus } : null,
    }),
    categoryId: payer ? r.payCategoryId : null,
    paymentOrderId: r.orderId,
    feeAmount: fee?.amount ?? null,
    feeCurrencyId: fee?.currencyId ?? null,
  };
}

/**
 * Postings with their balance, account, ledger transaction and currency, and the operations the
 * posting's ledger transaction belongs to as left joins (each at most one row: a transaction is
 * one payment's, one remittance order's sum or refund, one FX rate request's hold, acceptance or
 * refund, one exchange quote's execution), looked up by index (payments' primary key;
 * payment_orders_ledger_tx_idx, payment_orders_refund_tx_idx, fx_requests_hold_tx_idx,
 * fx_requests_settle_tx_idx, fx_requests_refund_tx_idx, exchange_quotes_ledger_tx_idx). A
 * remittance order, FX rate request or quote only of the item's own organization.
 * @param q a dynamic select of `itemSelection` (or more: the item detail adds its legs) whose FROM
 *   has `postings` (the list: its page joined to postings)
 */
function withItemJoins<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(balances, eq(balances.id, postings.balanceId))
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, postings.transactionId))
    .innerJoin(currencies, eq(currencies.id, postings.currencyId))
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .leftJoin(feeCurrency, eq(feeCurrency.id, payments.feeCurrencyId))
    .leftJoin(
      paymentOrders,
      and(
        or(
          eq(paymentOrders.ledgerTransactionId, postings.transactionId),
          eq(paymentOrders.refundLedgerTransactionId, postings.transactionId),
        ),
        eq(paymentOrders.organizationId, accounts.organizationId),
      ),
    )
    .leftJoin(
      fxRequests,
      and(
        or(
          eq(fxRequests.holdTransactionId, postings.transactionId),
          eq(fxRequests.settleTransactionId, postings.transactionId),
          eq(fxRequests.refundTransactionId, postings.transactionId),
        ),
        eq(fxRequests.organizationId, accounts.organizationId),
      ),
    )
    .leftJoin(
      exchangeQuotes,
      and(
        eq(exchangeQuotes.ledgerTransactionId, postings.transactionId),
        eq(exchangeQuotes.organizationId, accounts.organizationId),
      ),
    );
}

/** Every item query's FROM and joins (the statement export's; the list chooses its page first). */
function baseQuery(db: Database) {
  return withItemJoins(db.select(itemSelection).from(postings).$dynamic());
}

/** ISO 8601 date or date-time with a four-digit year (no expanded years such as +099999). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Earliest and latest instants accepted in a history filter: years 0001..9999 (UTC). */
const FIRST_INSTANT = new Date("0001-01-01T00:00:00.000Z").getTime();
const LAST_INSTANT = new Date("9999-12-31T23:59:59.999Z").getTime();

/**
 * A history date filter → Date, or undefined when absent. Accepts ISO 8601 `yyyy-MM-dd` or a
 * date-time with an optional offset, a real calendar day (no 2026-02-30, no 0000-00-00), years
 * 0001..9999 — what PostgreSQL's timestamptz and ISO's four-digit years both hold.
 * @throws VALIDATION_FAILED `isIso8601` on `name` otherwise (was a 500 for +099999 years).
 */
function isoParam(name: string, value: string | undefined): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const invalid = () => fieldError(name, "isIso8601", `${name} must be an ISO 8601 date between 0001-01-01 and 9999-12-31`);
  const m = ISO_DATE.exec(value);
  if (!m) throw invalid();
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(2000, month - 1, day));
  calendar.setUTCFullYear(year);
  if (month < 1 || month > 12 || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) throw invalid();
  const d = new Date(value);
  const t = d.getTime();
  if (Number.isNaN(t) || t < FIRST_INSTANT || t > LAST_INSTANT) throw invalid();
  return d;
}

/**
 * GET /v1/statements-items: postings of the organization's customer balances, newest first
 * (transferDate desc, then id desc), keyset pagination. The organization: `organizationId`, else
 * the one of the filters' account, order or item, else the caller's default (`historyOrganization`).
 * @throws 403 FORBIDDEN (not a member of organizationId; no organization at all), 404 NOT_FOUND
 *   (account, order or item outside the organization or the caller's organizations), 400 field
 *   errors for malformed dates/cursor.
 */
export async function listStatementItems(
  db: Database,
  userId: string,
  q: StatementQuery,
): Promise<{ data: StatementItem[]; nextCursor: string | null }> {
  const { conditions } = await filterConditions(db, userId, q);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(or(lt(postings.transferDate, c.date), and(eq(postings.transferDate, c.date), lt(postings.id, c.id)))!);
  }
  // The page is chosen first, in a derived table (LIMIT keeps PostgreSQL from flattening it),
  // from the postings and their accounts only (what the conditions read); the item joins (ledger
  // transaction, currency, payment, order, FX request) then run for the page's rows alone, not for
  // every posting the sort passes over. One statement.
  const chosen = db
    .select({ pageId: postings.id })
    .from(postings)
    .innerJoin(balances, eq(balances.id, postings.balanceId))
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .where(and(...conditions))
    .orderBy(desc(postings.transferDate), desc(postings.id))
    .limit(q.take + 1)
    .as("page");
  const rows = (await withItemJoins(
    db.select(itemSelection).from(chosen).innerJoin(postings, eq(postings.id, chosen.pageId)).$dynamic(),
  ).orderBy(desc(postings.transferDate), desc(postings.id))) as Row[];
  const page = rows.slice(0, q.take);
  const last = page[page.length - 1];
  return {
    data: page.map(toItem),
    nextCursor: rows.length > q.take && last ? encodeCursor(last.transferDate, last.id) : null,
  };
}

/**
 * The WHERE conditions of a history query (shared by the list and the statement export), and the
 * organization they read (`historyOrganization`). They read `postings` and `accounts` only: the
 * list chooses its page from those (with `balances`).
 * @throws 403 FORBIDDEN (not a member, or a COMPANY_OFFICIAL organization: spec 000 §6),
 *   404 NOT_FOUND (account / parent / payment order outside the organization), 400 on dates.
 */
async function filterConditions(
  db: Database,
  userId: string,
  query: Omit<StatementQuery, "take" | "cursor">,
): Promise<{ organizationId: string; conditions: SQL[] }> {
  const m = await historyOrganization(db, userId, query);
  if (m.organizationType === "COMPANY_OFFICIAL") throw forbidden("Company officials have no operation history");
  const q = { ...query, organizationId: m.organizationId };
  const conditions: SQL[] = [eq(accounts.organizationId, q.organizationId), eq(accounts.system, false)];
  if (q.account) {
    if (!isUuid(q.account)) throw notFound("Account");
    const [a] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, q.account), eq(accounts.organizationId, q.organizationId)))
      .limit(1);
    if (!a) throw notFound("Account");
    conditions.push(eq(accounts.id, q.account));
  }
  if (q.currencyId) conditions.push(eq(postings.currencyId, q.currencyId));
  const from = isoParam("transferDateFrom", q.transferDateFrom);
  const to = isoParam("transferDateTo", q.transferDateTo);
  if (from) conditions.push(gte(postings.transferDate, from));
  if (to) conditions.push(lte(postings.transferDate, to));
  if (q.paymentOrderId) {
    if (!isUuid(q.paymentOrderId)) throw notFound("Payment order");
    const [o] = await db
      .select({ tx: paymentOrders.ledgerTransactionId, refund: paymentOrders.refundLedgerTransactionId })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, q.paymentOrderId), eq(paymentOrders.organizationId, q.organizationId)))
      .limit(1);
    if (!o) throw notFound("Payment order");
    const txs = [o.tx, o.refund].filter((t): t is string => !!t);
    conditions.push(txs.length ? inArray(postings.transactionId, txs) : sql`false`);
  }
  if (q.parentId) {
    if (!isUuid(q.parentId)) throw notFound("Statement item");
    const [p] = await db
      .select({ tx: postings.transactionId, paymentId: ledgerTransactions.paymentId })
      .from(postings)
      .innerJoin(balances, eq(balances.id, postings.balanceId))
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, postings.transactionId))
      .where(and(eq(postings.id, q.parentId), eq(accounts.organizationId, q.organizationId)))
      .limit(1);
    if (!p) throw notFound("Statement item");
    const txs = [p.tx];
    if (p.paymentId) {
      const [pay] = await db.select({ fee: payments.feeLedgerTransactionId }).from(payments).where(eq(payments.id, p.paymentId));
      if (pay?.fee) txs.push(pay.fee);
    }
    conditions.push(inArray(postings.transactionId, txs), ne(postings.id, q.parentId));
  }
  return { organizationId: q.organizationId, conditions };
}

/**
 * The organization whose history a query reads (spec 000 §7 lists organizationId among the
 * optional filters; docs/decisions.md "History without an organizationId"), always one of the
 * caller's, never several mixed:
 * - `organizationId` given: that one (not a member → 403, as before);
 * - else the organization of `account`, of the remittance order `paymentOrderId`, or of the
 *   statement item `parentId` (the first of them given), which must be one of the caller's: else
 *   404, the answer for an id of another customer everywhere (no existence oracle);
 * - else the caller's default organization (whoami's `activeOrganization`: the individual one,
 *   else the first corporate, else the first company official); none → 403.
 * The filters are then checked against it as usual (filterConditions).
 */
async function historyOrganization(
  db: Database,
  userId: string,
  q: Omit<StatementQuery, "take" | "cursor">,
): Promise<Membership> {
  if (q.organizationId) return requireMembership(db, userId, q.organizationId);
  const memberships = await listMemberships(db, userId);
  const member = (organizationId: string | null | undefined) => memberships.find((x) => x.organizationId === organizationId);
  const owner = async (what: string, id: string, read: () => Promise<{ org: string | null }[]>) => {
    const found = isUuid(id) ? member((await read())[0]?.org) : undefined;
    if (!found) throw notFound(what);
    return found;
  };
  if (q.account) {
    const id = q.account;
    return owner("Account", id, () =>
      db
        .select({ org: accounts.organizationId })
        .from(accounts)
        .where(and(eq(accounts.id, id), eq(accounts.system, false)))
        .limit(1),
    );
  }
  if (q.paymentOrderId) {
    const id = q.paymentOrderId;
    return owner("Payment order", id, () =>
      db.select({ org: paymentOrders.organizationId }).from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1),
    );
  }
  if (q.parentId) {
    const id = q.parentId;
    return owner("Statement item", id, () =>
      db
        .select({ org: accounts.organizationId })
        .from(postings)
        .innerJoin(balances, eq(balances.id, postings.balanceId))
        .innerJoin(accounts, eq(accounts.id, balances.accountId))
        .where(and(eq(postings.id, id), eq(accounts.system, false)))
        .limit(1),
    );
  }
  const candidates = await db
    .select({
      id: organizations.id,
      type: organizations.type,
      membershipCreatedAt: organizationMembers.createdAt,
      organizationCreatedAt: organizations.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, "APPROVED")));
  const chosen = member(defaultOrganization(candidates.map((c) => ({ ...c, type: c.type as OrganizationType })))?.id);
  if (!chosen) throw forbidden("No organization to show the history of");
  return chosen;
}

/**
 * Most operations one statement lists. A statement is drawn in one piece (the PDF synchronously,
 * about 0.1 ms an operation), so an unbounded one would hold the process for every customer;
 * 5,000 is years of a busy personal account, and a longer period is asked for in parts.
 */
export const MAX_STATEMENT_ITEMS = 5000;

/** Query of a statement export: the list's filters with a required currency. */
export type StatementExportQuery = Omit<StatementQuery, "take" | "cursor"> & { currencyId: string };

/**
 * A statement for a period and currency (issue 9 "Documents"): opening balance = Σ amounts of
 * the selected balances' postings before the period start (0 without a start); items ascending
 * by transferDate; closing = opening + Σ items. Amounts at the currency's scale.
 * @throws as listStatementItems; 400 `currencyId` (isCurrency) for an unknown currency; 400
 *   `coreError` (statementTooLong) over `maxItems` operations (default MAX_STATEMENT_ITEMS).
 */
export async function statementExport(
  db: Database,
  userId: string,
  q: StatementExportQuery,
  maxItems: number = MAX_STATEMENT_ITEMS,
): Promise<StatementExport> {
  const { organizationId, conditions } = await filterConditions(db, userId, q);
  const [cur] = await db.select({ scale: currencies.scale }).from(currencies).where(eq(currencies.id, q.currencyId));
  if (!cur) throw fieldError("currencyId", "isCurrency", "currencyId is not a known currency");
  const rows = (await baseQuery(db)
    .where(and(...conditions))
    .orderBy(asc(postings.transferDate), asc(postings.id))
    .limit(maxItems + 1)) as Row[];
  if (rows.length > maxItems)
    throw fieldError(
      "coreError",
      "statementTooLong",
      `The statement would list more than ${maxItems} operations: choose a shorter period`,
    );
  const from = isoParam("transferDateFrom", q.transferDateFrom);
  let opening = new Decimal(0);
  if (from) {
    const before: SQL[] = [
      eq(accounts.organizationId, organizationId),
      eq(accounts.system, false),
      eq(postings.currencyId, q.currencyId),
      lt(postings.transferDate, from),
    ];
    if (q.account) before.push(eq(accounts.id, q.account));
    const [sum] = await db
      .select({ total: sql<string | null>`sum(${postings.amount})` })
      .from(postings)
      .innerJoin(balances, eq(balances.id, postings.balanceId))
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .where(and(...before));
    opening = new Decimal(sum?.total ?? 0);
  }
  const closing = rows.reduce((acc, r) => acc.plus(r.amount), opening);
  const to = isoParam("transferDateTo", q.transferDateTo);
  return {
    organizationId,
    currencyId: q.currencyId as CurrencyCode,
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    opening: formatAmount(opening, cur.scale),
    closing: formatAmount(closing, cur.scale),
    items: rows.map(toItem),
  };
}

/** The ledger's leg of a statement item's transaction, as getStatementItem reads it. */
interface Leg {
  id: string;
  amount: string;
  operationType: string;
  accountNumber: string;
  system: boolean;
  orgType: string | null;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The counter-leg of `item` among the legs of its ledger transaction in its currency: the
 * opposite-signed leg of the same operation type and the exact opposite amount, else of the same
 * operation type, else of the opposite amount, else any opposite-signed one (a payment posted with
 * its fee against one clearing leg); the first by id among equals. Null when there is none.
 */
export function counterLeg<L extends Pick<Leg, "id" | "amount" | "operationType">>(
  item: Pick<Leg, "id" | "amount" | "operationType">,
  legs: L[],
): L | null {
  const amount = new Decimal(item.amount);
  const opposite = legs.filter((l) => l.id !== item.id && new Decimal(l.amount).isNegative() !== amount.isNegative());
  const rank = (l: L) => (l.operationType === item.operationType ? 0 : 2) + (new Decimal(l.amount).plus(amount).isZero() ? 0 : 1);
  return [...opposite].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0] ?? null;
}

/**
 * GET /v1/statements-items/:id → the item with its info block (spec 000 §3: createdAt, purpose
 * (`info`), sender and recipient account numbers, the recipient's sort code and BIC
 * (`sortCode`, `benificiaryBIC`) beside our own names (`counterpartySortCode` …), payment type,
 * fee, general-ledger transaction (`generalLedgerTransactionId`) with
 * its debited and credited account numbers, the sender's client name, the payment category,
 * contract: id, name, beneficiaryId, only of the item's own organization and of a beneficiary
 * not deleted) when it is on a customer balance of one of the caller's organizations.
 * Ledger accounts: the item's posting and its counter-leg (`counterLeg`); the bank's own
 * accounts are never numbered (null), and the sender is the holder of the debited account, null
 * when that is the bank's (docs/decisions.md "Ledger accounts on a statement item"). The payment
 * category only on the payer's own items.
 * @throws 404 NOT_FOUND otherwise (also for a malformed id: no existence oracle).
 */
export async function getStatementItem(db: Database, userId: string, id: string): Promise<StatementItemDetail> {
  const orgIds = await memberOrganizationIds(db, userId);
  if (!isUuid(id) || !orgIds.length) throw notFound("Statement item");
  // The item (authorized as before: its posting on a customer account of one of the caller's
  // organizations) joined with every leg of its ledger transaction in its currency, one row per
  // leg, each with its account and that account's organization (none for the bank's own).
  const leg = alias(postings, "leg");
  const legBalance = alias(balances, "leg_balance");
  const legAccount = alias(accounts, "leg_account");
  const legOrganization = alias(organizations, "leg_organization");
  const detailQuery = db
    .select({
      ...itemSelection,
      iban: accounts.iban,
      sortCode: accounts.sortCode,
      bic: accounts.bic,
      createdAt: postings.createdAt,
      orderDescription: paymentOrders.description,
      orderRejectionReason: paymentOrders.rejectionReason,
      orderRefundTransactionId: paymentOrders.refundLedgerTransactionId,
      legId: leg.id,
      legAmount: leg.amount,
      legOperationType: leg.operationType,
      legAccountNumber: legAccount.number,
      legSystem: legAccount.system,
      legOrgType: legOrganization.type,
      legCompanyName: legOrganization.companyName,
      legFirstName: legOrganization.firstName,
      legLastName: legOrganization.lastName,
    })
    .from(postings)
    .$dynamic();
  const rows = await withItemJoins(detailQuery)
    .innerJoin(leg, and(eq(leg.transactionId, postings.transactionId), eq(leg.currencyId, postings.currencyId)))
    .innerJoin(legBalance, eq(legBalance.id, leg.balanceId))
    .innerJoin(legAccount, eq(legAccount.id, legBalance.accountId))
    .leftJoin(legOrganization, eq(legOrganization.id, legAccount.organizationId))
    .where(and(eq(postings.id, id), eq(accounts.system, false), inArray(accounts.organizationId, orgIds)))
    .orderBy(asc(leg.id));
  const row = rows[0];
  if (!row) throw notFound("Statement item");
  const legs: Leg[] = rows.map((r) => ({
    id: r.legId,
    amount: r.legAmount,
    operationType: r.legOperationType,
    accountNumber: r.legAccountNumber,
    system: r.legSystem,
    orgType: r.legOrgType,
    companyName: r.legCompanyName,
    firstName: r.legFirstName,
    lastName: r.legLastName,
  }));
  const own = legs.find((l) => l.id === row.id)!;
  const other = counterLeg(own, legs);
  const debited = new Decimal(row.amount).isNegative() ? own : other;
  const credited = debited === own ? other : own;
  const numberOf = (l: Leg | null) => (l && !l.system ? l.accountNumber : null);
  const sender =
    debited && !debited.system && debited.orgType ? organizationFullName({ ...debited, type: debited.orgType }) || null : null;

  const [found] = row.paymentId
    ? await db
        .select({ pay: payments, categoryName: paymentCategories.name })
        .from(payments)
        .leftJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
        .where(eq(payments.id, row.paymentId))
        .limit(1)
    : [];
  const pay = found?.pay;
  // The item of a returned payment's refund, or of a rejected FX rate request's (their ledger
  // transactions name neither): that payment or request, of the item's own organization, for the
  // bank's reason (payments_refund_tx_idx, fx_requests_refund_tx_idx).
  const [returned] =
    !pay && row.transactionKind === "PAYMENT_REFUND" && row.organizationId
      ? await db
          .select({ purpose: payments.purpose, reason: payments.settlementReason })
          .from(payments)
          .where(and(eq(payments.refundLedgerTransactionId, row.transactionId), eq(payments.organizationId, row.organizationId)))
          .limit(1)
      : [];
  const [declinedRate] =
    row.transactionKind === "FX_REQUEST_REFUND" && row.organizationId
      ? await db
          .select({ reason: fxRequests.decisionReason })
          .from(fxRequests)
          .where(and(eq(fxRequests.refundTransactionId, row.transactionId), eq(fxRequests.organizationId, row.organizationId)))
          .limit(1)
      : [];
  // The category and the fee are the payer's: only on the payer's items, not on the payee's (toItem).
  const item = toItem(row as Row);
  // The contract only when it is the item's own organization's (an internal payment's payee sees
  // none of the payer's) and its beneficiary is not deleted (hidden everywhere, its pages 404).
  const [contract] =
    pay?.contractId && row.organizationId
      ? await db
          .select({
            id: beneficiaryContracts.id,
            name: beneficiaryContracts.name,
            beneficiaryId: beneficiaryContracts.beneficiaryId,
          })
          .from(beneficiaryContracts)
          .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryContracts.beneficiaryId))
          .where(
            and(
              eq(beneficiaryContracts.id, pay.contractId),
              eq(beneficiaryContracts.organizationId, row.organizationId),
              isNull(beneficiaries.deletedAt),
            ),
          )
          .limit(1)
      : [];
  const details = (pay?.payeeDetails ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  // The customer's own words only (docs/decisions.md "Purpose and return reason on a statement
  // item"): a payment's purpose, a remittance order's description. The ledger's description is the
  // bank's bookkeeping line ("GBP payment <id>", in English) and never shown as a purpose.
  const paid = pay ?? returned;
  const purpose = paid ? (paid.purpose ?? null) : (row.orderDescription ?? null);
  // Why the money came back, on the items of the transaction that returned it: the bank's reason
  // for rejecting or refunding the payment, for rejecting the FX rate request or the remittance order.
  const returnReason = returned
    ? (returned.reason ?? null)
    : declinedRate
      ? (declinedRate.reason ?? null)
      : row.orderRefundTransactionId === row.transactionId
        ? (row.orderRejectionReason ?? null)
        : null;
  const counterpartySortCode = text(details.sortCode);
  const counterpartyBic = pay?.beneficiaryBic ?? text(details.bic);
  // The spec's sender and recipient (docs/decisions.md "The spec's names on the statement item"):
  // the customer's own account on its side of the movement, the counterparty account the posting
  // carries on the other; the recipient's sort code and BIC likewise.
  const moneyOut = new Decimal(row.amount).isNegative();
  const ownSide = { number: row.accountNumber, sortCode: row.sortCode ?? null, bic: row.bic ?? null };
  const otherSide = { number: row.counterpartyAccount ?? null, sortCode: counterpartySortCode, bic: counterpartyBic };
  const recipient = moneyOut ? otherSide : ownSide;
  return {
    ...item,
    createdAt: row.createdAt.toISOString(),
    purpose,
    info: purpose,
    returnReason,
    senderAccountNumber: moneyOut ? ownSide.number : otherSide.number,
    recipientAccountNumber: recipient.number,
    sortCode: recipient.sortCode,
    benificiaryBIC: recipient.bic,
    generalLedgerTransactionId: row.transactionId,
    accountIban: row.iban ?? null,
    accountSortCode: row.sortCode ?? null,
    counterpartySortCode,
    counterpartyBic,
    paymentType: pay?.paymentType ?? null,
    fee: item.feeAmount,
    glTransactionId: row.transactionId,
    generalLedgerTransaction: {
      id: row.transactionId,
      debitAccountNumber: numberOf(debited),
      creditAccountNumber: numberOf(credited),
    },
    senderAccount: { clientName: sender },
    category: item.categoryId && found?.categoryName ? { id: item.categoryId, name: found.categoryName } : null,
    contractId: contract?.id ?? null,
    contract: contract ?? null,
  };
}
