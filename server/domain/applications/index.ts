/**
 * Onboarding applications (spec 001 §2–§7; issue 8): create, save step by step, drafts,
 * officials, documents, agreements, identity verification, submit. Staff decisions (approve,
 * decline) are in ./review.ts.
 *
 * Rules
 * - An application belongs to the user who created it; every call checks it (another user's id
 *   answers 404, so existence does not leak).
 * - A step save keeps the valid values even when others are refused (validateStep in
 *   server/rules/applications/validate.ts); refused values are kept as typed in `drafts[step]`
 *   and their errors in `errors[step]`. The row is locked (`SELECT … FOR UPDATE`) for the whole
 *   save, so two tabs saving different steps never lose each other's answers.
 * - Once submitted (status other than INCOMPLETE) nothing changes: 409 APPLICATION_NOT_EDITABLE.
 */
import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import {
  agreements,
  applicationAgreements,
  applicationDocuments,
  applicationOfficials,
  applications,
  applicationSchemes,
  uploads,
  users,
} from "../../db/schema/index.js";
import type {
  ApiFieldError,
  Application,
  ApplicationAgreement,
  ApplicationDocument,
  ApplicationOfficial,
  ApplicationScheme,
  ApplicationSummary,
  ApplicationType,
  KycToken,
  SaveApplicationStepRequest,
} from "../../api/v1/contract.js";
import { kycProviderFor } from "../../providers/kyc.js";
import { applicableSteps, findStep, OFFICIAL_FIELDS, type StepDef } from "../../rules/applications/steps.js";
import { validateStep, type Answers } from "../../rules/applications/validate.js";
import { isUuid } from "../accounts/index.js";
import { DomainError, fieldError } from "../errors.js";
import { notFound } from "../organizations/access.js";
import { discardUnattachedUploads, lockUploadsForAttach, matchHeldFiles } from "../uploads/index.js";
import { validationContext } from "./options.js";

type ApplicationRow = typeof applications.$inferSelect;
type SchemeRow = typeof applicationSchemes.$inferSelect;
type OfficialRow = typeof applicationOfficials.$inferSelect;

/** Most applications one user may hold (all types, any status): a ceiling against abuse. */
export const MAX_APPLICATIONS_PER_USER = 20;
/** Most people on one corporate application's cof step. */
export const MAX_OFFICIALS = 30;
/** Most documents on one application. */
export const MAX_DOCUMENTS = 60;
/** Largest draft one step may hold (characters of JSON). */
export const MAX_DRAFT_CHARS = 64 * 1024;

/** URL segment of each type (spec 001 §7: …/individuals, …/corporates, …/company-officials). */
export const TYPE_SEGMENTS: Record<string, ApplicationType> = {
  individuals: "INDIVIDUAL",
  corporates: "CORPORATE",
  "company-officials": "COMPANY_OFFICIAL",
};

/** Today as yyyy-mm-dd in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function notEditable(): DomainError {
  return new DomainError("APPLICATION_NOT_EDITABLE", "The application has been submitted and can no longer be changed");
}

function schemeToWire(s: SchemeRow): ApplicationScheme {
  return {
    id: s.id,
    name: s.name,
    clientType: s.clientType as ApplicationType,
    kycProvider: s.kycProvider,
    additionalQuestionsActive: s.additionalQuestionsActive,
    suppliersEnabled: s.suppliersEnabled,
    customersEnabled: s.customersEnabled,
    currencies: s.currencies,
    documentCategories: s.documentCategories,
    requiredDocumentCategories: s.requiredDocumentCategories,
  };
}

function officialToWire(o: OfficialRow): ApplicationOfficial {
  return {
    id: o.id,
    role: o.role as ApplicationOfficial["role"],
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    dob: o.dob,
    nationalityId: o.nationalityId,
    position: o.position,
    percentage: o.percentage === null ? null : Number.parseFloat(o.percentage).toFixed(2).padStart(4, "0"),
    natureOfControl: o.natureOfControl as ApplicationOfficial["natureOfControl"],
  };
}

/** Display name: the company for CORPORATE, else the applicant's first and last name. */
function nameOf(row: ApplicationRow): string | null {
  const a = row.answers;
  if (row.type === "CORPORATE") return typeof a.companyName === "string" ? a.companyName : null;
  const name = [a.firstName, a.lastName].filter((x): x is string => typeof x === "string").join(" ");
  return name || null;
}

/** The list view of an application row (contract ApplicationSummary). */
export function summaryOf(row: ApplicationRow): ApplicationSummary {
  return {
    id: row.id,
    type: row.type as ApplicationType,
    status: row.status as ApplicationSummary["status"],
    name: nameOf(row),
    declineReason: row.declineReason,
    changesRequested: row.changesRequested,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/**
 * GET /v1/clients-applications?all=true[&idempotencyKey=]: the caller's applications, newest
 * first; with `idempotencyKey`, only the one its create call made under that key (or none).
 */
export async function listApplications(
  db: Database,
  userId: string,
  filter: { creationKey?: string } = {},
): Promise<ApplicationSummary[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        filter.creationKey === undefined ? undefined : eq(applications.creationKey, filter.creationKey),
      ),
    )
    .orderBy(desc(applications.createdAt));
  return rows.map(summaryOf);
}

