/**
 * /auth/phone — login in three plain-form steps (spec 000 §2, §7): phone → 4-digit code →
 * password. The challenge token lives in the session between steps, never in the HTML.
 * The password step goes through remix-auth (FormStrategy) and stores the API tokens
 * (encrypted) in the session. Works without JavaScript (POST → redirect → GET).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CodeChallenge, VerifyCodeResponse } from "../../../server/api/v1/contract";
import { publicCall } from "~/lib/api.server";
import i18next from "~/lib/i18next.server";
import { authenticator, LoginStateMissing } from "~/lib/auth.server";
import { rotateCsrfToken } from "~/lib/csrf.server";
import { apiErrorResponse, formDataObject, startAction, validationError } from "~/lib/forms.server";
import { splitScreen } from "~/lib/split-screen";
import { commitSession, getSession, getTokens, setTokens, type SessionData } from "~/lib/session.server";
import { safeReturnTo } from "~/lib/session-rules";
import card from "~/components/layout/CardPage.module.css";
// Server-only imports: in the browser the screen (forms, zod, remix-validated-form) is a chunk of its own.
import { codeValidator, passwordValidator, phoneValidator, Screen } from "./__phone.screen.server";

export { codeValidator, passwordValidator, phoneValidator };

export const handle = { i18n: ["auth"], titleKey: "auth:page-title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (getTokens(session)) throw redirect("/home");
  const login = session.get("login");
  // After an expired session (lib/api.server.ts expiredRedirect): the message, and the page to
  // come back to, kept in the session across the login steps (same-origin relative paths only).
  // The phone step's form carries `returnTo` (the root loader writes the cookie of this request).
  const query = new URL(request.url).searchParams;
  return json(
    {
      expired: query.get("expired") === "1" && !login,
      returnTo: safeReturnTo(query.get("returnTo")),
      step: login?.step ?? ("phone" as const),
      phone: login?.phone ?? null,
      debugCode: login?.step === "code" ? (login.debugCode ?? null) : null,
      resendAvailableAt: login?.step === "code" ? (login.resendAvailableAt ?? null) : null,
      channel: login?.channel ?? "SMS",
      recovered: !login && new URL(request.url).searchParams.get("recovered") === "1",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, t } = await startAction(request, ["errors", "auth"]);
  // Read a clone: the password step hands the untouched request to remix-auth.
  const form = await request.clone().formData();
  const intent = form.get("intent");
  const submitted = formDataObject(form);
  const login = session.get("login");
  const back = async () => redirect("/auth/phone", { headers: { "Set-Cookie": await commitSession(session) } });

  if (intent === "restart") {
    session.unset("login");
    return back();
  }

  if (intent === "phone") {
    const result = await phoneValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    try {
      const challenge = await publicCall<CodeChallenge>("POST", "/auth/phone", {
        body: { phone: result.data.phone },
        language: await i18next.getLocale(request),
      });
      session.set("login", { step: "code", phone: result.data.phone, ...challenge });
      const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
      if (returnTo) session.set("returnTo", returnTo);
      else session.unset("returnTo");
      return back();
    } catch (error) {
      return apiErrorResponse(error, t, ["phone"], submitted, { RATE_LIMITED: "phone" });
    }
  }

  if (intent === "resend" && login?.step === "code") {
    if (login.resendAvailableAt && Date.parse(login.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") } }, {});
    }
    const channel = form.get("channel") === "WHATSAPP" ? "WHATSAPP" : "SMS";
    try {
      const challenge = await publicCall<CodeChallenge>("POST", "/auth/phone", {
        body: { phone: login.phone, channel },
        language: await i18next.getLocale(request),
      });
      session.set("login", { step: "code", phone: login.phone, ...challenge });
      return back();
    } catch (error) {
      return apiErrorResponse(error, t, [], {});
    }
  }

  if (intent === "code" && login?.step === "code") {
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    try {
      const verified = await publicCall<VerifyCodeResponse>("POST", "/auth/verify-code", {
        body: { token: login.token, code: result.data.code },
      });
      session.set("login", { step: "password", phone: login.phone, token: verified.token });
      return back();
    } catch (error) {
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
      );
    }
  }

  if (intent === "password" && login?.step === "password") {
    const result = await passwordValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    try {
      const tokens = await authenticator.authenticate("password", request);
      const returnTo = safeReturnTo(session.get("returnTo"));
      // The signed-in state starts afresh: a login page left open in another tab can be used
      // while someone is signed in in this browser, and nothing of that sign-in (its forms'
      // idempotency keys and what they made, signing challenges, the chosen organization, the
      // "Change details" marker) may reach this one. Its session is ended at the API too.
      const earlier = getTokens(session);
      if (earlier)
        await publicCall("POST", "/auth/logout", { body: { refreshToken: earlier.refreshToken } }).catch(() => undefined);
      for (const key of Object.keys(session.data)) session.unset(key as keyof SessionData);
      setTokens(session, tokens);
      session.set("phone", login.phone);
      session.set("seen", Date.now());
      // Payment drafts belong to one sitting: drafts left by an earlier session that ended
      // without a logout are cleared on the first page outside /payments (spec 000 §4, §9).
      session.set("drafts", true);
      rotateCsrfToken(session); // new privileges, new form token
      // "/" sends a user not yet identified to /identity, everyone else to /home.
      return redirect(returnTo ?? "/", { headers: { "Set-Cookie": await commitSession(session) } });
    } catch (error) {
      if (error instanceof LoginStateMissing) return back();
      return apiErrorResponse(error, t, ["password"], {}, { INVALID_PASSWORD: "password" });
    }
  }

  // Stale form (e.g. browser back to an older step): show the current step.
  return back();
}

export default splitScreen(Screen, () => import("./__phone.screen"));

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main id="main" className={card.page}>
      <div className={card.card}>
        <h1>{t("errors:Errors.title")}</h1>
        <p>
          {isRouteErrorResponse(error) && error.status === 403 ? t("errors:Auth.access-denied") : t("errors:Errors.internal")}
        </p>
        <Link to="/auth/phone">{t("auth:restart")}</Link>
      </div>
    </main>
  );
}
