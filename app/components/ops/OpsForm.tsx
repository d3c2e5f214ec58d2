/**
 * Form parts shared by the back office's ADMIN and review screens (/ops/rates, /ops/tariffs,
 * /ops/settings, the beneficiary and contract reviews; issue 13): the notice after a change and
 * a refused form's message, labelled fields that come back with their value and error (ids
 * `<id>-hint` / `<id>-error` tied by aria-describedby), and the organization search (a GET form).
 * Plain HTML forms: everything works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListError } from "../ui/ListError";
import { OpsCsrfInput } from "./OpsCsrfInput";
import { opsStyles as styles } from "./OpsShell";

/** The notice after a change (`doneKey`, null for none) and a refused form's message (ops keys). */
export function OpsNotices({ doneKey, formError }: { doneKey: string | null; formError?: string }) {
  const { t } = useTranslation("ops");
  return (
    <>
      {doneKey ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t(doneKey)}
        </p>
      ) : null}
      {formError ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(formError)}
        </p>
      ) : null}
    </>
  );
}

/** The aria-describedby of a field with an optional hint and error. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** What every labelled field takes. */
interface FieldProps {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The error, an ops key. */
  error?: string;
}

/** A field's frame: the label, the control, its hint and its error (`errorTestId` on the error). */
function FieldFrame(props: FieldProps & { errorTestId?: string; children: ReactNode }) {
  const { t } = useTranslation("ops");
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? <p id={`${props.id}-hint`}>{props.hint}</p> : null}
      {props.error ? (
        <p id={`${props.id}-error`} className={styles.error} data-testid={props.errorTestId}>
          {t(props.error)}
        </p>
      ) : null}
    </div>
  );
}

/** A text input with its label, hint and error (`data-testid="<name>-error"`). */
export function OpsTextField(props: FieldProps & { value?: string; inputMode?: "decimal" }) {
  return (
    <FieldFrame {...props} errorTestId={`${props.name}-error`}>
      <input
        id={props.id}
        name={props.name}
        className={styles.input}
        inputMode={props.inputMode}
        autoComplete="off"
        defaultValue={props.value ?? ""}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
      />
    </FieldFrame>
  );
}

/** A select with its label, hint and error; the options are its children. */
export function OpsSelectField(props: FieldProps & { defaultValue: string; children: ReactNode }) {
  return (
    <FieldFrame {...props}>
      <select
        id={props.id}
        name={props.name}
        className={styles.input}
        defaultValue={props.defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
      >
        {props.children}
      </select>
    </FieldFrame>
  );
}

/**
 * A POST form of a screen with several (`intent` tells them apart): the CSRF token and the
 * intent come first, then the fields.
 */
export function OpsIntentForm(props: {
  action: string;
  intent: string;
  className?: string;
  /** Leave the checks to the server (its errors come back on the fields). */
  noValidate?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={props.action}
      className={props.className}
      noValidate={props.noValidate}
      data-testid={props.testId}
    >
      <OpsCsrfInput />
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
    </Form>
  );
}

/** An organization found by the search. */
export interface FoundOrganization {
  id: string;
  name: string;
  type: string;
}

/**
 * Find an organization by name (GET `action?q=`) and list the matches, each linking to
 * `action?organizationId=<id>`; a search the API refused shows its `error` (lib/list-errors.server)
 * in the matches' place, the search box keeping what was typed.
 */
export function OrganizationSearch({
  action,
  q,
  found,
  error = null,
}: {
  action: string;
  q: string;
  found: FoundOrganization[];
  error?: string | null;
}) {
  const { t } = useTranslation("ops");
  return (
    <>
      <Form method="get" action={action} className={styles.form}>
        <div className={styles.field}>
          <label htmlFor="org-q">{t("admin.settings.find")}</label>
          <input id="org-q" name="q" className={styles.input} defaultValue={q} />
        </div>
        <button type="submit" className={styles.button}>
          {t("admin.settings.search")}
        </button>
      </Form>
      {error ? (
        <ListError message={error} testId="organizations-error" />
      ) : q ? (
        found.length ? (
          <ul data-testid="organizations">
            {found.map((o) => (
              <li key={o.id}>
                <Link to={`${action}?organizationId=${o.id}`}>{o.name}</Link> ({o.type})
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("admin.settings.none-found")}</p>
        )
      ) : null}
    </>
  );
}
