/**
 * Small helpers the rails share: trimmed optional text fields, "from the body or else the saved
 * beneficiary", required-field and rule-result errors, and the provider-type check
 * (spec 000 §2: a kind is offered only where a provider payment type serves the currency).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.js";
import { providerPaymentTypes } from "../../../db/schema/index.js";
import type { ProviderPaymentTypeCode } from "../../../api/v1/contract.js";
import { fieldError } from "../../errors.js";
import type { BeneficiaryRow } from "./types.js";

/** Optional text: trimmed, "" → undefined, at most `max` characters. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().max(max).optional(),
  );

/** Optional boolean from JSON or a form ("true"/"on"/"1" → true, "false"/"" → false). */
export const optionalFlag = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.toLowerCase()) : v),
  z.boolean().optional(),
);

/**
 * A payee field of the payment: the saved beneficiary's `beneficiaryKey` when the payment names
 * an APPROVED beneficiary that has it (the approved details are what gets paid: a body cannot
 * send money elsewhere under an approved beneficiary's name), else `body[key]`, else undefined.
 */
export function fromBody(
  body: Record<string, unknown>,
  beneficiary: BeneficiaryRow | null,
  key: string,
  beneficiaryKey: keyof BeneficiaryRow = key as keyof BeneficiaryRow,
): string | undefined {
  const saved = beneficiary?.[beneficiaryKey];
  if (typeof saved === "string" && saved !== "") return saved;
  const given = body[key];
  return typeof given === "string" && given !== "" ? given : undefined;
}

/**
 * The value, or a field error "`field` should not be empty" (constraint isNotEmpty).
 * @throws DomainError VALIDATION_FAILED
 */
export function required(field: string, value: string | undefined): string {
  if (value === undefined || value.trim() === "") throw fieldError(field, "isNotEmpty", `${field} should not be empty`);
  return value.trim();
}

/**
 * Unwrap a rule result from server/rules (`{ ok: true, … } | { ok: false, error }`), or throw
 * a field error whose constraint is the rule's error code (the web maps the same codes).
 * @param messages English message per error code (fallback: "`field` is invalid")
 */
export function valid<R extends { ok: true } | { ok: false; error: string }>(
  field: string,
  result: R,
  messages: Record<string, string> = {},
): Extract<R, { ok: true }> {
  if (result.ok) return result as Extract<R, { ok: true }>;
  const { error } = result as { ok: false; error: string };
  throw fieldError(field, error, messages[error] ?? `${field} is invalid`);
}

/**
 * The provider payment type for this payment: `requested` (already one of the rail's types) or
 * the rail's first type offered with `currencyId`; it must be offered with that currency
 * (provider_payment_types, the same table GET /v1/settings/payments answers).
 * @throws DomainError VALIDATION_FAILED on `paymentType` (isAvailable) or `currencyId` (isServed)
 */
export async function providerType(
  tx: Tx,
  types: readonly ProviderPaymentTypeCode[],
  requested: ProviderPaymentTypeCode | undefined,
  currencyId: string,
): Promise<ProviderPaymentTypeCode> {
  const candidates = requested ? [requested] : types;
  for (const type of candidates) {
    const [offered] = await tx
      .select({ id: providerPaymentTypes.id })
      .from(providerPaymentTypes)
      .where(and(eq(providerPaymentTypes.type, type), eq(providerPaymentTypes.currencyId, currencyId)))
      .limit(1);
    if (offered) return type;
  }
  if (requested) throw fieldError("paymentType", "isAvailable", `${requested} is not available in ${currencyId}`);
  throw fieldError("currencyId", "isServed", `This kind of payment is not available in ${currencyId}`);
}
