/**
 * / → where a signed-in user starts: /home, or /identity for a user not yet identified (the
 * target after login, so onboarding goes on where it was; the identity-needed popup is for real
 * pages reached later, docs/decisions.md "Demo mode (issue 12)"); /auth/phone without a session.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  return redirect(user.identified ? "/home" : "/identity", { headers: await api.headers() });
}
