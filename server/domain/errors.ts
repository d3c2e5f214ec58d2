/**
 * Errors the domain raises for callers to see: a stable machine code and a message or field
 * errors (contract `ApiErrorBody`, spec 000 §5). The domain knows nothing of HTTP: the API
 * layer maps each code to a status in one table (`server/api/v1/http.ts`, `HTTP_STATUS`).
 */
import type { ZodError } from "zod";
import type { ApiFieldError } from "../api/v1/contract.js";

/**
 * Every code the domain may raise (contract `ApiErrorBody.code`). Adding one here forces a
 * status for it in the API's table (the table is typed `Record<DomainErrorCode, number>`).
 */
export type DomainErrorCode =
  | "VALIDATION_FAILED"
  | "INSUFFICIENT_FUNDS"
  | "UNAUTHENTICATED"
  | "INVALID_CODE"
  | "INVALID_PASSWORD"
  | "CODE_EXPIRED"
  | "CODE_ATTEMPTS_EXCEEDED"
  | "MFA_TOKEN_INVALID"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "IDEMPOTENCY_KEY_REUSED"
  | "PAYMENT_NOT_PENDING"
  | "PAYMENT_SETTLEMENT_CONFLICT"
  | "BENEFICIARY_STATUS_CONFLICT"
  | "ORDER_STATUS_CONFLICT"
  | "CONTRACT_STATUS_CONFLICT"
  | "OFFICIAL_CONFLICT"
  | "APPLICATION_NOT_EDITABLE"
  | "APPLICATION_EXISTS"
  | "APPLICATION_STATUS_CONFLICT"
  | "EXCHANGE_QUOTE_EXPIRED"
  | "EXCHANGE_QUOTE_USED"
  | "FX_REQUEST_STATUS_CONFLICT"
  | "CARD_STATUS_CONFLICT"
  | "CARD_LIMIT_REACHED"
  | "DOCUMENTS_REQUIRED"
  | "RATE_LIMITED"
  | "SMS_DELIVERY_FAILED"
  | "SERVICE_BUSY";

/**
 * A refusal the caller should see. `code` is a stable machine code, `body` a plain message or
 * a list of field errors, `extra` the optional `attemptsLeft` (tries left) / `retryAfter` (seconds).
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly body: string | ApiFieldError[],
    readonly extra: { attemptsLeft?: number; retryAfter?: number } = {},
  ) {
    super(typeof body === "string" ? body : `${code}: ${body.map((e) => e.property).join(", ")}`);
    this.name = "DomainError";
  }
}

/** VALIDATION_FAILED with one error on `property` (`rule` is the constraint id, e.g. isIban). */
export function fieldError(property: string, rule: string, message: string): DomainError {
  return new DomainError("VALIDATION_FAILED", [{ property, constraints: { [rule]: message } }]);
}

/**
 * zod error → VALIDATION_FAILED, one entry per property (first issue wins), constraint id = zod
 * issue code, except a value that is missing altogether (absent, or null), which is `isNotEmpty`
 * ("<property> should not be empty"), the id the web app translates as a required field (spec
 * 000 §5 lists isNotEmpty; zod's own "Required" would reach a form as "Currency Id required").
 */
export function fieldErrors(error: ZodError): DomainError {
  const byProperty = new Map<string, Record<string, string>>();
  for (const issue of error.issues) {
    const property = issue.path.length ? issue.path.join(".") : "coreError";
    const constraints = byProperty.get(property) ?? {};
    const missing = issue.code === "invalid_type" && (issue.received === "undefined" || issue.received === "null");
    const rule = missing
      ? "isNotEmpty"
      : issue.code === "custom" && typeof issue.params?.rule === "string"
        ? issue.params.rule
        : issue.code;
    if (!(rule in constraints))
      constraints[rule] = missing
        ? `${property} should not be empty`
        : issue.message.includes(property)
          ? issue.message
          : `${property} ${lowerFirst(issue.message)}`;
    byProperty.set(property, constraints);
  }
  return new DomainError(
    "VALIDATION_FAILED",
    [...byProperty].map(([property, constraints]) => ({ property, constraints })),
  );
}

function lowerFirst(s: string): string {
  return s.length ? s[0].toLowerCase() + s.slice(1) : s;
}
