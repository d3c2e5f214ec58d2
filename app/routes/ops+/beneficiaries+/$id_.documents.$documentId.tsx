/**
 * GET /ops/beneficiaries/:id/documents/:documentId — download of a beneficiary's document (its
 * own or one of its contracts') for staff with role COMPLIANCE reviewing it (resource route):
 * streamed from GET /api/v1/ops/beneficiaries/:id/documents/:documentId/file (`streamOpsFile`) with the API's
 * Content-Type and Content-Disposition (attachment) and `Cache-Control: private, no-store`;
 * unknown → 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { opsFilePath, streamOpsFile } from "~/lib/ops-files.server";
import { requireStaff } from "~/lib/ops.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  return streamOpsFile(api, opsFilePath("beneficiaries", params.id, "documents", params.documentId, "file"));
}
