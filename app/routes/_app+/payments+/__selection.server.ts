/**
 * The selection of the signing lists' batch pages (issue 7 "Signing lists": /payments/sign,
 * /payments/sign/result, /payments/decline; spec 000 §2 home signing tab, §4 "the payment (or
 * remittance order) is signed with mfaToken … Unsigned transactions can be signed or cancelled
 * (declined)"): payments, remittance orders and FX rate requests read from the API one by one
 * (GET /v1/payments/:id, /v1/payments-orders/:id, /v1/exchange/fx-requests/:id; an id the caller
 * cannot see is left out, as the API answers 404), in ONE item shape for the screens (`BatchItem`),
 * which of them still await a signature, and the total per currency (decimal.js, never floats).
 */
import { Decimal } from "decimal.js";
import type { CurrencyCode, FxRequest, PayeeAccount, Payment, RemittanceOrder } from "../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { safeReturnTo } from "~/lib/payments.server";
import { batchSelection, type BatchSelection } from "~/lib/signing";
import { documentsRequired, loadDocumentsRule } from "./$paymentId+/__documents.server";

/** What a batch holds: a payment, a remittance order or an FX rate request. */
export type BatchKind = "payment" | "order" | "fx";

/**
 * One item of a batch as the screens show it, whatever its kind.
 * - `name`: the payee (payment, order); for an FX request empty: the screens say "Exchange
 *   {{from}} → {{to}}" (`fx`);
 * - `amount`/`currencyId`: what leaves the account (a request's sold sum), decimal string;
 * - `state`: waiting (awaits a signature), signed, declined (by a member, before signing), or
 *   other (e.g. a payment that FAILED); `status` the API's own status;
 * - `href`: the item's own page.
 */
export interface BatchItem {
  kind: BatchKind;
  id: string;
  name: string;
  /** The payee account in English (the API's text); an order's or request's own account number. */
  account: string;
  /** A payment's payee account in parts, for the screens to word in the reader's language (lib/payee-account.ts). */
  payeeAccount: PayeeAccount | null;
  amount: string;
  currencyId: CurrencyCode;
  fee: { amount: string; currencyId: CurrencyCode } | null;
  state: "waiting" | "signed" | "declined" | "other";
  status: string;
  href: string;
  /** An FX request's bought side. */
  fx: { to: CurrencyCode; amount: string } | null;
}

/**
 * The selection of `?ids=a,b&orders=…&fx=…` (repeats and non-ids dropped; at most MAX_BATCH in
 * all, lib/signing `batchSelection`) and the list to go back to (`?back=`, same-site only).
 */
export function selectionFromUrl(request: Request): BatchSelection & { back: string } {
  const params = new URL(request.url).searchParams;
  return {
    ...batchSelection({ ids: params.getAll("ids"), orders: params.getAll("orders"), fx: params.getAll("fx") }),
    back: safeReturnTo(params.get("back"), "/payments"),
  };
}

/** A payment as a batch item. */
export function paymentItem(p: Payment): BatchItem {
  return {
    kind: "payment",
    id: p.id,
    name: p.benificiaryFullName,
    account: p.payeeDescription || p.beneficiaryAccount || "",
    payeeAccount: p.payeeAccount ?? null,
    amount: p.amount,
    currencyId: p.currencyId,
    fee: p.fee ? { amount: p.fee.amount, currencyId: p.fee.currencyId } : null,
    state:
      p.status === "AWAITING_SIGNATURE"
        ? "waiting"
        : p.status === "COMPLETED"
          ? "signed"
          : p.status === "DECLINED"
            ? "declined"
            : "other",
    status: p.status,
    href: `/payments/${p.id}`,
    fx: null,
  };
}

/** A remittance order as a batch item: waiting while PENDING, declined when a member rejected it before signing, signed once signedAt is set. */
export function orderItem(o: RemittanceOrder): BatchItem {
  return {
    kind: "order",
    id: o.id,
    name: o.payee.name,
    account: o.accountNumber,
    payeeAccount: null,
    amount: o.sum,
    currencyId: o.currencyId,
    fee: null,
    state:
      o.status === "PENDING"
        ? "waiting"
        : o.signedAt
          ? "signed"
          : o.status === "REJECTED" && o.rejectedBy === "CUSTOMER"
            ? "declined"
            : "other",
    status: o.status,
    href: `/payments/remittance/${o.id}`,
    fx: null,
  };
}

