/**
 * Onboarding applications API (spec 001 §7 "Applications"; contract Application and the comments
 * beside it). Every route needs a bearer token; an application is the caller's own or 404.
 *
 *   GET    /clients-applications?all=true[&userId=][&idempotencyKey=] → { data: ApplicationSummary[] } (userId: the caller's own only, else 403;
 *          idempotencyKey: only the application created under that key)
 *   GET    /clients-applications/:id                             → Application
 *   POST   /clients-applications/{individuals|corporates|company-officials}        SaveApplicationStepRequest → 201 Application
 *          (optional Idempotency-Key: a repeat saves the step into the application the key created → 200 Application)
 *   PUT    /clients-applications/{individuals|corporates|company-officials}/:id    SaveApplicationStepRequest → Application
 *   PUT    /clients-applications/:id/drafts { step, values }     → 204
 *   POST   /clients-applications/corporates/:id/company-officials { values } → 201 ApplicationOfficial
 *          (optional Idempotency-Key: a repeat saves into the official the key added → 200 ApplicationOfficial)
 *   PUT    /clients-applications/corporates/:id/company-officials/:officialId { values } → ApplicationOfficial
 *   DELETE /clients-applications/corporates/:id/company-officials/:officialId → 204
 *   GET    /clients-applications/:id/documents/allowed-categories → { data: string[] }
 *   GET    /clients-applications/:id/documents                   → { data: ApplicationDocument[] }
 *   POST   /clients-applications/:id/documents { category, uploadIds } → 201 { data: ApplicationDocument[] }
 *   DELETE /clients-applications/:id/documents/:documentId       → 204
 *   GET    /clients-applications/:id/documents/:documentId/file  → bytes
 *   GET    /clients-applications/:id/agreements                  → { data: ApplicationAgreement[] }
 *   GET    /agreements/:agreementId/file                         → bytes
 *   GET    /clients-applications/:id/sumsub-token                → KycToken | 400 (scheme without provider)
 *   POST   /clients-applications/:id/verification/sandbox { outcome } → Application (SANDBOX scheme only; 400 on
 *          `outcome` in a production deployment)
 *   PUT    /clients-applications/:id/submit                      → Application | 400 field errors
 */
import { Router, type Response } from "express";
import { z } from "zod";
import {
  addOfficial,
  agreementFile,
  allowedDocumentCategories,
  applicationDocumentFile,
  attachApplicationDocuments,
  createApplication,
  deleteApplicationDocument,
  deleteOfficial,
  getApplication,
  kycAccessToken,
  listApplicationAgreements,
  listApplicationDocuments,
  listApplications,
  recordVerification,
  saveDraft,
  saveStep,
  submitApplication,
  TYPE_SEGMENTS,
  updateOfficial,
} from "../../domain/applications/index.js";
import {
  asyncHandler,
  DomainError,
  fieldError,
  fieldErrors,
  getAuth,
  idempotencyKey,
  optionalIdempotencyKey,
  requireAuth,
  type ApiDeps,
} from "./http.js";
import { attachmentDisposition } from "./uploads.js";

/**
 * Most items one answer may list: more than any checkbox group offers (countries of interest: every
 * country, 250), so ticking too many is the field's own refusal (`maxItems`, translated on the
 * field, the ticks kept as typed) and never a refused save with a message about `values`.
 */
const MAX_ANSWER_ITEMS = 300;
const answer = z.union([z.string().max(5000), z.array(z.string().max(200)).max(MAX_ANSWER_ITEMS)]);
const values = z.record(z.string().max(100), answer).refine((v) => Object.keys(v).length <= 120, "too many values");

/** Body of the step saves (contract SaveApplicationStepRequest). */
export const saveStepBody = z.object({
  step: z.string().min(1).max(60),
  values: values.optional(),
  partial: z.boolean().optional(),
  agreementIds: z.array(z.string().min(1).max(100)).max(20).optional(),
});
/** Body of PUT …/:id/drafts. */
export const draftBody = z.object({ step: z.string().min(1).max(60), values });
/** Body of the official calls. */
export const officialBody = z.object({ values });
/** Body of POST …/:id/documents. */
export const documentsBody = z.object({
  category: z.string().min(1).max(60),
  uploadIds: z.array(z.string().uuid()).min(1).max(10),
});
/** Body of POST …/:id/verification/sandbox. */
export const sandboxBody = z.object({ outcome: z.enum(["APPROVE", "REJECT"]) });
/** Query of the list. */
export const applicationsListQuery = z.object({
  all: z.string().max(10).optional(),
  userId: z.string().uuid().optional(),
  idempotencyKey: idempotencyKey.optional(),
});

