/**
 * Contents of the profile popup (spec 001 §2 "Profile popup"), shared by the popup (JavaScript)
 * and the /profile/organizations page (without it): links to the profile, the applications
 * and (main representatives) the company users; the companies list and the personal entry,
 * each a plain form POST to /profile/organizations (the organization switch); logout. What is
 * shown follows lib/profile-menu.ts. Switch forms carry `data-org-switch` so the layout's
 * unsaved-changes guard asks first.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MenuOrganization, ProfileMenuData } from "~/lib/profile-menu";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import styles from "./ProfileMenu.module.css";

function SwitchEntry({ org }: { org: MenuOrganization }) {
  const { t } = useTranslation();
  if (org.active)
    return (
      <span className={styles.entry} aria-current="true" data-testid="org-current">
        {org.name} <span className={styles.meta}>{t("profile-menu.current")}</span>
      </span>
    );
  return (
    <Form method="post" action="/profile/organizations" data-org-switch>
      <AuthenticityTokenInput />
      <input type="hidden" name="organizationId" value={org.id} />
      <button type="submit" className={styles.entry} aria-label={t("profile-menu.choose", { name: org.name })}>
        {org.name} <span className={styles.meta}>{t(`profile-menu.type.${org.type}`)}</span>
      </button>
    </Form>
  );
}

export function ProfileMenu({ menu }: { menu: ProfileMenuData }) {
  const { t } = useTranslation();
  return (
    <div className={styles.menu} data-testid="profile-menu">
      <ul className={styles.links}>
        {menu.showProfile ? (
          <li>
            <Link to="/profile">{t("profile-menu.profile")}</Link>
          </li>
        ) : null}
        <li>
          <Link to="/identity">{t("profile-menu.applications")}</Link>
        </li>
        {menu.companyUsersHref ? (
          <li>
            <Link to={menu.companyUsersHref} data-testid="company-users-link">
              {t("profile-menu.company-users")}
            </Link>
          </li>
        ) : null}
      </ul>
      {menu.companies.length ? (
        <section aria-labelledby="profile-menu-companies">
          <h3 id="profile-menu-companies" className={styles.heading}>
            {t("profile-menu.companies")}
          </h3>
          <ul className={styles.orgs}>
            {menu.companies.map((org) => (
              <li key={org.id}>
                <SwitchEntry org={org} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {menu.personal ? (
        <section aria-labelledby="profile-menu-personal">
          <h3 id="profile-menu-personal" className={styles.heading}>
            {t("profile-menu.personal")}
          </h3>
          <SwitchEntry org={menu.personal} />
        </section>
      ) : menu.openPersonalHref ? (
        <section aria-labelledby="profile-menu-personal">
          <h3 id="profile-menu-personal" className={styles.heading}>
            {t("profile-menu.personal")}
          </h3>
          <Link to={menu.openPersonalHref} data-testid="open-personal-link">
            {t("profile-menu.open-personal")}
          </Link>
        </section>
      ) : null}
      <button type="submit" form="logout-form" className={styles.logout}>
        {t("logout")}
      </button>
    </div>
  );
}