/** The caller's application row (optionally locked), or 404. */
async function ownRow(db: Database | Tx, userId: string, id: string, lock = false): Promise<ApplicationRow> {
  if (!isUuid(id)) throw notFound("Application");
  const q = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Application");
  return row;
}

async function schemeOf(db: Database | Tx, schemeId: string): Promise<SchemeRow> {
  const [s] = await db.select().from(applicationSchemes).where(eq(applicationSchemes.id, schemeId));
  if (!s) throw new Error(`application scheme ${schemeId} is missing`);
  return s;
}

/** The default scheme of an applicant type (the row flagged default, else the first by id). */
export async function defaultScheme(db: Database | Tx, type: ApplicationType): Promise<SchemeRow> {
  const rows = await db
    .select()
    .from(applicationSchemes)
    .where(eq(applicationSchemes.clientType, type))
    .orderBy(desc(applicationSchemes.isDefault), asc(applicationSchemes.id))
    .limit(1);
  if (!rows[0]) throw new Error(`no application scheme for ${type}: run the seed`);
  return rows[0];
}

/** Agreement client types an application signs: its own type, plus MAIN_REPRESENTATIVE for CORPORATE. */
function agreementTypesOf(type: ApplicationType): string[] {
  return type === "CORPORATE" ? ["MAIN_REPRESENTATIVE", "CORPORATE"] : [type];
}

async function agreementsOf(db: Database | Tx, row: ApplicationRow): Promise<ApplicationAgreement[]> {
  const list = await db
    .select({ id: agreements.id, title: agreements.title, version: agreements.version, clientType: agreements.clientType })
    .from(agreements)
    .where(inArray(agreements.clientType, agreementTypesOf(row.type as ApplicationType)))
    .orderBy(asc(agreements.position), asc(agreements.id));
  const signed = await db
    .select({ agreementId: applicationAgreements.agreementId, signedAt: applicationAgreements.signedAt })
    .from(applicationAgreements)
    .where(eq(applicationAgreements.applicationId, row.id));
  const at = new Map(signed.map((s) => [s.agreementId, s.signedAt.toISOString()]));
  return list.map((a) => ({ ...a, signedAt: at.get(a.id) ?? null }));
}

async function documentsOf(db: Database | Tx, applicationId: string): Promise<ApplicationDocument[]> {
  const rows = await db
    .select({
      id: applicationDocuments.id,
      category: applicationDocuments.category,
      uploadId: uploads.id,
      name: uploads.name,
      mimeType: uploads.mimeType,
      size: uploads.size,
      createdAt: uploads.createdAt,
    })
    .from(applicationDocuments)
    .innerJoin(uploads, eq(uploads.id, applicationDocuments.uploadId))
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.id));
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    upload: { id: r.uploadId, name: r.name, mimeType: r.mimeType, size: r.size, createdAt: r.createdAt.toISOString() },
  }));
}

async function officialsOf(db: Database | Tx, applicationId: string): Promise<OfficialRow[]> {
  return db
    .select()
    .from(applicationOfficials)
    .where(eq(applicationOfficials.applicationId, applicationId))
    .orderBy(asc(applicationOfficials.createdAt), asc(applicationOfficials.id));
}

/** The full wire view of an application row. */
async function toWire(db: Database | Tx, row: ApplicationRow): Promise<Application> {
  const scheme = await schemeOf(db, row.schemeId);
  const officials = await officialsOf(db, row.id);
  const steps = applicableSteps(row.type as ApplicationType, scheme).map((s) => ({
    id: s.id,
    status: (row.errors[s.id]?.length
      ? "error"
      : row.completedSteps.includes(s.id)
        ? "complete"
        : "incomplete") as Application["steps"][number]["status"],
  }));
  const main = officials.find((o) => o.role === "MAIN_REPRESENTATIVE");
  const verification = row.verification
    ? {
        provider: String(row.verification.provider ?? scheme.kycProvider),
        status: (row.verification.status ?? "NOT_STARTED") as NonNullable<Application["verification"]>["status"],
      }
    : scheme.kycProvider === "NONE"
      ? null
      : { provider: scheme.kycProvider, status: "NOT_STARTED" as const };
  return {
    ...summaryOf(row),
    scheme: schemeToWire(scheme),
    answers: row.answers,
    drafts: row.drafts,
    errors: row.errors,
    steps,
    mainRepresentative: main ? officialToWire(main) : null,
    officials: officials.filter((o) => o.role !== "MAIN_REPRESENTATIVE").map(officialToWire),
    documents: await documentsOf(db, row.id),
    agreements: await agreementsOf(db, row),
    verification,
    editable: row.status === "INCOMPLETE",
  };
}

