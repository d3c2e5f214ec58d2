/**
 * /demo/profile — the demo's profile (spec 001 §2 "/demo/profile"): the user's own name and
 * phone, and the sample companies (visible in demo mode, spec 000 §6), each linking to its
 * company users (/demo/profile/companies/:organizationId/cof). Nothing can be changed here.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { displayName } from "~/lib/app-context.server";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "../demo.module.css";

export const handle = { i18n: ["demo"], titleKey: "demo:profile.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireDemoUser(request);
  const companies = demoData().companies.map(({ id, fullName }) => ({ id, fullName }));
  return json({ name: displayName(user), phone: user.phone, companies }, { headers: await demoHeaders(api) });
}

export default function DemoProfile() {
  const { name, phone, companies } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("profile.heading")}</h1>
      <p>{t("profile.note")}</p>
      <dl>
        <dt>{t("profile.name")}</dt>
        <dd>{name}</dd>
        <dt>{t("profile.phone")}</dt>
        <dd dir="ltr">{phone}</dd>
      </dl>
      <h2>{t("profile.companies")}</h2>
      <ul className={styles.list} data-testid="demo-companies">
        {companies.map((c) => (
          <li key={c.id}>
            <strong>{c.fullName}</strong> <Link to={`/demo/profile/companies/${c.id}/cof`}>{t("profile.company-users")}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
