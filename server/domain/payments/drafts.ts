/**
 * Payment form drafts (spec 000 §4 "Leaving /payments/ paths clears the saved transfer drafts
 * and document drafts"; §9 draft keys): a half-filled form kept on the server per user and form
 * (euro, gbp, usd, international, internal, cash-over, casp, between-accounts), so it survives
 * a reload, another device or a browser without JavaScript; restored on return, cleared when
 * the customer leaves /payments/ paths and on logout. Only text fields are kept (no secrets:
 * CSRF tokens, idempotency keys and codes are left out by the web layer).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { paymentDrafts } from "../../db/schema/index.js";
import type { PaymentDraft } from "../../api/v1/contract.js";
import { fieldErrors } from "../errors.js";
import { requireMembership } from "../organizations/access.js";

/** The payment forms that keep drafts (spec 000 §9 draft keys). */
export const DRAFT_FORMS = [
  "euro",
  "gbp",
  "usd",
  "international",
  "internal",
  "cash-over",
  "remittance",
  "casp",
  "between-accounts",
] as const;
export type DraftForm = (typeof DRAFT_FORMS)[number];

export const draftFormParam = z.enum(DRAFT_FORMS);

/** PUT body: the organization and up to 40 text fields of at most 500 characters each. */
export const saveDraftSchema = z.object({
  organizationId: z.string().uuid(),
  data: z
    .record(z.string().max(64), z.string().max(500))
    .refine((d) => Object.keys(d).length <= 40, { message: "data has too many fields" }),
});

function toWire(row: typeof paymentDrafts.$inferSelect): PaymentDraft {
  return { form: row.form, organizationId: row.organizationId, data: row.data, updatedAt: row.updatedAt.toISOString() };
}

/** The user's draft of `form`, or null. Drafts are per user; one of another organization than asked is not answered. */
export async function getPaymentDraft(
  db: Database,
  userId: string,
  form: DraftForm,
  organizationId?: string,
): Promise<PaymentDraft | null> {
  const [row] = await db
    .select()
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.userId, userId), eq(paymentDrafts.form, form)))
    .limit(1);
  if (!row || (organizationId && row.organizationId !== organizationId)) return null;
  return toWire(row);
}

/**
 * Save (replace) the user's draft of `form`.
 * @throws DomainError VALIDATION_FAILED (body), FORBIDDEN (not a member of organizationId)
 */
export async function savePaymentDraft(db: Database, userId: string, form: DraftForm, body: unknown): Promise<PaymentDraft> {
  const parsed = saveDraftSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  await requireMembership(db, userId, parsed.data.organizationId);
  const values = { userId, form, organizationId: parsed.data.organizationId, data: parsed.data.data, updatedAt: new Date() };
  const [row] = await db
    .insert(paymentDrafts)
    .values(values)
    .onConflictDoUpdate({ target: [paymentDrafts.userId, paymentDrafts.form], set: values })
    .returning();
  return toWire(row);
}

/** Delete the user's draft of `form`, or all their drafts when `form` is omitted. */
export async function clearPaymentDrafts(db: Database, userId: string, form?: DraftForm): Promise<void> {
  await db
    .delete(paymentDrafts)
    .where(form ? and(eq(paymentDrafts.userId, userId), eq(paymentDrafts.form, form)) : eq(paymentDrafts.userId, userId));
}
