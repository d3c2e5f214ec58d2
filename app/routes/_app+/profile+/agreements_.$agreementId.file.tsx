/**
 * GET /profile/agreements/:agreementId/file — the file of an agreement to sign on
 * /profile/agreements (spec 001 §7 "agreement file download"). Resource route: streams GET
 * /v1/agreements/:id/file with the user's token (lib/file-download.server.ts); an unknown
 * agreement is a small 404 page leading back to /profile/agreements.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApi } from "~/lib/api.server";
import { fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await getApi(request);
  const file = await streamApiFile(api, `/agreements/${encodeURIComponent(params.agreementId ?? "")}/file`);
  if (file) return file;
  return fileNotFound(request, { href: "/profile/agreements", key: "profile:agreements.back" }, await api.headers());
}