/**
 * GET /v1/clients-applications/:id.
 * @throws 404 NOT_FOUND when it is not the caller's
 */
export async function getApplication(db: Database, userId: string, id: string): Promise<Application> {
  return toWire(db, await ownRow(db, userId, id));
}

/**
 * POST /v1/clients-applications/{individuals|corporates|company-officials}: create an
 * application of `type` under the type's default scheme and save its first step.
 *
 * With a creation key (the call's Idempotency-Key) the create is idempotent: the key names the
 * application it made, so a repeat (a double submit, a form sent again) saves the step into
 * that application instead of making another one — a step save gives the same application for
 * the same values — and says it was not created. The key is the caller's (unique per user).
 * @returns the application, and whether this call created it
 * @throws 409 APPLICATION_EXISTS when the caller already has an INDIVIDUAL or COMPANY_OFFICIAL
 *   application of the same type that is not DECLINED (one at a time: continue it instead; an
 *   ACCEPTED company-official application allows another, for another company; an ACCEPTED
 *   individual one does not: one personal account per person), or MAX_APPLICATIONS_PER_USER
 *   applications; 409 IDEMPOTENCY_KEY_REUSED when the key made an application of another type;
 *   409 APPLICATION_NOT_EDITABLE when the key's application has been submitted since; 400 as
 *   `saveStep`
 */
export async function createApplication(
  db: Database,
  userId: string,
  type: ApplicationType,
  request: SaveApplicationStepRequest,
  now: Date = new Date(),
  creationKey: string | null = null,
): Promise<{ application: Application; created: boolean }> {
  const { id, created } = await db.transaction(async (tx) => {
    // The user's row is the lock: with no application yet there is no application row to lock,
    // and two simultaneous creates must not both pass the one-at-a-time check below (nor both
    // miss the creation key's application).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const mine = await tx.select().from(applications).where(eq(applications.userId, userId));
    const twin = creationKey === null ? undefined : mine.find((a) => a.creationKey === creationKey);
    if (twin) {
      if (twin.type !== type)
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for another application type");
      const row = await ownRow(tx, userId, twin.id, true); // as a step save: the row locked for the save
      if (row.status !== "INCOMPLETE") throw notEditable();
      await applyStep(tx, row, await schemeOf(tx, row.schemeId), request, now);
      return { id: twin.id, created: false };
    }
    if (mine.length >= MAX_APPLICATIONS_PER_USER)
      throw new DomainError("APPLICATION_EXISTS", `At most ${MAX_APPLICATIONS_PER_USER} applications per user`);
    if (type !== "CORPORATE") {
      const open = mine.find(
        (a) => a.type === type && a.status !== "DECLINED" && (type === "INDIVIDUAL" || a.status !== "ACCEPTED"),
      );
      if (open) throw new DomainError("APPLICATION_EXISTS", `An application of this type already exists: ${open.id}`);
    }
    const scheme = await defaultScheme(tx, type);
    const [row] = await tx.insert(applications).values({ userId, type, schemeId: scheme.id, creationKey }).returning();
    await applyStep(tx, row, scheme, request, now);
    return { id: row.id, created: true };
  });
  return { application: await getApplication(db, userId, id), created };
}

/**
 * PUT /v1/clients-applications/{individuals|corporates|company-officials}/:id: save one step.
 * @param type the type named by the URL (another type's id answers 404)
 * @returns the application after the save; refused values are in `errors[step]` (not an error answer)
 * @throws 404; 409 APPLICATION_NOT_EDITABLE once submitted; 400 on `step` (unknown or not
 *   applicable under the scheme; the corporate representative's additional information before
 *   the representative exists)
 */
export async function saveStep(
  db: Database,
  userId: string,
  type: ApplicationType,
  id: string,
  request: SaveApplicationStepRequest,
  now: Date = new Date(),
): Promise<Application> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.type !== type) throw notFound("Application");
    if (row.status !== "INCOMPLETE") throw notEditable();
    await applyStep(tx, row, await schemeOf(tx, row.schemeId), request, now);
  });
  return getApplication(db, userId, id);
}

/** Is the step applicable under the scheme? 400 on `step` otherwise. */
function stepOrThrow(type: ApplicationType, scheme: SchemeRow, stepId: string): StepDef {
  const step = applicableSteps(type, scheme).find((s) => s.id === stepId);
  if (!step) throw fieldError("step", "isStep", `step ${stepId.slice(0, 60)} is not a step of this application`);
  return step;
}

/**
 * The errors of a special part, from the application's current state (no values needed).
 * @returns field errors (empty when the part is complete)
 */
