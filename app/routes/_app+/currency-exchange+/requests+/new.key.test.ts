/**
 * /currency-exchange/requests/new with the API stubbed (fetch): the form's idempotency key stays
 * the one of the request it created while that request awaits a signature, so going back to the
 * form (or a second tab) and sending the same details again replays that request instead of
 * making a second one (lib/fx-requests.server `fxRequestFormKey`; docs/decisions.md
 * "Back-and-resubmit of a payment form"). Once it is signed or declined, the form gets a new key.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieAfter, signedInSession, TEST_WHOAMI } from "~/test-utils/signed-in";
import { action, loader } from "./new";

type Route = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const ACCOUNT_ID = "00000000-0000-4000-8000-0000000000a1";
const REQUEST_ID = "00000000-0000-4000-8000-0000000000f1";
const FUTURE = () => new Date(Date.now() + 60_000).toISOString();

/** The API as the page sees it: each FX request created (Idempotency-Key → id), and the statuses. */
function stubApi(status: { value: string }) {
  const created = new Map<string, string>();
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const path = url.pathname.replace(/^\/api\/v1/, "");
    if (path === "/users/whoami") return Response.json(TEST_WHOAMI);
    if (path === "/settings/exchange-custom-rate") return Response.json({ enabled: true });
    if (path === "/accounts")
      return Response.json({
        data: [
          {
            id: ACCOUNT_ID,
            name: "Main",
            number: "12345678",
            balances: [{ currencyId: "GBP", amount: "100.00", currency: { id: "GBP", scale: 2, crypto: false } }],
          },
        ],
      });
    if (path === "/exchange/rates") return Response.json({ rates: [{ currencyId: "GBP" }, { currencyId: "EUR" }] });
    if (path === "/currencies")
      return Response.json({
        data: [
          { id: "GBP", scale: 2, name: "Pound" },
          { id: "EUR", scale: 2, name: "Euro" },
        ],
      });
    if (path === "/exchange/fx-requests" && init?.method === "POST") {
      const key = new Headers(init.headers).get("Idempotency-Key")!;
      // The API's rule: one request per key (a replay answers the first one).
      if (!created.has(key)) created.set(key, created.size ? `${REQUEST_ID.slice(0, -1)}${created.size + 1}` : REQUEST_ID);
      return Response.json({ id: created.get(key), status: "AWAITING_SIGNATURE" }, { status: 201 });
    }
    if (path.startsWith("/exchange/fx-requests/")) return Response.json({ id: path.split("/").pop(), status: status.value });
    if (path === "/signatures/send-code")
      return Response.json(
        { token: "00000000-0000-4000-8000-0000000000c1", expiresAt: FUTURE(), resendAvailableAt: FUTURE(), channel: "SMS" },
        { status: 201 },
      );
    return Response.json({ statusCode: 404, code: "NOT_FOUND", message: `stub: ${path}` }, { status: 404 });
  });
  return created;
}

const signedInCookie = () => signedInSession("http://x/currency-exchange/requests/new");

async function openForm(cookie: string): Promise<{ key: string; pending: string | null; cookie: string }> {
  const res = await (loader as unknown as Route)({
    request: new Request("http://x/currency-exchange/requests/new", { headers: { Cookie: cookie, "Accept-Language": "en" } }),
    params: {},
    context: { cspNonce: "" },
  });
  const body = (await res.json()) as { idempotencyKey: string; pendingRequestId: string | null };
  return { key: body.idempotencyKey, pending: body.pendingRequestId, cookie: cookieAfter(res, cookie) };
}

async function submit(cookie: string, csrf: string, idempotencyKey: string): Promise<Response> {
  const form = new URLSearchParams({
    csrf,
    idempotencyKey,
    source: `${ACCOUNT_ID}:GBP`,
    toCurrencyId: "EUR",
    sellAmount: "100",
    rate: "1.18",
  });
  return (action as unknown as Route)({
    request: new Request("http://x/currency-exchange/requests/new", {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: { cspNonce: "" },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("/currency-exchange/requests/new: the form's idempotency key", () => {
  it("going back to the form and sending the same details again makes no second request", async () => {
    const status = { value: "AWAITING_SIGNATURE" };
    const created = stubApi(status);
    const { cookie, csrf } = await signedInCookie();

    const form = await openForm(cookie);
    expect(form.pending ?? null).toBeNull();
    const sent = await submit(form.cookie, csrf, form.key);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/currency-exchange/requests/${REQUEST_ID}/sign`);

    // Back to the form (a new page load: its loader runs again), the same details sent again.
    const back = await openForm(cookieAfter(sent, form.cookie));
    const again = await submit(back.cookie, csrf, back.key);
    expect([...created.values()]).toEqual([REQUEST_ID]);
    expect(again.headers.get("Location")).toBe(`/currency-exchange/requests/${REQUEST_ID}/sign`);
    expect(back.key).toBe(form.key);
    // The form says so, with the way to confirm it.
    expect(back.pending).toBe(REQUEST_ID);

    // Signed (or declined): the next request is a new decision, with a new key.
    status.value = "PROCESSING";
    const next = await openForm(cookieAfter(again, back.cookie));
    expect(next.key).not.toBe(form.key);
    expect(next.pending).toBeNull();
  });

  it("a member who leaves the request to a signer starts a new one with ?after=", async () => {
    stubApi({ value: "AWAITING_SIGNATURE" });
    const { cookie, csrf } = await signedInCookie();
    const form = await openForm(cookie);
    const sent = await submit(form.cookie, csrf, form.key);
    const res = await (loader as unknown as Route)({
      request: new Request(`http://x/currency-exchange/requests/new?after=${REQUEST_ID}`, {
        headers: { Cookie: cookieAfter(sent, form.cookie), "Accept-Language": "en" },
      }),
      params: {},
      context: { cspNonce: "" },
    });
    const body = (await res.json()) as { idempotencyKey: string; pendingRequestId: string | null };
    expect(body.idempotencyKey).not.toBe(form.key);
    expect(body.pendingRequestId).toBeNull();
  });
});
