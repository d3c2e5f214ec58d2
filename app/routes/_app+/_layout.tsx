/**
 * Pathless layout of signed-in pages (spec 000 §2 Layout): requires a user (redirects to
 * /auth/phone or /identity) and loads the accounts for the left column, each with its cards
 * (GET /v1/cards; spec 000 §2 "card list" in the sidebar; only id, path, name and masked number
 * reach the page). Leaving /payments/ paths
 * clears the user's payment drafts (spec 000 §4), on link navigations too (`shouldRevalidate`). Also hands the layout's script what the
 * profile popup shows and what the session watch needs (active organization, time left before
 * the inactivity limit) and the header's chat link its unread count (one call, GET
 * /v1/channels/unread-messages-count; 0 when it fails). An accounts or cards list the API refuses
 * shows its error in the accounts column, the page itself as usual (spec 000 §7 "a failed list
 * passes the server message on as its error"; lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import type { Card, ListResponse } from "../../../server/api/v1/contract";
import { AppShell } from "~/components/layout/AppShell";
import {
  clearDraftsOutsidePayments,
  config,
  displayName,
  listAccounts,
  requireAppContext,
  settleList,
  unreadTotalSafe,
} from "./__layout.server";
import { layoutRevalidation } from "~/lib/drafts";
import { profileMenu } from "~/lib/profile-menu";
import { canSign } from "~/lib/signing";

export const handle = { i18n: ["common"] };

/** Runs the loader again when a link leaves /payments, so the drafts are cleared (lib/drafts). */
export const shouldRevalidate = layoutRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api, org } = await requireAppContext(request);
  const showAccounts = org.type !== "COMPANY_OFFICIAL";
  const [list, cards, chatUnread] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(
      request,
      showAccounts ? api.get<ListResponse<Card>>("/cards", { organizationId: org.id }).then((r) => r.data) : Promise.resolve([]),
    ),
    unreadTotalSafe(api, org.id),
    clearDraftsOutsidePayments(api, new URL(request.url).pathname),
  ]);
  const accounts = (list.data ?? []).map((a) => ({
    ...a,
    cards: (cards.data ?? [])
      .filter((c) => c.accountId === a.id)
      .map((c) => ({ id: c.id, path: c.path, cardName: c.cardName, cardNumber: c.cardNumber, status: c.status })),
  }));
  return json(
    {
      userName: displayName(user),
      orgType: org.type,
      /** Whether the caller signs payments of the organization (lib/signing `canSign`): read by PendingPaymentNotice. */
      canSign: canSign(org),
      accounts,
      accountsError: list.error ?? cards.error,
      menu: profileMenu(user, org),
      watch: { orgId: org.id, idleMs: config().SESSION_IDLE_MS, chatUnread },
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function AppLayout() {
  const { userName, orgType, accounts, accountsError, menu, watch } = useLoaderData<typeof loader>();
  return (
    <AppShell
      userName={userName}
      accounts={accounts}
      accountsError={accountsError}
      showAccounts={orgType !== "COMPANY_OFFICIAL"}
      menu={menu}
      watch={watch}
    >
      <Outlet />
    </AppShell>
  );
}