async function specialErrors(tx: Database | Tx, row: ApplicationRow, scheme: SchemeRow, step: StepDef): Promise<ApiFieldError[]> {
  switch (step.special) {
    case "verification": {
      if (scheme.kycProvider === "NONE") return [];
      return row.verification?.status === "COMPLETED"
        ? []
        : [{ property: "sumSubApplication", constraints: { verification: "Complete the identity verification" } }];
    }
    case "officials": {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(applicationOfficials)
        .where(
          and(
            eq(applicationOfficials.applicationId, row.id),
            inArray(applicationOfficials.role, ["DIRECTOR", "SHAREHOLDER", "UBO"]),
          ),
        );
      return n > 0 ? [] : [{ property: "officials", constraints: { minItems: "Add at least one director, shareholder or UBO" } }];
    }
    case "documents": {
      const docs = await tx
        .select({ category: applicationDocuments.category })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, row.id));
      const have = new Set(docs.map((d) => d.category));
      return scheme.requiredDocumentCategories
        .filter((c) => !have.has(c))
        .map((c) => ({ property: `documents.${c}`, constraints: { required: `Add a document of category ${c}` } }));
    }
    case "agreements": {
      const forType = step.agreementsFor;
      if (!forType) return [];
      const list = await agreementsOf(tx, row);
      const missing = list.filter((a) => a.clientType === forType && !a.signedAt);
      return missing.length ? [{ property: "agreements", constraints: { required: "Read and accept every agreement" } }] : [];
    }
    default:
      return [];
  }
}

/** Whether a condition of a field of `step` (`requiredWhen`, `shownWhen`) names a field of `other`. */
function readsFieldsOf(step: StepDef, other: StepDef): boolean {
  const names = new Set(other.fields.map((f) => f.name));
  return step.fields.some(
    (f) => (f.requiredWhen && names.has(f.requiredWhen.field)) || (f.shownWhen && names.has(f.shownWhen.field)),
  );
}

/** Answers of one step's fields out of the application's answers. */
function stepAnswers(step: StepDef, answers: Answers): Answers {
  const out: Answers = {};
  for (const field of step.fields) if (answers[field.name] !== undefined) out[field.name] = answers[field.name];
  return out;
}

/**
 * Save one step on a locked row (create and update share it). Field steps: validate, keep the
 * valid part, record drafts and errors. Agreement steps: sign the accepted agreements first.
 * Special steps: record whether the part is complete. The step is complete when neither its
 * fields (checked in full, even for a partial save) nor its special part have errors.
 */
async function applyStep(tx: Tx, row: ApplicationRow, scheme: SchemeRow, request: SaveApplicationStepRequest, now: Date) {
  const type = row.type as ApplicationType;
  const step = stepOrThrow(type, scheme, request.step);
  const values = request.values ?? {};
  const ctx = await validationContext(tx, type, values, todayUtc(now));
  // Conditions naming a field of another step read the application's answers (`context`).
  const result = validateStep(step, values, ctx, { partial: request.partial, context: row.answers });

  let answers: Answers = { ...row.answers };
  if (step.fields.length) {
    for (const field of step.fields) delete answers[field.name];
    answers = { ...answers, ...result.answers };
  }
  if (step.special === "agreements" && request.agreementIds?.length) {
    const allowed = (await agreementsOf(tx, row)).filter((a) => a.clientType === step.agreementsFor).map((a) => a.id);
    const accepted = [...new Set(request.agreementIds)].filter((a) => allowed.includes(a));
    if (accepted.length)
      await tx
        .insert(applicationAgreements)
        .values(accepted.map((agreementId) => ({ applicationId: row.id, agreementId, userId: row.userId, signedAt: now })))
        .onConflictDoNothing();
  }
  if (type === "CORPORATE" && step.onMainRepresentative) await saveMainRepresentative(tx, row.id, step, answers);

  const special = await specialErrors(tx, row, scheme, step);
  const full = request.partial ? validateStep(step, stepAnswers(step, answers), ctx, { context: answers }).errors : result.errors;
  const complete = full.length === 0 && special.length === 0;
  const shownErrors = [...result.errors, ...(request.partial ? [] : special)];

  const drafts = { ...row.drafts };
  if (Object.keys(result.drafts).length) drafts[step.id] = result.drafts;
  else delete drafts[step.id];
  const errors = { ...row.errors };
  if (shownErrors.length) errors[step.id] = shownErrors;
  else delete errors[step.id];
  const completed = new Set(row.completedSteps);
  if (complete) completed.add(step.id);
  else completed.delete(step.id);
  // A complete step whose conditions read this step's answers (its `requiredWhen` or `shownWhen`
  // names one of them) is checked again: an answer here may have made one of its fields required.
  for (const other of applicableSteps(type, scheme)) {
    if (other.id === step.id || !completed.has(other.id) || !readsFieldsOf(other, step)) continue;
    const own = stepAnswers(other, answers);
    const otherCtx = await validationContext(tx, type, own, todayUtc(now));
    if (validateStep(other, own, otherCtx, { context: answers }).errors.length) completed.delete(other.id);
  }

  await tx
    .update(applications)
    .set({ answers, drafts, errors, completedSteps: [...completed], updatedAt: now })
    .where(eq(applications.id, row.id));
}

