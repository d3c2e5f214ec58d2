/**
 * remix-auth 4 authenticator for the last login step (password → API tokens).
 * remix-auth 4 keeps no session: the /auth/phone action stores the returned tokens itself.
 * The strategy reads the form (FormStrategy clones the request), so the action must not read
 * `request.formData()` before `authenticate()`.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AuthTokens, VerifyPasswordRequest } from "../../server/api/v1/contract";
import { publicCall } from "./api.server";
import { getSession } from "./session.server";
import { deviceNameOf } from "./device-name.server";

/** Thrown by the strategy when the login state is missing (restart the flow). */
export class LoginStateMissing extends Error {}

export const authenticator = new Authenticator<AuthTokens>();

authenticator.use(
  new FormStrategy<AuthTokens>(async ({ form, request }) => {
    const session = await getSession(request);
    const login = session.get("login");
    if (!login || login.step !== "password") throw new LoginStateMissing("No password step in progress");
    const password = form.get("password");
    const deviceName = deviceNameOf(request.headers.get("user-agent"));
    const body: VerifyPasswordRequest = {
      token: login.token,
      password: typeof password === "string" ? password : "",
      ...(deviceName ? { deviceName } : {}),
    };
    return publicCall<AuthTokens>("POST", "/auth/verify-password", { body });
  }),
  "password",
);
