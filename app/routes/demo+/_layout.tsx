/**
 * Layout of demo mode (/demo/*; spec 000 §1, §2 "Demo banner"): the signed-in AppShell with the
 * demo's navigation, the demo banner (linking to /identity) and the sample account with its GBP,
 * EUR and USD balances and demo cards; no profile button (spec 000 §2: hidden for a demo user).
 * Only for a signed-in user not yet identified while demo mode is on (lib/demo-access.server.ts).
 * The data is static (lib/demo.server.ts): no page under /demo calls a money-moving API.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell, type NavItem } from "~/components/layout/AppShell";
import { displayName } from "~/lib/app-context.server";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "./demo.module.css";

export const handle = { i18n: ["common", "demo"] };

const DEMO_NAV: NavItem[] = [
  { to: "/demo/home", key: "nav.home" },
  { to: "/demo/payments", key: "nav.payments" },
  { to: "/demo/history", key: "nav.history" },
  { to: "/demo/beneficiaries", key: "demo:nav.beneficiaries" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireDemoUser(request);
  return json({ userName: displayName(user), accounts: demoData().accounts }, { headers: await demoHeaders(api) });
}

function DemoBanner() {
  const { t } = useTranslation("demo");
  return (
    <section aria-label={t("banner.label")} className={styles.banner} data-testid="demo-banner">
      {t("banner.text")} <Link to="/identity">{t("banner.link")}</Link>
    </section>
  );
}

export default function DemoLayout() {
  const { userName, accounts } = useLoaderData<typeof loader>();
  return (
    <AppShell userName={userName} accounts={accounts} showAccounts demo={{ nav: DEMO_NAV, banner: <DemoBanner /> }}>
      <Outlet />
    </AppShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
