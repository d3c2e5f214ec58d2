/**
 * The action of an unsigned item's own page when its member confirms the decline
 * (components/signing/DeclineUnsigned.tsx; spec 000 §4): CSRF first, `intent=decline` only,
 * then the API's decline call; the item's saved signing code is forgotten.
 * - declined → the page with `?declined=1` (its notice);
 * - 409 (signed, or decided, meanwhile) → the page, which shows the item as it now is;
 * - 404/400 (not the caller's, or not an id) → 404.
 */
import { redirect } from "@remix-run/node";
import { ApiError, type Api } from "./api.server";
import { requireAppContext } from "./app-context.server";
import { verifyCsrf } from "./csrf.server";

/**
 * @param pageHref the item's page (no query), where the answer redirects
 * @param decline the API call that declines it (e.g. POST /v1/exchange/fx-requests/:id/decline)
 * @param forgetCode forget the item's saved signing challenge (after a decline)
 * @throws Response 400 (another intent), 404; the API's other errors
 */
export async function declineUnsigned(
  request: Request,
  pageHref: string,
  decline: (api: Api) => Promise<unknown>,
  forgetCode: (api: Api) => void,
): Promise<Response> {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  if (form.get("intent") !== "decline") throw new Response("Bad request", { status: 400 });
  try {
    await decline(api);
    forgetCode(api);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return redirect(pageHref, { headers: await api.headers() });
  }
  return redirect(`${pageHref}?declined=1`, { headers: await api.headers() });
}