/** Corporate personal-data and cof-additional-infromation: keep the main representative's row in step. */
async function saveMainRepresentative(tx: Tx, applicationId: string, step: StepDef, answers: Answers) {
  const [main] = await tx
    .select()
    .from(applicationOfficials)
    .where(and(eq(applicationOfficials.applicationId, applicationId), eq(applicationOfficials.role, "MAIN_REPRESENTATIVE")));
  const s = (name: string) => (typeof answers[name] === "string" ? (answers[name] as string) : null);
  const person = {
    firstName: s("firstName"),
    lastName: s("lastName"),
    email: s("email"),
    dob: s("dob"),
    nationalityId: s("nationalityId"),
    position: s("position"),
    phone: s("phone"),
    answers: stepAnswers(step, answers),
  };
  if (!main) {
    if (step.id !== "personal-data") throw fieldError("step", "isStep", "Save the representative's personal data first");
    await tx.insert(applicationOfficials).values({ applicationId, role: "MAIN_REPRESENTATIVE", ...person });
  } else {
    await tx
      .update(applicationOfficials)
      .set({ ...person, answers: { ...main.answers, ...person.answers } })
      .where(eq(applicationOfficials.id, main.id));
  }
}

/**
 * PUT /v1/clients-applications/:id/drafts: keep what the applicant typed on a step they left
 * (JavaScript's page-leave beacon). Unchecked values, limited to the step's field names and
 * MAX_DRAFT_CHARS; never touches `answers`.
 * @throws 404; 409 APPLICATION_NOT_EDITABLE; 400 on `step` or `values` (too large)
 */
export async function saveDraft(
  db: Database,
  userId: string,
  id: string,
  stepId: string,
  values: Record<string, string | string[]>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.status !== "INCOMPLETE") throw notEditable();
    const step = findStep(row.type as ApplicationType, stepId);
    if (!step || step.fields.length === 0) throw fieldError("step", "isStep", "Not a step with fields");
    const draft: Answers = {};
    for (const field of step.fields) if (values[field.name] !== undefined) draft[field.name] = values[field.name];
    if (JSON.stringify(draft).length > MAX_DRAFT_CHARS) throw fieldError("values", "maxSize", "The draft is too large");
    await tx
      .update(applications)
      .set({ drafts: { ...row.drafts, [step.id]: draft }, updatedAt: new Date() })
      .where(eq(applications.id, row.id));
  });
}

// ---------------------------------------------------------------- officials (corporate cof step)

/** Validate an official's values (all fields of OFFICIAL_FIELDS, not partial). @throws 400 field errors */
async function officialValues(tx: Tx, values: Record<string, string | string[]>, now: Date) {
  const step = { id: "cof", fields: OFFICIAL_FIELDS };
  const ctx = await validationContext(tx, "CORPORATE", values, todayUtc(now));
  const result = validateStep(step, values, ctx);
  if (result.errors.length) throw new DomainError("VALIDATION_FAILED", result.errors);
  const s = (n: string) => (typeof result.answers[n] === "string" ? (result.answers[n] as string) : null);
  return {
    role: s("role")!,
    firstName: s("firstName"),
    lastName: s("lastName"),
    email: s("email"),
    phone: s("phone"),
    dob: s("dob"),
    nationalityId: s("nationalityId"),
    position: s("position"),
    percentage: s("percentage"),
    natureOfControl: s("natureOfControl"),
  };
}

async function editableCorporate(tx: Tx, userId: string, id: string): Promise<ApplicationRow> {
  const row = await ownRow(tx, userId, id, true);
  if (row.type !== "CORPORATE") throw notFound("Application");
  if (row.status !== "INCOMPLETE") throw notEditable();
  return row;
}

/** Changing the list re-opens the cof step (its completion is checked again on its next save). */
async function touchOfficials(tx: Tx, row: ApplicationRow) {
  await tx
    .update(applications)
    .set({ completedSteps: row.completedSteps.filter((s) => s !== "cof"), updatedAt: new Date() })
    .where(eq(applications.id, row.id));
}

/**
 * POST /v1/clients-applications/corporates/:id/company-officials: add a director, shareholder or UBO.
 *
 * With a creation key (the call's Idempotency-Key; the web form's hidden key) the add is
 * idempotent: the key names the official it added, so a repeat (a double submit, a retried
 * call) saves the values into that official instead of adding another, and says it was not
 * created — as a repeated application create does (docs/decisions.md "Starting an
 * application"). Adds to one application are serialised on its row, so simultaneous repeats
 * find the key; the key is unique per application (`application_officials_creation_key_uq`).
 * @returns the official, and whether this call added it
 * @throws 404; 409 APPLICATION_NOT_EDITABLE; 400 field errors (OFFICIAL_FIELDS) or `coreError`
 *   maxOfficials beyond MAX_OFFICIALS
 */
