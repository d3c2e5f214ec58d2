/**
 * Supporting documents of a saved beneficiary and of its contracts (spec 000 §3 "Contracts: …
 * supporting documents", §7 "GET /v1/beneficiaries/documents/allowed-categories; POST
 * /v1/beneficiaries/{id}/documents", "a contract document file download"; design note "Files …
 * served only to members of the owning organization"; contract BeneficiaryDocument,
 * BeneficiaryDocumentCategory, AttachBeneficiaryDocumentsRequest).
 *
 * A document is an upload (POST /v1/uploads: type read from the bytes, size-limited) of the
 * beneficiary's organization, filed under a category of `BENEFICIARY_DOCUMENT_CATEGORIES`, for
 * the beneficiary itself (contractId null) or for one of its contracts. Attaching to a contract
 * changes the contract: like an edit it needs a DRAFT or REJECTED contract (409
 * CONTRACT_STATUS_CONFLICT otherwise, unless no approval is required) and makes a REJECTED one
 * DRAFT again. The beneficiary's own documents can be added in any status (they support its
 * review and change no payee field). Documents are reached through the beneficiary
 * (`visibleRow`): another organization's, or a deleted beneficiary's, answer 404.
 */
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { beneficiaryContracts, beneficiaryDocuments, uploads } from "../../db/schema/index.js";
import type { BeneficiaryDocument, BeneficiaryDocumentCategory, ContractStatus } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { fieldError, fieldErrors } from "../errors.js";
import { notFound } from "../organizations/access.js";
import { discardUnattachedUploads, lockUploadsForAttach, matchHeldFiles, MAX_UPLOAD_FILES } from "../uploads/index.js";
import { changeContract, contractStatusConflict, EDITABLE_CONTRACT_STATUSES, visibleContract } from "./contracts.js";
import { getBeneficiarySettings, visibleRow } from "./index.js";

/**
 * The categories a beneficiary or contract document is filed under (GET
 * /v1/beneficiaries/documents/allowed-categories), in the order a form offers them: what a
 * careful bank asks for before paying a counterparty under a contract — the signed contract, its
 * amendments, invoices under it; and about the payee — proof of address, a company's registration
 * extract, the bank's confirmation of the account; anything else as OTHER.
 */
export const BENEFICIARY_DOCUMENT_CATEGORIES = [
  "CONTRACT",
  "AGREEMENT_AMENDMENT",
  "INVOICE",
  "PROOF_OF_ADDRESS",
  "COMPANY_REGISTRATION",
  "BANK_ACCOUNT_CONFIRMATION",
  "OTHER",
] as const satisfies readonly BeneficiaryDocumentCategory[];

/** Most documents one beneficiary holds, its contracts' included. */
export const MAX_DOCUMENTS_PER_BENEFICIARY = 50;

/** Body of POST /v1/beneficiaries/:id/documents (contract AttachBeneficiaryDocumentsRequest). */
export const attachBeneficiaryDocumentsSchema = z.object({
  uploadIds: z.array(z.string().uuid()).min(1).max(MAX_UPLOAD_FILES),
  category: z.enum(BENEFICIARY_DOCUMENT_CATEGORIES),
  contractId: z.string().uuid().optional(),
});

/** Query of GET /v1/beneficiaries/:id/documents: optionally one contract's documents. */
export const beneficiaryDocumentsQuery = z.object({ contractId: z.string().uuid().optional() });

/**
 * GET /v1/beneficiaries/documents/allowed-categories (spec 000 §7).
 * @returns `{ data: BeneficiaryDocumentCategory[] }` — `BENEFICIARY_DOCUMENT_CATEGORIES`
 */
export function allowedDocumentCategories(): { data: BeneficiaryDocumentCategory[] } {
  return { data: [...BENEFICIARY_DOCUMENT_CATEGORIES] };
}

const documentColumns = {
  id: beneficiaryDocuments.id,
  beneficiaryId: beneficiaryDocuments.beneficiaryId,
  contractId: beneficiaryDocuments.contractId,
  category: beneficiaryDocuments.category,
  uploadId: beneficiaryDocuments.uploadId,
  createdAt: beneficiaryDocuments.createdAt,
  name: uploads.name,
  mimeType: uploads.mimeType,
  size: uploads.size,
};

interface DocumentRow {
  id: string;
  beneficiaryId: string;
  contractId: string | null;
  category: string;
  uploadId: string;
  createdAt: Date;
  name: string;
  mimeType: string;
  size: number;
}

