/**
 * Supporting documents of a payment, server side (issue 6; spec 000 §4 signing flow "create the
 * payment and obtain its id; optionally attach locally kept documents; … request an SMS code",
 * §5 "Uploads allow multiple files", §8 "Attachment too large … 'Identity.max-size-error'").
 * Used by the signing page (`sign.tsx`: list, upload form, the rule's notice, the pre-check
 * before a code is spent) and the receipt (`_index.tsx`: list).
 *
 * API: GET /v1/settings/transactions-documents (the rule, accepted types), GET
 * /v1/payments/:id/documents, POST /v1/uploads (multipart: `organizationId`, files in `files`),
 * POST /v1/payments/:id/documents { uploadIds }. The API decides the type by the bytes and
 * refuses signing without a required document (400 DOCUMENTS_REQUIRED); the web only asks
 * early and says why.
 *
 * Upload bodies are parsed here with limits (`readUploadForm`), never with
 * `request.formData()`, which would buffer a body of any size.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { UploadHandler } from "@remix-run/node";
import DecimalJs from "decimal.js";
import type { ApiFieldError, Payment, TransactionsDocumentsSettings, Upload } from "../../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { apiErrorResponse, validationError, type ServerT } from "~/lib/forms.server";

/** Largest file the API takes (10 MiB, its MAX_UPLOAD_BYTES); a part over it stops the parse. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Most files in one upload (the API's MAX_UPLOAD_FILES). */
export const MAX_FILES = 10;
/** Text fields of the upload form are few and short (csrf, intent, the form id). */
const MAX_TEXT_FIELDS = 10;
const MAX_TEXT_BYTES = 4 * 1024;
/** After a refused part, the rest of the body is read and dropped (up to this much) before answering. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** The file input's `accept` when the settings cannot be read (the API's list). */
export const DEFAULT_ACCEPT = [".pdf", ".png", ".jpg", ".jpeg", ".xlsx", ".docx"];

/** Form id of the upload form (remix-validated-form), for errors returned by the action. */
export const DOCUMENTS_FORM_ID = "documents";

/** Why a payment needs a supporting document: its kind is listed, or its amount reaches the threshold. */
export type DocumentsReason = "kind" | "amount";

/**
 * The supporting-documents rule of the API (server/domain/uploads `documentsRequired`), for
 * the signing page: whether `payment` needs a document before it is signed.
 * Amounts are compared as decimals (decimal.js), never as floats, in the payment's currency.
 * @param rule GET /v1/settings/transactions-documents (`thresholdAmount` null: no threshold)
 * @param payment its kind and amount (decimal string)
 * @returns "kind" when the kind is listed, "amount" when amount ≥ thresholdAmount (an
 *   unreadable amount counts as "amount", as on the server), else null
 */
export function documentsRequired(
  rule: Pick<TransactionsDocumentsSettings, "requiredKinds" | "thresholdAmount">,
  payment: Pick<Payment, "kind" | "amount">,
): DocumentsReason | null {
  if (rule.requiredKinds.includes(payment.kind)) return "kind";
  if (rule.thresholdAmount === null) return null;
  let amount: DecimalJs;
  let threshold: DecimalJs;
  try {
    amount = new DecimalJs(payment.amount);
    threshold = new DecimalJs(rule.thresholdAmount);
  } catch {
    return "amount";
  }
  return amount.isNaN() || threshold.isNaN() || amount.gte(threshold) ? "amount" : null;
}

/**
 * GET /v1/settings/transactions-documents.
 * @returns the rule, or null when the API answered an error (the page still works: the API
 *   enforces the rule at signing); redirects (session, 403) are rethrown
 */
