/**
 * POST /locale — the language switcher (issue 12: "a language switcher that works without
 * JavaScript"): form fields `lng` (one of SUPPORTED_LANGUAGES), `returnTo` (the page it was on)
 * and the CSRF token. Stores the choice in the `lng` cookie (lib/i18next.server.ts) and sends
 * the browser back to the page, now in that language. An unknown language changes nothing.
 * GET goes to the start page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { verifyCsrf } from "~/lib/csrf.server";
import { languageChoiceCookie } from "~/lib/i18next.server";
import { getSession } from "~/lib/session.server";
import { safeReturnTo } from "~/lib/session-rules";

export async function loader() {
  return redirect("/");
}

/** A same-origin page to go back to: the login pages are allowed here (safeReturnTo refuses them). */
function backTo(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  if (/^\/auth\/[a-z-]+$/.test(path)) return path;
  return safeReturnTo(path) ?? "/";
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  await verifyCsrf(request, session); // first: a body that is not a form is refused (403), never a 500
  const form = await request.formData();
  const headers = new Headers();
  const language = await languageChoiceCookie(form.get("lng"));
  if (language) headers.append("Set-Cookie", language);
  return redirect(backTo(form.get("returnTo")), { headers });
}