/** An FX rate request as a batch item: its sold sum (and fee) in the sold currency, the bought side in `fx`. */
export function fxItem(r: FxRequest): BatchItem {
  return {
    kind: "fx",
    id: r.id,
    name: "",
    account: r.senderAccountNumber,
    payeeAccount: null,
    amount: r.exchangeCurrencyFixedSum,
    currencyId: r.exchangeCurrencyFrom.id,
    fee: r.fee ? { amount: r.fee.amount, currencyId: r.fee.currencyId } : null,
    state: r.status === "AWAITING_SIGNATURE" ? "waiting" : r.signedAt ? "signed" : r.status === "DECLINED" ? "declined" : "other",
    status: r.status,
    href: `/currency-exchange/requests/${r.id}`,
    fx: { to: r.exchangeCurrencyTo.id, amount: r.exchangeCurrencyFlexibleSum },
  };
}

/** GET `path`, or null when the API answers 404 (not the caller's, or no such item). */
async function readOrNull<T>(api: Api, path: string): Promise<T | null> {
  try {
    return await api.get<T>(path);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The items of the selection the caller can see: payments, then remittance orders, then FX rate
 * requests, each kind in the order of the selection. `payments` are the API's payments (for the
 * supporting-document check).
 * @throws ApiError other than 404/400, or the api's Response (session gone)
 */
export async function loadSelection(api: Api, sel: BatchSelection): Promise<{ items: BatchItem[]; payments: Payment[] }> {
  const enc = encodeURIComponent;
  const [payments, orders, fx] = await Promise.all([
    Promise.all(sel.ids.map((id) => readOrNull<Payment>(api, `/payments/${enc(id)}`))),
    Promise.all(sel.orders.map((id) => readOrNull<RemittanceOrder>(api, `/payments-orders/${enc(id)}`))),
    Promise.all(sel.fx.map((id) => readOrNull<FxRequest>(api, `/exchange/fx-requests/${enc(id)}`))),
  ]);
  const found = payments.filter((p): p is Payment => p !== null);
  return {
    items: [
      ...found.map(paymentItem),
      ...orders.filter((o): o is RemittanceOrder => o !== null).map(orderItem),
      ...fx.filter((r): r is FxRequest => r !== null).map(fxItem),
    ],
    payments: found,
  };
}

/** The selection made of these items (by kind, in their order). */
export function selectionOf(items: readonly Pick<BatchItem, "kind" | "id">[]): BatchSelection {
  const of = (kind: BatchKind) => items.filter((i) => i.kind === kind).map((i) => i.id);
  return { ids: of("payment"), orders: of("order"), fx: of("fx") };
}

/** Sum of the amounts per currency, currencies in alphabetical order (as the SMS names them). */
export function totalsPerCurrency(items: readonly { amount: string; currencyId: CurrencyCode }[]): {
  currencyId: CurrencyCode;
  amount: string;
}[] {
  const totals = new Map<CurrencyCode, { sum: Decimal; scale: number }>();
  for (const p of items) {
    const scale = p.amount.includes(".") ? p.amount.length - p.amount.indexOf(".") - 1 : 0;
    const t = totals.get(p.currencyId) ?? { sum: new Decimal(0), scale };
    totals.set(p.currencyId, { sum: t.sum.plus(p.amount), scale: Math.max(t.scale, scale) });
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currencyId, t]) => ({ currencyId, amount: t.sum.toFixed(t.scale) }));
}

/**
 * Ids of the payments that need a supporting document and have none (GET
 * /v1/settings/transactions-documents): signing them is refused (DOCUMENTS_REQUIRED) until one
 * is attached on the payment's own signing page.
 */
export async function paymentsNeedingDocuments(api: Api, payments: readonly Payment[]): Promise<string[]> {
  if (!payments.some((p) => !p.documentIds.length)) return [];
  const rule = await loadDocumentsRule(api);
  if (!rule) return [];
  return payments.filter((p) => !p.documentIds.length && documentsRequired(rule, p) !== null).map((p) => p.id);
}
