/**
 * Back-office decisions on beneficiaries, contracts and remittance orders (issue 13; docs/ops.md
 * "Screens", roles COMPLIANCE and PAYMENTS). Each decision calls the same domain function as
 * `npm run bank -- beneficiary:…|contract:…|remittance:advance` inside one transaction with its
 * audit entry (`recordStaffAction`): the decision and its entry commit together or not at all.
 * before/after: the subject's status and reason (and, for an order, the ledger transactions).
 */
import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import {
  beneficiaries,
  beneficiaryContracts,
  beneficiaryDocuments,
  organizations,
  paymentOrderEvents,
  paymentOrders,
  uploads,
} from "../../db/schema/index.js";
import type {
  Beneficiary,
  BeneficiaryContract,
  BeneficiaryDocument,
  BeneficiaryStatus,
  RemittanceOrder,
  RemittanceOrderDetail,
  RemittanceOrderStatus,
} from "../../api/v1/contract.js";
import { approveBeneficiary, rejectBeneficiary, toWire as beneficiaryToWire } from "../beneficiaries/index.js";
import { approveContract, rejectContract, toWire as contractsToWire } from "../beneficiaries/contracts.js";
import { documentsOf } from "../beneficiaries/documents.js";
import { advanceRemittanceOrder, joined, rowsToWire, STAFF_TRANSITIONS } from "../remittance/index.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";
import { DomainError } from "../errors.js";
import { orgName } from "../fees/admin.js";
import { actorOf, auditActor, CLI_ACTOR, recordStaffAction, subjectActor, type StaffActor, type StaffCaller } from "./audit.js";

/** Statuses of the beneficiary and contract queues (UNDER_REVIEW first: the work). */
export const REVIEW_STATUSES: readonly BeneficiaryStatus[] = ["UNDER_REVIEW", "APPROVED", "REJECTED", "DRAFT"];
/** The queue's statuses of remittance orders: the bank's steps first, then the finished ones. */
export const ORDER_QUEUE_STATUSES: readonly RemittanceOrderStatus[] = [
  "QUEUED",
  "PROC",
  "AML",
  "AML_DONE",
  "ACCEPTED",
  "REJECTED",
  "PENDING",
];

/** A row of the beneficiary queue. */
export interface StaffBeneficiaryRow {
  id: string;
  name: string;
  paymentType: string;
  currencyId: string;
  status: string;
  organizationId: string;
  organizationName: string;
  createdAt: string;
}

/** A row of the contract queue. */
export interface StaffContractRow {
  id: string;
  name: string;
  number: string | null;
  status: string;
  beneficiaryId: string;
  beneficiaryName: string;
  organizationId: string;
  organizationName: string;
  updatedAt: string;
}

/** A beneficiary as staff review it: its details, its organization, documents and contracts. */
export interface StaffBeneficiaryView {
  beneficiary: Beneficiary;
  organizationName: string;
  documents: BeneficiaryDocument[];
  contracts: BeneficiaryContract[];
}

/** A contract as staff review it: with its beneficiary, organization and documents. */
export interface StaffContractView {
  contract: BeneficiaryContract;
  beneficiary: Beneficiary;
  organizationName: string;
  documents: BeneficiaryDocument[];
}

/** A remittance order as staff see it: the customer's view plus the organization and the moves allowed now. */
export type StaffRemittanceView = RemittanceOrderDetail & {
  organizationName: string;
  /** Statuses staff may move it to now (STAFF_TRANSITIONS). */
  next: RemittanceOrderStatus[];
};

/** Number of beneficiaries, contracts and orders waiting for the bank (the dashboard and tabs). */
export async function decisionCounts(db: Database): Promise<{ beneficiaries: number; contracts: number; remittance: number }> {
  const [b] = await db
    .select({ n: count() })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.status, "UNDER_REVIEW"), isNull(beneficiaries.deletedAt)));
  const [c] = await db.select({ n: count() }).from(beneficiaryContracts).where(eq(beneficiaryContracts.status, "UNDER_REVIEW"));
  const [o] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(inArray(paymentOrders.status, ["QUEUED", "PROC", "AML", "AML_DONE"]));
  return { beneficiaries: Number(b.n), contracts: Number(c.n), remittance: Number(o.n) };
}

