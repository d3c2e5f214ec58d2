/**
 * The screen of /profile/companies/:organizationId/cof — company users (route module
 * `$organizationId.cof.tsx` beside it; spec 001 §2, §3 "Company official", §6): the officials
 * with position, percentage, nature of control, status, signature type and official type; for a
 * main representative the add form, an edit form per official (`?edit=<officialId>`) and a
 * status button per official (suspend / reactivate). Others see the list read-only with a
 * notice. Every form is a plain POST with the CSRF token (PRG), working without JavaScript.
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import type { CompanyOfficial } from "../../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ListError } from "~/components/ui/ListError";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import { NATURES, OFFICIAL_TYPES } from "./__cof.options";
import styles from "./cof.module.css";
import type { action, loader } from "./$organizationId.cof";

/** The role fields (add and edit forms), in display order. */
export const ROLE_FIELDS = ["companyOfficialType", "signatureType", "position", "percentage", "natureOfControl"] as const;
/** The add form's fields, in display order (error summary order). */
export const ADD_FIELDS = ["firstName", "lastName", "phone", "email", ...ROLE_FIELDS] as const;
/** Form ids: the action answers errors to the form that posted. */
export const FORM_IDS = { add: "official-add", update: "official-edit" };

/** The forms' rules (./__cof.schema.ts), loaded when a form is first used (lib/lazy-validator.ts). */
const addValidator = lazyValidator(() => import("./__cof.schema").then((m) => m.addValidator));
const updateValidator = lazyValidator(() => import("./__cof.schema").then((m) => m.updateValidator));

/** Name of an official, or the phone when no name is known. */
function personName(o: CompanyOfficial): string {
  return [o.firstName, o.lastName].filter(Boolean).join(" ") || o.phone || "";
}

function OfficialRow({ official, manage, base }: { official: CompanyOfficial; manage: boolean; base: string }) {
  const { t } = useTranslation("profile");
  const name = personName(official);
  const next = official.status === "SUSPENDED" ? "APPROVED" : "SUSPENDED";
  const dash = t("cof.none");
  return (
    <tr data-testid="official">
      <th scope="row">
        {name}
        {official.isCurrentUser ? <span className={styles.meta}> {t("cof.you")}</span> : null}
        {official.phone ? (
          <div className={styles.meta} dir="ltr">
            {official.phone}
          </div>
        ) : null}
      </th>
      <td>{official.position ?? dash}</td>
      <td>{official.percentage !== null ? t("cof.percent", { value: official.percentage }) : dash}</td>
      <td>{official.natureOfControl ? t(`cof.nature.${official.natureOfControl}`) : dash}</td>
      <td data-testid="official-status">{t(`cof.status.${official.status}`)}</td>
      <td>{t(`cof.signature.${official.signatureType}`)}</td>
      <td>{official.companyOfficialType ? t(`cof.type.${official.companyOfficialType}`) : dash}</td>
      {manage ? (
        <td className={styles.rowActions}>
          <Link to={`${base}?edit=${encodeURIComponent(official.id)}`} aria-label={t("cof.edit-named", { name })}>
            {t("cof.edit")}
          </Link>
          <Form method="post" action={base}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="officialId" value={official.id} />
            <input type="hidden" name="status" value={next} />
            <Button type="submit" variant="secondary" aria-label={t(`cof.to-${next}-named`, { name })}>
              {t(`cof.to-${next}`)}
            </Button>
          </Form>
        </td>
      ) : null}
    </tr>
  );
}

function RoleFields({ official }: { official?: CompanyOfficial }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <ValidatedField
        as="select"
        name="companyOfficialType"
        label={t("cof.fields.type")}
        required
        defaultValue={official?.companyOfficialType ?? "DIRECTOR"}
      >
        {OFFICIAL_TYPES.map((v) => (
          <option key={v} value={v}>
            {t(`cof.type.${v}`)}
          </option>
        ))}
      </ValidatedField>
      <ValidatedField
        as="select"
        name="signatureType"
        label={t("cof.fields.signature")}
        hint={t("cof.fields.signature-hint")}
        required
        defaultValue={official?.signatureType ?? "NONE"}
      >
        {(["NONE", "SINGLE"] as const).map((v) => (
          <option key={v} value={v}>
            {t(`cof.signature.${v}`)}
          </option>
        ))}
      </ValidatedField>
      <ValidatedField
        name="position"
        label={t("cof.fields.position")}
        maxLength={100}
        autoComplete="organization-title"
        defaultValue={official?.position ?? undefined}
      />
      <ValidatedField
        name="percentage"
        label={t("cof.fields.percentage")}
        hint={t("cof.fields.percentage-hint")}
        inputMode="decimal"
        maxLength={6}
        autoComplete="off"
        defaultValue={official?.percentage ?? undefined}
      />
      <ValidatedField
        as="select"
        name="natureOfControl"
        label={t("cof.fields.nature")}
        defaultValue={official?.natureOfControl ?? ""}
      >
        <option value="">{t("cof.none")}</option>
        {NATURES.map((v) => (
          <option key={v} value={v}>
            {t(`cof.nature.${v}`)}
          </option>
        ))}
      </ValidatedField>
    </>
  );
}

