/**
 * The signing screen of /payments/:paymentId/sign (route module
 * `sign.tsx` beside it): supporting documents (list, multipart upload form, the notice when
 * the payment needs one), code form, resend form and decline; the upload schema, shared with the
 * route's action, is ./__sign.schema.ts (the code's: components/signing/code-validators.ts). The intro says the next step (send a code, or enter the one
 * sent), and that step is the primary button: "Send code" before a code was sent, "Sign
 * payment" after (a new code is then secondary); attaching documents is always secondary.
 * Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a static import
 * on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { CodeInput } from "~/components/forms/CodeInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button, buttonClass } from "~/components/ui/Button";
import { PaymentDetails } from "~/components/ui/PaymentDetails";
import { CannotSign } from "~/components/ui/CannotSign";
import { lazyValidator } from "~/lib/lazy-validator";
import { formatMoney } from "~/lib/money";
import { batchQuery } from "~/lib/signing";
import { codeFormValidator, resendFormValidator } from "~/components/signing/code-forms";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import { useLayoutAccountName } from "~/lib/use-layout-account";
import styles from "../payments.module.css";
import { DocumentList } from "./__document-list";
import type { loader } from "./sign";
import { InPageLink } from "~/components/ui/InPageLink";

/** The documents form's rules (./__sign.schema.ts), loaded when a form is first used (lib/lazy-validator.ts). */
const uploadValidator = lazyValidator(() => import("./__sign.schema").then((m) => m.uploadValidator));

function DocumentsInput({ accept }: { accept: string }) {
  const { t } = useTranslation("payments");
  const { error } = useField("files", { formId: "documents" });
  return (
    <Field
      name="files"
      type="file"
      multiple
      accept={accept}
      label={t("documents.files")}
      hint={t("fields.documents-hint")}
      error={error}
    />
  );
}

/**
 * Above the code form, when the payment needs a supporting document and has none: why, and a
 * link to the file input below.
 */
function DocumentsNotice() {
  const { payment, documents, documentsRule } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("payments");
  if (documentsRule.reason === null || documents.length > 0) return null;
  return (
    <Alert testId="documents-required">
      {documentsRule.reason === "amount" && documentsRule.thresholdAmount
        ? t("documents.required-amount", {
            amount: formatMoney(documentsRule.thresholdAmount, payment.currencyId, 2, i18n.language),
          })
        : t("documents.required-kind")}{" "}
      <InPageLink to="files">{t("documents.attach-link")}</InPageLink>
    </Alert>
  );
}

/** Supporting documents: the list and the upload form (a plain multipart POST). */
function DocumentsSection() {
  const { payment, documents, documentsRule } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="documents-title" className={styles.section}>
      <h2 id="documents-title">{t("documents.title")}</h2>
      <p>{t("documents.intro")}</p>
      <DocumentList paymentId={payment.id} documents={documents} />
      <ValidatedForm
        validator={uploadValidator}
        method="post"
        encType="multipart/form-data"
        id="documents"
        noValidate={hydrated}
        resetAfterSubmit
      >
        <ValidatedErrorSummary order={["files"]} />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="upload" />
        <DocumentsInput accept={documentsRule.accept} />
        <div className={styles.actions}>
          <SubmitButton variant="secondary">{t("documents.submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

function SignCodeInput() {
  const { t } = useTranslation("payments");
  const { error } = useField("code");
  return <CodeInput label={t("sign.code-label")} hint={t("sign.code-hint")} error={error} />;
}

export default function SignScreen() {
  const { payment, challenge, canSign, organizationName, changeHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const accountName = useLayoutAccountName(payment.accountId);
  return (
    <>
      <h1>{t("sign.title")}</h1>
      <p data-testid="sign-intro">{t(!canSign ? "sign.intro-check" : challenge ? "sign.intro" : "sign.intro-send")}</p>
      <PaymentDetails payment={payment} accountName={accountName} />
      {changeHref ? (
        <p>
          <Link to={changeHref} data-testid="change-details">
            {t("sign.change")}
          </Link>
        </p>
      ) : null}

      <DocumentsNotice />
      {!canSign ? (
        <CannotSign organizationName={organizationName} />
      ) : challenge ? (
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
            <SignCodeInput />
            <div className={styles.actions}>
              <SubmitButton>{t("sign.submit")}</SubmitButton>
            </div>
          </ValidatedForm>
        </>
      ) : null}

      {canSign ? <ResendForm /> : null}

      <DocumentsSection />

      {/* Declining asks first (the confirmation page of the signing lists, with this payment). */}
      <p className={styles.section}>
        <Link to={`/payments/decline${batchQuery([payment.id], "/home?tab=signing")}`} className={buttonClass("danger")}>
          {t("unsigned.decline")}
        </Link>
      </p>
    </>
  );
}

/**
 * A (new) code by SMS or WhatsApp; after a code was sent, only once its 60 s have passed. Before
 * a code was sent this is the page's next step (primary button); after, the code form is.
 */
function ResendForm() {
  const { challenge, defaultChannel } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const remaining = useCountdown(challenge?.resendAvailableAt);
  return (
    <ValidatedForm
      validator={resendFormValidator}
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
          <input type="radio" name="channel" value="SMS" defaultChecked={defaultChannel !== "WHATSAPP"} /> {t("auth:resend.sms")}
        </label>
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
        {challenge ? t("auth:resend.submit") : t("sign.send")}
      </Button>
    </ValidatedForm>
  );
}
