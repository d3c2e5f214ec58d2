/**
 * GET /history/:itemId/receipt — the receipt PDF of one statement item (resource route), streamed
 * from GET /v1/statements-items/:id/pdf (lib/file-download.server.ts). An item the caller may
 * not see is a small 404 page; another API failure shows its message, or 'Internal Server
 * Error. Try Again' (issue 9).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApi } from "~/lib/api.server";
import { downloadFailed, fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.itemId ?? "";
  const api = await getApi(request);
  const back = { href: `/history/${encodeURIComponent(id)}`, key: "history:item.back" };
  try {
    return (
      (await streamApiFile(api, `/statements-items/${encodeURIComponent(id)}/pdf`)) ??
      (await fileNotFound(request, back, await api.headers()))
    );
  } catch (error) {
    return downloadFailed(request, error, back, await api.headers());
  }
}
