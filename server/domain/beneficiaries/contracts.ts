/**
 * Contracts of a saved beneficiary (spec 000 §3 "Contracts: id, name, beneficiaryId, supporting
 * documents, status", §4 beneficiary/contract states, §7 "GET and POST
 * /v1/beneficiaries/{id}/contracts; GET and PUT /v1/beneficiaries/{id}/contracts/{contractId}";
 * contract BeneficiaryContract, BeneficiaryContractInput, ContractStatusRequest).
 *
 * Lifecycle (as a beneficiary's; docs/decisions.md "Beneficiary contracts and documents"):
 *   create → DRAFT (APPROVED at once when BENEFICIARIES-APPROVAL-REQUIRED is false)
 *   DRAFT | REJECTED ──PUT …/status UNDER_REVIEW──► UNDER_REVIEW ──staff──► APPROVED | REJECTED (reason)
 *   edit (or a document attached to it) of DRAFT | REJECTED → DRAFT, reason cleared; UNDER_REVIEW
 *   and APPROVED cannot change (409 CONTRACT_STATUS_CONFLICT); no approval required: any can be
 *   edited and stays APPROVED.
 * A payment to the beneficiary may name an APPROVED contract (payments/create.ts checks it).
 *
 * Authorization: a contract is reached through its beneficiary (`visibleRow`: the caller's
 * organizations, not deleted), and must be that beneficiary's: anything else is 404, the same
 * answer as an id that does not exist. `approveContract` / `rejectContract` are the bank's own
 * decisions (`npm run bank -- contract:approve|reject`), reached by no customer.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { beneficiaries, beneficiaryContracts, beneficiaryDocuments } from "../../db/schema/index.js";
import type { BeneficiaryContract, ContractStatus } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { notFound } from "../organizations/access.js";
import { optionalText } from "../payments/rails/shared.js";
import { beneficiaryStatusSchema, getBeneficiarySettings, visibleRow } from "./index.js";
import { requiredText } from "./validation.js";
import { notifyContractDecision } from "../chat/notify.js";

type Db = Database | Tx;
type ContractRow = typeof beneficiaryContracts.$inferSelect;

/** Statuses a customer may change (when approval is required). */
export const EDITABLE_CONTRACT_STATUSES: readonly ContractStatus[] = ["DRAFT", "REJECTED"];

/**
 * Body of POST …/contracts and PUT …/contracts/:contractId (contract BeneficiaryContractInput):
 * name 1..140 characters (trimmed; blank → `isNotEmpty`), number at most 70 (blank → none).
 */
export const contractBodySchema = z.object({
  name: requiredText("name", 140),
  number: optionalText(70),
});

/** Body of PUT …/contracts/:contractId/status: UNDER_REVIEW only (as the beneficiary's status call). */
export const contractStatusSchema = beneficiaryStatusSchema;

/** 409 CONTRACT_STATUS_CONFLICT: the contract's status does not allow `what`. */
export function contractStatusConflict(status: string, what: string): DomainError {
  return new DomainError("CONTRACT_STATUS_CONFLICT", `The contract is ${status}: ${what}`);
}

