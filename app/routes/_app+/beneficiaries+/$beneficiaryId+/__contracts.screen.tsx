/**
 * The screen of /beneficiaries/:beneficiaryId/contracts (route module `contracts.tsx` beside it)
 * and its forms, whose schemas (./__contracts.schema.ts) the route's action shares (spec 000 §2 "/beneficiaries/{beneficiaryId}/
 * contracts?contract={contractId}", §3 Contracts, §4 contract states).
 *
 * Without `?contract`: the beneficiary's contracts (name, number, status badge — DRAFT and
 * UNDER_REVIEW pending-style, REJECTED with its reason, APPROVED —, documents count) and the
 * create form (name, number). With `?contract=<id>`: the contract (details, what its status
 * means), its edit form while editable (DRAFT/REJECTED, or any when no approval is required), the
 * submit-for-review form (DRAFT/REJECTED), its supporting documents by category with download
 * links and the multipart upload form (category + files). Every form is a plain POST that works
 * without JavaScript (CSRF token, PRG). Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import type { BeneficiaryContract, BeneficiaryDocument, ContractStatus } from "../../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { statusTone } from "~/lib/beneficiaries";
import { formatDate } from "~/lib/dates";
import { fileSizeParts } from "~/lib/file-size";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import detailsList from "~/components/ui/DetailsList.module.css";
import styles from "./contracts.module.css";
import type { loader } from "./contracts";

/** Fields of the create and edit forms, in display order (error summary order). */
export const FIELDS = ["name", "number"] as const;
/** Form ids (remix-validated-form): the action answers errors to the form that posted. */
export const FORM_IDS = { create: "contract-create", update: "contract-edit", submit: "contract-submit", upload: "documents" };

/** The forms' rules (./__contracts.schema.ts), loaded when a form is first used (lib/lazy-validator.ts). */
const schema = () => import("./__contracts.schema");
const createValidator = lazyValidator(() => schema().then((m) => m.createValidator));
const updateValidator = lazyValidator(() => schema().then((m) => m.updateValidator));
const submitValidator = lazyValidator(() => schema().then((m) => m.submitValidator));
const uploadValidator = lazyValidator(() => schema().then((m) => m.uploadValidator));

/** Status badge of a contract (the shared badge: DRAFT and UNDER_REVIEW pending-style, spec 000 §4). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation("beneficiaries");
  return (
    <StatusBadge tone={statusTone(status)} label={t(`contracts.status.${status}`)} testId="contract-status" status={status} />
  );
}

function ContractList() {
  const { beneficiary, contracts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const base = `/beneficiaries/${encodeURIComponent(beneficiary.id)}/contracts`;
  return (
    <section aria-labelledby="contracts-title" className={styles.section}>
      <h2 id="contracts-title">{t("contracts.list-title")}</h2>
      <p>{t("contracts.list-intro")}</p>
      {contracts.length === 0 ? (
        <p data-testid="contracts-none">{t("contracts.none")}</p>
      ) : (
        <ul className={styles.list} data-testid="contracts">
          {contracts.map((c) => (
            <li key={c.id} className={styles.item} data-testid="contract">
              <Link to={`${base}?contract=${encodeURIComponent(c.id)}`} className={styles.itemName}>
                {c.name}
              </Link>{" "}
              <ContractStatusBadge status={c.status} />
              <span className={styles.meta}>
                {c.number ? <span>{t("contracts.number", { number: c.number })}</span> : null}
                <span>{t("contracts.documents-count", { count: c.documentIds.length })}</span>
              </span>
              {c.status === "REJECTED" && c.rejectionReason ? (
                <span className={styles.reason} data-testid="rejection-reason">
                  {t("contracts.rejected-reason", { reason: c.rejectionReason })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateForm() {
  const { beneficiary } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="create-title" className={styles.section}>
      <h2 id="create-title">{t("contracts.create.title")}</h2>
      <p>{t("contracts.create.intro")}</p>
      <ValidatedForm
        id={FORM_IDS.create}
        validator={createValidator}
        method="post"
        action={`/beneficiaries/${encodeURIComponent(beneficiary.id)}/contracts`}
        noValidate={hydrated}
      >
        <ValidatedErrorSummary order={FIELDS} />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="create" />
        <ContractFields />
        <div className={styles.actions}>
          <SubmitButton>{t("contracts.create.submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

function ContractFields({ contract }: { contract?: Pick<BeneficiaryContract, "name" | "number"> }) {
  const { t } = useTranslation("beneficiaries");
  return (
    <>
      <ValidatedField
        name="name"
        label={t("contracts.fields.name")}
        hint={t("contracts.fields.name-hint")}
        required
        maxLength={140}
        autoComplete="off"
        defaultValue={contract?.name}
      />
      <ValidatedField
        name="number"
        label={t("contracts.fields.number")}
        hint={t("contracts.fields.number-hint")}
        maxLength={70}
        autoComplete="off"
        spellCheck={false}
        defaultValue={contract?.number ?? undefined}
      />
    </>
  );
}

/** What the contract's status means for the customer, and the reason of a rejection. */
function StatusNotice({ contract }: { contract: BeneficiaryContract }) {
  const { beneficiary } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  switch (contract.status) {
    case "REJECTED":
      return (
        <Alert kind="error" testId="contract-notice">
          {t("contracts.review.rejected")}{" "}
          {contract.rejectionReason ? (
            <strong data-testid="rejection-reason">{t("contracts.rejected-reason", { reason: contract.rejectionReason })}</strong>
          ) : null}
        </Alert>
      );
    case "UNDER_REVIEW":
      return <Alert testId="contract-notice">{t("contracts.review.under-review")}</Alert>;
    case "APPROVED":
      return (
        <Alert kind="success" testId="contract-notice">
          {t("contracts.review.approved", { name: beneficiary.name })}
        </Alert>
      );
    default:
      return <Alert testId="contract-notice">{t("contracts.review.draft")}</Alert>;
  }
}

