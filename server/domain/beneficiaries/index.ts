/**
 * Saved beneficiaries (spec 000 §3 Beneficiary fields, §4 beneficiary states, §7 Beneficiaries
 * calls; contract Beneficiary, BeneficiaryInput, BeneficiaryPage, BeneficiariesSettings).
 *
 * Lifecycle (spec 000 §4; docs/decisions.md "Beneficiaries"):
 *   create → DRAFT (APPROVED at once when the setting BENEFICIARIES-APPROVAL-REQUIRED is false)
 *   DRAFT | REJECTED ──PUT …/status UNDER_REVIEW──► UNDER_REVIEW ──staff──► APPROVED | REJECTED (reason)
 *   edit of DRAFT | REJECTED → DRAFT (reason cleared); APPROVED and UNDER_REVIEW cannot be edited
 *   (no approval required: any can be edited and stays APPROVED)
 *   delete: hard when no payment names it (its contracts and documents too), else kept hidden
 *   (`deleted_at`) for the payments' history
 * Only APPROVED beneficiaries can be paid (payments/create.ts reads them; the rails take the
 * stored fields, whose formats ./validation.ts keeps as the rails expect).
 *
 * Authorization (domain/organizations/access.ts): an `organizationId` the caller is not a member
 * of → 403; a beneficiary outside the caller's organizations (or deleted) → 404, never revealing
 * that it exists. The staff functions (`approveBeneficiary`, `rejectBeneficiary`) are the bank's
 * own decisions: no customer reaches them (the `npm run bank` command does, until /ops exists).
 */
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SafeParseReturnType } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { beneficiaries, beneficiaryContracts, beneficiaryDocuments, currencies, payments } from "../../db/schema/index.js";
import type {
  Beneficiary,
  BeneficiariesSettings,
  BeneficiaryPage,
  BeneficiaryPaymentType,
  BeneficiaryStatus,
  BeneficiaryType,
  CurrencyCode,
} from "../../api/v1/contract.js";
import { validateWalletAddress, type WalletNetwork } from "../../rules/wallet.js";
import { isUuid } from "../accounts/index.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { decodeCursor, encodeCursor } from "../pagination.js";
import { getCasp } from "../reference/index.js";
import { getBooleanSetting } from "../settings/index.js";
import { notifyBeneficiaryDecision } from "../chat/notify.js";
import {
  beneficiaryStatusSchema,
  createBeneficiarySchema,
  updateBeneficiarySchema,
  type ParsedBeneficiary,
} from "./validation.js";

export {
  BENEFICIARY_PAYMENT_TYPES,
  BENEFICIARY_STATUSES,
  beneficiaryStatusSchema,
  createBeneficiarySchema,
  updateBeneficiarySchema,
} from "./validation.js";

type Db = Database | Tx;
type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** Settings key: whether the bank's staff approve new beneficiaries (boolean, default true). */
export const SETTING_BENEFICIARIES_APPROVAL_REQUIRED = "BENEFICIARIES-APPROVAL-REQUIRED";

/** Statuses a customer may edit (when approval is required). */
const EDITABLE: BeneficiaryStatus[] = ["DRAFT", "REJECTED"];