/**
 * The beneficiary queue: beneficiaries of `status` (default UNDER_REVIEW) of every organization,
 * oldest first while under review, newest first otherwise; deleted ones never; at most 200.
 */
export async function listBeneficiaryQueue(
  db: Database,
  status: BeneficiaryStatus = "UNDER_REVIEW",
): Promise<StaffBeneficiaryRow[]> {
  const rows = await db
    .select({ b: beneficiaries, o: organizations })
    .from(beneficiaries)
    .innerJoin(organizations, eq(organizations.id, beneficiaries.organizationId))
    .where(and(eq(beneficiaries.status, status), isNull(beneficiaries.deletedAt)))
    .orderBy(status === "UNDER_REVIEW" ? asc(beneficiaries.createdAt) : desc(beneficiaries.createdAt), asc(beneficiaries.id))
    .limit(200);
  return rows.map(({ b, o }) => ({
    id: b.id,
    name: b.name,
    paymentType: b.paymentType,
    currencyId: b.currencyId,
    status: b.status,
    organizationId: b.organizationId,
    organizationName: orgName(o),
    createdAt: b.createdAt.toISOString(),
  }));
}

/**
 * One beneficiary (any organization) with its documents and contracts.
 * @throws 404 NOT_FOUND (unknown, deleted, or not a uuid)
 */
export async function staffBeneficiaryView(db: Database | Tx, id: string): Promise<StaffBeneficiaryView> {
  if (!isUuid(id)) throw notFound("Beneficiary");
  const [row] = await db
    .select({ b: beneficiaries, o: organizations })
    .from(beneficiaries)
    .innerJoin(organizations, eq(organizations.id, beneficiaries.organizationId))
    .where(and(eq(beneficiaries.id, id), isNull(beneficiaries.deletedAt)));
  if (!row) throw notFound("Beneficiary");
  const contracts = await db
    .select()
    .from(beneficiaryContracts)
    .where(eq(beneficiaryContracts.beneficiaryId, id))
    .orderBy(asc(beneficiaryContracts.createdAt), asc(beneficiaryContracts.id));
  return {
    beneficiary: beneficiaryToWire(row.b),
    organizationName: orgName(row.o),
    documents: (await documentsOf(db, id)).filter((d) => d.contractId === null),
    contracts: await contractsToWire(db, contracts),
  };
}

/** The contract queue (as the beneficiary queue). */
export async function listContractQueue(db: Database, status: BeneficiaryStatus = "UNDER_REVIEW"): Promise<StaffContractRow[]> {
  const rows = await db
    .select({ c: beneficiaryContracts, b: beneficiaries, o: organizations })
    .from(beneficiaryContracts)
    .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryContracts.beneficiaryId))
    .innerJoin(organizations, eq(organizations.id, beneficiaryContracts.organizationId))
    .where(and(eq(beneficiaryContracts.status, status), isNull(beneficiaries.deletedAt)))
    .orderBy(
      status === "UNDER_REVIEW" ? asc(beneficiaryContracts.updatedAt) : desc(beneficiaryContracts.updatedAt),
      asc(beneficiaryContracts.id),
    )
    .limit(200);
  return rows.map(({ c, b, o }) => ({
    id: c.id,
    name: c.name,
    number: c.number,
    status: c.status,
    beneficiaryId: b.id,
    beneficiaryName: b.name,
    organizationId: o.id,
    organizationName: orgName(o),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/**
 * One contract (any organization) with its beneficiary and documents.
 * @throws 404 NOT_FOUND (unknown, its beneficiary deleted, or not a uuid)
 */
export async function staffContractView(db: Database | Tx, id: string): Promise<StaffContractView> {
  if (!isUuid(id)) throw notFound("Contract");
  const [row] = await db
    .select({ c: beneficiaryContracts, b: beneficiaries, o: organizations })
    .from(beneficiaryContracts)
    .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryContracts.beneficiaryId))
    .innerJoin(organizations, eq(organizations.id, beneficiaryContracts.organizationId))
    .where(and(eq(beneficiaryContracts.id, id), isNull(beneficiaries.deletedAt)));
  if (!row) throw notFound("Contract");
  const [contract] = await contractsToWire(db, [row.c]);
  return {
    contract,
    beneficiary: beneficiaryToWire(row.b),
    organizationName: orgName(row.o),
    documents: await documentsOf(db, row.b.id, { contractId: id }),
  };
}

/** A decision with its reason where it needs one. */
export type ReviewDecision = { decision: "approve" } | { decision: "reject"; reason: string };

/**
 * Approve or reject a beneficiary under review as `actor` (a staff user or the command line), audited as `beneficiary.<decision>`.
 * @returns the beneficiary after the decision (contract Beneficiary)
 * @throws 404 NOT_FOUND; 409 BENEFICIARY_STATUS_CONFLICT (not UNDER_REVIEW); 400 VALIDATION_FAILED (reason)
 */
export async function decideBeneficiary(db: Database, actor: StaffActor, id: string, d: ReviewDecision): Promise<Beneficiary> {
  return db.transaction(async (tx) => {
    const before = (await staffBeneficiaryView(tx, id)).beneficiary;
    const inner = tx as unknown as Database;
    const after = d.decision === "approve" ? await approveBeneficiary(inner, id) : await rejectBeneficiary(inner, id, d.reason);
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: `beneficiary.${d.decision}`,
      subjectType: "beneficiary",
      subjectId: id,
      reason: d.decision === "reject" ? d.reason.trim() : null,
      before: { status: before.status, rejectionReason: before.rejectionReason, organizationId: before.organizationId },
      after: { status: after.status, rejectionReason: after.rejectionReason, organizationId: after.organizationId },
    });
    return after;
  });
}

