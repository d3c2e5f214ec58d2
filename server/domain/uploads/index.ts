/**
 * Uploaded files and supporting documents of payments (spec 000 §7 "POST /v1/uploads
 * (multipart field files)", "POST /v1/payments/{id}/documents", "GET
 * /v1/settings/transactions-documents"; §5 "Uploads allow multiple files; default hint '.pdf,
 * .png, .jpg, .xlsx, .docx'"; §8 "Attachment too large … 'Identity.max-size-error'"; design note
 * "Files … live in the database behind /v1/uploads, checked by content (magic bytes),
 * size-limited, served only to members of the owning organization").
 *
 * - An upload belongs to ONE organization (the caller must be an APPROVED member: 403
 *   otherwise). Its type is decided by its bytes (`file-type`), never by its name or the
 *   client's Content-Type: PDF, PNG, JPEG, XLSX and DOCX are accepted, anything else (a
 *   renamed .exe, a text file named .pdf, a macro-enabled .docm/.xlsm) is refused.
 * - Limits: `MAX_UPLOAD_BYTES` (10 MiB) per file, `MAX_UPLOAD_FILES` per request, no empty
 *   file, `MAX_DOCUMENTS_PER_PAYMENT` documents per payment.
 * - A file is served only to members of its organization; to anyone else it does not exist
 *   (404, never 403).
 * - Supporting documents: a payment is refused signing (400 DOCUMENTS_REQUIRED, checked by
 *   server/domain/signing) when `documentsRequired` says so and none is attached.
 *
 * This module imports nothing of server/domain/payments (payments calls `documentIdsFor`).
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, notExists, sql, type SQL } from "drizzle-orm";
import DecimalJs from "decimal.js";
import { fileTypeFromBuffer } from "file-type";
import type { Database, Tx } from "../../db/client.js";
import {
  applicationDocuments,
  beneficiaryDocuments,
  chatDocuments,
  organizationMembers,
  paymentDocuments,
  paymentOrderFiles,
  payments,
  settings,
  uploads,
} from "../../db/schema/index.js";
import type { PaymentKind, TransactionsDocumentsSettings, Upload } from "../../api/v1/contract.js";
import { DomainError, fieldError } from "../errors.js";
import { withSerializableRetry } from "../ledger/index.js";
import { isUuid } from "../accounts/index.js";
import { callerMembershipOn, memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { consumeRateLimit, RATE_LIMITS, uploadCost } from "../rate-limit/index.js";

/** Largest accepted file: 10 MiB (10 × 1024 × 1024 bytes). A larger one gets 'Identity.max-size-error'. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Most files in one POST /v1/uploads. */
export const MAX_UPLOAD_FILES = 10;
/** Most supporting documents attached to one payment. */
export const MAX_DOCUMENTS_PER_PAYMENT = 10;
/** Longest stored file name, in characters (code points). */
export const MAX_FILE_NAME_LENGTH = 200;
/** The spec's message for a file that is too large (spec 000 §8, an i18n key the web app translates). */
export const MAX_SIZE_ERROR = "Identity.max-size-error";
/** `settings` key of the supporting-documents rule (JSON `{ requiredKinds, thresholdAmount }`). */
export const SETTING_TRANSACTIONS_DOCUMENTS = "TRANSACTIONS-DOCUMENTS";
/** Threshold used when the setting is missing or unreadable (see `getTransactionsDocumentsSettings`). */
export const DEFAULT_DOCUMENTS_THRESHOLD = "10000.00";

/**
 * Accepted types: `file-type`'s extension → the MIME type stored and served. file-type reads
 * Office files as ZIP archives and names them from `[Content_Types].xml` (or the `word/`, `xl/`
 * folders): docx and xlsx here; docm/xlsm/pptx/odt and plain zip come back under other names
 * and are refused.
 */
const ALLOWED_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
/**
 * The accepted types as the web app's file input takes them (`accept`, and the hint of spec 000
 * §5): extensions with their dot; `.jpeg` beside `.jpg` so pickers show both spellings.
 */
export const ALLOWED_UPLOAD_EXTENSIONS: readonly string[] = [".pdf", ".png", ".jpg", ".jpeg", ".xlsx", ".docx"];
const TYPES_MESSAGE = "files must be PDF, PNG, JPG, XLSX or DOCX documents";