/** Rows → contract BeneficiaryContract, with their documents' ids (one query for all). */
export async function toWire(db: Db, rows: ContractRow[]): Promise<BeneficiaryContract[]> {
  const ids = rows.map((r) => r.id);
  const docs = ids.length
    ? await db
        .select({ id: beneficiaryDocuments.id, contractId: beneficiaryDocuments.contractId })
        .from(beneficiaryDocuments)
        .where(inArray(beneficiaryDocuments.contractId, ids))
        .orderBy(asc(beneficiaryDocuments.createdAt), asc(beneficiaryDocuments.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    beneficiaryId: r.beneficiaryId,
    organizationId: r.organizationId,
    name: r.name,
    number: r.number,
    status: r.status as ContractStatus,
    rejectionReason: r.rejectionReason,
    documentIds: docs.filter((d) => d.contractId === r.id).map((d) => d.id),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function oneToWire(db: Db, row: ContractRow): Promise<BeneficiaryContract> {
  return (await toWire(db, [row]))[0];
}

/**
 * The contract `contractId` of the caller's visible beneficiary `beneficiaryId`, optionally
 * locked (FOR UPDATE, the contract row only).
 * @throws 404 NOT_FOUND "Beneficiary not found" / "Contract not found"
 */
export async function visibleContract(
  db: Db,
  userId: string,
  beneficiaryId: string,
  contractId: string,
  lock = false,
): Promise<ContractRow> {
  const beneficiary = await visibleRow(db, userId, beneficiaryId);
  if (!isUuid(contractId)) throw notFound("Contract");
  const query = db
    .select()
    .from(beneficiaryContracts)
    .where(and(eq(beneficiaryContracts.id, contractId), eq(beneficiaryContracts.beneficiaryId, beneficiary.id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Contract");
  return row;
}

/**
 * GET /v1/beneficiaries/:id/contracts: the beneficiary's contracts, newest first.
 * @returns contract BeneficiaryContract[] (each with its documents' ids)
 * @throws 404 NOT_FOUND (beneficiary not visible to the caller)
 */
export async function listContracts(db: Database, userId: string, beneficiaryId: string): Promise<BeneficiaryContract[]> {
  const beneficiary = await visibleRow(db, userId, beneficiaryId);
  const rows = await db
    .select()
    .from(beneficiaryContracts)
    .where(eq(beneficiaryContracts.beneficiaryId, beneficiary.id))
    .orderBy(desc(beneficiaryContracts.createdAt), desc(beneficiaryContracts.id));
  return toWire(db, rows);
}

/**
 * POST /v1/beneficiaries/:id/contracts: a new contract with the beneficiary (any status of the
 * beneficiary: the contract is reviewed on its own).
 * @param body contract BeneficiaryContractInput
 * @returns contract BeneficiaryContract, DRAFT (APPROVED when no approval is required)
 * @throws 400 VALIDATION_FAILED on name / number, 404 NOT_FOUND (beneficiary)
 */
export async function createContract(
  db: Database,
  userId: string,
  beneficiaryId: string,
  body: unknown,
): Promise<BeneficiaryContract> {
  await visibleRow(db, userId, beneficiaryId);
  const parsed = contractBodySchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const { approvalRequired } = await getBeneficiarySettings(db);
  // The beneficiary locked: a delete at the same time either waits for the contract or hides the beneficiary first (404).
  return db.transaction(async (tx) => {
    const beneficiary = await visibleRow(tx, userId, beneficiaryId, true);
    const now = new Date();
    const [row] = await tx
      .insert(beneficiaryContracts)
      .values({
        organizationId: beneficiary.organizationId,
        beneficiaryId: beneficiary.id,
        name: parsed.data.name,
        number: parsed.data.number ?? null,
        status: approvalRequired ? "DRAFT" : "APPROVED",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return oneToWire(tx, row);
  });
}

/**
 * GET /v1/beneficiaries/:id/contracts/:contractId.
 * @returns contract BeneficiaryContract
 * @throws 404 NOT_FOUND (beneficiary not visible, or the contract is not this beneficiary's)
 */
export async function getContract(
  db: Database,
  userId: string,
  beneficiaryId: string,
  contractId: string,
): Promise<BeneficiaryContract> {
  return oneToWire(db, await visibleContract(db, userId, beneficiaryId, contractId));
}

/**
 * Make a contract DRAFT again after a change (edit or a document attached), inside the caller's
 * transaction with the row locked: DRAFT or REJECTED → DRAFT with the reason cleared; no approval
 * required → stays APPROVED.
 * @throws 409 CONTRACT_STATUS_CONFLICT (UNDER_REVIEW or APPROVED while approval is required)
 */
export async function changeContract(
  tx: Tx,
  current: ContractRow,
  approvalRequired: boolean,
  set: Partial<Pick<ContractRow, "name" | "number">> = {},
): Promise<ContractRow> {
  if (approvalRequired && !EDITABLE_CONTRACT_STATUSES.includes(current.status as ContractStatus))
    throw contractStatusConflict(current.status, "only a DRAFT or REJECTED contract can be changed");
  const [row] = await tx
    .update(beneficiaryContracts)
    .set({ ...set, status: approvalRequired ? "DRAFT" : "APPROVED", rejectionReason: null, updatedAt: new Date() })
    .where(eq(beneficiaryContracts.id, current.id))
    .returning();
  return row;
}

/**
 * PUT /v1/beneficiaries/:id/contracts/:contractId: replace a contract's name and number. Only
 * DRAFT and REJECTED contracts are editable (an APPROVED one would skip the review); the edit
 * makes it DRAFT again and clears the rejection reason. No approval required: any contract is
 * editable and the edit answers APPROVED.
 * @param body contract BeneficiaryContractInput (a full replacement: a missing number clears it)
 * @returns contract BeneficiaryContract
 * @throws 400 VALIDATION_FAILED, 404 NOT_FOUND, 409 CONTRACT_STATUS_CONFLICT (UNDER_REVIEW or APPROVED)
 */
export async function updateContract(
  db: Database,
  userId: string,
  beneficiaryId: string,
  contractId: string,
  body: unknown,
): Promise<BeneficiaryContract> {
  await visibleContract(db, userId, beneficiaryId, contractId);
  const parsed = contractBodySchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const { approvalRequired } = await getBeneficiarySettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleContract(tx, userId, beneficiaryId, contractId, true);
    const row = await changeContract(tx, current, approvalRequired, {
      name: parsed.data.name,
      number: parsed.data.number ?? null,
    });
    return oneToWire(tx, row);
  });
}

/**
 * PUT /v1/beneficiaries/:id/contracts/:contractId/status: submit a contract for the bank's
 * review. DRAFT or REJECTED → UNDER_REVIEW (APPROVED at once when no approval is required);
 * UNDER_REVIEW answers unchanged (a repeated submit).
 * @param body contract ContractStatusRequest `{ status: "UNDER_REVIEW" }`
 * @returns contract BeneficiaryContract
 * @throws 400 VALIDATION_FAILED on `status` (isUnderReview), 404 NOT_FOUND, 409
 *   CONTRACT_STATUS_CONFLICT (APPROVED)
 */
export async function submitContract(
  db: Database,
  userId: string,
  beneficiaryId: string,
  contractId: string,
  body: unknown,
): Promise<BeneficiaryContract> {
  await visibleContract(db, userId, beneficiaryId, contractId);
  const parsed = contractStatusSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const { approvalRequired } = await getBeneficiarySettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleContract(tx, userId, beneficiaryId, contractId, true);
    if (current.status === "UNDER_REVIEW") return oneToWire(tx, current);
    if (!EDITABLE_CONTRACT_STATUSES.includes(current.status as ContractStatus))
      throw contractStatusConflict(current.status, "only a DRAFT or REJECTED contract can be submitted for review");
    const [row] = await tx
      .update(beneficiaryContracts)
      .set({ status: approvalRequired ? "UNDER_REVIEW" : "APPROVED", rejectionReason: null, updatedAt: new Date() })
      .where(eq(beneficiaryContracts.id, current.id))
      .returning();
    return oneToWire(tx, row);
  });
}

/** Staff decision on an UNDER_REVIEW contract of a visible beneficiary: one conditional UPDATE (two decisions cannot both pass). */
async function decide(
  db: Db,
  id: string,
  set: { status: "APPROVED" | "REJECTED"; rejectionReason: string | null },
): Promise<BeneficiaryContract> {
  if (!isUuid(id)) throw notFound("Contract");
  const status = async () =>
    (
      await db
        .select({ status: beneficiaryContracts.status })
        .from(beneficiaryContracts)
        .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryContracts.beneficiaryId))
        .where(and(eq(beneficiaryContracts.id, id), isNull(beneficiaries.deletedAt)))
        .limit(1)
    )[0]?.status;
  if (!(await status())) throw notFound("Contract");
  const [row] = await db
    .update(beneficiaryContracts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(beneficiaryContracts.id, id), eq(beneficiaryContracts.status, "UNDER_REVIEW")))
    .returning();
  if (row) return oneToWire(db, row);
  throw contractStatusConflict((await status()) ?? "gone", `only an UNDER_REVIEW contract can be ${set.status.toLowerCase()}`);
}

/**
 * Staff: approve a contract under review (UNDER_REVIEW → APPROVED; spec 000 §4). Not reachable
 * by customers; `npm run bank -- contract:approve <id>` calls it. Then notifies the organization
 * (server/domain/chat/notify.ts, Notifications.contract-approved).
 * @param id the contract id (any organization)
 * @returns contract BeneficiaryContract (APPROVED)
 * @throws 404 NOT_FOUND (unknown, or its beneficiary deleted), 409 CONTRACT_STATUS_CONFLICT (not UNDER_REVIEW)
 */
export async function approveContract(db: Db, id: string): Promise<BeneficiaryContract> {
  const c = await decide(db, id, { status: "APPROVED", rejectionReason: null });
  await notifyContractDecision(db, c);
  return c;
}

/**
 * Staff: reject a contract under review with a reason the customer sees (UNDER_REVIEW →
 * REJECTED, `rejectionReason`). The customer may edit it or attach documents (→ DRAFT) and
 * submit again. `npm run bank -- contract:reject <id> --reason "<text>"` calls it. Then notifies
 * the organization (Notifications.contract-rejected).
 * @param id the contract id (any organization); @param reason 1..500 characters (trimmed)
 * @returns contract BeneficiaryContract (REJECTED)
 * @throws 400 VALIDATION_FAILED on `reason`, 404 NOT_FOUND, 409 CONTRACT_STATUS_CONFLICT (not UNDER_REVIEW)
 */
export async function rejectContract(db: Db, id: string, reason: string): Promise<BeneficiaryContract> {
  const text = (reason ?? "").trim();
  if (!text) throw fieldError("reason", "isNotEmpty", "reason should not be empty");
  if (text.length > 500) throw fieldError("reason", "maxLength", "reason must be at most 500 characters");
  const c = await decide(db, id, { status: "REJECTED", rejectionReason: text });
  await notifyContractDecision(db, c);
  return c;
}
