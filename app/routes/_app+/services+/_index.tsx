/**
 * /services — everything besides paying, on one page: the header's and the mobile tab bar's
 * "services" (spec 000 §2; its contents are a decision: docs/decisions.md "The services page").
 * On a phone the accounts column is hidden, so this page also lists each account's details and
 * its cards (from the signed-in layout's data, no second read). The accounts this page reads
 * itself only decide entries: refused, they count as some (no "open an account" offered). Which entries show is
 * lib/services.ts `serviceGroups`; plain links, no script of its own.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentsSettings } from "../../../../server/api/v1/contract";
import { CardLinks, type SidebarCard } from "~/components/layout/AppShell";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { profileMenu } from "~/lib/profile-menu";
import { serviceGroups } from "~/lib/services";
import { APP_LAYOUT_ID } from "~/lib/use-can-sign";
import { listAccounts, organizationOffers, requireAppContext, settleList } from "./__services.server";
import styles from "./services.module.css";

export const handle = { i18n: ["common"], titleKey: "common:services.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  const official = org.type === "COMPANY_OFFICIAL";
  const [accounts, settings, { customRate, openAccountInvitation }] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id }).catch(() => null),
    organizationOffers(api, user, org),
  ]);
  return json(
    {
      groups: serviceGroups({
        organizationType: org.type,
        // Refused accounts are unknown, not none: the entries lead to their pages (which show the
        // error where the accounts would be), never to "open an account" (docs/decisions.md "Failed lists").
        hasAccounts: accounts.error !== null || (accounts.data?.length ?? 0) > 0,
        ordersEnabled: settings?.["PAYMENTS-ORDERS-ENABLED"] === true,
        customRate,
        companyUsersHref: profileMenu(user, org).companyUsersHref,
        openAccountInvitation,
        severalOrganizations: user.organizations.length > 1,
      }),
      official,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The part of the signed-in layout's data this page lists (routes/_app+/_layout.tsx). */
interface LayoutAccounts {
  accounts: { id: string; name: string | null; number: string; cards?: SidebarCard[] }[];
}

export default function Services() {
  const { groups, official } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData(APP_LAYOUT_ID) as LayoutAccounts | undefined;
  const accounts = official ? [] : (layout?.accounts ?? []);
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("services.title")}</h1>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`services-${group.id}`} className={styles.group}>
          <h2 id={`services-${group.id}`}>{t(`services.groups.${group.id}`)}</h2>
          {group.id === "accounts" && accounts.length > 0 ? (
            <ul className={styles.accounts} data-testid="services-accounts">
              {accounts.map((account) => (
                <li key={account.id}>
                  <Link to={`/accounts/${account.id}`}>{t("accounts.details", { name: account.name || account.number })}</Link>
                  <CardLinks cards={account.cards} />
                </li>
              ))}
            </ul>
          ) : null}
          <ul className={styles.entries}>
            {group.entries.map((entry) => (
              <li key={entry.id}>
                <Link to={entry.href} data-testid={`service-${entry.id}`} aria-describedby={`service-${entry.id}-text`}>
                  {t(`services.items.${entry.id}.title`)}
                </Link>
                <p id={`service-${entry.id}-text`}>{t(`services.items.${entry.id}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
