/**
 * The loader of /payments (route module `_index.tsx` beside it; see its docstring, spec 000 §2):
 * kept in a server module of its own, so the browser build of the route imports ONE empty stub
 * instead of one shared stub chunk per server-only helper it reads (JS budget: /payments is at
 * the 120 KB limit).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { PaymentList, PaymentsSettings } from "../../../../server/api/v1/contract";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { recentBeneficiaries } from "~/lib/beneficiaries.server";
import { fxRequestsToSign } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { firstPageOnBadCursor } from "~/lib/paging.server";
import { paymentOptions } from "~/lib/payment-options";
import { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
import { canSign } from "~/lib/signing";

/** GET /payments: the transfer options, the lists to sign, the accounts and the beneficiaries. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const official = org.type === "COMPANY_OFFICIAL";
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor") || undefined;
  const lng = await i18next.getLocale(request);
  // The active organization's settings: PAYMENTS-ORDERS-ENABLED may be set for it alone.
  const settingsRead = api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id });
  const [accounts, settings, unsigned, beneficiaries, fxToSign, ordersToSign] = await Promise.all([
    listAccounts(api, org.id),
    settingsRead,
    api
      .get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20, cursor })
      .catch(firstPageOnBadCursor(api, cursor, "/payments")),
    official ? Promise.resolve([]) : recentBeneficiaries(api, org.id),
    // FX rate requests awaiting a signature: their own small list under the payments.
    fxRequestsToSign(api, org.id, lng),
    // Remittance orders awaiting a signature, while orders are enabled (signing is refused
    // otherwise): read beside the setting, not after it.
    remittanceOrdersToSign(
      api,
      org.id,
      settingsRead.then((s) => s["PAYMENTS-ORDERS-ENABLED"] === true),
    ),
  ]);
  const prompt = url.searchParams.get("prompt") === "no-accounts";
  return json(
    {
      options: paymentOptions(accounts, settings),
      unsigned: unsigned.data,
      nextCursor: unsigned.nextCursor,
      paged: Boolean(cursor),
      fxToSign: fxToSign.groups,
      fxToSignCount: fxToSign.count,
      ordersToSign: ordersToSign.orders,
      ordersToSignCount: ordersToSign.count,
      canSign: canSign(org),
      organizationName: org.fullName,
      noAccountsPrompt: prompt && accounts.length === 0,
      organizationType: org.type,
      official,
      // What the accounts section shows: each account's link and balances.
      accounts: official ? [] : accounts.map(({ id, name, number, balances }) => ({ id, name, number, balances })),
      beneficiaries,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}