function sendFile(res: Response, file: { name: string; mimeType: string; bytes: Uint8Array }) {
  res.set({
    "Content-Type": file.mimeType,
    "Content-Disposition": attachmentDisposition(file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

function parse<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw fieldErrors(r.error);
  return r.data;
}

/** The applications router (routes above). */
export function createApplicationsRouter(deps: ApiDeps): Router {
  const r = Router();
  const auth = requireAuth(deps);
  r.use("/clients-applications", auth);
  const uid = (res: Response) => getAuth(res).userId;

  r.get(
    "/clients-applications",
    asyncHandler(async (req, res) => {
      const q = parse(applicationsListQuery, req.query);
      if (q.userId && q.userId !== uid(res)) throw new DomainError("FORBIDDEN", "Access denied");
      res.json({ data: await listApplications(deps.db, uid(res), { creationKey: q.idempotencyKey }) });
    }),
  );

  for (const [segment, type] of Object.entries(TYPE_SEGMENTS)) {
    r.post(
      `/clients-applications/${segment}`,
      asyncHandler(async (req, res) => {
        const creationKey = optionalIdempotencyKey(req);
        const body = parse(saveStepBody, req.body);
        const { application, created } = await createApplication(deps.db, uid(res), type, body, new Date(), creationKey);
        res.status(created ? 201 : 200).json(application);
      }),
    );
    r.put(
      `/clients-applications/${segment}/:id`,
      asyncHandler(async (req, res) => {
        res.json(await saveStep(deps.db, uid(res), type, req.params.id, parse(saveStepBody, req.body)));
      }),
    );
  }

  r.post(
    "/clients-applications/corporates/:id/company-officials",
    asyncHandler(async (req, res) => {
      const creationKey = optionalIdempotencyKey(req);
      const body = parse(officialBody, req.body);
      const { official, created } = await addOfficial(deps.db, uid(res), req.params.id, body.values, new Date(), creationKey);
      res.status(created ? 201 : 200).json(official);
    }),
  );
  r.put(
    "/clients-applications/corporates/:id/company-officials/:officialId",
    asyncHandler(async (req, res) => {
      const body = parse(officialBody, req.body);
      res.json(await updateOfficial(deps.db, uid(res), req.params.id, req.params.officialId, body.values));
    }),
  );
  r.delete(
    "/clients-applications/corporates/:id/company-officials/:officialId",
    asyncHandler(async (req, res) => {
      await deleteOfficial(deps.db, uid(res), req.params.id, req.params.officialId);
      res.status(204).end();
    }),
  );

  r.get(
    "/clients-applications/:id",
    asyncHandler(async (req, res) => {
      res.json(await getApplication(deps.db, uid(res), req.params.id));
    }),
  );
  r.put(
    "/clients-applications/:id/drafts",
    asyncHandler(async (req, res) => {
      const body = parse(draftBody, req.body);
      await saveDraft(deps.db, uid(res), req.params.id, body.step, body.values);
      res.status(204).end();
    }),
  );
  r.get(
    "/clients-applications/:id/documents/allowed-categories",
    asyncHandler(async (req, res) => {
      res.json({ data: await allowedDocumentCategories(deps.db, uid(res), req.params.id) });
    }),
  );
  r.get(
    "/clients-applications/:id/documents",
    asyncHandler(async (req, res) => {
      res.json({ data: await listApplicationDocuments(deps.db, uid(res), req.params.id) });
    }),
  );
  r.post(
    "/clients-applications/:id/documents",
    asyncHandler(async (req, res) => {
      const body = parse(documentsBody, req.body);
      res
        .status(201)
        .json({ data: await attachApplicationDocuments(deps.db, uid(res), req.params.id, body.category, body.uploadIds) });
    }),
  );
  r.delete(
    "/clients-applications/:id/documents/:documentId",
    asyncHandler(async (req, res) => {
      await deleteApplicationDocument(deps.db, uid(res), req.params.id, req.params.documentId);
      res.status(204).end();
    }),
  );
  r.get(
    "/clients-applications/:id/documents/:documentId/file",
    asyncHandler(async (req, res) => {
      sendFile(res, await applicationDocumentFile(deps.db, uid(res), req.params.id, req.params.documentId));
    }),
  );
  r.get(
    "/clients-applications/:id/agreements",
    asyncHandler(async (req, res) => {
      res.json({ data: await listApplicationAgreements(deps.db, uid(res), req.params.id) });
    }),
  );
  r.get(
    "/clients-applications/:id/sumsub-token",
    asyncHandler(async (req, res) => {
      res.json(await kycAccessToken(deps.db, uid(res), req.params.id));
    }),
  );
  r.post(
    "/clients-applications/:id/verification/sandbox",
    asyncHandler(async (req, res) => {
      // The sandbox provider lets applicants decide their own identity check: a demonstration
      // only. A production deployment refuses it (docs/decisions.md "Sandbox and production");
      // there the outcome comes from the provider or from staff review.
      if (deps.config.deployment === "production")
        throw fieldError("outcome", "sandboxVerificationOff", "Identity checks are not self-service in production");
      const body = parse(sandboxBody, req.body);
      const status = body.outcome === "APPROVE" ? "COMPLETED" : "REJECTED";
      res.json(await recordVerification(deps.db, uid(res), req.params.id, "SANDBOX", status));
    }),
  );
  r.put(
    "/clients-applications/:id/submit",
    asyncHandler(async (req, res) => {
      res.json(await submitApplication(deps.db, uid(res), req.params.id));
    }),
  );
  r.get(
    "/agreements/:agreementId/file",
    auth,
    asyncHandler(async (req, res) => {
      sendFile(res, await agreementFile(deps.db, req.params.agreementId));
    }),
  );
  return r;
}
