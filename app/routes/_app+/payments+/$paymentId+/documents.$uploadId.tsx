/**
 * GET /payments/:paymentId/documents/:uploadId — download of one supporting document of a
 * payment (issue 6; links on the signing page and the receipt). Resource route (no UI): the
 * file is streamed from GET /v1/uploads/:uploadId/file with the API's Content-Type and
 * Content-Disposition (attachment, RFC 6266 name) and `Cache-Control: private, no-store`;
 * `X-Content-Type-Options: nosniff` comes with every answer of the server (helmet,
 * server/app.ts: set here too it would be sent twice).
 *
 * Members only: the API answers 404 to anyone outside the owning organization; the upload must
 * also be one of this payment's documents (`Payment.documentIds`). Any 404 is a small 404 page
 * (a resource route has no layout to render).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Payment } from "../../../../../server/api/v1/contract";
import { ApiError, getApi } from "~/lib/api.server";
import i18next from "~/lib/i18next.server";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 404 as a plain, translated page with a link back to the payment. */
async function notFound(request: Request, paymentId: string, headers: Headers): Promise<Response> {
  const t = (await i18next.getFixedT(request, ["common", "payments"])) as unknown as (k: string) => string;
  const title = escapeHtml(t("common:not-found.title"));
  const back = `/payments/${encodeURIComponent(paymentId)}`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
      `<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(t("common:not-found.text"))}</p>` +
      `<p><a href="${escapeHtml(back)}">${escapeHtml(t("payments:documents.back"))}</a></p></main></body></html>`,
    { status: 404, headers },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const paymentId = params.paymentId ?? "";
  const uploadId = params.uploadId ?? "";
  const api = await getApi(request);
  let file: Response;
  try {
    const payment = await api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
    if (!payment.documentIds.includes(uploadId)) return notFound(request, paymentId, await api.headers());
    file = await api.request<Response>("GET", `/uploads/${encodeURIComponent(uploadId)}/file`, { raw: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return notFound(request, paymentId, await api.headers());
    }
    throw error;
  }
  // Content-Length is not passed on: fetch may have decoded a compressed answer.
  const headers = await api.headers({
    "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
    "Content-Disposition": file.headers.get("Content-Disposition") ?? "attachment",
    "Cache-Control": "private, no-store",
  });
  return new Response(file.body, { status: 200, headers });
}
