/**
 * GET /ops/applications/:id/documents/:documentId — download of an application's document for
 * staff with role ONBOARDING (resource route): streamed from
 * GET /api/v1/ops/applications/:id/documents/:documentId/file (`streamOpsFile`) with the API's Content-Type and
 * Content-Disposition (attachment) and `Cache-Control: private, no-store`; unknown → 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { opsFilePath, streamOpsFile } from "~/lib/ops-files.server";
import { requireStaff } from "~/lib/ops.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ONBOARDING");
  return streamOpsFile(api, opsFilePath("applications", params.id, "documents", params.documentId, "file"));
}
