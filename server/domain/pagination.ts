/**
 * Keyset pagination cursors shared by the lists (payments by createdAt, statement items by
 * transferDate): an opaque base64url("<ISO date>|<uuid>") naming the last row of a page.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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

/**
 * Keyset paging newest first by creation time, then id (the remittance orders' and FX rate
 * requests' lists). Milliseconds: the cursor carries a JavaScript date (rows made in one
 * transaction share a microsecond time).
 * @param createdAt the timestamp column; @param id the uuid column; @param cursor a previous page's endCursor
 * @returns `order`: the expressions to order by (desc); `after`: the condition for rows after the cursor (undefined without one)
 * @throws DomainError VALIDATION_FAILED (field `cursor`) when the cursor is malformed
 */
export function newestFirst(createdAt: AnyPgColumn, id: AnyPgColumn, cursor?: string): { order: SQL[]; after: SQL | undefined } {
  const createdMs = sql`date_trunc('milliseconds', ${createdAt})`;
  const c = cursor ? decodeCursor(cursor) : null;
  return {
    order: [sql`${createdMs} desc`, sql`${id} desc`],
    after: c ? sql`(${createdMs}, ${id}) < (${c.date.toISOString()}::timestamptz, ${c.id}::uuid)` : undefined,
  };
}

/**
 * A page of edges from rows read with `take + 1` (the extra row says there is a next page).
 * @param node the wire form of a row; @param key the row's creation time and id (its cursor)
 */
export function edgesPage<R, N>(
  rows: R[],
  take: number,
  node: (row: R) => N,
  key: (row: R) => { createdAt: Date; id: string },
): { edges: { node: N; cursor: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } {
  const edges = rows.slice(0, take).map((r) => {
    const k = key(r);
    return { node: node(r), cursor: encodeCursor(k.createdAt, k.id) };
  });
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > take, endCursor: edges.length ? edges[edges.length - 1].cursor : null },
  };
}
