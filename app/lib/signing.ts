/**
 * Signing lists (issue 7; spec 000 §2 home signing tab, §4 "Payment signing flow … the payment
 * (or remittance order) is signed with mfaToken … Unsigned transactions can be signed or
 * cancelled (declined)", §6 Roles): who may sign, and the selection a batch signs or declines —
 * payments, remittance orders and FX rate requests together — as it travels in forms and URLs
 * (`paymentId`, `paymentOrderId` and `fxRequestId` fields from the lists' checkboxes; `ids=a,b`
 * (payments), `orders=` and `fx=` on the batch pages). Client-safe.
 */
import type { OrganizationSummary } from "../../server/api/v1/contract";

/** At most this many items (of all kinds together) in one batch: one page of the unsigned list (spec 000 §9 page size 20). */
export const MAX_BATCH = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the caller signs payments of this organization (spec 000 §4, §6): INDIVIDUAL, or an
 * official whose signatureType is not NONE. The API decides the same (403 otherwise).
 */
export function canSign(org: Pick<OrganizationSummary, "type" | "currentOfficial">): boolean {
  return org.type === "INDIVIDUAL" || org.currentOfficial.signatureType !== "NONE";
}

/**
 * The caller's organization a payment (order, request) belongs to, as whoami lists it: the page
 * of a payment decides who signs it from this one, never from the active organization (the
 * payment may be another of the caller's organizations', opened from a link or another tab).
 * @returns null when the caller is not a member of it (the API refuses them anyway)
 */
export function organizationOf<T extends Pick<OrganizationSummary, "id">>(
  organizations: readonly T[],
  organizationId: string,
): T | null {
  return organizations.find((o) => o.id === organizationId) ?? null;
}

/**
 * Whether the caller signs payments of `organizationId`: `canSign` of their role in that
 * organization; false when they are not a member of it.
 */
export function canSignFor(
  organizations: readonly Pick<OrganizationSummary, "id" | "type" | "currentOfficial">[],
  organizationId: string,
): boolean {
  const org = organizationOf(organizations, organizationId);
  return org !== null && canSign(org);
}

/**
 * The payment ids of a selection, in the order given, without repeats: each value may be one id
 * or several joined by commas (`ids=a,b`). Anything that is not a UUID is dropped; at most
 * `MAX_BATCH` ids are kept.
 * @param values form values or query parameters (non-strings, e.g. files, are ignored)
 */
export function selectedIds(values: readonly unknown[], max: number = MAX_BATCH): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") continue;
    for (const part of value.split(",")) {
      const id = part.trim().toLowerCase();
      if (UUID.test(id) && !out.includes(id)) out.push(id);
    }
  }
  return out.slice(0, Math.max(0, max));
}

/** What a batch signs or declines: payment ids (`ids`), remittance order ids (`orders`), FX rate request ids (`fx`). */
export interface BatchSelection {
  ids: string[];
  orders: string[];
  fx: string[];
}

/**
 * The selection of a form or a URL, each kind read by `selectedIds`, at most `MAX_BATCH` ids in
 * all: payments first, then remittance orders, then FX rate requests (what is over is dropped).
 * @param values the raw values of each kind (form fields or query parameters)
 */
export function batchSelection(values: {
  ids: readonly unknown[];
  orders?: readonly unknown[];
  fx?: readonly unknown[];
}): BatchSelection {
  const ids = selectedIds(values.ids);
  const orders = selectedIds(values.orders ?? [], MAX_BATCH - ids.length);
  const fx = selectedIds(values.fx ?? [], MAX_BATCH - ids.length - orders.length);
  return { ids, orders, fx };
}

/** The ticked items of a list's batch form (`paymentId`, `paymentOrderId`, `fxRequestId` checkboxes). */
export function selectionFromForm(form: FormData): BatchSelection {
  return batchSelection({ ids: form.getAll("paymentId"), orders: form.getAll("paymentOrderId"), fx: form.getAll("fxRequestId") });
}

/** How many items the selection holds, of all kinds. */
export function selectionSize(selection: BatchSelection): number {
  return selection.ids.length + selection.orders.length + selection.fx.length;
}

/**
 * Query string of a batch page (`/payments/sign`, `/payments/decline`): `ids=a,b` (payments,
 * always there, as the first links had it), `orders=` and `fx=` when the selection holds
 * remittance orders or FX rate requests, and the list to go back to.
 * @param selection the selection, or only payment ids
 */
export function batchQuery(
  selection: BatchSelection | readonly string[],
  back: string,
  extra: Record<string, string> = {},
): string {
  const sel = "ids" in selection ? selection : { ids: [...selection], orders: [], fx: [] };
  const params = new URLSearchParams({ ids: sel.ids.join(",") });
  if (sel.orders.length) params.set("orders", sel.orders.join(","));
  if (sel.fx.length) params.set("fx", sel.fx.join(","));
  params.set("back", back);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `?${params.toString()}`.replace(/%2C/g, ",");
}
