/**
 * /demo/payments — the demo's payment chooser: pay in pounds, euros or US dollars, each leading
 * to the demo payment form (/demo/payments/form?currencyId=). Nothing is ever sent.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import styles from "../demo.module.css";

export const handle = { i18n: ["demo"], titleKey: "demo:payments.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  return json({}, { headers: await demoHeaders(api) });
}

export default function DemoPayments() {
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("payments.heading")}</h1>
      <p>{t("payments.intro")}</p>
      <ul className={styles.list}>
        {(["GBP", "EUR", "USD"] as const).map((c) => (
          <li key={c}>
            <Link to={`/demo/payments/form?currencyId=${c}`} data-testid={`demo-pay-${c}`}>
              {t(`payments.option.${c}`)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
