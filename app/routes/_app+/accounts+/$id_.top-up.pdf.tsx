/**
 * GET /accounts/:id/top-up/pdf?currencyId= — the top-up instructions of one balance as a PDF
 * (resource route), streamed from GET /v1/accounts/:id/top-up/pdf; 404 page outside the
 * caller's organizations, else the API's message or 'Internal Server Error. Try Again'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApi } from "~/lib/api.server";
import { downloadFailed, fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = encodeURIComponent(params.id ?? "");
  const currencyId = new URL(request.url).searchParams.get("currencyId") ?? "";
  const api = await getApi(request);
  const back = { href: `/accounts/${id}`, key: "history:item.back" };
  try {
    return (
      (await streamApiFile(api, `/accounts/${id}/top-up/pdf?currencyId=${encodeURIComponent(currencyId)}`)) ??
      (await fileNotFound(request, back, await api.headers()))
    );
  } catch (error) {
    return downloadFailed(request, error, back, await api.headers());
  }
}
