/**
 * /payments/:paymentId/sign — strong customer authentication of one payment (spec 000 §4
 * signing flow, SMS code popup as a page): shows what is signed (amount, currency, payee),
 * the 4-digit code input (auto-submits at 4 digits with JS), the sandbox code
 * (data-testid="debug-code"), and a resend form after 60 s (SMS or WHATSAPP).
 * Submit: POST /v1/signatures/validate → mfaToken → POST /v1/payments/:id/sign → receipt.
 * The challenge token is kept in the session keyed by payment id.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm, validationError } from "remix-validated-form";
import { z } from "zod";
import type { MfaToken, Payment, SignPaymentRequest, ValidateSignatureCodeRequest } from "../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { CodeInput } from "~/components/forms/CodeInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { PaymentDetails } from "~/components/ui/PaymentDetails";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { clearSignCode, sendSignCode } from "~/lib/payments.server";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "./payments.module.css";

export const handle = { i18n: ["payments", "auth"], titleKey: "payments:sign.title" };

export const codeValidator = withZod(
  z.object({
    intent: z.literal("sign"),
    code: z
      .string({ required_error: "errors:Payments.code-required" })
      .trim()
      .min(1, "errors:Payments.code-required")
      .regex(/^\d{4}$/, "errors:Auth.code-format"),
  }),
);

async function loadPayment(request: Request, paymentId: string) {
  const ctx = await requireAppContext(request);
  try {
    const payment = await ctx.api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
    return { ...ctx, payment };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, payment, user } = await loadPayment(request, params.paymentId ?? "");
  if (payment.status !== "AWAITING_SIGNATURE") throw redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  const challenge = api.session.get("sign")?.[payment.id];
  const live = challenge && Date.parse(challenge.expiresAt) > Date.now() ? challenge : null;
  return json(
    {
      payment,
      challenge: live
        ? { debugCode: live.debugCode ?? null, resendAvailableAt: live.resendAvailableAt, channel: live.channel }
        : null,
      defaultChannel: user.twilioAuthChannel,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const paymentId = params.paymentId ?? "";
  const { api, payment, user } = await loadPayment(request, paymentId);
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "payments"])) as unknown as (
    k: string,
    o?: Record<string, unknown>,
  ) => string;
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/payments/${payment.id}/sign`;
  if (payment.status !== "AWAITING_SIGNATURE") return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  const challenge = api.session.get("sign")?.[payment.id];

  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    }
    // "send" from a list: reuse a live challenge instead of texting a new code.
    if (intent === "send" && challenge && Date.parse(challenge.expiresAt) > Date.now()) {
      return redirect(here, { headers: await api.headers() });
    }
    const channelValue = form.get("channel");
    const channel = channelValue === "WHATSAPP" || channelValue === "SMS" ? channelValue : user.twilioAuthChannel;
    try {
      await sendSignCode(api, payment.id, channel);
    } catch (error) {
      return apiErrorResponse(error, t, [], {}, undefined, "resend");
    }
    return redirect(here, { headers: await api.headers() });
  }

  if (intent === "sign") {
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    if (!challenge || Date.parse(challenge.expiresAt) <= Date.now()) {
      return validationError({ fieldErrors: { code: t("errors:Auth.code-expired") }, formId: "sign" }, {});
    }
    let mfa: MfaToken;
    try {
      const body: ValidateSignatureCodeRequest = { token: challenge.token, code: result.data.code };
      mfa = await api.post<MfaToken>("/signatures/validate", body);
    } catch (error) {
      // A double submit (no JS): the first request used the code and signed; this one finds the
      // code spent. Show the outcome, not a misleading "code expired".
      if (await isNoLongerPending(api, payment.id)) return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
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
      await api.post<Payment>(`/payments/${payment.id}/sign`, body);
    } catch (error) {
      clearSignCode(api, payment.id);
      if (await isNoLongerPending(api, payment.id)) return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
      return apiErrorResponse(error, t, [], {}, undefined, "sign");
    }
    clearSignCode(api, payment.id);
    return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  }
  return redirect(here, { headers: await api.headers() });
}

/** True when the payment was signed or declined meanwhile (e.g. by a concurrent request). */
async function isNoLongerPending(api: Awaited<ReturnType<typeof requireAppContext>>["api"], paymentId: string): Promise<boolean> {
  const fresh = await api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`).catch(() => null);
  return fresh !== null && fresh.status !== "AWAITING_SIGNATURE";
}

function SignCodeInput() {
  const { t } = useTranslation("payments");
  const { error } = useField("code");
  return <CodeInput label={t("sign.code-label")} hint={t("sign.code-hint")} error={error} />;
}

export default function SignPayment() {
  const { payment, challenge, defaultChannel } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const remaining = useCountdown(challenge?.resendAvailableAt);
  return (
    <>
      <h1>{t("sign.title")}</h1>
      <p>{t("sign.intro")}</p>
      <PaymentDetails payment={payment} />

      {challenge ? (
        <>
          {challenge.debugCode ? (
            <Alert>
              {t("auth:code.debug")} <strong data-testid="debug-code">{challenge.debugCode}</strong>
            </Alert>
          ) : null}
          <ValidatedForm validator={codeValidator} method="post" noValidate={hydrated} id="sign">
            <ValidatedErrorSummary order={["code"]} />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="sign" />
            <SignCodeInput />
            <div className={styles.actions}>
              <SubmitButton>{t("sign.submit")}</SubmitButton>
            </div>
          </ValidatedForm>
        </>
      ) : (
        <Alert>{t("sign.no-code")}</Alert>
      )}

      <ValidatedForm
        validator={resendValidator}
        method="post"
        id="resend"
        className={styles.resend + " " + styles.section}
        noValidate={hydrated}
      >
        <ValidatedErrorSummary />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={challenge ? "resend" : "send"} />
        <fieldset>
          <legend>{t("sign.channel")}</legend>
          <label>
            <input type="radio" name="channel" value="SMS" defaultChecked={defaultChannel !== "WHATSAPP"} />{" "}
            {t("auth:resend.sms")}
          </label>
          <label>
            <input type="radio" name="channel" value="WHATSAPP" defaultChecked={defaultChannel === "WHATSAPP"} />{" "}
            {t("auth:resend.whatsapp")}
          </label>
        </fieldset>
        {challenge && remaining > 0 ? <p aria-live="polite">{t("auth:resend.wait", { count: remaining })}</p> : null}
        <Button type="submit" variant="secondary" disabled={Boolean(challenge) && remaining > 0}>
          {challenge ? t("auth:resend.submit") : t("sign.send")}
        </Button>
      </ValidatedForm>

      <Form method="post" action={`/payments/${payment.id}/decline`} className={styles.section}>
        <AuthenticityTokenInput />
        <input type="hidden" name="returnTo" value="/home?tab=signing" />
        <Button type="submit" variant="danger">
          {t("unsigned.decline")}
        </Button>
      </Form>
    </>
  );
}

const resendValidator = withZod(
  z.object({ intent: z.enum(["send", "resend"]), channel: z.enum(["SMS", "WHATSAPP"]).optional() }),
);

export const ErrorBoundary = RouteErrorBoundary;
