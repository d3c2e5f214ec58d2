/**
 * GET /identity/agreements/:agreementId/file — an agreement's file to read before signing it on
 * an application's agreement step (spec 001 §7 "agreement file download"). Resource route:
 * streams GET /v1/agreements/:id/file with the user's token (lib/file-download.server.ts:
 * the API's Content-Type and Content-Disposition, `Cache-Control: private, no-store`); an
 * unknown agreement is a small 404 page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApi } from "~/lib/api.server";
import { fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await getApi(request);
  const file = await streamApiFile(api, `/agreements/${encodeURIComponent(params.agreementId ?? "")}/file`);
  if (file) return file;
  return fileNotFound(request, { href: "/identity", key: "identity:agreements.back" }, await api.headers());
}