export async function loadDocumentsRule(api: Api): Promise<TransactionsDocumentsSettings | null> {
  try {
    return await api.get<TransactionsDocumentsSettings>("/settings/transactions-documents");
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * The payment's documents (GET /v1/payments/:id/documents), in attach order; no call when
 * `payment.documentIds` is empty. An API error gives an empty list (redirects are rethrown).
 */
export async function loadDocuments(api: Api, payment: Pick<Payment, "id" | "documentIds">): Promise<Upload[]> {
  if (!payment.documentIds.length) return [];
  try {
    return (await api.get<{ data: Upload[] }>(`/payments/${encodeURIComponent(payment.id)}/documents`)).data;
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** Why an upload body was refused while it was read. */
export type UploadFormError = "too-large" | "too-many" | "unreadable";

class UploadLimitError extends Error {
  constructor(readonly reason: UploadFormError) {
    super(`upload refused: ${reason}`);
  }
}

/** Read and drop the rest of a body (so the answer is not cut off by a reset), up to DRAIN_LIMIT_BYTES. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/**
 * Parse a multipart upload form with limits: files only in `files`, at most MAX_FILES of at
 * most MAX_FILE_BYTES each (Remix's memory upload handler, `maxPartSize` one byte over the
 * limit: a larger part stops the parse as soon as it is read that far), text fields few and
 * short (`limits.maxTextFields`, default 10, for a form with more fields). The body is always read to its end (a refused one up to a limit), so the answer
 * reaches the browser.
 * @returns `form`: the whole form, or on a refusal the fields read before it (the CSRF token
 *   and intent come before the files in the page's form); `error` says what was refused
 */
export async function readUploadForm(
  request: Request,
  limits: { maxTextFields?: number } = {},
): Promise<{ form: FormData; error: UploadFormError | null }> {
  const maxTextFields = limits.maxTextFields ?? MAX_TEXT_FIELDS;
  const fields = new FormData();
  const source = request.body?.getReader();
  if (!source) return { form: fields, error: "unreadable" };
  // Pulled only when the parser reads (highWaterMark 0), so `drain` reads what the parser left.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
  const proxy = new Request(request.url, { method: "POST", headers: request.headers, body, duplex: "half" } as RequestInit);
  const fileHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_FILE_BYTES + 1 });
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_BYTES });
  let files = 0;
  let texts = 0;
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename === "string") {
      if (part.name !== "files") throw new UploadLimitError("unreadable");
      if (++files > MAX_FILES) throw new UploadLimitError("too-many");
      return fileHandler(part);
    }
    if (++texts > maxTextFields) throw new UploadLimitError("unreadable");
    const value = await textHandler(part);
    if (typeof value === "string") fields.append(part.name, value);
    return value;
  };
  try {
    return { form: await unstable_parseMultipartFormData(proxy, handler), error: null };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return { form: fields, error: error.field === "files" ? "too-large" : "unreadable" };
    if (error instanceof UploadLimitError) return { form: fields, error: error.reason };
    // Broken framing, a missing boundary, a malformed part header: the body is not a form.
    return { form: fields, error: "unreadable" };
  } finally {
    await drain(source);
  }
}

/** The files the customer chose (an input left empty sends one part with no name and no bytes). */
export function chosenFiles(form: FormData): File[] {
  return form.getAll("files").filter((v): v is File => typeof v !== "string" && (v.name !== "" || v.size > 0));
}

/** Error keys of a refused read (`readUploadForm`). */
const READ_ERROR_KEYS: Record<UploadFormError, string> = {
  "too-large": "errors:Identity.max-size-error",
  "too-many": "errors:Payments.documents-too-many",
  unreadable: "errors:Payments.documents-unreadable",
};

/** The upload form's answer to a refused read: the message on `files`, status 400. */
export function uploadReadErrorResponse(error: UploadFormError, t: ServerT) {
  return validationError({ fieldErrors: { files: t(READ_ERROR_KEYS[error]) }, formId: DOCUMENTS_FORM_ID }, {}, { status: 400 });
}

/**
 * Upload `files` for the payment's organization (POST /v1/uploads) and attach them to the
 * payment (POST /v1/payments/:id/documents).
 * @throws ApiError as the API answers (see `documentsErrorResponse`)
 */
export async function attachDocuments(
  api: Api,
  payment: Pick<Payment, "id" | "organizationId">,
  files: File[],
): Promise<string[]> {
  const body = new FormData();
  body.append("organizationId", payment.organizationId);
  for (const file of files) body.append("files", file, file.name);
  const uploaded = await api.post<{ data: Upload[] }>("/uploads", body);
  const attached = await api.post<{ data: string[] }>(`/payments/${encodeURIComponent(payment.id)}/documents`, {
    uploadIds: uploaded.data.map((u) => u.id),
  });
  return attached.data;
}

/**
 * API field constraints on `files` (POST /v1/uploads) and `uploadIds` (POST
 * /payments/:id/documents) → message keys shown on the `files` field.
 */
const CONSTRAINT_KEYS: Record<string, string> = {
  maxSize: "errors:Identity.max-size-error",
  isAllowedType: "errors:Payments.documents-type",
  isNotEmpty: "errors:Payments.documents-empty",
  arrayMinSize: "errors:Payments.documents-choose",
  arrayMaxSize: "errors:Payments.documents-too-many",
};

function isFieldError(v: unknown): v is ApiFieldError {
  return typeof v === "object" && v !== null && typeof (v as ApiFieldError).property === "string";
}

/**
 * An error of `attachDocuments` as the upload form's answer (status 400, formId "documents"):
 * a field error on `files` or `uploadIds` on the `files` field (translated; the API's text
 * when the constraint is unknown), anything else as a form-level message. Non-API errors are
 * rethrown.
 */
export function documentsErrorResponse(error: unknown, t: ServerT) {
  if (error instanceof ApiError && Array.isArray(error.body.message)) {
    for (const item of error.body.message) {
      if (!isFieldError(item) || (item.property !== "files" && item.property !== "uploadIds")) continue;
      const [constraint, text] = Object.entries(item.constraints ?? {})[0] ?? ["", ""];
      const key = CONSTRAINT_KEYS[constraint];
      const message = key ? t(key) : String(text) || t("errors:Payments.documents-unreadable");
      return validationError({ fieldErrors: { files: message }, formId: DOCUMENTS_FORM_ID }, {}, { status: 400 });
    }
  }
  return apiErrorResponse(error, t, ["files"], {}, undefined, DOCUMENTS_FORM_ID);
}
