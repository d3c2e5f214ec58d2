/**
 * GET /beneficiaries/:beneficiaryId/documents/:documentId — download of one supporting document
 * of a beneficiary or of one of its contracts (issue 7, spec 000 §7 "a contract document file
 * download"; links on the contracts page). Resource route (no UI): the file is streamed from GET
 * /v1/beneficiaries/:id/documents/:documentId/file with the API's Content-Type and
 * Content-Disposition (attachment, RFC 6266 name) and `Cache-Control: private, no-store`
 * (lib/file-download.server.ts).
 *
 * Members only: the API answers 404 to anyone outside the beneficiary's organization, and for a
 * document that is not this beneficiary's. Any 404 is a small 404 page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApi } from "~/lib/api.server";
import { fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const beneficiaryId = encodeURIComponent(params.beneficiaryId ?? "");
  const documentId = encodeURIComponent(params.documentId ?? "");
  const api = await getApi(request);
  const file = await streamApiFile(api, `/beneficiaries/${beneficiaryId}/documents/${documentId}/file`);
  if (file) return file;
  return fileNotFound(
    request,
    { href: `/beneficiaries/${beneficiaryId}/contracts`, key: "beneficiaries:contracts.documents.back" },
    await api.headers(),
  );
}
