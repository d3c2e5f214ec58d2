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
 * Upload bodies are parsed with limits (`readUploadForm`, lib/uploads.server.ts), never with
 * `request.formData()`, which would buffer a body of any size.
 */
import DecimalJs from "decimal.js";
import type { Payment, TransactionsDocumentsSettings, Upload } from "../../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import type { ServerT } from "~/lib/forms.server";
import { uploadErrorResponse, uploadFiles } from "~/lib/uploads.server";

// The upload plumbing is shared with the contract documents of a beneficiary (lib/uploads.server.ts).
export {
  chosenFiles,
  DEFAULT_ACCEPT,
  MAX_FILE_BYTES,
  MAX_FILES,
  READ_ERROR_KEYS,
  readUploadForm,
  UPLOAD_RETRY_AFTER_SECONDS,
  uploadReadErrorResponse,
  type UploadFormError,
} from "~/lib/uploads.server";

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
  const uploaded = await uploadFiles(api, payment.organizationId, files);
  const attached = await api.post<{ data: string[] }>(`/payments/${encodeURIComponent(payment.id)}/documents`, {
    uploadIds: uploaded.map((u) => u.id),
  });
  return attached.data;
}

/** An error of `attachDocuments` as the upload form's answer (lib/uploads.server.ts `uploadErrorResponse`, form "documents"). */
export function documentsErrorResponse(error: unknown, t: ServerT) {
  return uploadErrorResponse(error, t, { formId: DOCUMENTS_FORM_ID });
}
