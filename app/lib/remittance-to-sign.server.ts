/**
 * The organization's remittance orders awaiting a signature (status PENDING), for the signing
 * lists (spec 000 §2 home signing tab and its count of unsigned items, the payments page's
 * 'required to sign'; docs/decisions.md "Who may sign"): GET /v1/payments-orders?status=PENDING.
 */
import type { RemittanceOrder, RemittanceOrderPage } from "../../server/api/v1/contract";
import type { Api } from "~/lib/api.server";

/** How many orders the signing lists show (one page, spec 000 §9 page size 20). */
export const ORDERS_TO_SIGN_TAKE = 20;

/**
 * The newest `ORDERS_TO_SIGN_TAKE` orders awaiting a signature and how many there are in all
 * (`count`). None when `enabled` is or resolves to false (PAYMENTS-ORDERS-ENABLED off: signing
 * is refused, so they are not offered). A promise for `enabled` lets the caller read the setting
 * and the orders side by side (one round trip on /payments).
 */
export async function remittanceOrdersToSign(
  api: Api,
  organizationId: string,
  enabled: boolean | Promise<boolean>,
): Promise<{ orders: RemittanceOrder[]; count: number }> {
  const none = { orders: [], count: 0 };
  if (enabled === false) return none;
  const [on, page] = await Promise.all([
    enabled,
    api.get<RemittanceOrderPage>("/payments-orders", { organizationId, status: "PENDING", take: ORDERS_TO_SIGN_TAKE }),
  ]);
  return on ? { orders: page.edges.map((e) => e.node), count: page.totalCount } : none;
}
