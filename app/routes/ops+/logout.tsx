/**
 * POST /ops/logout — ends the staff session at the API (POST /api/v1/ops/auth/logout, audited)
 * and clears the `__ops` cookie; then /ops/login. GET goes to /ops.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyOpsSession, getStaffToken, opsApi, verifyOpsCsrf } from "~/lib/ops.server";

export async function loader() {
  return redirect("/ops");
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await verifyOpsCsrf(request);
  const token = getStaffToken(session);
  if (token)
    await opsApi(token, session)
      .post("/auth/logout")
      .catch(() => undefined);
  return redirect("/ops/login", { headers: { "Set-Cookie": await destroyOpsSession(session) } });
}
