/**
 * File uploads from the web app's plain multipart forms (issue 6 supporting documents of a
 * payment, issue 7 documents of a beneficiary's contract; spec 000 §5 "Uploads allow multiple
 * files", §8 "Attachment too large … 'Identity.max-size-error'"), server side: reading the body
 * with limits (`readUploadForm`, never `request.formData()`, which would buffer a body of any
 * size), forwarding the files to POST /v1/uploads (`uploadFiles`), and the form's answers to a
 * refused read or an API refusal (`uploadReadErrorResponse`, `uploadErrorResponse`). The API
 * decides the type by the bytes; the web only reads within limits and says why.
 *
 * The files are read into memory, so the web app counts the upload bodies it holds at once
 * under a ceiling of its own (UPLOADS_IN_FLIGHT_MB, lib/config.server.ts; the API counts what it
 * receives under its own, server/api/v1/uploads.ts): a body that would pass it is read for its
 * text fields only (the CSRF token, the intent) and answered "busy, try again in a few seconds"
 * on the form's `files` field (503, Retry-After), never buffered. docs/decisions.md "Upload
 * bodies in memory".
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { UploadHandler } from "@remix-run/node";
import type { ApiFieldError, Upload } from "../../server/api/v1/contract";
import { ByteBudget } from "../../server/rules/byte-budget";
import { ApiError, type Api } from "./api.server";
import { config } from "./config.server";
import { apiErrorResponse, validationError, type ServerT } from "./forms.server";
import { atRequestEnd } from "./session-scope.server";

/** Largest file the API takes (10 MiB, its MAX_UPLOAD_BYTES); a part over it stops the parse. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Most files in one upload (the API's MAX_UPLOAD_FILES). */
export const MAX_FILES = 10;
/** Text fields of the upload form are few and short (csrf, intent, the form id). */
const MAX_TEXT_FIELDS = 10;
const MAX_TEXT_BYTES = 4 * 1024;
/** After a refused part, the rest of the body is read and dropped (up to this much) before answering. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * The most one upload form's body holds in memory (bytes): MAX_FILES files at one byte over the
 * limit each (the parse stops a file there) and 1 MiB of text fields and framing — the web
 * guard's WEB_UPLOAD_BODY_LIMIT (server/web-guards.ts), which refuses a larger body before it
 * reaches a page. A body reserves its Content-Length, at most this.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILES * (MAX_FILE_BYTES + 1) + 1024 * 1024;
/** Seconds a busy answer asks the browser to wait (Retry-After). */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

let processBudget: ByteBudget | undefined;
/** The web app's ceiling on upload bodies held at once (UPLOADS_IN_FLIGHT_MB), made on first use. */
function uploadBudget(): ByteBudget {
  processBudget ??= new ByteBudget(config().UPLOADS_IN_FLIGHT_BYTES);
  return processBudget;
}

/** The bytes a body reserves: its Content-Length, at most MAX_UPLOAD_BODY_BYTES (that much without one). */
export function uploadReservation(contentLength: string | null): number {
  if (!contentLength || !/^\d{1,15}$/.test(contentLength.trim())) return MAX_UPLOAD_BODY_BYTES;
  return Math.min(Number(contentLength.trim()), MAX_UPLOAD_BODY_BYTES);
}
/** The file input's `accept` when the settings cannot be read (the API's list). */
export const DEFAULT_ACCEPT = [".pdf", ".png", ".jpg", ".jpeg", ".xlsx", ".docx"];

/** Form id of an upload form (remix-validated-form) unless the page says otherwise. */
export const UPLOAD_FORM_ID = "documents";

/**
 * Why an upload body was refused while it was read; `busy`: the web app already holds as many
 * upload bytes as it takes (its files were not read; try again in a few seconds).
 */