/**
 * Approve or reject a contract under review as `actor`, audited as `contract.<decision>`.
 * @returns the contract after the decision
 * @throws 404 NOT_FOUND; 409 CONTRACT_STATUS_CONFLICT (not UNDER_REVIEW); 400 VALIDATION_FAILED (reason)
 */
export async function decideContract(
  db: Database,
  actor: StaffActor,
  id: string,
  d: ReviewDecision,
): Promise<BeneficiaryContract> {
  return db.transaction(async (tx) => {
    const before = (await staffContractView(tx, id)).contract;
    const inner = tx as unknown as Database;
    const after = d.decision === "approve" ? await approveContract(inner, id) : await rejectContract(inner, id, d.reason);
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: `contract.${d.decision}`,
      subjectType: "contract",
      subjectId: id,
      reason: d.decision === "reject" ? d.reason.trim() : null,
      before: { status: before.status, rejectionReason: before.rejectionReason, beneficiaryId: before.beneficiaryId },
      after: { status: after.status, rejectionReason: after.rejectionReason, beneficiaryId: after.beneficiaryId },
    });
    return after;
  });
}

/**
 * Remittance orders of `status` (default: every order waiting for the bank, QUEUED..AML_DONE),
 * oldest first while waiting, newest first otherwise; at most 200.
 */
export async function listRemittanceQueue(
  db: Database,
  status?: RemittanceOrderStatus,
): Promise<(RemittanceOrder & { organizationName: string })[]> {
  const waiting = !status || ["QUEUED", "PROC", "AML", "AML_DONE"].includes(status);
  const rows = await joined(db)
    .where(status ? eq(paymentOrders.status, status) : inArray(paymentOrders.status, ["QUEUED", "PROC", "AML", "AML_DONE"]))
    .orderBy(waiting ? asc(paymentOrders.updatedAt) : desc(paymentOrders.updatedAt), asc(paymentOrders.id))
    .limit(200);
  const orders = await rowsToWire(db, rows);
  const names = await organizationNames(
    db,
    orders.map((o) => o.organizationId),
  );
  return orders.map((o) => ({ ...o, organizationName: names.get(o.organizationId) ?? "—" }));
}

/**
 * One remittance order (any organization) with its history (events by staff show as BANK, as
 * the customer sees them) and the moves allowed now.
 * @throws 404 NOT_FOUND
 */
