/**
 * Pathless layout of signed-in pages (spec 000 §2 Layout): requires a user (redirects to
 * /auth/phone or /identity) and loads the accounts for the left column. Leaving /payments/ paths
 * clears the user's payment drafts (spec 000 §4).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/AppShell";
import { displayName, listAccounts, requireAppContext } from "~/lib/app-context.server";
import { clearDraftsOutsidePayments } from "~/lib/payments.server";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api, org } = await requireAppContext(request);
  const [accounts] = await Promise.all([
    listAccounts(api, org.id),
    clearDraftsOutsidePayments(api, new URL(request.url).pathname),
  ]);
  return json(
    { userName: displayName(user), orgType: org.type, accounts },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function AppLayout() {
  const { userName, orgType, accounts } = useLoaderData<typeof loader>();
  return (
    <AppShell userName={userName} accounts={accounts} showAccounts={orgType !== "COMPANY_OFFICIAL"}>
      <Outlet />
    </AppShell>
  );
}
