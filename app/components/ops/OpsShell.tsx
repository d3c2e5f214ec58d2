/**
 * The back office's layout (issue 13): a dark header with the area's name, the staff user and
 * Log out, a plain navigation of the areas the staff user's roles open, and the main landmark.
 * No customer sidebar, accounts column or chat popup. Keyboard: skip link first, then the
 * navigation; screen readers: header/nav/main landmarks, `aria-current` on the current area.
 */
import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "./OpsCsrfInput";
import styles from "./OpsShell.module.css";
import { InPageLink } from "~/components/ui/InPageLink";

export { styles as opsStyles };

/** The staff user as the shell shows it. */
export interface ShellStaff {
  email: string;
  roles: string[];
}

/** An area of the navigation: where, its label key (ops namespace), the roles that open it (empty: everyone). */
export interface OpsArea {
  to: string;
  labelKey: string;
  roles: string[];
}

/** The areas, in navigation order. Other screens add theirs here. */
export const OPS_AREAS: OpsArea[] = [
  { to: "/ops", labelKey: "nav.dashboard", roles: [] },
  { to: "/ops/applications", labelKey: "nav.applications", roles: ["ONBOARDING"] },
  { to: "/ops/chat", labelKey: "nav.chat", roles: ["SUPPORT"] },
  { to: "/ops/payments", labelKey: "payments.nav.payments", roles: ["PAYMENTS"] },
  { to: "/ops/fx-requests", labelKey: "payments.nav.fx", roles: ["PAYMENTS"] },
  { to: "/ops/cards", labelKey: "cards.nav", roles: ["PAYMENTS"] },
  { to: "/ops/beneficiaries", labelKey: "beneficiaries.nav", roles: ["COMPLIANCE"] },
  { to: "/ops/customers", labelKey: "customers.nav", roles: ["COMPLIANCE"] },
  { to: "/ops/remittance", labelKey: "remittance.nav", roles: ["PAYMENTS", "COMPLIANCE"] },
  { to: "/ops/rates", labelKey: "admin.nav.rates", roles: ["ADMIN"] },
  { to: "/ops/tariffs", labelKey: "admin.nav.tariffs", roles: ["ADMIN"] },
  { to: "/ops/settings", labelKey: "admin.nav.settings", roles: ["ADMIN"] },
  { to: "/ops/audit", labelKey: "nav.audit", roles: [] },
];

export function OpsShell({ staff, children }: { staff: ShellStaff | null; children: ReactNode }) {
  const { t } = useTranslation("ops");
  const areas = staff ? OPS_AREAS.filter((a) => !a.roles.length || a.roles.some((r) => staff.roles.includes(r))) : [];
  return (
    <>
      <InPageLink className={styles.skip} to="main">
        {t("skip-to-content")}
      </InPageLink>
      <header className={styles.header}>
        <p className={styles.title}>{t("title")}</p>
        {staff ? (
          <div className={styles.who}>
            <span data-testid="ops-staff">
              {t("signed-in-as", { email: staff.email })}{" "}
              <span className="visually-hidden">{t("roles", { roles: staff.roles.join(", ") })}</span>
            </span>
            <Form method="post" action="/ops/logout">
              <OpsCsrfInput />
              <button type="submit" className={styles.logout}>
                {t("logout")}
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <p className={styles.banner}>{t("staff-only")}</p>
      {areas.length ? (
        <nav className={styles.nav} aria-label={t("nav.label")}>
          <ul>
            {areas.map((a) => (
              <li key={a.to}>
                <NavLink to={a.to} end={a.to === "/ops"}>
                  {t(a.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
