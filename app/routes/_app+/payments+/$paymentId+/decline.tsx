/**
 * POST /payments/:paymentId/decline — declines an unsigned payment (DELETE /v1/payments/:id/decline)
 * and goes back to the list it came from. Resource route (no UI).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ApiError, getApi } from "~/lib/api.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { clearSignCode, safeReturnTo } from "~/lib/payments.server";

export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/payments/${params.paymentId}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const api = await getApi(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get("returnTo"), "/home?tab=signing");
  try {
    await api.del(`/payments/${encodeURIComponent(params.paymentId ?? "")}/decline`);
    clearSignCode(api, params.paymentId ?? "");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404 });
    // 409 PAYMENT_NOT_PENDING: already signed/declined — show its receipt.
    return redirect(`/payments/${params.paymentId}`, { headers: await api.headers() });
  }
  return redirect(returnTo, { headers: await api.headers() });
}
