/**
 * Errors the domain raises for callers to see: an HTTP status, a stable machine code and a
 * message or field errors (contract `ApiErrorBody`, spec 000 §5). They carry a status so
 * the API layer can render them as they are; the domain itself knows nothing of HTTP.
 */
import type { ZodError } from "zod";
import type { ApiFieldError } from "../api/v1/contract.js";

/**
 * An error answer. `status` is the HTTP status, `code` a stable machine code (contract
 * `ApiErrorBody.code`), `message` a plain string or a list of field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: string | ApiFieldError[],
    readonly extra: { attemptsLeft?: number; retryAfter?: number } = {},
  ) {
    super(typeof body === "string" ? body : `${code}: ${body.map((e) => e.property).join(", ")}`);
    this.name = "ApiError";
  }
}

/** 400 VALIDATION_FAILED with one error on `property` (`rule` is the constraint id, e.g. isIban). */
export function fieldError(property: string, rule: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", [{ property, constraints: { [rule]: message } }]);
}

/** zod error → 400 VALIDATION_FAILED, one entry per property (first issue wins), constraint id = zod issue code. */
export function fieldErrors(error: ZodError): ApiError {
  const byProperty = new Map<string, Record<string, string>>();
  for (const issue of error.issues) {
    const property = issue.path.length ? issue.path.join(".") : "coreError";
    const constraints = byProperty.get(property) ?? {};
    const rule = issue.code === "custom" && typeof issue.params?.rule === "string" ? issue.params.rule : issue.code;
    if (!(rule in constraints))
      constraints[rule] = issue.message.includes(property) ? issue.message : `${property} ${lowerFirst(issue.message)}`;
    byProperty.set(property, constraints);
  }
  return new ApiError(
    400,
    "VALIDATION_FAILED",
    [...byProperty].map(([property, constraints]) => ({ property, constraints })),
  );
}

function lowerFirst(s: string): string {
  return s.length ? s[0].toLowerCase() + s.slice(1) : s;
}
