/**
 * /currency-exchange/requests/:requestId/sign — confirmation of an FX rate request with the SMS
 * code (spec 001 §4 "FX requests follow the core signing flow"): the request as it will be sent
 * to the bank (both sums, the rate, the fee), the code (sandbox code as data-testid="debug-code"),
 * send/resend. Submit (CSRF-checked): POST /v1/signatures/validate → mfaToken → POST
 * /v1/exchange/fx-requests/:id/sign (the sum and fee are held) → the request's page. The
 * challenge is kept in the session under the request. A signed request goes to its page; 404
 * when requests are off for the organization or the request is not the caller's.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { FxRequest } from "../../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import type { Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { canSign } from "~/lib/signing";
import { verifyCsrf } from "~/lib/csrf.server";
import type { ServerT } from "~/lib/forms.server";
import { clearFxCode, fxChallenge, loadFxRequest, requireCustomRate, sendFxCode } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { signingAction } from "~/lib/sign-action.server";
import { challengeForPage } from "~/lib/sign-challenge.server";
import { splitScreen } from "~/lib/split-screen";
import { codeValidator, Screen } from "./__sign.screen.server";

export const handle = { i18n: ["exchange", "payments", "auth", "history"], titleKey: "exchange:requests.sign.title" };

async function context(request: Request, requestId: string) {
  const ctx = await requireAppContext(request);
  await requireCustomRate(ctx.api, ctx.org.id);
  return { ...ctx, fx: await loadFxRequest(ctx.api, requestId) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, fx, user, org } = await context(request, params.requestId ?? "");
  if (fx.status !== "AWAITING_SIGNATURE" || !canSign(org))
    throw redirect(`/currency-exchange/requests/${fx.id}`, { headers: await api.headers() });
  return json(
    {
      fx,
      challenge: challengeForPage(fxChallenge(api, fx.id)),
      defaultChannel: user.twilioAuthChannel,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** True when the request was signed meanwhile (e.g. a double submit without JavaScript). */
async function signedMeanwhile(api: Api, requestId: string): Promise<boolean> {
  const fresh = await api.get<FxRequest>(`/exchange/fx-requests/${encodeURIComponent(requestId)}`).catch(() => null);
  return fresh !== null && fresh.status !== "AWAITING_SIGNATURE";
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, fx, user, org } = await context(request, params.requestId ?? "");
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "exchange"])) as unknown as ServerT;
  const itemPage = `/currency-exchange/requests/${fx.id}`;
  if (fx.status !== "AWAITING_SIGNATURE" || !canSign(org)) return redirect(itemPage, { headers: await api.headers() });
  return signingAction(
    await request.formData(),
    {
      api,
      defaultChannel: user.twilioAuthChannel,
      here: `${itemPage}/sign`,
      itemPage,
      signedTo: `${itemPage}?signed=1`,
      challenge: fxChallenge(api, fx.id),
      send: (channel) => sendFxCode(api, fx.id, channel),
      clear: () => clearFxCode(api, fx.id),
      sign: (body) => api.post<FxRequest>(`/exchange/fx-requests/${fx.id}/sign`, body),
      signedMeanwhile: () => signedMeanwhile(api, fx.id),
    },
    t,
    codeValidator,
  );
}

export default splitScreen(Screen, () => import("./__sign.screen"));

export const ErrorBoundary = RouteErrorBoundary;
