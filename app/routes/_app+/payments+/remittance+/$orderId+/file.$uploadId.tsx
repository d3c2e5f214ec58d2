/**
 * GET /payments/remittance/:orderId/file/:uploadId — download of a file of a remittance order.
 * Resource route (no UI): streamed from GET /v1/payments-orders/:id/file/:uploadId (members of
 * the order's organization only; the API answers 404 to anyone else and for a file that is not
 * the order's) with its Content-Type, Content-Disposition and `Cache-Control: private, no-store`.
 * A 404 is a small translated page (a resource route has no layout).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, getApi } from "~/lib/api.server";
import i18next from "~/lib/i18next.server";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function notFound(request: Request, orderId: string, headers: Headers): Promise<Response> {
  const t = (await i18next.getFixedT(request, ["common", "remittance"])) as unknown as (k: string) => string;
  const title = escapeHtml(t("common:not-found.title"));
  const back = `/payments/remittance/${encodeURIComponent(orderId)}`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
      `<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(t("common:not-found.text"))}</p>` +
      `<p><a href="${escapeHtml(back)}">${escapeHtml(t("remittance:detail.back"))}</a></p></main></body></html>`,
    { status: 404, headers },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? "";
  const api = await getApi(request);
  let file: Response;
  try {
    file = await api.request<Response>(
      "GET",
      `/payments-orders/${encodeURIComponent(orderId)}/file/${encodeURIComponent(params.uploadId ?? "")}`,
      { raw: true },
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return notFound(request, orderId, await api.headers());
    throw error;
  }
  const headers = await api.headers({
    "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
    "Content-Disposition": file.headers.get("Content-Disposition") ?? "attachment",
    "Cache-Control": "private, no-store",
  });
  return new Response(file.body, { status: 200, headers });
}
