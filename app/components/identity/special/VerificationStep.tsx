/**
 * The identity-verification step page (spec 001 §2; issue 8 "Identity verification: the
 * scheme's kycProvider decides"), shared by /identity/{individual,corporate,company-official}/
 * identity-verification (lib/identity-special.server.ts `verificationLoader`/`verificationAction`).
 *
 * It explains the check and shows its status (NOT_STARTED, PENDING, COMPLETED, REJECTED). SANDBOX
 * provider: a plain form with the outcome (approve / reject) and "Verify my identity (sandbox)".
 * Another provider: a container carrying the SDK token (`data-token`, `data-provider`) where the
 * provider's web SDK would mount — none is loaded in this installation (no internet access; see
 * the server module). NONE: the step does not apply. "Continue" posts intent=continue.
 * Submitted applications are read-only: no forms, a link on.
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import type { verificationLoader } from "~/lib/identity-special.server";
import { SANDBOX_OUTCOMES } from "~/lib/identity-special";
import { RadioGroup } from "./RadioGroup";
import { SpecialPage } from "./SpecialPage";
import styles from "./special.module.css";

export function VerificationStep() {
  const data = useLoaderData<typeof verificationLoader>();
  const action = useActionData<{ fieldErrors?: Record<string, string> }>();
  const { t } = useTranslation("identity");
  const errors = action?.fieldErrors ?? data.stepErrors;
  const done = data.status === "COMPLETED";
  return (
    <SpecialPage title={t("verification.title")} errors={errors} order={["outcome"]}>
      {!data.editable ? <Alert testId="read-only">{t("verification.read-only")}</Alert> : null}
      {!data.applies ? (
        <p data-testid="verification-not-needed">{t("verification.not-needed")}</p>
      ) : (
        <>
          <p>{t("verification.intro")}</p>
          <p>
            {t("verification.status-label")}{" "}
            <span className={styles.status} data-testid="verification-status" data-status={data.status}>
              {t(`verification.status.${data.status}`)}
            </span>
          </p>
          <p data-testid="verification-help">{t(`verification.status-help.${data.status}`)}</p>
          {data.editable && !done && data.sandbox && data.sandboxOff ? (
            <Alert testId="sandbox-off">{t("verification.sandbox.off")}</Alert>
          ) : null}
          {data.editable && !done && data.sandbox && !data.sandboxOff ? (
            <SandboxForm action={data.self} error={errors?.outcome} />
          ) : null}
          {data.editable && !done && !data.sandbox ? (
            <ProviderContainer provider={data.provider} token={data.token?.token ?? null} tokenError={data.tokenError} />
          ) : null}
        </>
      )}
      {data.editable && data.applies ? (
        <Form method="post" action={data.self} className={styles.actions}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="continue" />
          <Button type="submit" variant={done ? "primary" : "secondary"} data-testid="continue">
            {t("verification.continue")}
          </Button>
        </Form>
      ) : (
        <p className={styles.actions}>
          <Link to={data.next} data-testid="continue">
            {t("verification.continue")}
          </Link>
        </p>
      )}
    </SpecialPage>
  );
}

function SandboxForm({ action, error }: { action: string; error?: string }) {
  const { t } = useTranslation("identity");
  return (
    <Form method="post" action={action} noValidate className={styles.section} data-testid="sandbox-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="sandbox" />
      <RadioGroup
        name="outcome"
        legend={t("verification.sandbox.legend")}
        hint={t("verification.sandbox.hint")}
        error={error}
        required
        options={SANDBOX_OUTCOMES.map((o) => ({ value: o, label: t(`verification.sandbox.${o}`) }))}
      />
      <Button type="submit">{t("verification.sandbox.submit")}</Button>
    </Form>
  );
}

/**
 * Where a provider's web SDK mounts: it reads `data-provider` and `data-token`. No SDK is loaded
 * here (no internet access); the note says the check continues with the provider.
 */
export function ProviderContainer({
  provider,
  token,
  tokenError,
}: {
  provider: string;
  token: string | null;
  tokenError: boolean;
}) {
  const { t } = useTranslation("identity");
  if (!token || tokenError) return <Alert kind="error">{t("verification.provider.no-token")}</Alert>;
  return (
    <section
      className={styles.sdk}
      aria-label={t("verification.provider.label", { provider })}
      id="kyc-sdk"
      data-testid="kyc-sdk"
      data-provider={provider}
      data-token={token}
    >
      <p>{t("verification.provider.intro", { provider })}</p>
      <p className={styles.muted}>{t("verification.provider.offline")}</p>
    </section>
  );
}
