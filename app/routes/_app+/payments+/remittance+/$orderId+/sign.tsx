/**
 * /payments/remittance/:orderId/sign — confirmation of a remittance order with the SMS code
 * (spec 001 §4 "remittance … follow the core signing flow"): the order as it will be sent, the
 * code (sandbox code as data-testid="debug-code"), send/resend. Submit: POST
 * /v1/signatures/validate → mfaToken → POST /v1/payments-orders/:id/sign → the order's page.
 * The challenge is kept in the session under the order. A signed order goes to its page; 404
 * when orders are off for the organization or the order is not the caller's.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RemittanceOrder } from "../../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import type { Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { canSign } from "~/lib/signing";
import { verifyCsrf } from "~/lib/csrf.server";
import type { ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { signingAction } from "~/lib/sign-action.server";
import { challengeForPage } from "~/lib/sign-challenge.server";
import { splitScreen } from "~/lib/split-screen";
import { clearOrderCode, loadOrder, orderChallenge, requireOrdersEnabled, sendOrderCode } from "../__remittance.server";
import { codeValidator, Screen } from "./__sign.screen.server";

export const handle = { i18n: ["payments", "remittance", "auth"], titleKey: "remittance:sign.title" };

async function context(request: Request, orderId: string) {
  const ctx = await requireAppContext(request);
  await requireOrdersEnabled(ctx.api, ctx.org.id);
  return { ...ctx, order: await loadOrder(ctx.api, orderId) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, order, user, org } = await context(request, params.orderId ?? "");
  if (order.status !== "PENDING" || !canSign(org))
    throw redirect(`/payments/remittance/${order.id}`, { headers: await api.headers() });
  return json(
    {
      order,
      challenge: challengeForPage(orderChallenge(api, order.id)),
      defaultChannel: user.twilioAuthChannel,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** True when the order was signed meanwhile (e.g. a double submit without JavaScript). */
async function noLongerPending(api: Api, orderId: string): Promise<boolean> {
  const fresh = await api.get<RemittanceOrder>(`/payments-orders/${encodeURIComponent(orderId)}`).catch(() => null);
  return fresh !== null && fresh.status !== "PENDING";
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, order, user, org } = await context(request, params.orderId ?? "");
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "remittance"])) as unknown as ServerT;
  const itemPage = `/payments/remittance/${order.id}`;
  if (order.status !== "PENDING" || !canSign(org)) return redirect(itemPage, { headers: await api.headers() });
  return signingAction(
    await request.formData(),
    {
      api,
      defaultChannel: user.twilioAuthChannel,
      here: `${itemPage}/sign`,
      itemPage,
      signedTo: `${itemPage}?signed=1`,
      challenge: orderChallenge(api, order.id),
      send: (channel) => sendOrderCode(api, order.id, channel),
      clear: () => clearOrderCode(api, order.id),
      sign: (body) => api.post<RemittanceOrder>(`/payments-orders/${order.id}/sign`, body),
      signedMeanwhile: () => noLongerPending(api, order.id),
    },
    t,
    codeValidator,
  );
}

export default splitScreen(Screen, () => import("./__sign.screen"));

export const ErrorBoundary = RouteErrorBoundary;