export type UploadFormError = "too-large" | "too-many" | "unreadable" | "busy";

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
 *
 * Before reading, the body's size (`uploadReservation`) is reserved under the web app's upload
 * ceiling (`limits.budget`, default the process's: UPLOADS_IN_FLIGHT_MB) until the request's
 * answer is ready (`atRequestEnd`; outside a request scope, until this read ends). When it does
 * not fit, the text fields are read and the first file part ends the read with `busy`: no file
 * is held.
 * @returns `form`: the whole form, or on a refusal the fields read before it (the CSRF token
 *   and intent come before the files in the page's form); `error` says what was refused
 */
export async function readUploadForm(
  request: Request,
  limits: { maxTextFields?: number; budget?: ByteBudget } = {},
): Promise<{ form: FormData; error: UploadFormError | null }> {
  const maxTextFields = limits.maxTextFields ?? MAX_TEXT_FIELDS;
  const fields = new FormData();
  const source = request.body?.getReader();
  if (!source) return { form: fields, error: "unreadable" };
  const release = (limits.budget ?? uploadBudget()).tryAcquire(uploadReservation(request.headers.get("content-length")));
  const heldUntilRead = release !== null && !atRequestEnd(release);
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
      if (!release) throw new UploadLimitError("busy");
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
    if (heldUntilRead) release();
  }
}

/** The files the customer chose (an input left empty sends one part with no name and no bytes). */
export function chosenFiles(form: FormData): File[] {
  return form.getAll("files").filter((v): v is File => typeof v !== "string" && (v.name !== "" || v.size > 0));
}

/** Error keys of a refused read (`readUploadForm`). */
export const READ_ERROR_KEYS: Record<UploadFormError, string> = {
  "too-large": "errors:Identity.max-size-error",
  "too-many": "errors:Payments.documents-too-many",
  unreadable: "errors:Payments.documents-unreadable",
  busy: "errors:Payments.documents-busy",
};

/**
 * The upload form's answer to a refused read: the message on `files` (`keys` over the
 * defaults), status 400; `busy` is 503 with Retry-After (nothing wrong with the files).
 */
export function uploadReadErrorResponse(
  error: UploadFormError,
  t: ServerT,
  formId = UPLOAD_FORM_ID,
  keys: Partial<Record<UploadFormError, string>> = {},
) {
  const init =
    error === "busy" ? { status: 503, headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) } } : { status: 400 };
  return validationError({ fieldErrors: { files: t(keys[error] ?? READ_ERROR_KEYS[error]) }, formId }, {}, init);
}

/** True for the API's "busy, try again" (503 SERVICE_BUSY: it holds as many upload bytes as it takes). */
export function isServiceBusy(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.body.code === "SERVICE_BUSY";
}

/**
 * POST /v1/uploads: `files` for organization `organizationId` (multipart: `organizationId`, files
 * in `files`). Pass the organization of the resource the files go to (the payment's, the
 * channel's), not the active one: the API attaches only uploads of that organization.
 * @param organizationId null: the caller's own uploads (an applicant's own chat channel)
 * @returns the stored uploads, in the order given
 * @throws ApiError as the API answers (see `uploadErrorResponse`)
 */
export async function uploadFiles(api: Api, organizationId: string | null, files: File[]): Promise<Upload[]> {
  const body = new FormData();
  if (organizationId) body.append("organizationId", organizationId);
  for (const file of files) body.append("files", file, file.name);
  return (await api.post<{ data: Upload[] }>("/uploads", body)).data;
}

/**
 * API field constraints on `files` (POST /v1/uploads) and `uploadIds` (POST
 * /payments/:id/documents, POST /beneficiaries/:id/documents) → message keys shown on the
 * `files` field.
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
 * An error of an upload and attach (`uploadFiles`, then the resource's documents call) as the
 * upload form's answer (status 400): a field error on `files` or `uploadIds` on the `files`
 * field (translated; the API's text when the constraint is unknown); the API busy (503
 * SERVICE_BUSY) as a refused read's `busy` on `files` (503, Retry-After); errors on the form's other
 * `fields` (e.g. a category) on those fields, anything else as a form-level message. Non-API
 * errors are rethrown.
 * @param options.formId the form's id (default "documents"); options.fields its other fields;
 *   options.keys constraint id → message key, over the payment documents' ones (`CONSTRAINT_KEYS`)
 */
export function uploadErrorResponse(
  error: unknown,
  t: ServerT,
  {
    formId = UPLOAD_FORM_ID,
    fields = [],
    keys = {},
  }: { formId?: string; fields?: readonly string[]; keys?: Record<string, string> } = {},
) {
  if (isServiceBusy(error)) return uploadReadErrorResponse("busy", t, formId);
  if (error instanceof ApiError && Array.isArray(error.body.message)) {
    for (const item of error.body.message) {
      if (!isFieldError(item) || (item.property !== "files" && item.property !== "uploadIds")) continue;
      const [constraint, text] = Object.entries(item.constraints ?? {})[0] ?? ["", ""];
      const key = keys[constraint] ?? CONSTRAINT_KEYS[constraint];
      const message = key ? t(key) : String(text) || t("errors:Payments.documents-unreadable");
      return validationError({ fieldErrors: { files: message }, formId }, {}, { status: 400 });
    }
  }
  return apiErrorResponse(error, t, ["files", ...fields], {}, undefined, formId);
}