export async function staffRemittanceView(db: Database | Tx, id: string): Promise<StaffRemittanceView> {
  if (!isUuid(id)) throw notFound("Remittance order");
  const rows = await joined(db).where(eq(paymentOrders.id, id));
  if (!rows.length) throw notFound("Remittance order");
  const [order] = await rowsToWire(db, rows);
  const events = await db
    .select()
    .from(paymentOrderEvents)
    .where(eq(paymentOrderEvents.orderId, id))
    .orderBy(asc(paymentOrderEvents.createdAt), asc(paymentOrderEvents.id));
  const names = await organizationNames(db, [order.organizationId]);
  return {
    ...order,
    organizationName: names.get(order.organizationId) ?? "—",
    next: [...STAFF_TRANSITIONS[order.status]],
    history: events.map((e) => ({
      fromStatus: (e.fromStatus as RemittanceOrderStatus | null) ?? null,
      toStatus: e.toStatus as RemittanceOrderStatus,
      by: e.actor.startsWith("user:") ? ("CUSTOMER" as const) : ("BANK" as const),
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * The role a move needs (docs/ops.md "Remittance"): the AML decision — from AML to AML_DONE or
 * REJECTED — is COMPLIANCE's; every other move is PAYMENTS'.
 */
export function roleForOrderMove(from: RemittanceOrderStatus): "COMPLIANCE" | "PAYMENTS" {
  return from === "AML" ? "COMPLIANCE" : "PAYMENTS";
}

/**
 * Move a remittance order as `staff` (audited as `remittance.advance`), through the domain's
 * `advanceRemittanceOrder` (actor `staff:<id>`; the customer sees BANK).
 * @param staff the acting staff user's id and roles (the move's role is checked here: see
 *   `roleForOrderMove`; `source` cli when named at the command line), or `CLI_ACTOR`: the
 *   anonymous command line may make every move (actor `staff:cli`)
 * @returns the order after the move
 * @throws 403 FORBIDDEN (role), 404 NOT_FOUND, 409 ORDER_STATUS_CONFLICT, 400 VALIDATION_FAILED (status, reason)
 */
export async function advanceOrderAsStaff(
  db: Database,
  staff: (StaffCaller & { roles: readonly string[] }) | typeof CLI_ACTOR,
  id: string,
  move: { status: string; reason?: string | null },
): Promise<RemittanceOrder> {
  return db.transaction(async (tx) => {
    const before = await staffRemittanceView(tx, id);
    const actor = actorOf(staff);
    if ("roles" in staff && !staff.roles.includes(roleForOrderMove(before.status)))
      throw new DomainError(
        "FORBIDDEN",
        `Moving an order from ${before.status} needs the role ${roleForOrderMove(before.status)}`,
      );
    const after = await advanceRemittanceOrder(tx as unknown as Database, {
      orderId: id,
      status: move.status,
      reason: move.reason ?? null,
      actor: subjectActor(actor),
    });
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: "remittance.advance",
      subjectType: "remittance_order",
      subjectId: id,
      reason: move.reason?.trim() || null,
      before: { status: before.status, rejectionReason: before.rejectionReason, sum: before.sum, currencyId: before.currencyId },
      after: { status: after.status, rejectionReason: after.rejectionReason, sum: after.sum, currencyId: after.currencyId },
    });
    return after;
  });
}

/** Organization id → display name. */
async function organizationNames(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((o) => [o.id, orgName(o)]));
}

/**
 * The file of one of a beneficiary's documents (its own or one of its contracts'), for staff
 * reviewing it (role COMPLIANCE; any organization).
 * @returns `{ name, mimeType, bytes }`
 * @throws 404 NOT_FOUND (unknown beneficiary or document, or a document of another beneficiary)
 */
export async function staffBeneficiaryDocumentFile(
  db: Database,
  beneficiaryId: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  if (!isUuid(beneficiaryId) || !isUuid(documentId)) throw notFound("Document");
  const [row] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(beneficiaryDocuments)
    .innerJoin(uploads, eq(uploads.id, beneficiaryDocuments.uploadId))
    .where(and(eq(beneficiaryDocuments.id, documentId), eq(beneficiaryDocuments.beneficiaryId, beneficiaryId)))
    .limit(1);
  if (!row) throw notFound("Document");
  return { name: row.name, mimeType: row.mimeType, bytes: row.data };
}
