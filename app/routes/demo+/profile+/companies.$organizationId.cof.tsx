/**
 * /demo/profile/companies/:organizationId/cof — a sample company's users (spec 001 §2): name,
 * role and status of each official. Read only in demo mode.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "../demo.module.css";

export const handle = { i18n: ["demo"], titleKey: "demo:company-users.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  const company = demoData().companies.find((c) => c.id === params.organizationId);
  if (!company) throw new Response("Not found", { status: 404, headers: await demoHeaders(api) });
  return json({ company }, { headers: await demoHeaders(api) });
}

export default function DemoCompanyUsers() {
  const { company } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("company-users.heading", { name: company.fullName })}</h1>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("company-users.name")}</th>
            <th scope="col">{t("company-users.role-label")}</th>
            <th scope="col">{t("company-users.status-label")}</th>
          </tr>
        </thead>
        <tbody>
          {company.officials.map((o) => (
            <tr key={o.name}>
              <td>{o.name}</td>
              <td>{t(`company-users.role.${o.role}`)}</td>
              <td>{t(`company-users.status.${o.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link to="/demo/profile">{t("company-users.back")}</Link>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
