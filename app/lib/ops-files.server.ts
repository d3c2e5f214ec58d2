/**
 * Downloads of stored files in the back office (resource routes under /ops: an application's,
 * a chat channel's, a beneficiary's or contract's document). One helper so every download
 * answers alike: the bytes are streamed from a staff API file call with the API's Content-Type
 * and Content-Disposition (attachment, RFC 6266 name) and `Cache-Control: private, no-store`;
 * a file the API does not know for this caller (404, or 400 for a malformed id) is a plain
 * `404 Not found`. Anything else is rethrown (a redirect to /ops/login after a 401, the 403 of
 * a missing role, 5xx).
 */
import { OpsApiError, type OpsApi } from "./ops.server";

/**
 * The staff API path of a file, each segment URL-encoded (a missing route param is empty).
 * @example opsFilePath("applications", id, "documents", documentId, "file")
 */
export function opsFilePath(...segments: (string | undefined)[]): string {
  return segments.map((s) => `/${encodeURIComponent(s ?? "")}`).join("");
}

/**
 * Stream the file the staff API answers at `path` (relative to /api/v1/ops).
 * @returns the download response (200), or a plain-text 404 when the API answers 404 or 400
 * @throws anything else the API client throws
 */
export async function streamOpsFile(api: OpsApi, path: string): Promise<Response> {
  let file: Response;
  try {
    file = await api.call<Response>("GET", path, { raw: true });
  } catch (error) {
    if (error instanceof OpsApiError && (error.status === 404 || error.status === 400))
      return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
  // Content-Length is not passed on: fetch may have decoded a compressed answer.
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
      "Content-Disposition": file.headers.get("Content-Disposition") ?? "attachment",
      "Cache-Control": "private, no-store",
    },
  });
}
