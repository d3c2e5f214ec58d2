/**
 * Check your answers (GOV.UK pattern; issue 8): every answer by step in a summary list (<dl>)
 * with a Change link to its step, the special parts' state (verification, agreements, officials
 * and documents counts), the errors held per step (each linking to its step), then 'Submit
 * application'. A submitted application shows its answers without Change links or Submit.
 * Data: lib/identity-check.server.ts.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CheckAnswersActionData, CheckAnswersData, StepErrorGroup } from "~/lib/identity-check.server";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import summaryStyles from "../forms/ErrorSummary.module.css";
import styles from "./identity.module.css";

function StepErrors({ groups, general }: { groups: StepErrorGroup[]; general: string[] }) {
  const { t } = useTranslation(["identity", "errors"]);
  const ref = useRef<HTMLDivElement>(null);
  const count = groups.length + general.length;
  useEffect(() => {
    if (count > 0) ref.current?.focus();
  }, [count]);
  if (count === 0) return null;
  return (
    <div
      className={summaryStyles.summary}
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="check-errors-title"
      data-testid="check-errors"
    >
      <h2 id="check-errors-title" className={summaryStyles.title}>
        {t("identity:check.errors-title")}
      </h2>
      {general.length ? <p>{general.join(", ")}</p> : null}
      <ul className={summaryStyles.list}>
        {groups.map((g) => (
          <li key={g.stepId} data-step={g.stepId}>
            {g.href ? <Link to={g.href}>{t(`identity:steps.${g.stepId}`)}</Link> : t(`identity:steps.${g.stepId}`)}
            {": "}
            {g.messages.join("; ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CheckAnswersPage() {
  const data = useLoaderData<CheckAnswersData>();
  const actionData = useActionData<CheckAnswersActionData>();
  const navigation = useNavigation();
  const { t } = useTranslation("identity");
  const busy = navigation.state === "submitting";
  const groups = actionData?.errors ?? data.errors;
  return (
    <>
      <h1>{t("steps.check-answers")}</h1>
      {data.editable ? (
        <StepErrors groups={groups} general={actionData?.general ?? []} />
      ) : (
        <Alert testId="read-only">{t("check.submitted", { status: t(`statuses.${data.status}`) })}</Alert>
      )}
      {data.sections.map((s) => (
        <section key={s.id} aria-labelledby={`section-${s.id}`} data-testid="check-section" data-step={s.id}>
          <div className={styles.sectionHead}>
            <h2 id={`section-${s.id}`}>{t(`steps.${s.id}`)}</h2>
            {data.editable && s.href ? (
              <Link to={s.href}>
                {t("check.change")}
                <span className="visually-hidden"> {t(`steps.${s.id}`)}</span>
              </Link>
            ) : null}
          </div>
          <dl className={styles.summary}>
            {s.special ? (
              <div className={styles.summaryRow}>
                <dt>{t(`check.special.${s.id}`, { defaultValue: t(`steps.${s.id}`) })}</dt>
                <dd>{s.special}</dd>
              </div>
            ) : null}
            {s.rows.map((r) => (
              <div key={r.name} className={styles.summaryRow}>
                <dt>{r.label}</dt>
                <dd>{r.value ?? t("check.not-given")}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {data.editable ? (
        <Form method="post" action={data.actionHref} data-testid="submit-form">
          <AuthenticityTokenInput />
          <h2>{t("check.submit-title")}</h2>
          <p>{t("check.submit-text")}</p>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {t("check.submit")}
          </Button>
        </Form>
      ) : null}
    </>
  );
}