export async function addOfficial(
  db: Database,
  userId: string,
  id: string,
  values: Record<string, string | string[]>,
  now: Date = new Date(),
  creationKey: string | null = null,
): Promise<{ official: ApplicationOfficial; created: boolean }> {
  return db.transaction(async (tx) => {
    const row = await editableCorporate(tx, userId, id); // locked: adds to one application wait for each other
    const [twin] =
      creationKey === null
        ? []
        : await tx
            .select()
            .from(applicationOfficials)
            .where(and(eq(applicationOfficials.applicationId, id), eq(applicationOfficials.creationKey, creationKey)));
    if (twin) {
      const v = await officialValues(tx, values, now);
      const [o] = await tx.update(applicationOfficials).set(v).where(eq(applicationOfficials.id, twin.id)).returning();
      const official = officialToWire(o);
      if (JSON.stringify(official) !== JSON.stringify(officialToWire(twin))) await touchOfficials(tx, row);
      return { official, created: false };
    }
    const [{ n }] = await tx.select({ n: count() }).from(applicationOfficials).where(eq(applicationOfficials.applicationId, id));
    if (n >= MAX_OFFICIALS + 1) throw fieldError("coreError", "maxOfficials", `At most ${MAX_OFFICIALS} officials`);
    const v = await officialValues(tx, values, now);
    const [o] = await tx
      .insert(applicationOfficials)
      .values({ applicationId: id, ...v, creationKey })
      .returning();
    await touchOfficials(tx, row);
    return { official: officialToWire(o), created: true };
  });
}

/**
 * PUT /v1/clients-applications/corporates/:id/company-officials/:officialId.
 * @throws 404 (also for the main representative: edited on its own steps); 409; 400 field errors
 */
export async function updateOfficial(
  db: Database,
  userId: string,
  id: string,
  officialId: string,
  values: Record<string, string | string[]>,
  now: Date = new Date(),
): Promise<ApplicationOfficial> {
  return db.transaction(async (tx) => {
    const row = await editableCorporate(tx, userId, id);
    if (!isUuid(officialId)) throw notFound("Official");
    const v = await officialValues(tx, values, now);
    const [o] = await tx
      .update(applicationOfficials)
      .set(v)
      .where(
        and(
          eq(applicationOfficials.id, officialId),
          eq(applicationOfficials.applicationId, id),
          inArray(applicationOfficials.role, ["DIRECTOR", "SHAREHOLDER", "UBO"]),
        ),
      )
      .returning();
    if (!o) throw notFound("Official");
    await touchOfficials(tx, row);
    return officialToWire(o);
  });
}

/** DELETE …/company-officials/:officialId. @throws 404; 409 */
export async function deleteOfficial(db: Database, userId: string, id: string, officialId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await editableCorporate(tx, userId, id);
    if (!isUuid(officialId)) throw notFound("Official");
    const gone = await tx
      .delete(applicationOfficials)
      .where(
        and(
          eq(applicationOfficials.id, officialId),
          eq(applicationOfficials.applicationId, id),
          inArray(applicationOfficials.role, ["DIRECTOR", "SHAREHOLDER", "UBO"]),
        ),
      )
      .returning({ id: applicationOfficials.id });
    if (!gone.length) throw notFound("Official");
    await touchOfficials(tx, row);
  });
}

// ---------------------------------------------------------------- documents

/** GET …/:id/documents/allowed-categories: the scheme's categories. @throws 404 */
export async function allowedDocumentCategories(db: Database, userId: string, id: string): Promise<string[]> {
  const row = await ownRow(db, userId, id);
  return (await schemeOf(db, row.schemeId)).documentCategories;
}

/** GET …/:id/documents. @throws 404 */
export async function listApplicationDocuments(db: Database, userId: string, id: string): Promise<ApplicationDocument[]> {
  await ownRow(db, userId, id);
  return documentsOf(db, id);
}

/**
 * POST …/:id/documents { category, uploadIds }: attach the caller's own applicant uploads
 * (POST /v1/uploads without organizationId) under an allowed category. A copy of a file filed
 * under the category already (same SHA-256 and name: a form resubmitted without JavaScript
 * uploads its files again) is not filed again, and its upload is deleted (`matchHeldFiles`,
 * `discardUnattachedUploads`).
 * An upload filed under the category already is a no-op (a replayed call).
 * @returns the documents of this call: those added, and for a copy or an upload filed already
 *   the document holding its file
 * @throws 404; 409; 400 on `category` (not allowed by the scheme), `uploadIds` (not the
 *   caller's applicant uploads, or filed under another category), `coreError` maxDocuments beyond MAX_DOCUMENTS
 */
