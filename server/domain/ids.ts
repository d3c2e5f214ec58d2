/** Identifier checks shared by the domain modules (no imports: any module may use it without a cycle). */

/** True for a canonical UUID string (ids from the URL are checked before querying uuid columns). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
