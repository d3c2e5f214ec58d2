/**
 * The corporate add-documents step page (issue 8 "Documents"; spec 001 §3 document categories,
 * §5 "Uploads allow multiple files by default; the default hint reads '.pdf, .png, .jpg, .xlsx,
 * .docx and etc.'"): per allowed category (required ones marked) its uploaded files — name, size,
 * a download link (resource route add-documents_.$documentId.tsx) and a remove button (a POST
 * form) — and a multi-file upload form (multipart POST: intent=upload, category, files);
 * "Continue" posts intent=continue. A refusal is shown on that category's file input
 * (`files-<CATEGORY>`) and in the error summary. Server side: lib/identity-special-documents.server.ts.
 */
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApplicationDocument } from "../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { fileSizeParts } from "~/lib/file-size";
import type { documentsLoader } from "~/lib/identity-special-documents.server";
import { documentHref, filesFieldId, type DocumentGroup } from "~/lib/identity-special";
import { SpecialPage } from "./SpecialPage";
import styles from "./special.module.css";

function DocumentItem({
  document,
  applicationId,
  action,
  editable,
}: {
  document: ApplicationDocument;
  applicationId: string;
  action: string;
  editable: boolean;
}) {
  const { t } = useTranslation("identity");
  const size = fileSizeParts(document.upload.size);
  return (
    <li className={styles.item} data-testid="document" data-document-id={document.id}>
      <span className={styles.itemMain}>
        <a href={documentHref(applicationId, document.id)} download={document.upload.name}>
          {document.upload.name}
        </a>{" "}
        <span className={styles.muted}>({t(`documents.${size.key}`, { value: size.value })})</span>
      </span>
      {editable ? (
        <Form method="post" action={action} className={styles.inline}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="documentId" value={document.id} />
          <Button type="submit" variant="link" aria-label={t("documents.remove-label", { name: document.upload.name })}>
            {t("documents.remove")}
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

function CategorySection({ group, error }: { group: DocumentGroup; error?: string }) {
  const data = useLoaderData<typeof documentsLoader>();
  const { t } = useTranslation("identity");
  const name = t(`documents.categories.${group.category}`, { defaultValue: group.category });
  const headingId = `category-${group.category}`;
  const inputId = filesFieldId(group.category);
  return (
    <section
      aria-labelledby={headingId}
      className={styles.category}
      data-testid="document-category"
      data-category={group.category}
    >
      <h2 id={headingId}>
        {name}
        <span className={styles.tag}>{group.required ? t("documents.required") : t("documents.optional")}</span>
      </h2>
      {group.documents.length === 0 ? (
        <p className={styles.muted}>{t("documents.none")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("documents.files-of", { category: name })}>
          {group.documents.map((d) => (
            <DocumentItem
              key={d.id}
              document={d}
              applicationId={data.applicationId}
              action={data.self}
              editable={data.editable}
            />
          ))}
        </ul>
      )}
      {data.editable ? (
        <Form
          // A new, empty form once the category's files changed (the chosen files are not kept).
          key={group.documents.map((d) => d.id).join(",")}
          method="post"
          action={data.self}
          encType="multipart/form-data"
          noValidate
          data-testid="upload-form"
        >
          {/* The token and intent come before the files: a refused upload is answered from them. */}
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="category" value={group.category} />
          <Field
            id={inputId}
            name="files"
            type="file"
            multiple
            accept={data.accept}
            label={t("documents.files", { category: name })}
            hint={t(["upload-hint", "documents.upload-hint"])}
            error={error}
            required={group.required && group.documents.length === 0}
          />
          <Button type="submit" variant="secondary">
            {t("documents.upload")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** /identity/corporate/add-documents */
export function DocumentsStep() {
  const data = useLoaderData<typeof documentsLoader>();
  const action = useActionData<{ fieldErrors?: Record<string, string> }>();
  const { t } = useTranslation("identity");
  const errors = action?.fieldErrors ?? data.stepErrors;
  return (
    <SpecialPage
      title={t("documents.title")}
      notice={data.notice ? t(`documents.notice.${data.notice}`) : null}
      errors={errors}
      order={data.groups.map((g) => filesFieldId(g.category))}
    >
      {!data.editable ? <Alert testId="read-only">{t("documents.read-only")}</Alert> : null}
      <p>{t("documents.intro")}</p>
      {data.groups.map((g) => (
        <CategorySection key={g.category} group={g} error={errors?.[filesFieldId(g.category)]} />
      ))}
      {data.editable ? (
        <Form method="post" action={data.self} className={styles.actions}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="continue" />
          <Button type="submit" data-testid="continue">
            {t("documents.continue")}
          </Button>
        </Form>
      ) : null}
    </SpecialPage>
  );
}
