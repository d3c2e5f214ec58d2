/**
 * GET /ops/chat/:channelId/documents/:documentId — download of a chat document (the customer's
 * or staff's) for staff with role SUPPORT (resource route): streamed from
 * GET /api/v1/ops/chat/:channelId/documents/:documentId/file (`streamOpsFile`) with the API's Content-Type and
 * Content-Disposition (attachment) and `Cache-Control: private, no-store`; unknown → 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { opsFilePath, streamOpsFile } from "~/lib/ops-files.server";
import { requireStaff } from "~/lib/ops.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "SUPPORT");
  return streamOpsFile(api, opsFilePath("chat", params.channelId, "documents", params.documentId, "file"));
}
