/**
 * The page of a field step of an application (spec 001 §2 routes, §3 fields; GOV.UK long-form
 * pattern): heading, error summary linked to the fields, the step's inputs (./StepFields.tsx),
 * the agreements of an agreement step, and 'Save and continue' / 'Save and come back later'.
 * A plain POST form (works without JavaScript; native `required` checks, which the come-back-later
 * button skips). With JavaScript the form also sends its draft when left (./use-draft-on-leave.ts)
 * and the layout guards its links while it has unsaved changes.
 * A submitted application (not editable) shows its answers read-only, without save buttons.
 * Data: lib/identity-step.server.ts `stepLoader` / `stepAction`; the step's fields come in the
 * loader data (the step catalogue stays out of the browser bundle).
 */
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { ErrorSummary } from "../forms/ErrorSummary";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import type { StepActionData, StepAgreement, StepPageData } from "~/lib/identity-step.server";
import { STEP_FORM_ID } from "./form-state";
import styles from "./identity.module.css";
import { ReadOnlyAnswers, StepFields } from "./StepFields";
import { useDraftOnLeave } from "./use-draft-on-leave";

/** Agreements of an agreement step: a download link and an acceptance checkbox each; signed ones say when. */
export function AgreementsFieldset({
  agreements,
  error,
  readOnly,
}: {
  agreements: StepAgreement[];
  error?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("identity");
  const firstUnsigned = agreements.find((a) => !a.signedOn)?.id;
  return (
    <fieldset
      className={`${styles.fieldset} ${error ? styles.fieldsetInvalid : ""}`}
      id={firstUnsigned && !readOnly ? undefined : "agreements"}
      aria-describedby={error ? "agreements-error" : undefined}
      data-testid="agreements"
    >
      <legend>{t("agreements.legend")}</legend>
      {error ? (
        <p id="agreements-error" className={styles.errorText}>
          {error}
        </p>
      ) : null}
      {agreements.length === 0 ? <p>{t("agreements.none")}</p> : null}
      <ul className={styles.agreements}>
        {agreements.map((a) => (
          <li key={a.id} data-testid="agreement">
            <a href={a.href} download>
              {t("agreements.download", { title: a.title, version: a.version })}
            </a>
            {a.signedOn ? (
              <p className={styles.signed}>{t("agreements.signed-on", { date: a.signedOn })}</p>
            ) : readOnly ? (
              <p>{t("agreements.not-signed")}</p>
            ) : (
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  name="agreementIds"
                  value={a.id}
                  id={a.id === firstUnsigned ? "agreements" : `agreement-${a.id}`}
                  aria-invalid={error ? true : undefined}
                />
                <span>{t("agreements.accept", { title: a.title })}</span>
              </label>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function StepPage() {
  const data = useLoaderData<StepPageData>();
  const actionData = useActionData<StepActionData>();
  const { t } = useTranslation("identity");
  const location = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = data.fields;
  const values = actionData?.values ?? data.values;
  const busy = navigation.state === "submitting";
  useDraftOnLeave(formRef, {
    draftHref: data.draftHref,
    applicationId: data.applicationId,
    stepId: data.stepId,
    enabled: data.editable,
    unsaved: data.kept && !actionData,
  });

  // Errors of properties without a field on this page are the form's own.
  const shownNames = new Set([...fields.map((f) => f.name), ...(data.agreements ? ["agreements"] : [])]);
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const [name, message] of Object.entries(data.errors)) {
    if (shownNames.has(name)) errors[name] = message;
    else general.push(message);
  }
  if (actionData?.formError) general.unshift(actionData.formError);
  if (general.length) errors._form = general.join(", ");
  const sicField = fields.find((f) => f.options && "ref" in f.options && f.options.ref === "sicCodes");

  return (
    <>
      <h1>{t(`steps.${data.stepId}`)}</h1>
      {!data.editable ? (
        <>
          {data.notSaved ? (
            <Alert kind="error" testId="not-saved">
              {t("form.not-saved-submitted")}
            </Alert>
          ) : null}
          <Alert testId="read-only">{t("form.read-only")}</Alert>
          <ReadOnlyAnswers fields={fields} values={values} options={data.options} />
          {data.agreements ? <AgreementsFieldset agreements={data.agreements} readOnly /> : null}
        </>
      ) : (
        <Form method="post" action={data.actionHref} id={STEP_FORM_ID} ref={formRef} key={location.key} data-testid="step-form">
          {data.kept && !actionData ? <Alert testId="kept-answers">{t("form.kept")}</Alert> : null}
          <ErrorSummary errors={errors} order={[...shownNames]} />
          <AuthenticityTokenInput />
          {sicField ? (
            // The default button of the form (Enter in a text box) saves and continues, not the SIC search.
            <button type="submit" name="intent" value="continue" className="visually-hidden" tabIndex={-1} aria-hidden="true">
              {t("form.save-continue")}
            </button>
          ) : null}
          {fields.length ? (
            <StepFields
              fields={fields}
              values={values}
              errors={errors}
              options={data.options}
              today={data.today}
              tomorrow={data.tomorrow}
              textareaMaxRows={data.textareaMaxRows}
              sic={sicField ? { search: data.sicSearch, matches: data.sicMatches } : undefined}
            />
          ) : null}
          {data.agreements ? <AgreementsFieldset agreements={data.agreements} error={errors.agreements} /> : null}
          <input type="hidden" name="returnTo" defaultValue="" />
          <div className={styles.buttons}>
            <Button type="submit" name="intent" value="continue" disabled={busy} aria-busy={busy || undefined}>
              {t("form.save-continue")}
            </Button>
            <Button type="submit" name="intent" value="later" variant="secondary" formNoValidate disabled={busy}>
              {t("form.save-later")}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
