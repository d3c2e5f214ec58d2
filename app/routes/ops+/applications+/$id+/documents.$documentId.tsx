/**
 * GET /ops/applications/:id/documents/:documentId — download of an application's document for
 * staff with role ONBOARDING (resource route): streamed from
 * GET /api/v1/ops/applications/:id/documents/:documentId/file with the API's Content-Type and
 * Content-Disposition (attachment) and `Cache-Control: private, no-store`; unknown → 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { OpsApiError, requireStaff } from "~/lib/ops.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ONBOARDING");
  const path = `/applications/${encodeURIComponent(params.id ?? "")}/documents/${encodeURIComponent(params.documentId ?? "")}/file`;
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