function AddForm({ base }: { base: string }) {
  const { t } = useTranslation("profile");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="cof-add" className={styles.section}>
      <h2 id="cof-add">{t("cof.add.title")}</h2>
      <p>{t("cof.add.intro")}</p>
      <ValidatedForm
        id={FORM_IDS.add}
        validator={addValidator}
        method="post"
        action={base}
        noValidate={hydrated}
        className={styles.form}
      >
        <ValidatedErrorSummary order={ADD_FIELDS} />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add" />
        <ValidatedField name="firstName" label={t("cof.fields.first-name")} required maxLength={100} autoComplete="off" />
        <ValidatedField name="lastName" label={t("cof.fields.last-name")} required maxLength={100} autoComplete="off" />
        <ValidatedField
          name="phone"
          label={t("cof.fields.phone")}
          hint={t("cof.fields.phone-hint")}
          required
          type="tel"
          maxLength={20}
          autoComplete="off"
        />
        <ValidatedField name="email" label={t("cof.fields.email")} type="email" maxLength={254} autoComplete="off" />
        <RoleFields />
        <SubmitButton>{t("cof.add.submit")}</SubmitButton>
      </ValidatedForm>
    </section>
  );
}

function EditForm({ official, base }: { official: CompanyOfficial; base: string }) {
  const { t } = useTranslation("profile");
  const hydrated = useIsHydrated();
  const name = personName(official);
  return (
    <section aria-labelledby="cof-edit" className={styles.section}>
      <h2 id="cof-edit">{t("cof.edit-title", { name })}</h2>
      <ValidatedForm
        id={FORM_IDS.update}
        validator={updateValidator}
        method="post"
        action={`${base}?edit=${encodeURIComponent(official.id)}`}
        noValidate={hydrated}
        className={styles.form}
      >
        <ValidatedErrorSummary order={ROLE_FIELDS} />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="officialId" value={official.id} />
        <RoleFields official={official} />
        <div className={styles.actions}>
          <SubmitButton>{t("cof.save")}</SubmitButton>
          <Link to={base}>{t("cof.cancel")}</Link>
        </div>
      </ValidatedForm>
    </section>
  );
}

export default function CompanyUsersScreen() {
  const { organization, officials, listError, manage, editing, done } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as { statusError?: string } | undefined;
  const { t } = useTranslation("profile");
  const base = `/profile/companies/${encodeURIComponent(organization.id)}/cof`;
  const edited = editing ? officials.find((o) => o.id === editing) : undefined;
  return (
    <>
      <h1>{t("cof.title")}</h1>
      <p data-testid="organization-name">{organization.fullName}</p>
      {done ? <Alert kind="success">{t(`cof.done.${done}`)}</Alert> : null}
      {failed?.statusError ? <Alert kind="error">{failed.statusError}</Alert> : null}
      {manage ? null : <Alert testId="cof-read-only">{t("cof.read-only")}</Alert>}
      {listError ? (
        <ListError message={listError} testId="officials-error" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="officials">
            <caption>{t("cof.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("cof.columns.name")}</th>
                <th scope="col">{t("cof.columns.position")}</th>
                <th scope="col">{t("cof.columns.percentage")}</th>
                <th scope="col">{t("cof.columns.nature")}</th>
                <th scope="col">{t("cof.columns.status")}</th>
                <th scope="col">{t("cof.columns.signature")}</th>
                <th scope="col">{t("cof.columns.type")}</th>
                {manage ? <th scope="col">{t("cof.columns.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {officials.map((o) => (
                <OfficialRow key={o.id} official={o} manage={manage} base={base} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage && edited ? <EditForm official={edited} base={base} /> : null}
      {manage && !edited ? <AddForm base={base} /> : null}
      <p>
        <Link to="/profile">{t("back")}</Link>
      </p>
    </>
  );
}
