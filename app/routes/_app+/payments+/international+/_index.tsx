/**
 * /payments/international — first step of an international (SWIFT) payment (spec 000 §2): choose
 * the balance to pay from, among the currencies GET /v1/settings/payments offers with SWIFT.
 * A GET form to /payments/international/form?source=<accountId:CUR> (works without JavaScript).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { BalanceChooser } from "../__balance-chooser";
import { railBalances } from "../__rail-options.server";

export const handle = { i18n: ["payments"], titleKey: "payments:international.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  // A refused accounts list or payments settings: its error in the choice's place (railBalances).
  return json(await railBalances(request, api, org.id, "SWIFT"), {
    headers: await api.headers({ "Cache-Control": "private, no-store" }),
  });
}

export default function InternationalChooser() {
  const { sources, sourcesError, currencies } = useLoaderData<typeof loader>();
  return (
    <BalanceChooser
      section="international"
      sources={sources}
      sourcesError={sourcesError}
      currencies={currencies}
      action="/payments/international/form"
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
