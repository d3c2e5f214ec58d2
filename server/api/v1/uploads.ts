/**
 * Uploads and supporting documents API (spec 000 §7 "POST /v1/uploads (multipart field files)",
 * "POST /v1/payments/{id}/documents", "GET /v1/settings/transactions-documents"; §8
 * 'Identity.max-size-error'; contract Upload, AttachDocumentsRequest,
 * TransactionsDocumentsSettings). Every route needs a bearer token.
 *
 * POST /uploads (multipart/form-data: text field `organizationId` — absent for an applicant's own
 *   onboarding documents, readable by the uploader only — files in field `files`)
 *   → 201 { data: Upload[] } | 400 VALIDATION_FAILED on `files` (type read from the bytes,
 *   empty, too many, too large: 'Identity.max-size-error') or `organizationId` | 400
 *   BAD_REQUEST (malformed multipart) | 403 (not a member) | 415 (a Content-Encoding) | 503
 *   SERVICE_BUSY with Retry-After (the process already holds UPLOADS_IN_FLIGHT_MB of upload
 *   bodies: refused before the body is read; domain/uploads/in-flight.ts)
 * GET /uploads/:id/file → the bytes (Content-Type as stored, attachment, nosniff, no-store) | 404
 * POST /payments/:id/documents { uploadIds } → { data: string[] } (all the payment's document
 *   ids; a copy of a file the payment holds — same bytes and name — is not attached, and is
 *   deleted when it is the caller's) | 400 on `uploadIds` | 404 | 409 PAYMENT_NOT_PENDING
 *   (DECLINED/FAILED)
 * GET /payments/:id/documents → { data: Upload[] } | 404
 * GET /settings/transactions-documents → TransactionsDocumentsSettings
 *
 * Multipart is parsed by multer (memory storage) only AFTER `requireAuth`, so an anonymous
 * body is never buffered, and only once its size is reserved under the process's ceiling
 * (`multipartUpload`). The API's JSON parser ignores multipart bodies, and the NUL guard
 * (input-guard.ts) sees only the query before this router; it runs again on the parsed text
 * fields here. CSRF: nothing changes — the API authenticates by the Authorization header only,
 * which a cross-site form cannot send (web-guards.ts checks Origin for the web app's forms).
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import multer from "multer";
import { z } from "zod";
import {
  attachPaymentDocuments,
  getTransactionsDocumentsSettings,
  getUploadFile,
  listPaymentDocuments,
  MAX_DOCUMENTS_PER_PAYMENT,
  MAX_SIZE_ERROR,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  storeUploads,
} from "../../domain/uploads/index.js";
import { type ByteBudget, uploadBudget, uploadReservation, uploadsBusy } from "../../domain/uploads/in-flight.js";
import { asyncHandler, fieldError, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { rejectNulCharacters } from "./input-guard.js";

/** Text fields of POST /uploads (the files travel beside them in `files`). */
export const uploadFields = z.object({ organizationId: z.string().uuid().optional() });

/** Body of POST /payments/:id/documents (contract AttachDocumentsRequest). */
export const attachDocumentsBody = z.object({
  uploadIds: z.array(z.string().uuid()).min(1).max(MAX_DOCUMENTS_PER_PAYMENT),
});

/**
 * multer, in memory. `fileSize` is one byte over the limit so that a file of exactly
 * MAX_UPLOAD_BYTES + 1 reaches the domain, which answers the spec's error itself; a larger
 * one is stopped by multer while streaming and gets the same answer (`multipartError`). Text
 * fields are few and small; a nested field name (`organizationId[x]`) is refused. File names
 * without an explicit charset are read as UTF-8 (what browsers send), not latin1.
 */
const multipart = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: MAX_UPLOAD_BYTES + 1,
    files: MAX_UPLOAD_FILES,
    fields: 5,
    fieldSize: 1_024,
    fieldNameSize: 100,
    parts: MAX_UPLOAD_FILES + 5,
    headerPairs: 50,
    fieldNestingDepth: 0,
  },
  defParamCharset: "utf8",
}).array("files", MAX_UPLOAD_FILES);

/** A 4xx that `clientErrorOf` (input-guard.ts) renders with its fixed message. */
function clientError(status: 400 | 415): Error {
  return Object.assign(new Error(status === 415 ? "Unsupported content encoding" : "Malformed multipart body"), { status });
}

