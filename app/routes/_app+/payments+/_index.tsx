/**
 * /payments — transfer chooser (spec 000 §2: options by lib/payment-options.ts from accounts
 * and GET /v1/settings/payments) and the 'required to sign' list of unsigned payments
 * (cursor-paged: ?cursor=…) followed by the remittance orders and FX rate requests awaiting a
 * signature (components/ui/UnsignedRemittanceOrders, UnsignedFxRequests), all of them ticked into
 * one batch form after the lists (sign several with one code, or decline them; spec 000 §4), the
 * organization's accounts (each linking to /accounts/:id, with its
 * balances; spec 000 §2 route list "list of account and payment-type links"), and the
 * beneficiaries block (the same data as the home page's: lib/beneficiaries.server.ts). A company
 * official (spec 000 §2 Home screen, §6: no accounts column, no beneficiaries) gets neither the
 * accounts nor the beneficiaries; their beneficiaries are not even read. `?prompt=no-accounts`
 * (where Currency exchange leads without accounts) shows the no-accounts popup (NoAccountsPanel)
 * when the organization has none. The page's body is a split screen (./__payments.screen.tsx).
 * An accounts list or payments settings the API refuses: the error where the options would be
 * (which options show depends on both) and, for the accounts, where they would be listed; never
 * the no-accounts popup (lib/list-errors.server; docs/decisions.md "Failed lists").
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { PaymentList, PaymentsSettings } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { recentBeneficiaries } from "~/lib/beneficiaries.server";
import { fxRequestsToSign } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { firstPageOnBadCursor } from "~/lib/paging.server";
import { paymentOptions } from "~/lib/payment-options";
import { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
import { canSign } from "~/lib/signing";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (lists, chooser, beneficiaries) is a chunk of its own.
import { Screen } from "./__payments.screen.server";

export const handle = {
  i18n: ["payments", "signing", "beneficiaries", "exchange", "history", "remittance"],
  titleKey: "payments:title",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const official = org.type === "COMPANY_OFFICIAL";
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor") || undefined;
  const lng = await i18next.getLocale(request);
  // The active organization's settings: PAYMENTS-ORDERS-ENABLED may be set for it alone.
  const settingsRead = api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id });
  // The signing lists and the beneficiaries block show their own error when their call fails
  // (spec 000 §7 "a failed list passes the server message on as its error"; lib/list-errors.server.ts).
  const [accounts, settings, unsigned, beneficiaries, fxListed, ordersListed] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(request, settingsRead),
    settleList(
      request,
      api
        .get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20, cursor })
        .catch(firstPageOnBadCursor(api, cursor, "/payments")),
    ),
    settleList(request, official ? Promise.resolve([]) : recentBeneficiaries(api, org.id)),
    // FX rate requests awaiting a signature: their own small list under the payments.
    settleList(request, fxRequestsToSign(api, org.id, lng)),
    // Remittance orders awaiting a signature, while orders are enabled (signing is refused
    // otherwise): read beside the setting, not after it.
    settleList(
      request,
      remittanceOrdersToSign(
        api,
        org.id,
        settingsRead.then((s) => s["PAYMENTS-ORDERS-ENABLED"] === true),
      ),
    ),
  ]);
  const fxToSign = fxListed.data ?? { groups: [], count: 0 };
  const ordersToSign = ordersListed.data ?? { orders: [], count: 0 };
  const prompt = url.searchParams.get("prompt") === "no-accounts";
  const optionsError = accounts.error ?? settings.error;
  return json(
    {
      options: accounts.data && settings.data ? paymentOptions(accounts.data, settings.data) : [],
      optionsError,
      unsigned: unsigned.data?.data ?? [],
      unsignedError: unsigned.error,
      nextCursor: unsigned.data?.nextCursor ?? null,
      paged: Boolean(cursor),
      fxToSign: fxToSign.groups,
      fxToSignCount: fxToSign.count,
      fxToSignError: fxListed.error,
      ordersToSign: ordersToSign.orders,
      ordersToSignCount: ordersToSign.count,
      ordersToSignError: ordersListed.error,
      canSign: canSign(org),
      organizationName: org.fullName,
      noAccountsPrompt: prompt && accounts.data?.length === 0,
      organizationType: org.type,
      official,
      // What the accounts section shows: each account's link and balances.
      accounts: official ? [] : (accounts.data ?? []).map(({ id, name, number, balances }) => ({ id, name, number, balances })),
      accountsError: official ? null : accounts.error,
      beneficiaries: beneficiaries.data ?? [],
      beneficiariesError: beneficiaries.error,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default splitScreen(Screen, () => import("./__payments.screen"));

export const ErrorBoundary = RouteErrorBoundary;
