/**
 * Guards for malformed input on /api/v1 (issue 5 "500 on malformed input instead of 4xx"):
 *
 * - `rejectNulCharacters`: a request whose JSON body or query string holds a NUL character
 *   (U+0000) in any string or key is refused with VALIDATION_FAILED on that property, before
 *   any handler runs. PostgreSQL refuses NUL in `text` (SQLSTATE 22021), so without this guard
 *   such a value reached the database and answered 500. One middleware covers every route,
 *   present and future, with or without a zod schema (docs/decisions.md "NUL characters").
 * - `clientErrorOf`: the 4xx that an Express/body-parser error stands for (a body that is not
 *   the JSON it claims, a `Content-Encoding` that is not what it claims or is not supported, a
 *   body over the limit, a path with malformed percent-encoding), or null for anything else.
 *   The message is fixed per status: nothing of the request or of the parser is echoed.
 */
import type { RequestHandler } from "express";
import { fieldError } from "../../domain/errors.js";

/** Longest property path reported (a hostile body may nest deeply). */
const MAX_PATH = 200;

/**
 * Path of the first string or key holding U+0000 in `value` ("" for the value itself,
 * "a.b.0" for nested), or null when there is none. Depth-first, keys before values.
 */
export function findNulCharacter(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "coreError" : null;
  if (depth > 64 || value === null || typeof value !== "object") return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const at = (path ? `${path}.${key}` : key).slice(0, MAX_PATH);
    if (key.includes("\u0000")) return at.replaceAll("\u0000", "\\u0000");
    const found = findNulCharacter(v, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Express middleware (mount after the JSON body parser): refuses a body or query holding a NUL
 * character with VALIDATION_FAILED, constraint `noNulCharacters`, on the offending property.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const property = findNulCharacter(req.body) ?? findNulCharacter(req.query);
  if (property === null) return next();
  next(fieldError(property, "noNulCharacters", `${property} must not contain NUL characters`));
};

/** A client error answer: HTTP status, stable code, fixed message. */
export interface ClientError {
  status: number;
  code: "BAD_REQUEST" | "UNSUPPORTED_MEDIA_TYPE" | "PAYLOAD_TOO_LARGE";
  message: string;
}

/**
 * The 4xx an error from Express's own machinery stands for, or null (then it is a server fault).
 * Recognised: http-errors objects with a 4xx `status` (body-parser: 400 bad JSON or bad
 * gzip/deflate data, 413 too large, 415 unsupported Content-Encoding or charset; Express's
 * router: 400 URIError for malformed percent-encoding in a path parameter).
 */
export function clientErrorOf(err: unknown): ClientError | null {
  if (typeof err !== "object" || err === null) return null;
  const status = (err as { status?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status !== "number" || status < 400 || status > 499) return null;
  if (status === 413) return { status, code: "PAYLOAD_TOO_LARGE", message: "Request body too large" };
  if (status === 415) return { status, code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content encoding or charset" };
  if (err instanceof URIError) return { status: 400, code: "BAD_REQUEST", message: "Malformed URL" };
  return { status: 400, code: "BAD_REQUEST", message: "Malformed request body" };
}