const PAYMENT_KINDS: readonly PaymentKind[] = [
  "EURO",
  "GBP",
  "USD",
  "INTERNATIONAL",
  "INTERNAL",
  "BETWEEN_ACCOUNTS",
  "CRYPTO_ASSET_PAYMENT",
  "CASH_OVER_COUNTER",
];

/** A file as received: the client's name (untrusted) and its bytes. */
export interface UploadInput {
  name: string;
  bytes: Uint8Array;
}

/** The type of `bytes` from their content, when it is one of the accepted types. */
async function detectAllowedType(bytes: Uint8Array): Promise<{ ext: string; mimeType: string } | null> {
  let found: { ext: string } | undefined;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    // A malformed container file-type gives up on: not a type we accept.
    return null;
  }
  if (!found || !Object.hasOwn(ALLOWED_TYPES, found.ext)) return null;
  return { ext: found.ext, mimeType: ALLOWED_TYPES[found.ext] };
}

/** Lone UTF-16 surrogates (not encodable in UTF-8 or PostgreSQL text). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** C0/C1 controls (NUL included) and the bidirectional marks that disguise an extension ("invoice\u202Efdp.exe"). */
const UNSAFE_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A file name safe to store and to send back in Content-Disposition: the last path segment
 * (both `/` and `\` separate), without control characters or bidirectional marks, lone
 * surrogates replaced, NFC, trimmed, at most `MAX_FILE_NAME_LENGTH` characters (a long name is
 * cut before its extension, which is kept when it is short). Empty, "." or ".." → `fallback`.
 * @param raw the client's file name (untrusted, may be anything)
 * @param fallback name used when nothing is left, e.g. "document.pdf"
 */
export function sanitizeFileName(raw: string, fallback: string): string {
  const cleaned = raw.replace(LONE_SURROGATE, "\uFFFD").replace(UNSAFE_CHARACTERS, "").normalize("NFC");
  let name = (cleaned.split(/[/\\]/).pop() ?? "").trim();
  if (name === "." || name === "..") name = "";
  const chars = [...name];
  if (chars.length > MAX_FILE_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 ? [...name.slice(dot)] : [];
    name =
      ext.length > 1 && ext.length <= 16
        ? chars.slice(0, MAX_FILE_NAME_LENGTH - ext.length).join("") + ext.join("")
        : chars.slice(0, MAX_FILE_NAME_LENGTH).join("");
  }
  return name || fallback;
}

/** The extensions a stored type's file name may end with (case-insensitive); the first is added otherwise. */
const TYPE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
};

/**
 * A (sanitised) file name whose extension says what its bytes are: unchanged when it ends with an
 * extension of `mimeType` (any case), else with that type's extension added ("evil.html" holding a
 * PDF → "evil.html.pdf", "scan.jpeg" holding a PNG → "scan.jpeg.png"). Whoever downloads the file
 * (the customer, staff reviewing an application) saves it under this name, and the operating
 * system opens it by its extension: a PDF or PNG that is also valid HTML or script (a polyglot)
 * named `.html`/`.svg`/`.js` would otherwise open as that. Kept within MAX_FILE_NAME_LENGTH
 * characters (the name is cut before the added extension).
 * @param name a name already through `sanitizeFileName`
 * @param mimeType the type read from the bytes (`ALLOWED_TYPES`); another type leaves the name as it is
 */
export function nameMatchingType(name: string, mimeType: string): string {
  const extensions = TYPE_EXTENSIONS[mimeType];
  if (!extensions || extensions.some((e) => name.toLowerCase().endsWith(e))) return name;
  const ext = extensions[0];
  return [...name].slice(0, MAX_FILE_NAME_LENGTH - ext.length).join("") + ext;
}

type UploadRow = Pick<typeof uploads.$inferSelect, "id" | "name" | "mimeType" | "size" | "createdAt">;
const uploadColumns = {
  id: uploads.id,
  name: uploads.name,
  mimeType: uploads.mimeType,
  size: uploads.size,
  createdAt: uploads.createdAt,
};

function toWire(r: UploadRow): Upload {
  return { id: r.id, name: r.name, mimeType: r.mimeType, size: r.size, createdAt: r.createdAt.toISOString() };
}

/**
 * One received file checked as every upload is (not empty, at most MAX_UPLOAD_BYTES, a PDF, PNG,
 * JPEG, XLSX or DOCX by its bytes) and made ready to store: a new id, the sanitised name (its
 * extension that of the type read: `nameMatchingType`), the
 * detected MIME type, size and SHA-256. The caller adds the owner columns.
 * @throws 400 VALIDATION_FAILED on `files` (`isNotEmpty`, `maxSize` 'Identity.max-size-error', `isAllowedType`)
 */
export async function checkedFile(
  file: UploadInput,
): Promise<{ id: string; name: string; mimeType: string; size: number; sha256: string; data: Uint8Array }> {
  if (file.bytes.byteLength === 0) throw fieldError("files", "isNotEmpty", "files must not be empty");
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw fieldError("files", "maxSize", MAX_SIZE_ERROR);
  const type = await detectAllowedType(file.bytes);
  if (!type) throw fieldError("files", "isAllowedType", TYPES_MESSAGE);
  return {
    id: crypto.randomUUID(),
    name: nameMatchingType(sanitizeFileName(file.name, `document.${type.ext}`), type.mimeType),
    mimeType: type.mimeType,
    size: file.bytes.byteLength,
    sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
    data: file.bytes,
  };
}

/**
 * POST /v1/uploads: store files for an organization (spec 000 §7), or, without an organization,
 * for the caller alone (an applicant's onboarding documents: issue 8; such an upload is served to
 * nobody else, and is attached to the caller's own application only).
 * @param input.userId the caller; must be an APPROVED member of `organizationId` when one is given
 * @param input.files the received files (name as the client sent it, bytes)
 * @returns contract Upload per file, in the order given (name sanitised by `sanitizeFileName`)
 * @throws 403 FORBIDDEN when the caller is not a member of `organizationId` (checked first);
 *   400 VALIDATION_FAILED on `files`: none or more than `MAX_UPLOAD_FILES` (`arrayMinSize` /
 *   `arrayMaxSize`), an empty file (`isNotEmpty`), a file over `MAX_UPLOAD_BYTES` (`maxSize`,
 *   message 'Identity.max-size-error', spec 000 §8), a type other than PDF, PNG, JPG, XLSX,
 *   DOCX as read from the bytes (`isAllowedType`). One bad file refuses the whole request:
 *   nothing is stored. 429 RATE_LIMITED (`RATE_LIMITS.uploadMegabytes`: 200 MiB an hour per user).
 */
export async function storeUploads(
  db: Database,
  input: { userId: string; organizationId: string | null; files: UploadInput[]; limits?: { relaxed?: boolean } },
): Promise<Upload[]> {
  if (input.organizationId !== null) await requireMembership(db, input.userId, input.organizationId);
  if (input.files.length === 0) throw fieldError("files", "arrayMinSize", "files must contain at least one file");
  if (input.files.length > MAX_UPLOAD_FILES)
    throw fieldError("files", "arrayMaxSize", `files must contain at most ${MAX_UPLOAD_FILES} files`);
  const rows: (typeof uploads.$inferInsert & { id: string })[] = [];
  for (const file of input.files)
    rows.push({ ...(await checkedFile(file)), organizationId: input.organizationId, userId: input.userId });
  // Files that passed their checks count against the user's hourly megabytes before they are stored.
  const bytes = input.files.reduce((sum, f) => sum + f.bytes.length, 0);
  await consumeRateLimit(db, RATE_LIMITS.uploadMegabytes(input.userId), {
    relaxed: input.limits?.relaxed,
    cost: uploadCost(bytes),
  });
  const stored = await db.insert(uploads).values(rows).returning(uploadColumns);
  const byId = new Map(stored.map((r) => [r.id, r]));
  return rows.map((r) => toWire(byId.get(r.id)!));
}

/**
 * Every column that references an upload: one per table whose rows attach uploads (payment,
 * beneficiary and application documents, remittance order files, chat documents), each with a
 * foreign key to `uploads.id`, ON DELETE no action. The one list of "what attaches an upload":
 * `unreferencedUpload` reads it, and the housekeeping test checks it against the schema's foreign
 * keys (a table added without being listed here would make deleting its uploads fail, never
 * dangle).
 */
export const UPLOAD_REFERENCES = [
  paymentDocuments.uploadId,
  beneficiaryDocuments.uploadId,
  paymentOrderFiles.uploadId,
  applicationDocuments.uploadId,
  chatDocuments.uploadId,
] as const;

/**
 * The SQL condition "nothing references this upload row" (no row of any `UPLOAD_REFERENCES`
 * table names `uploads.id`), for a query on `uploads`: what `discardUnattachedUploads` and the
 * housekeeping's orphan purge (server/domain/housekeeping) both delete by. Read it after the
 * upload rows are locked, so an attach that committed before is seen.
 * @param db the database or transaction the query runs on (builds the subqueries)
 */
export function unreferencedUpload(db: Database | Tx): SQL {
  return and(
    ...UPLOAD_REFERENCES.map((column) =>
      notExists(
        db
          .select({ one: sql`1` })
          .from(column.table)
          .where(eq(column, uploads.id)),
      ),
    ),
  )!;
}

/**
 * Lock the uploads an attach names against deletion for the rest of its transaction (FOR KEY
 * SHARE), before any row references them: housekeeping's purge of orphans (FOR UPDATE SKIP
 * LOCKED, `purgeOrphanUploads`) then passes them by; one it is deleting at that moment is
 * waited for and then missing (under SERIALIZABLE: a serialization failure, retried), so the
 * caller refuses it on its field instead of failing on the foreign key (a 500).
 * @param where who may attach them (organization or owner), as the caller checks it
 * @returns the ids among `ids` that exist and match `where`, locked
 */
export async function lockUploadsForAttach(tx: Tx, ids: readonly string[], where: SQL | undefined): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), where))
    .orderBy(asc(uploads.id))
    .for("key share");
  return rows.map((r) => r.id);
}

/**
 * Delete the caller's own uploads among `uploadIds` that nothing references: the copies a
 * replayed idempotent call brought (a form resubmitted without JavaScript uploads its files
 * again before the call is answered as a replay). Call it in the replay's transaction, after the
 * replay was recognised (same key, same files by SHA-256), with the upload ids THAT request
 * named. Only rows uploaded by `userId` (never another member's, never staff's) are touched,
 * so a colleague's upload waiting for their own call is never removed by someone else's request;
 * an upload attached anywhere (payment, beneficiary, remittance order, application, chat) is
 * kept. The rows are locked first (FOR UPDATE), then the references are read: a concurrent
 * attach that committed before is seen (the upload stays); one still in flight waits for this
 * transaction (its foreign key then refuses a deleted upload; nothing dangles).
 * @returns the ids deleted
 */
export async function discardUnattachedUploads(tx: Tx, userId: string, uploadIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(uploadIds)].filter(isUuid);
  if (!ids.length) return [];
  const own = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), isNull(uploads.staffUserId)))
    .orderBy(asc(uploads.id))
    .for("update");
  return deleteUnreferencedUploads(
    tx,
    own.map((r) => r.id),
  );
}

/**
 * Delete those of `ids` (rows the caller has locked FOR UPDATE) that nothing references, the
 * references read again in the statement itself (`unreferencedUpload`).
 * @returns the ids deleted
 */
export async function deleteUnreferencedUploads(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const deleted = await tx
    .delete(uploads)
    .where(and(inArray(uploads.id, [...ids]), unreferencedUpload(tx)))
    .returning({ id: uploads.id });
  return deleted.map((r) => r.id);
}

/**
 * Tell apart, among the uploads an attach call names, the files a target already holds: the rule
 * that makes an attach without an idempotency key (payment, beneficiary and application
 * documents) a no-op when a form is resubmitted without JavaScript and uploads its files again.
 * A named upload is a copy when its file — same SHA-256 and same name — is held by the target
 * (`held`: the uploads filed there the same way) or was named earlier in the same call; the
 * caller attaches `fresh` only and passes the copies (`standsFor` key ≠ value) to
 * `discardUnattachedUploads`. The same bytes under another name are another document.
 * @param named the upload ids the call names, in its order (duplicates ignored)
 * @param held the upload ids the target already holds
 * @returns `fresh`: the named uploads to attach, in order (neither held nor a copy);
 *   `standsFor`: every named id → the upload holding its file (itself unless a copy)
 */
export async function matchHeldFiles(
  tx: Database | Tx,
  named: readonly string[],
  held: readonly string[],
): Promise<{ fresh: string[]; standsFor: Map<string, string> }> {
  const ids = [...new Set(named)];
  const heldIds = [...new Set(held)];
  const standsFor = new Map<string, string>();
  if (!ids.length) return { fresh: [], standsFor };
  const rows = await tx
    .select({ id: uploads.id, sha256: uploads.sha256, name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.id, [...new Set([...ids, ...heldIds])]));
  const fileOf = new Map(rows.map((r) => [r.id, `${r.sha256}\u0000${r.name}`]));
  // File → the upload holding it, the held ones first (in attach order), then this call's.
  const holder = new Map<string, string>();
  for (const id of heldIds) {
    const file = fileOf.get(id);
    if (file && !holder.has(file)) holder.set(file, id);
  }
  const fresh: string[] = [];
  for (const id of ids) {
    if (heldIds.includes(id)) {
      standsFor.set(id, id);
      continue;
    }
    const file = fileOf.get(id);
    const earlier = file === undefined ? undefined : holder.get(file);
    if (earlier !== undefined) {
      standsFor.set(id, earlier);
      continue;
    }
    standsFor.set(id, id);
    fresh.push(id);
    if (file !== undefined) holder.set(file, id);
  }
  return { fresh, standsFor };
}

/**
 * GET /v1/uploads/:id/file: the stored bytes of an upload, for a member of its organization
 * (an upload without organization: for its uploader only).
 * @returns `{ name, mimeType, bytes }` (name already safe: see `sanitizeFileName`)
 * @throws 404 NOT_FOUND "Upload not found" when the id is not a uuid, does not exist, or belongs
 *   to an organization the caller is not an APPROVED member of (existence never leaks).
 */
export async function getUploadFile(
  db: Database,
  userId: string,
  uploadId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  if (!isUuid(uploadId)) throw notFound("Upload");
  const [own] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), isNull(uploads.organizationId), eq(uploads.userId, userId)))
    .limit(1);
  if (own) return { name: own.name, mimeType: own.mimeType, bytes: own.data };
  const [row] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(uploads)
    .innerJoin(organizationMembers, callerMembershipOn(userId, uploads.organizationId))
    .where(eq(uploads.id, uploadId))
    .limit(1);
  if (!row) throw notFound("Upload");
  return { name: row.name, mimeType: row.mimeType, bytes: row.data };
}

/**
 * The supporting documents of payments, in ONE query (payments calls it to fill
 * `Payment.documentIds`).
 * @param paymentIds any ids (no access check here: the caller has already scoped them)
 * @returns paymentId → upload ids in the order they were attached; every requested id is a key
 *   (an empty array when the payment has none). No query when `paymentIds` is empty.
 */
export async function documentIdsFor(db: Database | Tx, paymentIds: string[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(paymentIds)];
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({ paymentId: paymentDocuments.paymentId, uploadId: paymentDocuments.uploadId })
    .from(paymentDocuments)
    .where(inArray(paymentDocuments.paymentId, ids))
    .orderBy(asc(paymentDocuments.createdAt), asc(paymentDocuments.uploadId));
  for (const r of rows) out.get(r.paymentId)?.push(r.uploadId);
  return out;
}

/**
 * POST /v1/payments/:id/documents: attach uploads to a payment as supporting documents.
 * In one transaction, the payment row locked (so concurrent attaches and signing see one
 * order): the payment must belong to an organization the caller is an APPROVED member of;
 * it must not be DECLINED or FAILED (AWAITING_SIGNATURE and COMPLETED accept documents);
 * every upload must belong to the payment's organization; at most
 * `MAX_DOCUMENTS_PER_PAYMENT` documents in all. Attaching an attached upload again is a no-op,
 * and so is attaching a copy of an attached file (same SHA-256 and name: a form resubmitted
 * without JavaScript uploads its files again), whose upload is then deleted when it is the
 * caller's own and attached nowhere (`matchHeldFiles`, `discardUnattachedUploads`).
 * @param uploadIds 1..`MAX_DOCUMENTS_PER_PAYMENT` upload ids (duplicates ignored)
 * @returns ALL the payment's document ids after attaching, in attach order
 * @throws 404 NOT_FOUND (payment not visible to the caller); 409 PAYMENT_NOT_PENDING (DECLINED
 *   or FAILED); 400 VALIDATION_FAILED on `uploadIds`: empty / not uuids (`isUuid`), an upload
 *   missing or of another organization (`isOwnUpload`, one message for both), more than the
 *   payment may hold (`arrayMaxSize`).
 */
export async function attachPaymentDocuments(
  db: Database,
  userId: string,
  paymentId: string,
  uploadIds: string[],
): Promise<string[]> {
  if (!isUuid(paymentId)) throw notFound("Payment");
  const ids = [...new Set(uploadIds)];
  if (!ids.length || !ids.every(isUuid)) throw fieldError("uploadIds", "isUuid", "uploadIds must be a list of upload ids");
  if (ids.length > MAX_DOCUMENTS_PER_PAYMENT) throw tooManyDocuments();
  return withSerializableRetry(db, async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id, organizationId: payments.organizationId, status: payments.status })
      .from(payments)
      .where(and(eq(payments.id, paymentId), inArray(payments.organizationId, memberOrganizationIdsQuery(tx, userId))))
      .limit(1)
      .for("update", { of: payments });
    if (!payment) throw notFound("Payment");
    if (payment.status === "DECLINED" || payment.status === "FAILED")
      throw new DomainError("PAYMENT_NOT_PENDING", `The payment is ${payment.status}: documents can no longer be attached`);
    const own = await lockUploadsForAttach(tx, ids, eq(uploads.organizationId, payment.organizationId));
    if (own.length !== ids.length)
      throw fieldError("uploadIds", "isOwnUpload", "uploadIds must be uploads of the payment's organization");
    const attached = (await documentIdsFor(tx, [payment.id])).get(payment.id) ?? [];
    // A file the payment holds already (same bytes and name) is not attached again: the copy a
    // resubmitted form uploaded is deleted instead (the caller's own, attached nowhere).
    const { fresh, standsFor } = await matchHeldFiles(tx, ids, attached);
    if (attached.length + fresh.length > MAX_DOCUMENTS_PER_PAYMENT) throw tooManyDocuments();
    if (fresh.length) {
      await tx
        .insert(paymentDocuments)
        .values(fresh.map((uploadId) => ({ paymentId: payment.id, uploadId })))
        .onConflictDoNothing();
    }
    await discardUnattachedUploads(
      tx,
      userId,
      ids.filter((id) => standsFor.get(id) !== id),
    );
    return (await documentIdsFor(tx, [payment.id])).get(payment.id) ?? [];
  });
}

function tooManyDocuments(): DomainError {
  return fieldError("uploadIds", "arrayMaxSize", `A payment holds at most ${MAX_DOCUMENTS_PER_PAYMENT} documents`);
}

/**
 * GET /v1/payments/:id/documents: the payment's supporting documents (contract Upload, in
 * attach order), in one query.
 * @throws 404 NOT_FOUND when the payment is not in an organization the caller is an APPROVED
 *   member of (or the id is not a uuid).
 */
export async function listPaymentDocuments(db: Database, userId: string, paymentId: string): Promise<Upload[]> {
  if (!isUuid(paymentId)) throw notFound("Payment");
  // From the payment, so a visible payment without documents (one row of nulls) differs from
  // an invisible one (no row).
  const rows = await db
    .select({
      id: uploads.id,
      name: uploads.name,
      mimeType: uploads.mimeType,
      size: uploads.size,
      createdAt: uploads.createdAt,
    })
    .from(payments)
    .leftJoin(paymentDocuments, eq(paymentDocuments.paymentId, payments.id))
    .leftJoin(uploads, eq(uploads.id, paymentDocuments.uploadId))
    .where(and(eq(payments.id, paymentId), inArray(payments.organizationId, memberOrganizationIdsQuery(db, userId))))
    .orderBy(asc(paymentDocuments.createdAt), asc(paymentDocuments.uploadId));
  if (!rows.length) throw notFound("Payment");
  return rows.flatMap((r) =>
    r.id && r.name !== null && r.mimeType !== null && r.size !== null && r.createdAt
      ? [toWire({ id: r.id, name: r.name, mimeType: r.mimeType, size: r.size, createdAt: r.createdAt })]
      : [],
  );
}

/** The stored rule, as read (before constants are added). */
interface DocumentsRule {
  requiredKinds: PaymentKind[];
  thresholdAmount: string | null;
}

const DECIMAL_TEXT = /^\d{1,20}(\.\d{1,18})?$/;

/**
 * The supporting-documents rule from `settings` key TRANSACTIONS-DOCUMENTS, JSON
 * `{ requiredKinds: PaymentKind[], thresholdAmount: "10000.00" | null }`.
 * Decision: when the row is missing (or a part of it is unreadable) the defaults are
 * requiredKinds [] and thresholdAmount "10000.00" — a careful bank asks for supporting documents
 * (invoice, contract) on large payments, and an operator must switch that off explicitly
 * (`thresholdAmount: null`), never by forgetting a row. Unknown kinds are ignored.
 */
async function readDocumentsRule(db: Database | Tx): Promise<DocumentsRule> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_TRANSACTIONS_DOCUMENTS))
    .limit(1);
  const value = (row?.value ?? {}) as { requiredKinds?: unknown; thresholdAmount?: unknown };
  const requiredKinds = Array.isArray(value.requiredKinds)
    ? PAYMENT_KINDS.filter((k) => (value.requiredKinds as unknown[]).includes(k))
    : [];
  let thresholdAmount: string | null = DEFAULT_DOCUMENTS_THRESHOLD;
  if (value.thresholdAmount === null) thresholdAmount = null;
  else if (typeof value.thresholdAmount === "string" && DECIMAL_TEXT.test(value.thresholdAmount)) {
    const d = new DecimalJs(value.thresholdAmount);
    thresholdAmount = d.toFixed(Math.max(2, d.decimalPlaces()));
  }
  return { requiredKinds, thresholdAmount };
}

/**
 * GET /v1/settings/transactions-documents (contract TransactionsDocumentsSettings): when
 * supporting documents are required — always for `requiredKinds`, and for any payment whose
 * amount (in its own currency) is at least `thresholdAmount` (null: no threshold) — plus the
 * accepted file types (`ALLOWED_UPLOAD_EXTENSIONS`) and the size limit of one file
 * (`MAX_UPLOAD_BYTES`). Missing setting → requiredKinds [], thresholdAmount "10000.00" (a
 * careful bank asks for supporting documents on large payments; see `readDocumentsRule`).
 */
export async function getTransactionsDocumentsSettings(db: Database | Tx): Promise<TransactionsDocumentsSettings> {
  const rule = await readDocumentsRule(db);
  return { ...rule, allowedTypes: [...ALLOWED_UPLOAD_EXTENSIONS], maxFileSize: MAX_UPLOAD_BYTES };
}

/**
 * Whether a payment needs supporting documents before it is signed: its kind is listed in
 * `requiredKinds`, or its amount is at least `thresholdAmount` (compared as decimals, never as
 * floats; in the payment's own currency, as the contract says).
 * @param payment.amount a decimal string (as stored or on the wire); an unreadable amount
 *   counts as requiring documents (the safe side)
 */
export async function documentsRequired(db: Database | Tx, payment: { kind: string; amount: string }): Promise<boolean> {
  const rule = await readDocumentsRule(db);
  if ((rule.requiredKinds as string[]).includes(payment.kind)) return true;
  if (rule.thresholdAmount === null) return false;
  let amount: DecimalJs;
  try {
    amount = new DecimalJs(payment.amount);
  } catch {
    return true;
  }
  return amount.isNaN() || amount.gte(rule.thresholdAmount);
}

/** 400 DOCUMENTS_REQUIRED: the payment needs supporting documents and has none (signing refuses it). */
export function documentsMissing(): DomainError {
  return new DomainError("DOCUMENTS_REQUIRED", "Supporting documents are required for this payment");
}
