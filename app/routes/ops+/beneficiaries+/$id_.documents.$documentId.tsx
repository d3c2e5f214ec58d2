/**
 * GET /ops/beneficiaries/:id/documents/:documentId — download of a beneficiary's document (its
 * own or one of its contracts') for staff with role COMPLIANCE reviewing it (resource route):
 * streamed from GET /api/v1/ops/beneficiaries/:id/documents/:documentId/file with the API's
 * Content-Type and Content-Disposition (attachment) and `Cache-Control: private, no-store`;
 * unknown → 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { OpsApiError, requireStaff } from "~/lib/ops.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const path = `/beneficiaries/${encodeURIComponent(params.id ?? "")}/documents/${encodeURIComponent(params.documentId ?? "")}/file`;
  let file: Response;
  try {
    file = await api.call<Response>("GET", path, { raw: true });
  } catch (error) {
    if (error instanceof OpsApiError && (error.status === 404 || error.status === 400))
      return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
      "Content-Disposition": file.headers.get("Content-Disposition") ?? "attachment",
      "Cache-Control": "private, no-store",
    },
  });
}
