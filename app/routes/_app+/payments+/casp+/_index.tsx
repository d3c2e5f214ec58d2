/**
 * /payments/casp — first step of a crypto-asset payment (spec 000 §2): choose the asset
 * balance to pay from, among the assets GET /v1/settings/payments offers with CRYPTO_ASSET_PAYMENT.
 * A GET form to /payments/casp/form?source=<accountId:CUR> (works without JavaScript).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { BalanceChooser } from "../__balance-chooser";
import { railBalances } from "../__rail-options.server";

export const handle = { i18n: ["payments"], titleKey: "payments:casp.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  // A refused accounts list or payments settings: its error in the choice's place (railBalances).
  return json(await railBalances(request, api, org.id, "CRYPTO_ASSET_PAYMENT"), {
    headers: await api.headers({ "Cache-Control": "private, no-store" }),
  });
}

export default function CaspChooser() {
  const { sources, sourcesError, currencies } = useLoaderData<typeof loader>();
  return (
    <BalanceChooser
      section="casp"
      sources={sources}
      sourcesError={sourcesError}
      currencies={currencies}
      action="/payments/casp/form"
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
