/**
 * GET /payments/:paymentId/documents/:uploadId — download of one supporting document of a
 * payment (issue 6; links on the signing page and the receipt). Resource route (no UI): the
 * file is streamed from GET /v1/uploads/:uploadId/file with the API's Content-Type and
 * Content-Disposition (attachment, RFC 6266 name) and `Cache-Control: private, no-store`
 * (lib/file-download.server.ts).
 *
 * Members only: the API answers 404 to anyone outside the owning organization; the upload must
 * also be one of this payment's documents (`Payment.documentIds`). Any 404 is a small 404 page
 * (a resource route has no layout to render).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Payment } from "../../../../../server/api/v1/contract";
import { ApiError, getApi } from "~/lib/api.server";
import { fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const paymentId = params.paymentId ?? "";
  const uploadId = params.uploadId ?? "";
  const api = await getApi(request);
  const notFound = async () =>
    fileNotFound(
      request,
      { href: `/payments/${encodeURIComponent(paymentId)}`, key: "payments:documents.back" },
      await api.headers(),
    );
  let payment: Payment;
  try {
    payment = await api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return notFound();
    throw error;
  }
  if (!payment.documentIds.includes(uploadId)) return notFound();
  return (await streamApiFile(api, `/uploads/${encodeURIComponent(uploadId)}/file`)) ?? notFound();
}
