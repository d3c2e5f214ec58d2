/**
 * Keyset pagination cursors shared by the lists (payments by createdAt, statement items by
 * transferDate): an opaque base64url("<ISO date>|<uuid>") naming the last row of a page.
 */
import { fieldError } from "./errors.js";
import { isUuid } from "./accounts/index.js";

/** Opaque list cursor: base64url("dateISO|id"). */
export function encodeCursor(date: Date, id: string): string {
  return Buffer.from(`${date.toISOString()}|${id}`).toString("base64url");
}

/** Inverse of encodeCursor. @throws DomainError VALIDATION_FAILED (field `cursor`) when malformed. */
export function decodeCursor(cursor: string): { date: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) throw fieldError("cursor", "isCursor", "cursor is invalid");
  return { date, id };
}