function EditForm({ contract, action }: { contract: BeneficiaryContract; action: string }) {
  const { t } = useTranslation("beneficiaries");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="edit-title" className={styles.section}>
      <h2 id="edit-title">{t("contracts.edit.title")}</h2>
      <ValidatedForm id={FORM_IDS.update} validator={updateValidator} method="post" action={action} noValidate={hydrated}>
        <ValidatedErrorSummary order={FIELDS} />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="contractId" value={contract.id} />
        <ContractFields contract={contract} />
        <div className={styles.actions}>
          <SubmitButton>{t("contracts.edit.submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

/** Submit for review: after the details and documents, when they are complete. */
function SubmitForm({ contract, action }: { contract: BeneficiaryContract; action: string }) {
  const { t } = useTranslation("beneficiaries");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="review-title" className={styles.section}>
      <h2 id="review-title">{t("contracts.review.title")}</h2>
      <ValidatedForm id={FORM_IDS.submit} validator={submitValidator} method="post" action={action} noValidate={hydrated}>
        <ValidatedErrorSummary />
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name="contractId" value={contract.id} />
        <SubmitButton>{t("contracts.review.submit")}</SubmitButton>
      </ValidatedForm>
    </section>
  );
}

function DocumentLink({ document }: { document: BeneficiaryDocument }) {
  const { beneficiary } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const size = fileSizeParts(document.size);
  return (
    <li data-testid="document" data-category={document.category}>
      <a
        href={`/beneficiaries/${encodeURIComponent(beneficiary.id)}/documents/${encodeURIComponent(document.id)}`}
        download={document.name}
      >
        {document.name}
      </a>{" "}
      <span>({t(`contracts.documents.${size.key}`, { value: size.value })})</span>
    </li>
  );
}

/** The contract's documents grouped by category (the allowed order, unknown categories after). */
function DocumentGroups() {
  const { documents, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  if (!documents.length) return <p data-testid="documents-none">{t("contracts.documents.none")}</p>;
  const order = [...categories, ...documents.map((d) => d.category).filter((c) => !categories.includes(c))];
  const groups = [...new Set(order)]
    .map((category) => ({ category, items: documents.filter((d) => d.category === category) }))
    .filter((g) => g.items.length > 0);
  return (
    <div data-testid="documents">
      {groups.map((g) => (
        <section key={g.category} aria-labelledby={`category-${g.category}`} data-testid="document-category">
          <h3 id={`category-${g.category}`}>{t(`contracts.categories.${g.category}`, { defaultValue: g.category })}</h3>
          <ul className={styles.plainList}>
            {g.items.map((d) => (
              <DocumentLink key={d.id} document={d} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CategorySelect() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  return (
    <ValidatedField as="select" name="category" label={t("contracts.documents.category")} required>
      <option value="">{t("contracts.documents.choose-category")}</option>
      {categories.map((c) => (
        <option key={c} value={c}>
          {t(`contracts.categories.${c}`, { defaultValue: c })}
        </option>
      ))}
    </ValidatedField>
  );
}

function FilesInput() {
  const { accept } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const { error } = useField("files", { formId: FORM_IDS.upload });
  return (
    <Field
      name="files"
      type="file"
      multiple
      accept={accept}
      label={t("contracts.documents.files")}
      hint={t("contracts.documents.files-hint")}
      error={error}
    />
  );
}

function DocumentsSection({ contract, editable, action }: { contract: BeneficiaryContract; editable: boolean; action: string }) {
  const { documents } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const hydrated = useIsHydrated();
  return (
    <section aria-labelledby="documents-title" className={styles.section}>
      <h2 id="documents-title">{t("contracts.documents.title")}</h2>
      <p>{t("contracts.documents.intro")}</p>
      <DocumentGroups />
      {editable ? (
        <ValidatedForm
          // A new, empty form once documents were attached (not `resetAfterSubmit`, which can clear
          // what was chosen again after a refusal while the refusal's answer is still settling).
          key={documents.map((d) => d.id).join(",")}
          id={FORM_IDS.upload}
          validator={uploadValidator}
          method="post"
          action={action}
          encType="multipart/form-data"
          noValidate={hydrated}
          className={styles.section}
        >
          <ValidatedErrorSummary order={["category", "files"]} />
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="contractId" value={contract.id} />
          <CategorySelect />
          <FilesInput />
          <div className={styles.actions}>
            <SubmitButton>{t("contracts.documents.submit")}</SubmitButton>
          </div>
        </ValidatedForm>
      ) : (
        <p data-testid="documents-locked">{t("contracts.documents.locked")}</p>
      )}
    </section>
  );
}

function ContractView({ contract }: { contract: BeneficiaryContract }) {
  const { beneficiary, approvalRequired } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  const base = `/beneficiaries/${encodeURIComponent(beneficiary.id)}/contracts`;
  const action = `${base}?contract=${encodeURIComponent(contract.id)}`;
  const reviewable = contract.status === "DRAFT" || contract.status === "REJECTED";
  const editable = reviewable || !approvalRequired;
  return (
    <>
      <h1>{contract.name}</h1>
      <p className={styles.links}>
        <Link to={base}>{t("contracts.all", { name: beneficiary.name })}</Link>
        <Link to={`/beneficiaries/${encodeURIComponent(beneficiary.id)}`}>
          {t("contracts.back-beneficiary", { name: beneficiary.name })}
        </Link>
      </p>
      <dl className={detailsList.details} aria-label={t("contracts.details.title")}>
        <dt>{t("contracts.details.beneficiary")}</dt>
        <dd>{beneficiary.name}</dd>
        <dt>{t("contracts.details.number")}</dt>
        <dd data-testid="contract-number">{contract.number ?? t("contracts.details.no-number")}</dd>
        <dt>{t("contracts.status.label")}</dt>
        <dd>
          <ContractStatusBadge status={contract.status} />
        </dd>
        <dt>{t("contracts.details.created")}</dt>
        <dd>{formatDate(contract.createdAt)}</dd>
      </dl>
      <StatusNotice contract={contract} />
      {editable ? <EditForm contract={contract} action={action} /> : null}
      <DocumentsSection contract={contract} editable={editable} action={action} />
      {reviewable && approvalRequired ? <SubmitForm contract={contract} action={action} /> : null}
    </>
  );
}

export default function ContractsScreen() {
  const { beneficiary, contract } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  if (contract) return <ContractView contract={contract} />;
  return (
    <>
      <h1>{t("contracts.title", { name: beneficiary.name })}</h1>
      <p className={styles.links}>
        <Link to={`/beneficiaries/${encodeURIComponent(beneficiary.id)}`}>
          {t("contracts.back-beneficiary", { name: beneficiary.name })}
        </Link>
      </p>
      <ContractList />
      <CreateForm />
    </>
  );
}
