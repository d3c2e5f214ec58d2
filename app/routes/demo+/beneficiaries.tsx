/**
 * /demo/beneficiaries — the sample saved payees (name, nickname, kind, payment type, currency,
 * account). Read only: adding or changing one needs a real, identified customer.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "./demo.module.css";

export const handle = { i18n: ["demo"], titleKey: "demo:beneficiaries.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  return json({ beneficiaries: demoData().beneficiaries }, { headers: await demoHeaders(api) });
}

export default function DemoBeneficiaries() {
  const { beneficiaries } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("beneficiaries.heading")}</h1>
      <p>{t("beneficiaries.note")}</p>
      <ul className={styles.list} data-testid="demo-beneficiaries">
        {beneficiaries.map((b) => (
          <li key={b.id} data-testid="demo-beneficiary">
            <strong>{b.name}</strong>
            {b.nickname ? ` (${b.nickname})` : null}
            <span className={styles.meta}>
              {t(`beneficiaries.type.${b.beneficiaryType}`)} · {t(`beneficiaries.payment-type.${b.paymentType}`)} · {b.currencyId}{" "}
              · <span dir="ltr">{b.account}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
