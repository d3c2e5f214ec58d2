/**
 * Signing challenges kept in the session (spec 000 §4 "request SMS code, verify code to get an MFA
 * token, sign with token and time"): one per thing being signed, under a key such as
 * `order:<id>` or `fx:<id>`, beside the payments' ones (keyed by payment id, or `set:…` for a
 * batch). Shared by every signing page.
 */
import type { CodeChallenge, SendSignatureCodeRequest } from "../../server/api/v1/contract";
import type { Api } from "~/lib/api.server";

/** The live challenge under `key` in the session (unexpired), or null. */
export function liveChallenge(api: Api, key: string) {
  const challenge = api.session.get("sign")?.[key];
  return challenge && Date.parse(challenge.expiresAt) > Date.now() ? challenge : null;
}

/** What a signing page shows of a live challenge (never its token), or null. */
export function challengeForPage(live: ReturnType<typeof liveChallenge>) {
  return live ? { debugCode: live.debugCode ?? null, resendAvailableAt: live.resendAvailableAt, channel: live.channel } : null;
}

/** POST /v1/signatures/send-code with `body` and keep the challenge in the session under `key`. */
export async function sendChallenge(api: Api, key: string, body: SendSignatureCodeRequest): Promise<CodeChallenge> {
  const challenge = await api.post<CodeChallenge>("/signatures/send-code", body);
  rememberChallenge(api, key, challenge);
  return challenge;
}

/** Keep a signing challenge in the session under `key` (the latest few only). */
export function rememberChallenge(api: Api, key: string, challenge: CodeChallenge): void {
  const all = { ...(api.session.get("sign") ?? {}) };
  // Keep the cookie small: only the latest few challenges.
  for (const k of Object.keys(all).slice(0, Math.max(0, Object.keys(all).length - 4))) delete all[k];
  all[key] = {
    token: challenge.token,
    expiresAt: challenge.expiresAt,
    resendAvailableAt: challenge.resendAvailableAt,
    channel: challenge.channel,
    debugCode: challenge.debugCode,
  };
  api.session.set("sign", all);
  api.touch();
}

/** Forget the challenge under `key`. */
export function clearChallenge(api: Api, key: string): void {
  const all = { ...(api.session.get("sign") ?? {}) };
  delete all[key];
  api.session.set("sign", all);
  api.touch();
}
