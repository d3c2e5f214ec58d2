/**
 * The corporate cof step's pages (spec 001 §2 "cof (company officials: directors, shareholders and
 * UBOs with position, percentage, nature of control DIRECT/INDIRECT)", §3 "Company official"):
 * - `OfficialsStep` (/identity/corporate/cof): the officials with their role, position,
 *   percentage and nature of control, a change link and a remove link each, "Add an official",
 *   and "Continue" (a POST: the API checks the step);
 * - `OfficialStep` (/identity/corporate/cof/:officialId, `new` to add): the form of
 *   OFFICIAL_FIELDS (server/rules/applications/fields.ts; labels `identity:fields.<name>`, options
 *   `identity:options.<value>`, with this page's own keys under `officials.` as fallback), or with
 *   `?remove=1` the removal's confirmation (a POST with intent=delete).
 * Plain forms (no JavaScript needed); refusals come back on the fields with what was typed and an
 * error summary. The add form carries its key (`idempotencyKey`: a double submit adds one
 * official); with JavaScript its Save is disabled while it is sent. The add/edit form is guarded
 * like a step form (the unsaved-changes popup, and the session script sends it at expiry:
 * ../use-guarded-form.ts), and shows the answers kept when a save met an expired session. It has
 * the step form's id, so the layout's language switcher sends it along and what was typed comes
 * back in the chosen language.
 * Server side: lib/identity-special-officials.server.ts.
 */
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ApplicationOfficial } from "../../../../server/api/v1/contract";
import { OFFICIAL_FIELDS, type FieldDef } from "../../../../server/rules/applications/fields";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import type { cofLoader, officialLoader } from "~/lib/identity-special-officials.server";
import { dateInputBounds } from "~/lib/identity";
import { OFFICIAL_FIELD_NAMES, OFFICIAL_KEY_FIELD, officialName, withApplicationId } from "~/lib/identity-special";
import { IDENTITY_FORM_ATTRIBUTE, STEP_FORM_ID } from "../form-state";
import { useGuardedForm } from "../use-guarded-form";
import { RadioGroup } from "./RadioGroup";
import { SpecialPage } from "./SpecialPage";
import styles from "./special.module.css";

/** Label of an official field: the shared `fields.<name>`, else this page's `officials.fields.<name>`. */
export function fieldLabel(t: TFunction, name: string): string {
  return t([`fields.${name}`, `officials.fields.${name}`]);
}

/** Label of an option value (role, nature of control): `options.<value>`, else `officials.options.<value>`. */
export function optionLabel(t: TFunction, value: string): string {
  return t([`options.${value}`, `officials.options.${value}`]);
}

function OfficialItem({
  official,
  applicationId,
  editable,
}: {
  official: ApplicationOfficial;
  applicationId: string;
  editable: boolean;
}) {
  const { t } = useTranslation("identity");
  const name = officialName(official) ?? t("officials.unnamed");
  const href = withApplicationId(`/identity/corporate/cof/${encodeURIComponent(official.id)}`, applicationId);
  const notGiven = t("officials.not-given");
  return (
    <li className={styles.item} data-testid="official" data-official-id={official.id}>
      <div className={styles.itemMain}>
        <span className={styles.name}>{name}</span>
        <dl className={styles.details}>
          <dt>{fieldLabel(t, "role")}</dt>
          <dd>{optionLabel(t, official.role)}</dd>
          <dt>{fieldLabel(t, "position")}</dt>
          <dd>{official.position ?? notGiven}</dd>
          <dt>{fieldLabel(t, "percentage")}</dt>
          <dd>{official.percentage !== null ? t("officials.percentage-value", { value: official.percentage }) : notGiven}</dd>
          <dt>{fieldLabel(t, "natureOfControl")}</dt>
          <dd>{official.natureOfControl ? optionLabel(t, official.natureOfControl) : notGiven}</dd>
        </dl>
      </div>
      {editable ? (
        <>
          <Link to={href} aria-label={t("officials.edit-label", { name })}>
            {t("officials.edit")}
          </Link>
          <Link to={`${href}&remove=1`} aria-label={t("officials.remove-label", { name })}>
            {t("officials.remove")}
          </Link>
        </>
      ) : null}
    </li>
  );
}

