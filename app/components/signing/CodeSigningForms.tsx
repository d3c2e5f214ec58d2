/**
 * The code part of a one-item signing page (spec 000 §4; remittance orders and FX rate
 * requests): the code form (the sandbox code shown as data-testid="debug-code"; the form id
 * "sign", intent sign) when a challenge is live, and the send/resend form (id "resend": SMS or
 * WhatsApp, resend countdown). Texts come from the page (its namespace); the auth namespace
 * gives the shared ones. The page's action is lib/sign-action.server.ts `signingAction`.
 */
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import type { OtpChannel } from "../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useCountdown } from "~/lib/use-countdown";
import { codeFormValidator, resendFormValidator } from "./code-forms";
import { useIsHydrated } from "~/lib/use-hydrated";

/** The page's own texts (already translated). */
export interface CodeSigningTexts {
  codeLabel: string;
  codeHint: string;
  submit: string;
  noCode: string;
  channel: string;
  send: string;
}

function SignCodeInput({ texts }: { texts: CodeSigningTexts }) {
  const { error } = useField("code");
  return <CodeInput label={texts.codeLabel} hint={texts.codeHint} error={error} />;
}

export function CodeSigningForms({
  challenge,
  defaultChannel,
  texts,
  actionsClassName,
  sectionClassName,
}: {
  challenge: { debugCode: string | null; resendAvailableAt: string } | null;
  defaultChannel: OtpChannel;
  texts: CodeSigningTexts;
  actionsClassName?: string;
  sectionClassName?: string;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useIsHydrated();
  const remaining = useCountdown(challenge?.resendAvailableAt);
  return (
    <>
      {challenge ? (
        <>
          {challenge.debugCode ? (
            <Alert>
              {t("auth:code.debug")} <strong data-testid="debug-code">{challenge.debugCode}</strong>
            </Alert>
          ) : null}
          <ValidatedForm validator={codeFormValidator} method="post" noValidate={hydrated} id="sign">
            <ValidatedErrorSummary order={["code"]} />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="sign" />
            <SignCodeInput texts={texts} />
            <div className={actionsClassName}>
              <SubmitButton>{texts.submit}</SubmitButton>
            </div>
          </ValidatedForm>
        </>
      ) : (
        <Alert>{texts.noCode}</Alert>
      )}
      <ValidatedForm validator={resendFormValidator} method="post" id="resend" className={sectionClassName} noValidate={hydrated}>
        <ValidatedErrorSummary />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={challenge ? "resend" : "send"} />
        <fieldset>
          <legend>{texts.channel}</legend>
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
        <Button
          type="submit"
          variant={challenge ? "secondary" : "primary"}
          disabled={Boolean(challenge) && remaining > 0}
          data-testid="send-code"
        >
          {challenge ? t("auth:resend.submit") : texts.send}
        </Button>
      </ValidatedForm>
    </>
  );
}