function toWire(r: DocumentRow): BeneficiaryDocument {
  return {
    id: r.id,
    beneficiaryId: r.beneficiaryId,
    contractId: r.contractId,
    category: r.category as BeneficiaryDocumentCategory,
    uploadId: r.uploadId,
    name: r.name,
    mimeType: r.mimeType,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Documents of `beneficiaryId` (optionally only those of uploads `uploadIds` / contract `contractId`), in attach order. */
export async function documentsOf(
  db: Database | Tx,
  beneficiaryId: string,
  only: { uploadIds?: string[]; contractId?: string } = {},
): Promise<BeneficiaryDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(beneficiaryDocuments)
    .innerJoin(uploads, eq(uploads.id, beneficiaryDocuments.uploadId))
    .where(
      and(
        eq(beneficiaryDocuments.beneficiaryId, beneficiaryId),
        only.uploadIds ? inArray(beneficiaryDocuments.uploadId, only.uploadIds) : undefined,
        only.contractId ? eq(beneficiaryDocuments.contractId, only.contractId) : undefined,
      ),
    )
    .orderBy(asc(beneficiaryDocuments.createdAt), asc(beneficiaryDocuments.id));
  return rows.map(toWire);
}

/**
 * POST /v1/beneficiaries/:id/documents: file uploads of the beneficiary's organization as its
 * supporting documents, or (with `contractId`) as one of its contracts'. In one transaction
 * with the beneficiary (and the contract) locked; a refusal changes nothing. An upload already
 * attached to this beneficiary in the same way (category and contract) is a no-op (a repeated
 * submit); attached otherwise it is refused. A copy of a file filed the same way (same SHA-256
 * and name: a form resubmitted without JavaScript uploads its files again) is not filed again,
 * and its upload is deleted when it is the caller's own and attached nowhere (`matchHeldFiles`,
 * `discardUnattachedUploads`).
 * @param body contract AttachBeneficiaryDocumentsRequest
 * @returns `{ data }`: the documents of `uploadIds` (for a copy, the document holding its file),
 *   in attach order
 * @throws 404 NOT_FOUND (beneficiary not visible); 400 VALIDATION_FAILED on `uploadIds` (not
 *   uuids, 1..10; `isOwnUpload`: missing or another organization's, one message for both;
 *   `isAttached`: attached to this beneficiary under another category or contract;
 *   `arrayMaxSize`: more than MAX_DOCUMENTS_PER_BENEFICIARY in all), `category` (not allowed),
 *   `contractId` (`isContract`: not a contract of this beneficiary); 409
 *   CONTRACT_STATUS_CONFLICT (the contract is UNDER_REVIEW or APPROVED while approval is required)
 */
export async function attachBeneficiaryDocuments(
  db: Database,
  userId: string,
  beneficiaryId: string,
  body: unknown,
): Promise<{ data: BeneficiaryDocument[] }> {
  await visibleRow(db, userId, beneficiaryId);
  const parsed = attachBeneficiaryDocumentsSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const uploadIds = [...new Set(parsed.data.uploadIds)];
  const { category, contractId } = parsed.data;
  const { approvalRequired } = await getBeneficiarySettings(db);
  return db.transaction(async (tx) => {
    const beneficiary = await visibleRow(tx, userId, beneficiaryId, true);
    let contract: typeof beneficiaryContracts.$inferSelect | undefined;
    if (contractId) {
      [contract] = await tx
        .select()
        .from(beneficiaryContracts)
        .where(and(eq(beneficiaryContracts.id, contractId), eq(beneficiaryContracts.beneficiaryId, beneficiary.id)))
        .limit(1)
        .for("update");
      if (!contract) throw fieldError("contractId", "isContract", "contractId must be a contract of this beneficiary");
      if (approvalRequired && !EDITABLE_CONTRACT_STATUSES.includes(contract.status as ContractStatus))
        throw contractStatusConflict(contract.status, "documents can be attached only to a DRAFT or REJECTED contract");
    }
    const own = await lockUploadsForAttach(tx, uploadIds, eq(uploads.organizationId, beneficiary.organizationId));
    if (own.length !== uploadIds.length)
      throw fieldError("uploadIds", "isOwnUpload", "uploadIds must be uploads of the beneficiary's organization");
    const attached = await tx
      .select({
        uploadId: beneficiaryDocuments.uploadId,
        category: beneficiaryDocuments.category,
        contractId: beneficiaryDocuments.contractId,
      })
      .from(beneficiaryDocuments)
      .where(and(eq(beneficiaryDocuments.beneficiaryId, beneficiary.id), inArray(beneficiaryDocuments.uploadId, uploadIds)));
    if (attached.some((a) => a.category !== category || a.contractId !== (contractId ?? null)))
      throw fieldError(
        "uploadIds",
        "isAttached",
        "An upload is already attached to this beneficiary under another category or contract",
      );
    // A file filed here the same way already (same bytes and name, category, contract) is not
    // filed again: the copy a resubmitted form uploaded is deleted instead (the caller's own,
    // attached nowhere).
    const sameWay = await tx
      .select({ uploadId: beneficiaryDocuments.uploadId })
      .from(beneficiaryDocuments)
      .where(
        and(
          eq(beneficiaryDocuments.beneficiaryId, beneficiary.id),
          eq(beneficiaryDocuments.category, category),
          contract ? eq(beneficiaryDocuments.contractId, contract.id) : isNull(beneficiaryDocuments.contractId),
        ),
      )
      .orderBy(asc(beneficiaryDocuments.createdAt), asc(beneficiaryDocuments.id));
    const { fresh, standsFor } = await matchHeldFiles(
      tx,
      uploadIds,
      sameWay.map((d) => d.uploadId),
    );
    if (fresh.length) {
      const [held] = await tx
        .select({ n: count() })
        .from(beneficiaryDocuments)
        .where(eq(beneficiaryDocuments.beneficiaryId, beneficiary.id));
      if (held.n + fresh.length > MAX_DOCUMENTS_PER_BENEFICIARY)
        throw fieldError(
          "uploadIds",
          "arrayMaxSize",
          `A beneficiary holds at most ${MAX_DOCUMENTS_PER_BENEFICIARY} documents, its contracts' included`,
        );
      const now = new Date();
      await tx.insert(beneficiaryDocuments).values(
        fresh.map((uploadId, i) => ({
          beneficiaryId: beneficiary.id,
          contractId: contract?.id ?? null,
          uploadId,
          category,
          // One millisecond apart: the attach order survives the cursor-free ordering by time.
          createdAt: new Date(now.getTime() + i),
        })),
      );
      if (contract) await changeContract(tx, contract, approvalRequired);
    }
    await discardUnattachedUploads(
      tx,
      userId,
      uploadIds.filter((id) => standsFor.get(id) !== id),
    );
    return { data: await documentsOf(tx, beneficiary.id, { uploadIds: [...new Set(standsFor.values())] }) };
  });
}

/**
 * GET /v1/beneficiaries/:id/documents[?contractId=]: the beneficiary's documents (its own and
 * its contracts'), or one contract's, in attach order.
 * @returns `{ data: BeneficiaryDocument[] }`
 * @throws 404 NOT_FOUND (beneficiary not visible, or `contractId` not one of its contracts)
 */
export async function listBeneficiaryDocuments(
  db: Database,
  userId: string,
  beneficiaryId: string,
  q: { contractId?: string } = {},
): Promise<{ data: BeneficiaryDocument[] }> {
  const beneficiary = await visibleRow(db, userId, beneficiaryId);
  if (q.contractId) await visibleContract(db, userId, beneficiary.id, q.contractId);
  return { data: await documentsOf(db, beneficiary.id, { contractId: q.contractId }) };
}

/**
 * GET /v1/beneficiaries/:id/documents/:documentId/file: the file of one document, for members of
 * the beneficiary's organization only.
 * @returns `{ name, mimeType, bytes }` (the upload's sanitised name and detected type)
 * @throws 404 NOT_FOUND (beneficiary not visible, or the document is not this beneficiary's)
 */
export async function getBeneficiaryDocumentFile(
  db: Database,
  userId: string,
  beneficiaryId: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  const beneficiary = await visibleRow(db, userId, beneficiaryId);
  if (!isUuid(documentId)) throw notFound("Document");
  const [row] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(beneficiaryDocuments)
    .innerJoin(uploads, eq(uploads.id, beneficiaryDocuments.uploadId))
    .where(
      and(
        eq(beneficiaryDocuments.id, documentId),
        eq(beneficiaryDocuments.beneficiaryId, beneficiary.id),
        eq(uploads.organizationId, beneficiary.organizationId),
      ),
    )
    .limit(1);
  if (!row) throw notFound("Document");
  return { name: row.name, mimeType: row.mimeType, bytes: row.data };
}