export async function attachApplicationDocuments(
  db: Database,
  userId: string,
  id: string,
  category: string,
  uploadIds: string[],
): Promise<ApplicationDocument[]> {
  const filed = await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.status !== "INCOMPLETE") throw notEditable();
    const scheme = await schemeOf(tx, row.schemeId);
    if (!scheme.documentCategories.includes(category))
      throw fieldError("category", "isIn", "category is not a document category of this application");
    const ids = [...new Set(uploadIds)];
    const own = await lockUploadsForAttach(tx, ids, and(eq(uploads.userId, userId), isNull(uploads.organizationId)));
    if (own.length !== ids.length) throw fieldError("uploadIds", "isOwnUpload", "uploadIds must be your own uploads");
    // A file filed under this category already (same bytes and name) is not filed again: the
    // copy a resubmitted form uploaded is deleted instead; the same upload named again is a no-op
    // (as for payment and beneficiary documents). Filed under another category: refused below.
    const held = (
      await tx
        .select({ uploadId: applicationDocuments.uploadId })
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.category, category)))
        .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.id))
    ).map((d) => d.uploadId);
    const { fresh, standsFor } = await matchHeldFiles(tx, ids, held);
    const [{ n }] = await tx.select({ n: count() }).from(applicationDocuments).where(eq(applicationDocuments.applicationId, id));
    if (n + fresh.length > MAX_DOCUMENTS) throw fieldError("coreError", "maxDocuments", `At most ${MAX_DOCUMENTS} documents`);
    if (fresh.length) {
      const rows = await tx
        .insert(applicationDocuments)
        .values(fresh.map((uploadId) => ({ applicationId: id, uploadId, category })))
        .onConflictDoNothing()
        .returning({ id: applicationDocuments.id });
      // An upload filed under another category of this application.
      if (rows.length !== fresh.length) throw fieldError("uploadIds", "isUnique", "A file is attached already");
      await tx
        .update(applications)
        .set({ completedSteps: row.completedSteps.filter((s) => s !== "add-documents"), updatedAt: new Date() })
        .where(eq(applications.id, id));
    }
    await discardUnattachedUploads(
      tx,
      userId,
      ids.filter((u) => standsFor.get(u) !== u),
    );
    return new Set(standsFor.values());
  });
  return (await documentsOf(db, id)).filter((d) => d.category === category && filed.has(d.upload.id));
}

/** DELETE …/:id/documents/:documentId. @throws 404; 409 */
export async function deleteApplicationDocument(db: Database, userId: string, id: string, documentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.status !== "INCOMPLETE") throw notEditable();
    if (!isUuid(documentId)) throw notFound("Document");
    const gone = await tx
      .delete(applicationDocuments)
      .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, id)))
      .returning({ id: applicationDocuments.id });
    if (!gone.length) throw notFound("Document");
    await tx
      .update(applications)
      .set({ completedSteps: row.completedSteps.filter((s) => s !== "add-documents"), updatedAt: new Date() })
      .where(eq(applications.id, id));
  });
}

/** GET …/:id/documents/:documentId/file: the bytes, for the applicant only. @throws 404 */
export async function applicationDocumentFile(
  db: Database,
  userId: string,
  id: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  await ownRow(db, userId, id);
  if (!isUuid(documentId)) throw notFound("Document");
  const [r] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(applicationDocuments)
    .innerJoin(uploads, eq(uploads.id, applicationDocuments.uploadId))
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, id)));
  if (!r) throw notFound("Document");
  return { name: r.name, mimeType: r.mimeType, bytes: r.data };
}

// ---------------------------------------------------------------- staff views (back office)

/**
 * The back office's view of any application (no ownership check: the caller is the staff
 * guard, server/api/v1/ops): the applicant's full wire view plus the applicant's id and phone.
 * @throws 404 NOT_FOUND
 */
export async function staffApplicationView(
  db: Database,
  id: string,
): Promise<Application & { applicant: { id: string; phone: string; identified: boolean }; organizationId: string | null }> {
  if (!isUuid(id)) throw notFound("Application");
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw notFound("Application");
  const [u] = await db
    .select({ id: users.id, phone: users.phone, identified: users.identified })
    .from(users)
    .where(eq(users.id, row.userId));
  return { ...(await toWire(db, row)), applicant: u, organizationId: row.organizationId };
}

/** The bytes of any application's document, for the back office. @throws 404 NOT_FOUND */
export async function staffApplicationDocumentFile(
  db: Database,
  id: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  if (!isUuid(id) || !isUuid(documentId)) throw notFound("Document");
  const [r] = await db
    .select({ name: uploads.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(applicationDocuments)
    .innerJoin(uploads, eq(uploads.id, applicationDocuments.uploadId))
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, id)));
  if (!r) throw notFound("Document");
  return { name: r.name, mimeType: r.mimeType, bytes: r.data };
}