/** /identity/corporate/cof */
export function OfficialsStep() {
  const data = useLoaderData<typeof cofLoader>();
  const action = useActionData<{ fieldErrors?: Record<string, string> }>();
  const { t } = useTranslation("identity");
  return (
    <SpecialPage
      title={t("officials.title")}
      notice={data.notice ? t(`officials.notice.${data.notice}`) : null}
      errors={action?.fieldErrors ?? data.stepErrors}
    >
      {!data.editable ? <Alert testId="read-only">{t("officials.read-only")}</Alert> : null}
      <p>{t("officials.intro")}</p>
      {data.officials.length === 0 ? (
        <p data-testid="officials-none">{t("officials.none")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("officials.list-label")} data-testid="officials">
          {data.officials.map((o) => (
            <OfficialItem key={o.id} official={o} applicationId={data.applicationId} editable={data.editable} />
          ))}
        </ul>
      )}
      {data.editable ? (
        <>
          <p>
            <Link to={data.addHref} data-testid="add-official">
              {t("officials.add")}
            </Link>
          </p>
          <Form method="post" action={data.self} className={styles.actions}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="continue" />
            <Button type="submit" data-testid="continue">
              {t("officials.continue")}
            </Button>
          </Form>
        </>
      ) : null}
    </SpecialPage>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  phone: "tel",
  dob: "bday",
};

/** Fields with a hint (`officials.hints.<name>`). */
const HINTS = ["phone", "dob", "position", "percentage", "natureOfControl"];

const INPUT_TYPES: Record<string, string> = { email: "email", phone: "tel" };

/** One field of the official's form; a date input takes its rule's days (`dateInputBounds`, as on the step pages). */
export function OfficialField({
  def,
  value,
  error,
  countries,
  today,
  tomorrow,
}: {
  def: FieldDef;
  value: string | undefined;
  error: string | undefined;
  countries: readonly { id: string; name: string }[];
  /** yyyy-mm-dd: the API's today (date limits). */
  today: string;
  /** yyyy-mm-dd: the first day of a date that must be in the future. */
  tomorrow: string;
}) {
  const { t } = useTranslation("identity");
  const label = fieldLabel(t, def.name);
  const hint = HINTS.includes(def.name) ? t(`officials.hints.${def.name}`) : undefined;
  if (def.kind === "select" && def.options && "values" in def.options) {
    return (
      <RadioGroup
        name={def.name}
        legend={label}
        hint={hint}
        error={error}
        value={value}
        required={def.required}
        options={def.options.values.map((v) => ({ value: v, label: optionLabel(t, v) }))}
      />
    );
  }
  if (def.kind === "select") {
    return (
      <Field
        as="select"
        name={def.name}
        label={label}
        hint={hint}
        error={error}
        defaultValue={value ?? ""}
        required={def.required}
      >
        <option value="">{t("officials.form.choose")}</option>
        {countries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Field>
    );
  }
  return (
    <Field
      name={def.name}
      label={label}
      hint={hint}
      error={error}
      {...(def.kind === "date" ? dateInputBounds(def, today, tomorrow) : { type: INPUT_TYPES[def.kind] ?? "text" })}
      inputMode={def.kind === "percentage" ? "decimal" : undefined}
      autoComplete={AUTOCOMPLETE[def.name] ?? "off"}
      spellCheck={def.kind === "text" ? undefined : false}
      maxLength={def.max}
      required={def.required}
      defaultValue={value ?? ""}
    />
  );
}

/** /identity/corporate/cof/:officialId (add, change, or with ?remove=1 the removal's confirmation). */
export function OfficialStep() {
  const data = useLoaderData<typeof officialLoader>();
  const action = useActionData<{
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
    creationKey?: string | null;
  }>();
  const { t } = useTranslation("identity");
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // Sent, and until the next page is shown: a second click would only send it again.
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  // Guarded like a step form; answers kept at an expiry, or refused, are unsaved from the start.
  useGuardedForm(formRef, {
    enabled: data.editable && !data.remove,
    unsaved: data.kept || Boolean(action?.fieldErrors),
    resetKey: location.key,
  });
  if (data.remove && data.official) {
    const name = officialName(data.official) ?? t("officials.unnamed");
    return (
      <SpecialPage title={t("officials.remove-page.title")} errors={action?.fieldErrors}>
        <p>{t("officials.remove-page.question", { name })}</p>
        {data.editable ? (
          <Form method="post" action={data.self} className={styles.actions}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="danger" data-testid="confirm-remove">
              {t("officials.remove-page.confirm")}
            </Button>
            <Link to={data.back}>{t("officials.remove-page.cancel")}</Link>
          </Form>
        ) : (
          <p>
            <Link to={data.back}>{t("officials.form.back")}</Link>
          </p>
        )}
      </SpecialPage>
    );
  }
  const values = action?.values ?? data.values;
  const errors = action?.fieldErrors;
  const creationKey = action?.creationKey ?? data.creationKey;
  return (
    <SpecialPage
      title={t(data.official ? "officials.form.edit-title" : "officials.form.add-title")}
      errors={errors}
      order={OFFICIAL_FIELD_NAMES}
    >
      {!data.editable ? (
        <>
          <Alert testId="read-only">{t("officials.read-only")}</Alert>
          <p>
            <Link to={data.back}>{t("officials.form.back")}</Link>
          </p>
        </>
      ) : (
        <Form
          method="post"
          action={data.self}
          noValidate
          ref={formRef}
          id={STEP_FORM_ID}
          {...{ [IDENTITY_FORM_ATTRIBUTE]: "" }}
          data-testid="official-form"
        >
          {data.keptAtExpiry && !action ? <Alert testId="kept-answers">{t("form.kept")}</Alert> : null}
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="save" />
          {/* Where "save and close" of the unsaved-changes popup goes once saved. */}
          <input type="hidden" name="returnTo" defaultValue="" />
          {creationKey ? <input type="hidden" name={OFFICIAL_KEY_FIELD} value={creationKey} /> : null}
          {OFFICIAL_FIELDS.map((def) => (
            <OfficialField
              key={def.name}
              def={def}
              value={(values as Record<string, string>)[def.name]}
              error={errors?.[def.name]}
              countries={data.countries}
              today={data.today}
              tomorrow={data.tomorrow}
            />
          ))}
          <div className={styles.actions}>
            <Button type="submit" data-testid="save-official" disabled={busy} aria-busy={busy || undefined}>
              {t("officials.form.save")}
            </Button>
            <Link to={data.back}>{t("officials.form.back")}</Link>
          </div>
        </Form>
      )}
    </SpecialPage>
  );
}
