/**
 * The confirmation screen of /payments/remittance/:orderId/sign (route module `sign.tsx` beside
 * it): what is sent (sum, payee, purpose, files), the code form (the sandbox code shown as
 * data-testid="debug-code"), and the send/resend form (SMS or WhatsApp). Loaded as its own
 * chunk in the browser (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import { OrderDetails } from "./__order-details";
import styles from "../remittance.module.css";
import type { loader } from "./sign";

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

const resendValidator = withZod(
  z.object({ intent: z.enum(["send", "resend"]), channel: z.enum(["SMS", "WHATSAPP"]).optional() }),
);

function SignCodeInput() {
  const { t } = useTranslation("remittance");
  const { error } = useField("code");
  return <CodeInput label={t("sign.code-label")} hint={t("sign.code-hint")} error={error} />;
}

export default function SignOrderScreen() {
  const { order, challenge, defaultChannel } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["remittance", "auth"]);
  const hydrated = useIsHydrated();
  const remaining = useCountdown(challenge?.resendAvailableAt);
  return (
    <>
      <h1>{t("sign.title")}</h1>
      <p>{t("sign.intro")}</p>
      <OrderDetails order={order} />
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
      <ValidatedForm validator={resendValidator} method="post" id="resend" className={styles.section} noValidate={hydrated}>
        <ValidatedErrorSummary />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={challenge ? "resend" : "send"} />
        <fieldset>
          <legend>{t("sign.channel")}</legend>
          <label>
            <input type="radio" name="channel" value="SMS" defaultChecked={defaultChannel !== "WHATSAPP"} />{" "}
            {t("auth:resend.sms")}
          </label>{" "}
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
    </>
  );
}
