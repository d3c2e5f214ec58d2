/** / → /home (which redirects to /auth/phone without a session). */
import { redirect } from "@remix-run/node";

export async function loader() {
  return redirect("/home");
}
