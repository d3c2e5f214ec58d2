/**
 * /currency-exchange/requests/:requestId — one FX rate request (spec 001 §3, §4, §9): its status
 * (Waiting / Accepted / Rejected / Declined with their icons), both sums, the rate at 14 decimals,
 * the fee, the dates and the bank's reason when rejected; a link to sign it while it awaits
 * signature (for a member who cannot sign, why not: an official with a signature duty signs it),
 * and, for every member, "Decline this request" (spec 000 §4 "Unsigned transactions can be signed
 * or cancelled (declined)"): `?decline=1` asks for confirmation, whose form posts here (CSRF-checked;
 * POST /v1/exchange/fx-requests/:id/decline; nothing was held, so nothing moves) and comes back
 * with `?declined=1`. A page of its own (works without JavaScript). Reachable for the
 * organization's members even when requests have been switched off since (a request may still
 * hold money); 404 otherwise.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { CannotSign } from "~/components/ui/CannotSign";
import { DeclineUnsigned } from "~/components/signing/DeclineUnsigned";
import { declineUnsigned } from "~/lib/decline.server";
import { requireAppContext } from "~/lib/app-context.server";
import { clearFxCode, loadFxRequest } from "~/lib/fx-requests.server";
import { canSign } from "~/lib/signing";
import { RequestDetails } from "../__request-details";

export const handle = { i18n: ["exchange", "history", "signing"], titleKey: "exchange:requests.detail-title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const fx = await loadFxRequest(api, params.requestId ?? "");
  const query = new URL(request.url).searchParams;
  const signed = query.get("signed") === "1" && fx.status !== "AWAITING_SIGNATURE";
  const declined = query.get("declined") === "1" && fx.status === "DECLINED";
  const confirmDecline = query.get("decline") === "1" && fx.status === "AWAITING_SIGNATURE";
  return json(
    { fx, signed, declined, confirmDecline, canSign: canSign(org), organizationName: org.fullName },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** POST intent=decline: decline the unsigned request, then its page with the notice (already signed: its page as it is). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = encodeURIComponent(params.requestId ?? "");
  return declineUnsigned(
    request,
    `/currency-exchange/requests/${id}`,
    (api) => api.post(`/exchange/fx-requests/${id}/decline`, {}),
    (api) => clearFxCode(api, params.requestId ?? ""),
  );
}

export default function FxRequestPage() {
  const { fx, signed, declined, confirmDecline, canSign, organizationName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  const waiting = fx.status === "AWAITING_SIGNATURE";
  return (
    <>
      <h1>{t("requests.detail-title")}</h1>
      {signed ? <Alert kind="success">{t("requests.signed-notice")}</Alert> : null}
      {declined ? (
        <Alert kind="success" testId="fx-declined-notice">
          {t("requests.decline.done")}
        </Alert>
      ) : null}
      {fx.status === "REJECTED" ? <Alert kind="error">{t("requests.rejected-notice")}</Alert> : null}
      <RequestDetails request={fx} />
      {waiting && !canSign ? <CannotSign organizationName={organizationName} /> : null}
      {waiting && canSign && !confirmDecline ? (
        <p>
          <Link to={`/currency-exchange/requests/${fx.id}/sign`} data-testid="go-sign">
            {t("requests.go-sign")}
          </Link>
        </p>
      ) : null}
      {waiting ? (
        <DeclineUnsigned
          pageHref={`/currency-exchange/requests/${fx.id}`}
          confirming={confirmDecline}
          testIdPrefix="fx"
          labels={{
            link: t("requests.decline.link"),
            title: t("requests.decline.title"),
            text: t("requests.decline.text"),
            submit: t("requests.decline.submit"),
            keep: t("requests.decline.keep"),
          }}
        />
      ) : null}
      <p>
        <Link to="/currency-exchange/requests">{t("requests.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