/** Row → contract Beneficiary. */
export function toWire(r: BeneficiaryRow): Beneficiary {
  return {
    id: r.id,
    organizationId: r.organizationId,
    name: r.name,
    nickname: r.nickname,
    beneficiaryType: r.beneficiaryType as BeneficiaryType,
    paymentType: r.paymentType as BeneficiaryPaymentType,
    currencyId: r.currencyId as CurrencyCode,
    iban: r.iban,
    bic: r.bic,
    sortCode: r.sortCode,
    aba: r.aba,
    bankAccountNumber: r.bankAccountNumber,
    phone: r.phone,
    address: r.address,
    city: r.city,
    postCode: r.postCode,
    countryId: r.countryId,
    bankName: r.bankName,
    bankAddress: r.bankAddress,
    bankCountry: r.bankCountry,
    caspId: r.caspId,
    walletAddress: r.walletAddress,
    collectorContact: r.collectorContact,
    useIntermediaryBank: r.useIntermediaryBank,
    intermediaryBankName: r.intermediaryBankName,
    intermediaryBankBIC: r.intermediaryBankBIC,
    intermediaryBankAddress: r.intermediaryBankAddress,
    intermediaryBankCountry: r.intermediaryBankCountry,
    intermediaryBankCorrespondentAccount: r.intermediaryBankCorrespondentAccount,
    contractId: r.contractId,
    status: r.status as BeneficiaryStatus,
    rejectionReason: r.rejectionReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** 409 BENEFICIARY_STATUS_CONFLICT: the beneficiary's status does not allow `what`. */
function statusConflict(status: string, what: string): DomainError {
  return new DomainError("BENEFICIARY_STATUS_CONFLICT", `The beneficiary is ${status}: ${what}`);
}

/**
 * GET /v1/settings/beneficiaries (spec 000 §7): whether new beneficiaries wait for the bank's
 * approval. Settings key `BENEFICIARIES-APPROVAL-REQUIRED` (boolean; true when missing or not a boolean).
 * @returns contract BeneficiariesSettings `{ approvalRequired }`
 */
export async function getBeneficiarySettings(db: Db): Promise<BeneficiariesSettings> {
  return { approvalRequired: await getBooleanSetting(db, SETTING_BENEFICIARIES_APPROVAL_REQUIRED, true) };
}

/**
 * The checks of a parsed beneficiary that need the database: the currency exists; for
 * CRYPTO_ASSET_PAYMENT the CASP exists, takes the currency, and the wallet address is valid on
 * the network the CASP uses for it (server/rules/wallet, like rails/crypto-asset.ts).
 * @returns the beneficiary with the wallet address as validated
 * @throws DomainError VALIDATION_FAILED on currencyId (isCurrency, isCaspAsset), caspId (isCasp) or walletAddress (rule codes)
 */
async function checkAgainstDatabase(db: Db, b: ParsedBeneficiary): Promise<ParsedBeneficiary> {
  const [currency] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, b.currencyId)).limit(1);
  if (!currency) throw fieldError("currencyId", "isCurrency", "currencyId is not a known currency");
  if (b.paymentType !== "CRYPTO_ASSET_PAYMENT") return b;
  const casp = await getCasp(db, b.caspId ?? "");
  if (!casp) throw fieldError("caspId", "isCasp", "caspId is not a crypto-asset service provider of the bank");
  const network = casp.assets[b.currencyId] as WalletNetwork | undefined;
  if (!network) throw fieldError("currencyId", "isCaspAsset", `${casp.name} does not take ${b.currencyId}`);
  const wallet = validateWalletAddress(network, b.walletAddress);
  if (!wallet.ok)
    throw fieldError(
      "walletAddress",
      wallet.error,
      wallet.error === "required" ? "walletAddress should not be empty" : `walletAddress is not a valid ${network} address`,
    );
  return { ...b, walletAddress: wallet.address };
}

/** A parse result's data after the database checks. @throws DomainError VALIDATION_FAILED */
async function checked<T extends ParsedBeneficiary>(db: Db, result: SafeParseReturnType<unknown, T>): Promise<T> {
  if (!result.success) throw fieldErrors(result.error);
  return { ...result.data, ...(await checkAgainstDatabase(db, result.data)) };
}

/**
 * The caller's visible (not deleted) beneficiary `id`, optionally locked (FOR UPDATE), or 404
 * NOT_FOUND (not a uuid, another organization's, or deleted). Contracts and documents
 * (./contracts.ts, ./documents.ts) reach a beneficiary through it too.
 */
