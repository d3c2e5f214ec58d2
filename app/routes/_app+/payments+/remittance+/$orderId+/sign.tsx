/**
 * /payments/remittance/:orderId/sign — confirmation of a remittance order with the SMS code
 * (spec 001 §4 "remittance … follow the core signing flow"): the order as it will be sent, the
 * code (sandbox code as data-testid="debug-code"), send/resend. Submit: POST
 * /v1/signatures/validate → mfaToken → POST /v1/payments-orders/:id/sign → the order's page.
 * The challenge is kept in the session under the order. A signed order goes to its page; 404
 * when orders are off for the organization or the order is not the caller's.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  MfaToken,
  RemittanceOrder,
  SignPaymentRequest,
  ValidateSignatureCodeRequest,
} from "../../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import type { Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
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
  const { api, order, user } = await context(request, params.orderId ?? "");
  if (order.status !== "PENDING") throw redirect(`/payments/remittance/${order.id}`, { headers: await api.headers() });
  const live = orderChallenge(api, order.id);
  return json(
    {
      order,
      challenge: live
        ? { debugCode: live.debugCode ?? null, resendAvailableAt: live.resendAvailableAt, channel: live.channel }
        : null,
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
  const { api, order, user } = await context(request, params.orderId ?? "");
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "remittance"])) as unknown as ServerT;
  const done = async () => redirect(`/payments/remittance/${order.id}`, { headers: await api.headers() });
  const here = `/payments/remittance/${order.id}/sign`;
  if (order.status !== "PENDING") return done();
  const form = await request.formData();
  const intent = form.get("intent");
  const challenge = orderChallenge(api, order.id);

  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    }
    if (intent === "send" && challenge) return redirect(here, { headers: await api.headers() });
    const value = form.get("channel");
    const channel = value === "WHATSAPP" || value === "SMS" ? value : user.twilioAuthChannel;
    try {
      await sendOrderCode(api, order.id, channel);
    } catch (error) {
      return apiErrorResponse(error, t, [], {}, undefined, "resend");
    }
    return redirect(here, { headers: await api.headers() });
  }

  if (intent === "sign") {
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    if (!challenge) return validationError({ fieldErrors: { code: t("errors:Auth.code-expired") }, formId: "sign" }, {});
    let mfa: MfaToken;
    try {
      const body: ValidateSignatureCodeRequest = { token: challenge.token, code: result.data.code };
      mfa = await api.post<MfaToken>("/signatures/validate", body);
    } catch (error) {
      if (await noLongerPending(api, order.id)) return done();
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
        "sign",
      );
    }
    try {
      const body: SignPaymentRequest = { mfaToken: mfa.token, signedAt: new Date().toISOString() };
      await api.post<RemittanceOrder>(`/payments-orders/${order.id}/sign`, body);
    } catch (error) {
      clearOrderCode(api, order.id);
      if (await noLongerPending(api, order.id)) return done();
      const response = apiErrorResponse(error, t, [], {}, undefined, "sign");
      (await api.headers()).forEach((value, name) => response.headers.append(name, value));
      return response;
    }
    clearOrderCode(api, order.id);
    return redirect(`/payments/remittance/${order.id}?signed=1`, { headers: await api.headers() });
  }
  return redirect(here, { headers: await api.headers() });
}

export default splitScreen(Screen, () => import("./__sign.screen"));

export const ErrorBoundary = RouteErrorBoundary;
