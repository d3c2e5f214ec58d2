/**
 * /currency-exchange/requests/:requestId — one FX rate request (spec 001 §3, §4, §9): its status
 * (Waiting / Accepted / Rejected with their icons), both sums, the rate at 14 decimals, the fee,
 * the dates and the bank's reason when rejected; a link to sign it while it awaits signature
 * (for a member who cannot sign, why not: an official with a signature duty signs it).
 * A page of its own (works without JavaScript). Reachable for the organization's members even
 * when requests have been switched off since (a request may still hold money); 404 otherwise.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { CannotSign } from "~/components/ui/CannotSign";
import { requireAppContext } from "~/lib/app-context.server";
import { loadFxRequest } from "~/lib/fx-requests.server";
import { canSign } from "~/lib/signing";
import { RequestDetails } from "../__request-details";

export const handle = { i18n: ["exchange", "history", "signing"], titleKey: "exchange:requests.detail-title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const fx = await loadFxRequest(api, params.requestId ?? "");
  const signed = new URL(request.url).searchParams.get("signed") === "1" && fx.status !== "AWAITING_SIGNATURE";
  return json(
    { fx, signed, canSign: canSign(org), organizationName: org.fullName },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function FxRequestPage() {
  const { fx, signed, canSign, organizationName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  return (
    <>
      <h1>{t("requests.detail-title")}</h1>
      {signed ? <Alert kind="success">{t("requests.signed-notice")}</Alert> : null}
      {fx.status === "REJECTED" ? <Alert kind="error">{t("requests.rejected-notice")}</Alert> : null}
      <RequestDetails request={fx} />
      {fx.status === "AWAITING_SIGNATURE" && !canSign ? <CannotSign organizationName={organizationName} /> : null}
      {fx.status === "AWAITING_SIGNATURE" && canSign ? (
        <p>
          <Link to={`/currency-exchange/requests/${fx.id}/sign`} data-testid="go-sign">
            {t("requests.go-sign")}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to="/currency-exchange/requests">{t("requests.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
