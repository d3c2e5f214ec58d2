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
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { CannotSign } from "~/components/ui/CannotSign";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
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
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const id = params.requestId ?? "";
  const form = await request.formData();
  if (form.get("intent") !== "decline") throw new Response("Bad request", { status: 400 });
  const page = `/currency-exchange/requests/${encodeURIComponent(id)}`;
  try {
    await api.post(`/exchange/fx-requests/${encodeURIComponent(id)}/decline`, {});
    clearFxCode(api, id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    // 409: signed meanwhile; the page shows its status.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return redirect(page, { headers: await api.headers() });
  }
  return redirect(`${page}?declined=1`, { headers: await api.headers() });
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
      {waiting && confirmDecline ? (
        <section aria-labelledby="decline-title" data-testid="fx-decline-confirm">
          <h2 id="decline-title">{t("requests.decline.title")}</h2>
          <p>{t("requests.decline.text")}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" variant="danger">
              {t("requests.decline.submit")}
            </Button>{" "}
            <Link to={`/currency-exchange/requests/${fx.id}`}>{t("requests.decline.keep")}</Link>
          </Form>
        </section>
      ) : null}
      {waiting && !confirmDecline ? (
        <p>
          <Link to={`/currency-exchange/requests/${fx.id}?decline=1`} data-testid="fx-decline">
            {t("requests.decline.link")}
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
