/**
 * /demo/history — every sample operation, grouped by day (spec 000 §2 list), each opening its
 * page /demo/history/:itemId. No filters, statements or receipts: the data is a sample.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DayGroups } from "~/components/ui/DayGroups";
import { StatementRow } from "~/components/ui/StatementRow";
import { groupByDay } from "~/lib/date-groups";
import i18next from "~/lib/i18next.server";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "./demo.module.css";

export const handle = { i18n: ["demo", "history"], titleKey: "demo:history.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  return json(
    { groups: groupByDay(demoData().history, (i) => i.transferDate, await i18next.getLocale(request)) },
    { headers: await demoHeaders(api) },
  );
}

export default function DemoHistory() {
  const { groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("history.heading")}</h1>
      <DayGroups
        groups={groups}
        idPrefix="demo-day"
        level={2}
        listClassName={styles.list}
        renderItem={(item) => <StatementRow key={item.id} item={item} href={`/demo/history/${item.id}`} />}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
