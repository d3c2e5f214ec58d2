/**
 * The password step of /auth/phone with the API stubbed (fetch): a login starts the signed-in
 * state afresh. A login page left open in a second tab can be used while someone is signed in in
 * this browser (its loader sends a signed-in visitor to /home, an open page is not reloaded): the
 * person logging in there must not inherit the earlier sign-in's form keys (the idempotency keys
 * of its forms and what they made: a resubmit would replay, or be refused for, the other person's
 * payment or order), its signing challenges, its chosen organization or "Change details" marker.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { commitSession, getSession, getTokens } from "~/lib/session.server";
import { signedInSession } from "~/test-utils/signed-in";
import { action } from "./phone";

type Route = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const ORG = "00000000-0000-4000-8000-000000000001";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("login (password step)", () => {
  it("keeps nothing of an earlier sign-in in this browser but the page to return to", async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const tokensOfB = { accessToken: "b1", accessTokenExpiresAt: future, refreshToken: "rb1", refreshTokenExpiresAt: future };
    const loggedOut: unknown[] = [];
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      if (new URL(input).pathname.endsWith("/auth/verify-password")) return Response.json(tokensOfB);
      if (new URL(input).pathname.endsWith("/auth/logout")) {
        loggedOut.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      }
      return Response.json({ statusCode: 404, code: "NOT_FOUND", message: "stub" }, { status: 404 });
    });
    // Signed in as A (tokens), with A's forms' keys and the like; the open login page reached the password step for B.
    const { cookie, csrf } = await signedInSession("http://x/home");
    const session = await getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
    session.set("phone", "+447700900001");
    session.set("formKeys", { euro: { key: "k-a" }, gbp: { key: "k-a2", paymentId: "p-a" } });
    session.set("remittanceKey", { key: "r-a", organizationId: ORG, madeId: "o-a" });
    session.set("fxRequestKey", { key: "f-a", organizationId: ORG });
    session.set("cardOrderKey", { key: "c-a", organizationId: ORG, madeId: "card-a" });
    session.set("sign", { "p-a": { token: "t", expiresAt: future, resendAvailableAt: future, channel: "SMS" } });
    session.set("changing", "p-a");
    session.set("orgId", ORG);
    session.set("returnTo", "/payments");
    session.set("login", { step: "password", phone: "+447700900002", token: "challenge-b" });
    const sent = (await commitSession(session)).split(";")[0]!;

    const res = await (action as unknown as Route)({
      request: new Request("http://x/auth/phone", {
        method: "POST",
        body: new URLSearchParams({ csrf, intent: "password", password: "secret-of-b" }),
        headers: { Cookie: sent, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: { cspNonce: "" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/payments");
    const after = await getSession(
      new Request("http://x/", { headers: { Cookie: res.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    expect(getTokens(after)?.refreshToken).toBe("rb1");
    // A's session ends at the API too (its refresh token was only in this cookie).
    expect(loggedOut).toEqual([{ refreshToken: "r1" }]);
    expect(after.get("phone")).toBe("+447700900002");
    expect(after.get("csrf")).not.toBe(csrf);
    for (const left of [
      "formKeys",
      "remittanceKey",
      "fxRequestKey",
      "cardOrderKey",
      "sign",
      "changing",
      "orgId",
      "login",
      "returnTo",
    ] as const)
      expect([left, after.has(left)]).toEqual([left, false]);
  });
});