export async function visibleRow(db: Db, userId: string, id: string, lock = false): Promise<BeneficiaryRow> {
  if (!isUuid(id)) throw notFound("Beneficiary");
  const query = db
    .select()
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.id, id),
        inArray(beneficiaries.organizationId, memberOrganizationIdsQuery(db, userId)),
        isNull(beneficiaries.deletedAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Beneficiary");
  return row;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * GET /v1/beneficiaries (spec 000 §7 "paginated edges"): an organization's beneficiaries,
 * newest first (createdAt, then id), keyset-paged.
 * @param q.organizationId required; the caller must be a member (403 FORBIDDEN otherwise)
 * @param q.search optional: case-insensitive part of name, nickname, IBAN, bank account number,
 *   wallet address or phone (`%` and `_` are literal; spaces and dashes are also ignored for the
 *   IBAN, account number and phone, as they are stored without them)
 * @param q.paymentType, q.status optional filters; q.take 1..100; q.cursor from a previous page's `endCursor`
 * @returns contract BeneficiaryPage `{ edges: [{ node, cursor }], pageInfo: { hasNextPage, endCursor } }`
 * @throws 403 FORBIDDEN; 400 VALIDATION_FAILED (cursor malformed)
 */
export async function listBeneficiaries(
  db: Database,
  userId: string,
  q: {
    organizationId: string;
    search?: string;
    paymentType?: BeneficiaryPaymentType;
    status?: BeneficiaryStatus;
    take: number;
    cursor?: string;
  },
): Promise<BeneficiaryPage> {
  await requireMembership(db, userId, q.organizationId);
  // Milliseconds: the cursor carries a JavaScript date, rows made in one transaction share a microsecond time.
  const createdMs = sql`date_trunc('milliseconds', ${beneficiaries.createdAt})`;
  const conditions: (SQL | undefined)[] = [eq(beneficiaries.organizationId, q.organizationId), isNull(beneficiaries.deletedAt)];
  if (q.paymentType) conditions.push(eq(beneficiaries.paymentType, q.paymentType));
  if (q.status) conditions.push(eq(beneficiaries.status, q.status));
  const search = q.search?.trim();
  if (search) {
    const any = `%${escapeLike(search)}%`;
    const compact = `%${escapeLike(search.replace(/[\s()-]/g, ""))}%`;
    conditions.push(
      or(
        ilike(beneficiaries.name, any),
        ilike(beneficiaries.nickname, any),
        ilike(beneficiaries.walletAddress, any),
        ...(compact === "%%"
          ? []
          : [
              ilike(beneficiaries.iban, compact),
              ilike(beneficiaries.bankAccountNumber, compact),
              ilike(beneficiaries.phone, compact),
            ]),
      ),
    );
  }
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(sql`(${createdMs}, ${beneficiaries.id}) < (${c.date.toISOString()}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(beneficiaries)
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(beneficiaries.id))
    .limit(q.take + 1);
  const page = rows.slice(0, q.take);
  const edges = page.map((r) => ({ node: toWire(r), cursor: encodeCursor(r.createdAt, r.id) }));
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > q.take, endCursor: edges.length ? edges[edges.length - 1].cursor : null },
  };
}

/**
 * POST /v1/beneficiaries: save a beneficiary for an organization (spec 000 §3, §7).
 * @param body contract BeneficiaryInput (validated here: ./validation.ts, then currency and CASP)
 * @returns contract Beneficiary, status DRAFT, or APPROVED when no approval is required (getBeneficiarySettings)
 * @throws 400 VALIDATION_FAILED (field errors named after the contract properties; constraint ids
 *   = server/rules error codes), 403 FORBIDDEN (not a member of body.organizationId)
 */
export async function createBeneficiary(db: Database, userId: string, body: unknown): Promise<Beneficiary> {
  const parsed = await checked(db, createBeneficiarySchema.safeParse(body));
  await requireMembership(db, userId, parsed.organizationId);
  const { approvalRequired } = await getBeneficiarySettings(db);
  const [row] = await db
    .insert(beneficiaries)
    .values({ ...parsed, status: approvalRequired ? "DRAFT" : "APPROVED", createdAt: new Date() })
    .returning();
  return toWire(row);
}

/**
 * GET /v1/beneficiaries/:id.
 * @returns contract Beneficiary
 * @throws 404 NOT_FOUND (not a uuid, another organization's, or deleted)
 */
export async function getBeneficiary(db: Database, userId: string, id: string): Promise<Beneficiary> {
  return toWire(await visibleRow(db, userId, id));
}

/**
 * PUT /v1/beneficiaries/:id: replace a beneficiary's details (spec 000 §4). Only DRAFT and
 * REJECTED ones are editable (an APPROVED one would skip the review); the edit makes it DRAFT
 * again and clears the rejection reason. When no approval is required, any beneficiary is
 * editable and the edit answers APPROVED.
 * @param body contract BeneficiaryUpdate (every property; the organization cannot change)
 * @returns contract Beneficiary
 * @throws 400 VALIDATION_FAILED, 404 NOT_FOUND, 409 BENEFICIARY_STATUS_CONFLICT (UNDER_REVIEW or APPROVED)
 */
export async function updateBeneficiary(db: Database, userId: string, id: string, body: unknown): Promise<Beneficiary> {
  await visibleRow(db, userId, id);
  const parsed = await checked(db, updateBeneficiarySchema.safeParse(body));
  const { approvalRequired } = await getBeneficiarySettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleRow(tx, userId, id, true);
    if (approvalRequired && !EDITABLE.includes(current.status as BeneficiaryStatus))
      throw statusConflict(current.status, "only a DRAFT or REJECTED beneficiary can be changed");
    const [row] = await tx
      .update(beneficiaries)
      .set({ ...parsed, status: approvalRequired ? "DRAFT" : "APPROVED", rejectionReason: null })
      .where(eq(beneficiaries.id, current.id))
      .returning();
    return toWire(row);
  });
}

/**
 * DELETE /v1/beneficiaries/:id (docs/decisions.md "Deleting a beneficiary"): removed for good
 * when no payment names it, with its contracts and their documents (the uploads stay);
 * otherwise kept for those payments' history but marked deleted (`deleted_at`): hidden from
 * every call with its contracts and documents, and no longer payable.
 * @returns `{ deleted: "hard" | "soft" }` (the API answers 204 either way)
 * @throws 404 NOT_FOUND
 */
export async function deleteBeneficiary(db: Database, userId: string, id: string): Promise<{ deleted: "hard" | "soft" }> {
  return db.transaction(async (tx) => {
    const row = await visibleRow(tx, userId, id, true);
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.organizationId, row.organizationId), eq(payments.beneficiaryId, row.id)))
      .limit(1);
    if (used) {
      await tx.update(beneficiaries).set({ deletedAt: new Date() }).where(eq(beneficiaries.id, row.id));
      return { deleted: "soft" as const };
    }
    // Its documents, then its contracts (foreign keys); the uploads stay the organization's.
    await tx.delete(beneficiaryDocuments).where(eq(beneficiaryDocuments.beneficiaryId, row.id));
    await tx.delete(beneficiaryContracts).where(eq(beneficiaryContracts.beneficiaryId, row.id));
    await tx.delete(beneficiaries).where(eq(beneficiaries.id, row.id));
    return { deleted: "hard" as const };
  });
}

/**
 * PUT /v1/beneficiaries/:id/status (spec 000 §4 "A dedicated status call sets a beneficiary to
 * UNDER_REVIEW"): submit for the bank's review. DRAFT or REJECTED → UNDER_REVIEW (APPROVED at
 * once when no approval is required); UNDER_REVIEW answers unchanged (a repeated submit).
 * @param body contract BeneficiaryStatusRequest `{ status: "UNDER_REVIEW" }`
 * @returns contract Beneficiary
 * @throws 400 VALIDATION_FAILED on `status` (any other status), 404 NOT_FOUND, 409
 *   BENEFICIARY_STATUS_CONFLICT (APPROVED)
 */
export async function submitBeneficiary(db: Database, userId: string, id: string, body: unknown): Promise<Beneficiary> {
  await visibleRow(db, userId, id);
  const parsed = beneficiaryStatusSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const { approvalRequired } = await getBeneficiarySettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleRow(tx, userId, id, true);
    if (current.status === "UNDER_REVIEW") return toWire(current);
    if (!EDITABLE.includes(current.status as BeneficiaryStatus))
      throw statusConflict(current.status, "only a DRAFT or REJECTED beneficiary can be submitted for review");
    const [row] = await tx
      .update(beneficiaries)
      .set({ status: approvalRequired ? "UNDER_REVIEW" : "APPROVED", rejectionReason: null })
      .where(eq(beneficiaries.id, current.id))
      .returning();
    return toWire(row);
  });
}

/** Staff decision on an UNDER_REVIEW beneficiary: one conditional UPDATE (two decisions at once cannot both pass). */
async function decide(
  db: Db,
  id: string,
  set: { status: "APPROVED" | "REJECTED"; rejectionReason: string | null },
): Promise<Beneficiary> {
  if (!isUuid(id)) throw notFound("Beneficiary");
  const [row] = await db
    .update(beneficiaries)
    .set(set)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.status, "UNDER_REVIEW"), isNull(beneficiaries.deletedAt)))
    .returning();
  if (row) return toWire(row);
  const [current] = await db
    .select({ status: beneficiaries.status })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, id), isNull(beneficiaries.deletedAt)))
    .limit(1);
  if (!current) throw notFound("Beneficiary");
  throw statusConflict(current.status, `only an UNDER_REVIEW beneficiary can be ${set.status.toLowerCase()}`);
}

/**
 * Staff: approve a beneficiary under review (UNDER_REVIEW → APPROVED; spec 000 §4). Not
 * reachable by customers; `npm run bank -- beneficiary:approve <id>` calls it. Then notifies the
 * organization (server/domain/chat/notify.ts, Notifications.beneficiary-approved).
 * @param id the beneficiary id (any organization)
 * @returns contract Beneficiary (APPROVED)
 * @throws 404 NOT_FOUND (unknown or deleted), 409 BENEFICIARY_STATUS_CONFLICT (not UNDER_REVIEW)
 */
export async function approveBeneficiary(db: Db, id: string): Promise<Beneficiary> {
  const b = await decide(db, id, { status: "APPROVED", rejectionReason: null });
  await notifyBeneficiaryDecision(db, b);
  return b;
}

/**
 * Staff: reject a beneficiary under review with a reason the customer sees (UNDER_REVIEW →
 * REJECTED, `rejectionReason`; spec 000 §4). The customer may edit it (→ DRAFT) and submit again.
 * `npm run bank -- beneficiary:reject <id> --reason "<text>"` calls it. Then notifies the
 * organization (Notifications.beneficiary-rejected).
 * @param id the beneficiary id (any organization); @param reason 1..500 characters (trimmed)
 * @returns contract Beneficiary (REJECTED)
 * @throws 400 VALIDATION_FAILED on `reason`, 404 NOT_FOUND, 409 BENEFICIARY_STATUS_CONFLICT (not UNDER_REVIEW)
 */
export async function rejectBeneficiary(db: Db, id: string, reason: string): Promise<Beneficiary> {
  const text = (reason ?? "").trim();
  if (!text) throw fieldError("reason", "isNotEmpty", "reason should not be empty");
  if (text.length > 500) throw fieldError("reason", "maxLength", "reason must be at most 500 characters");
  const b = await decide(db, id, { status: "REJECTED", rejectionReason: text });
  await notifyBeneficiaryDecision(db, b);
  return b;
}