// ---------------------------------------------------------------- agreements

/** GET …/:id/agreements. @throws 404 */
export async function listApplicationAgreements(db: Database, userId: string, id: string): Promise<ApplicationAgreement[]> {
  return agreementsOf(db, await ownRow(db, userId, id));
}

/** GET /v1/agreements/:agreementId/file (any signed-in user: agreements are public terms). @throws 404 */
export async function agreementFile(
  db: Database,
  agreementId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  // Agreement ids are short slugs (server/seed/onboarding-reference.ts); anything else, a NUL
  // character in the path included (PostgreSQL refuses it in text: a 500), is simply unknown.
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(agreementId)) throw notFound("Agreement");
  const [a] = await db
    .select({ name: agreements.fileName, mimeType: agreements.mimeType, bytes: agreements.content })
    .from(agreements)
    .where(eq(agreements.id, agreementId));
  if (!a) throw notFound("Agreement");
  return a;
}

// ---------------------------------------------------------------- submit

/**
 * PUT /v1/clients-applications/:id/submit: check every applicable step in full and move the
 * application to READY_TO_REVIEW.
 * @returns the submitted application
 * @throws 404; 409 APPLICATION_NOT_EDITABLE when not INCOMPLETE; 400 VALIDATION_FAILED listing
 *   every problem (property names map to steps: routeStepOf/errorStepOf in
 *   server/rules/applications/steps.ts); the same errors are stored per step, so the step list
 *   marks them
 */
export async function submitApplication(db: Database, userId: string, id: string, now: Date = new Date()): Promise<Application> {
  const problems = await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.status !== "INCOMPLETE") throw notEditable();
    const scheme = await schemeOf(tx, row.schemeId);
    const type = row.type as ApplicationType;
    const ctx = await validationContext(tx, type, row.answers, todayUtc(now));
    const errors: Record<string, ApiFieldError[]> = {};
    for (const step of applicableSteps(type, scheme)) {
      const list = [
        ...(step.fields.length ? validateStep(step, stepAnswers(step, row.answers), ctx, { context: row.answers }).errors : []),
        ...(await specialErrors(tx, row, scheme, step)),
      ];
      if (list.length) errors[step.id] = list;
    }
    if (Object.keys(errors).length) {
      await tx.update(applications).set({ errors, updatedAt: now }).where(eq(applications.id, id));
      return Object.values(errors).flat();
    }
    await tx
      .update(applications)
      .set({ status: "READY_TO_REVIEW", errors: {}, drafts: {}, changesRequested: null, submittedAt: now, updatedAt: now })
      .where(eq(applications.id, id));
    return null;
  });
  if (problems) throw new DomainError("VALIDATION_FAILED", problems);
  return getApplication(db, userId, id);
}

// ---------------------------------------------------------------- identity verification

/**
 * Record the outcome of the identity check (the provider's webhook in production; the sandbox
 * provider's form here). COMPLETED completes the verification step; REJECTED leaves it open.
 * @throws 404; 409 APPLICATION_NOT_EDITABLE; 400 on `provider` when the scheme's provider is another one
 */
export async function recordVerification(
  db: Database,
  userId: string,
  id: string,
  provider: string,
  status: "PENDING" | "COMPLETED" | "REJECTED",
  now: Date = new Date(),
): Promise<Application> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, userId, id, true);
    if (row.status !== "INCOMPLETE") throw notEditable();
    const scheme = await schemeOf(tx, row.schemeId);
    if (scheme.kycProvider !== provider) throw fieldError("provider", "isProvider", "This application uses another provider");
    const errors = { ...row.errors };
    if (status === "COMPLETED") delete errors["identity-verification"];
    const completed = new Set(row.completedSteps);
    if (status === "COMPLETED") completed.add("identity-verification");
    else completed.delete("identity-verification");
    await tx
      .update(applications)
      .set({
        verification: { provider, status, updatedAt: now.toISOString() },
        errors,
        completedSteps: [...completed],
        updatedAt: now,
      })
      .where(eq(applications.id, id));
  });
  return getApplication(db, userId, id);
}

/**
 * GET …/:id/sumsub-token: a short-lived token of the scheme's KYC provider for its web SDK.
 * @returns contract KycToken
 * @throws 404; 400 `coreError` noProvider when the scheme needs no verification (NONE)
 */
export async function kycAccessToken(db: Database, userId: string, id: string): Promise<KycToken> {
  const row = await ownRow(db, userId, id);
  const provider = kycProviderFor((await schemeOf(db, row.schemeId)).kycProvider);
  if (!provider) throw fieldError("coreError", "noProvider", "This application needs no identity verification");
  const token = await provider.createAccessToken(id, userId);
  return { provider: provider.name, token: token.token, expiresAt: token.expiresAt.toISOString() };
}

export { type ApplicationRow };