/** A multer/busboy error → the 4xx it stands for (never 500): limits are field errors, anything else a malformed body. */
function multipartError(err: unknown): Error {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case "LIMIT_FILE_SIZE":
        return fieldError("files", "maxSize", MAX_SIZE_ERROR);
      case "LIMIT_FILE_COUNT":
        return fieldError("files", "arrayMaxSize", `files must contain at most ${MAX_UPLOAD_FILES} files`);
      case "LIMIT_UNEXPECTED_FILE":
        return err.field === "files"
          ? fieldError("files", "arrayMaxSize", `files must contain at most ${MAX_UPLOAD_FILES} files`)
          : fieldError("files", "isExpectedField", "Files must be sent in the multipart field files");
      default:
        return fieldError("coreError", "isMultipart", "The multipart form has too many or too large fields");
    }
  }
  return clientError(400);
}

/**
 * Parse a multipart body into `req.body` (text fields) and `req.files`; errors mapped by
 * `multipartError`. A body with a Content-Encoding (other than identity) is refused with 415:
 * multipart bodies are not decompressed here.
 */
const parseMultipart: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && req.is("multipart/form-data")) return next(clientError(415));
  multipart(req, res, (err?: unknown) => next(err ? multipartError(err) : undefined));
};

/** One upload ceiling per application (per process in production; per test server in the tests). */
const budgets = new WeakMap<ApiDeps["config"], ByteBudget>();

/** The upload ceiling of the application built with `deps` (UPLOADS_IN_FLIGHT_MB), made on first use. */
export function uploadBudgetOf(deps: ApiDeps): ByteBudget {
  let budget = budgets.get(deps.config);
  if (!budget) budgets.set(deps.config, (budget = uploadBudget(deps.config.UPLOADS_IN_FLIGHT_MB)));
  return budget;
}

/**
 * Reserve the body's bytes under the process's upload ceiling (`uploadReservation`: its
 * Content-Length, at most one request's maximum) BEFORE anything reads it; when they do not fit,
 * 503 SERVICE_BUSY with Retry-After and the body is never buffered (Node reads and drops it).
 * The reservation is released when the answer is done or the connection closes, whichever path
 * the request took (stored, refused, malformed, client gone): `close` is the last event of every
 * response.
 */
function reserveUploadBytes(budget: ByteBudget): RequestHandler {
  return (req, res, next) => {
    const release = budget.tryAcquire(uploadReservation(req.get("content-length")));
    if (!release) return next(uploadsBusy());
    res.once("close", release);
    next();
  };
}

/**
 * The multipart handlers of an upload route, in order: reserve the body's bytes under the
 * process's ceiling (`reserveUploadBytes`), then parse it (`parseMultipart`). Put them after the
 * route's authentication, so an anonymous body is neither counted nor buffered.
 */
export function multipartUpload(deps: ApiDeps): RequestHandler[] {
  return [reserveUploadBytes(uploadBudgetOf(deps)), parseMultipart];
}

/** RFC 6266 Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 5987/8187). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Build the uploads router (mounted before the payments and settings routers: see index.ts). */
export function createUploadsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/uploads", requireAuth(deps));
  r.post(
    "/uploads",
    ...multipartUpload(deps),
    rejectNulCharacters,
    asyncHandler(async (req, res) => {
      const fields = uploadFields.safeParse(req.body ?? {});
      if (!fields.success) throw fieldErrors(fields.error);
      const files = Array.isArray(req.files) ? req.files : [];
      const data = await storeUploads(deps.db, {
        userId: getAuth(res).userId,
        organizationId: fields.data.organizationId ?? null,
        files: files.map((f) => ({ name: f.originalname, bytes: f.buffer })),
        limits: { relaxed: deps.config.RATE_LIMITS === "relaxed" },
      });
      res.status(201).json({ data });
    }),
  );
  r.get(
    "/uploads/:id/file",
    asyncHandler(async (req, res) => {
      const file = await getUploadFile(deps.db, getAuth(res).userId, req.params.id);
      res.set({
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    }),
  );
  r.post(
    "/payments/:id/documents",
    requireAuth(deps),
    asyncHandler(async (req, res) => {
      const body = attachDocumentsBody.safeParse(req.body);
      if (!body.success) throw fieldErrors(body.error);
      res.json({ data: await attachPaymentDocuments(deps.db, getAuth(res).userId, req.params.id, body.data.uploadIds) });
    }),
  );
  r.get(
    "/payments/:id/documents",
    requireAuth(deps),
    asyncHandler(async (req, res) => {
      res.json({ data: await listPaymentDocuments(deps.db, getAuth(res).userId, req.params.id) });
    }),
  );
  r.get(
    "/settings/transactions-documents",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      res.json(await getTransactionsDocumentsSettings(deps.db));
    }),
  );
  return r;
}
