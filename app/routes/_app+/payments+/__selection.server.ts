/**
 * The selection of the unsigned list's batch pages (issue 7 "Signing lists": /payments/sign,
 * /payments/sign/result, /payments/decline): the selected payments read from the API one by one
 * (GET /v1/payments/:id; an id the caller cannot see is left out, as the API answers 404), which
 * of them still await signature, and the total per currency (decimal.js, never floats).
 */
import { Decimal } from "decimal.js";
import type { Payment } from "../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { safeReturnTo } from "~/lib/payments.server";
import { selectedIds } from "~/lib/signing";
import { documentsRequired, loadDocumentsRule } from "./$paymentId+/__documents.server";

/** The ids of `?ids=a,b` (repeats, non-ids dropped; at most MAX_BATCH) and the list to go back to (`?back=`). */
export function selectionFromUrl(request: Request): { ids: string[]; back: string } {
  const params = new URL(request.url).searchParams;
  return { ids: selectedIds(params.getAll("ids")), back: safeReturnTo(params.get("back"), "/payments") };
}

/** The payments of `ids` the caller can see, in the order of `ids`. */
export async function loadSelected(api: Api, ids: readonly string[]): Promise<Payment[]> {
  const found = await Promise.all(
    ids.map((id) =>
      api.get<Payment>(`/payments/${encodeURIComponent(id)}`).catch((error) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return found.filter((p): p is Payment => p !== null);
}

/** Sum of the amounts per currency, currencies in alphabetical order (as the SMS names them). */
export function totalsPerCurrency(payments: readonly Pick<Payment, "amount" | "currencyId">[]): {
  currencyId: Payment["currencyId"];
  amount: string;
}[] {
  const totals = new Map<Payment["currencyId"], { sum: Decimal; scale: number }>();
  for (const p of payments) {
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
