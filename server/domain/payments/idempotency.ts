/**
 * Idempotency of POST /v1/payments (Stripe's rules): one key per organization names one
 * payment; the same key with the same body answers that payment again (replay), with another
 * body 409 IDEMPOTENCY_KEY_REUSED. Bodies are compared by the hash of their canonical form.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { Decimal } from "../ledger/money.js";
import type { PaymentRow } from "./types.js";

/** Field values canonicalised before hashing, so "10" and "10.00", or an IBAN with spaces, are one request. */
function canonicalValue(key: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (key === "amount") {
    try {
      return new Decimal(value.replace(",", ".")).toFixed();
    } catch {
      return value;
    }
  }
  if (["iban", "bic", "sortCode", "aba", "accountNumber", "intermediaryBankBIC"].includes(key)) {
    return value.replace(/[\s-]+/g, "").toUpperCase();
  }
  return value.trim();
}

/**
 * SHA-256 (hex) of the canonical JSON of a request body: keys sorted, undefined and "" left
 * out, amounts and account identifiers normalised.
 */
export function requestHash(body: Record<string, unknown>): string {
  const keys = Object.keys(body)
    .filter((k) => body[k] !== undefined && body[k] !== "")
    .sort();
  const canonical = JSON.stringify(Object.fromEntries(keys.map((k) => [k, canonicalValue(k, body[k])])));
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/**
 * The payment created under `key` in the organization, or null.
 * @throws DomainError IDEMPOTENCY_KEY_REUSED when that payment was created from another body
 */
export async function findByIdempotencyKey(
  db: Database | Tx,
  organizationId: string,
  key: string,
  hash: string,
): Promise<PaymentRow | null> {
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.idempotencyKey, key)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  }
  return existing;
}
