/**
 * /demo/history/:itemId — one sample operation with the real page's info block
 * (StatementItemDetails). Receipt download is disabled in demo mode (spec 000 §1): the page says
 * why instead of offering the link, and no receipt route exists under /demo.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";
import { StatementItemDetails } from "~/components/ui/StatementItemDetails";
import { useItemTitle } from "~/components/ui/StatementRow";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";

export const handle = { i18n: ["demo", "history"], titleKey: "demo:history.item-title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  const item = demoData().history.find((i) => i.id === params.itemId);
  if (!item) throw new Response("Not found", { status: 404, headers: await demoHeaders(api) });
  return json({ item }, { headers: await demoHeaders(api) });
}

export default function DemoHistoryItem() {
  const { item } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  const title = useItemTitle()(item);
  return (
    <>
      <h1>{title}</h1>
      <StatementItemDetails item={item} />
      <Alert testId="receipt-disabled">{t("history.receipt-disabled")}</Alert>
      <Link to="/demo/history">{t("history.back")}</Link>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
