/**
 * Beneficiaries API (spec 000 §7 Beneficiaries; contract Beneficiary, BeneficiaryInput,
 * BeneficiaryUpdate, BeneficiaryStatusRequest, BeneficiaryPage, BeneficiariesSettings).
 * Authenticated; rules in server/domain/beneficiaries.
 *   GET    /beneficiaries?organizationId=&search=&paymentType=&status=&take=&cursor= → BeneficiaryPage | 400 | 403
 *   POST   /beneficiaries (BeneficiaryInput)           → 201 Beneficiary | 400 VALIDATION_FAILED | 403
 *   GET    /beneficiaries/:id                          → Beneficiary | 404
 *   PUT    /beneficiaries/:id (BeneficiaryUpdate)      → Beneficiary | 400 | 404 | 409 BENEFICIARY_STATUS_CONFLICT
 *   DELETE /beneficiaries/:id                          → 204 | 404
 *   PUT    /beneficiaries/:id/status { status: "UNDER_REVIEW" } → Beneficiary | 400 | 404 | 409
 *   GET    /settings/beneficiaries                     → BeneficiariesSettings
 * Contracts and documents (contract BeneficiaryContract, BeneficiaryContractInput,
 * ContractStatusRequest, BeneficiaryDocument, AttachBeneficiaryDocumentsRequest; rules in
 * server/domain/beneficiaries/{contracts,documents}.ts):
 *   GET    /beneficiaries/documents/allowed-categories → { data: BeneficiaryDocumentCategory[] }
 *   GET    /beneficiaries/:id/contracts                → { data: BeneficiaryContract[] } (newest first) | 404
 *   POST   /beneficiaries/:id/contracts (BeneficiaryContractInput) → 201 BeneficiaryContract | 400 | 404
 *   GET    /beneficiaries/:id/contracts/:contractId    → BeneficiaryContract | 404
 *   PUT    /beneficiaries/:id/contracts/:contractId (BeneficiaryContractInput) → BeneficiaryContract | 400 | 404
 *          | 409 CONTRACT_STATUS_CONFLICT
 *   PUT    /beneficiaries/:id/contracts/:contractId/status { status: "UNDER_REVIEW" } → BeneficiaryContract | 400 | 404 | 409
 *   POST   /beneficiaries/:id/documents (AttachBeneficiaryDocumentsRequest) → { data: BeneficiaryDocument[] } | 400 | 404 | 409
 *   GET    /beneficiaries/:id/documents?contractId=    → { data: BeneficiaryDocument[] } (attach order) | 400 | 404
 *   GET    /beneficiaries/:id/documents/:documentId/file → the bytes (Content-Type as stored, attachment,
 *          nosniff, no-store) | 404 (members of the beneficiary's organization only)
 * Mounted before the settings router: /settings/beneficiaries carries its own requireAuth.
 */
import { Router } from "express";
import { z } from "zod";
import {
  BENEFICIARY_PAYMENT_TYPES,
  BENEFICIARY_STATUSES,
  createBeneficiary,
  deleteBeneficiary,
  getBeneficiary,
  getBeneficiarySettings,
  listBeneficiaries,
  submitBeneficiary,
  updateBeneficiary,
} from "../../domain/beneficiaries/index.js";
import {
  createContract,
  getContract,
  listContracts,
  submitContract,
  updateContract,
} from "../../domain/beneficiaries/contracts.js";
import {
  allowedDocumentCategories,
  attachBeneficiaryDocuments,
  beneficiaryDocumentsQuery,
  getBeneficiaryDocumentFile,
  listBeneficiaryDocuments,
} from "../../domain/beneficiaries/documents.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";
import { attachmentDisposition } from "./uploads.js";

/** Query of GET /beneficiaries (organizationId required: the list is one organization's). */
export const beneficiariesListQuery = z.object({
  organizationId: z.string().uuid(),
  search: z.string().max(100).optional(),
  paymentType: z.enum(BENEFICIARY_PAYMENT_TYPES).optional(),
  status: z.enum(BENEFICIARY_STATUSES).optional(),
  take: takeParam,
  cursor: cursorParam,
});

/** The beneficiaries router (routes above). */
export function createBeneficiariesRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/beneficiaries", requireAuth(deps));
  r.get(
    "/beneficiaries",
    asyncHandler(async (req, res) => {
      const q = beneficiariesListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listBeneficiaries(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.post(
    "/beneficiaries",
    asyncHandler(async (req, res) => {
      res.status(201).json(await createBeneficiary(deps.db, getAuth(res).userId, req.body));
    }),
  );
  r.get(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      res.json(await getBeneficiary(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.put(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      res.json(await updateBeneficiary(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.delete(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      await deleteBeneficiary(deps.db, getAuth(res).userId, req.params.id);
      res.status(204).end();
    }),
  );
  r.put(
    "/beneficiaries/:id/status",
    asyncHandler(async (req, res) => {
      res.json(await submitBeneficiary(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.get(
    "/beneficiaries/documents/allowed-categories",
    asyncHandler(async (_req, res) => {
      res.json(allowedDocumentCategories());
    }),
  );
  r.get(
    "/beneficiaries/:id/contracts",
    asyncHandler(async (req, res) => {
      res.json({ data: await listContracts(deps.db, getAuth(res).userId, req.params.id) });
    }),
  );
  r.post(
    "/beneficiaries/:id/contracts",
    asyncHandler(async (req, res) => {
      res.status(201).json(await createContract(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.get(
    "/beneficiaries/:id/contracts/:contractId",
    asyncHandler(async (req, res) => {
      res.json(await getContract(deps.db, getAuth(res).userId, req.params.id, req.params.contractId));
    }),
  );
  r.put(
    "/beneficiaries/:id/contracts/:contractId",
    asyncHandler(async (req, res) => {
      res.json(await updateContract(deps.db, getAuth(res).userId, req.params.id, req.params.contractId, req.body));
    }),
  );
  r.put(
    "/beneficiaries/:id/contracts/:contractId/status",
    asyncHandler(async (req, res) => {
      res.json(await submitContract(deps.db, getAuth(res).userId, req.params.id, req.params.contractId, req.body));
    }),
  );
  r.post(
    "/beneficiaries/:id/documents",
    asyncHandler(async (req, res) => {
      res.json(await attachBeneficiaryDocuments(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.get(
    "/beneficiaries/:id/documents",
    asyncHandler(async (req, res) => {
      const q = beneficiaryDocumentsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listBeneficiaryDocuments(deps.db, getAuth(res).userId, req.params.id, q.data));
    }),
  );
  r.get(
    "/beneficiaries/:id/documents/:documentId/file",
    asyncHandler(async (req, res) => {
      const file = await getBeneficiaryDocumentFile(deps.db, getAuth(res).userId, req.params.id, req.params.documentId);
      res.set({
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    }),
  );
  r.get(
    "/settings/beneficiaries",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      res.json(await getBeneficiarySettings(deps.db));
    }),
  );
  return r;
}
