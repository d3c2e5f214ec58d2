/**
 * /cards/order-card with the API stubbed (fetch): the form's idempotency key stays the one of the
 * card it ordered while that card is ORDERED, so going Back to the form (the page reloads: no-store)
 * or a second tab and sending the same details again lands on that card (the API replays) instead of
 * ordering a second one, and other details are refused with a message naming it
 * (lib/card-order-key.server `cardOrderFormKey`; docs/decisions.md "Card order form:
 * back-and-resubmit"). Once the card is issued, or with "Order another card" (`?after=`), the form
 * gets a new key.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieAfter, signedInSession, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import { action, loader } from "./order-card";

type Route = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const ACCOUNT_ID = "00000000-0000-4000-8000-0000000000a1";
const CARD_ID = "00000000-0000-4000-8000-0000000000c1";

interface StubCard {
  id: string;
  status: string;
  cardName: string;
}

/**
 * The API as the page sees it, with the cards API's rule for POST /cards/order: one card per
 * Idempotency-Key; the same key with the same body answers that card again (200), with another
 * body 409 IDEMPOTENCY_KEY_REUSED. Returns the cards ordered, by id.
 */
function stubApi() {
  const byKey = new Map<string, { body: string; id: string }>();
  const cards = new Map<string, StubCard>();
  const view = (c: StubCard) => ({ ...c, organizationId: TEST_ORG.id, accountId: ACCOUNT_ID, path: `/cards/${c.id}` });
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const path = url.pathname.replace(/^\/api\/v1/, "");
    if (path === "/users/whoami") return Response.json(TEST_WHOAMI);
    if (path === "/settings/cards")
      return Response.json({
        orderingEnabled: true,
        paymentSystems: ["VISA", "MASTERCARD"],
        colors: ["BLUE", "BLACK"],
        deliveryMethods: ["POST", "BRANCH"],
        currencies: ["GBP"],
        prepaidAvailable: true,
      });
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
    if (path === "/cards") return Response.json({ data: [...cards.values()].map(view) });
    if (path === "/cards/order" && init?.method === "POST") {
      const key = new Headers(init.headers).get("Idempotency-Key")!;
      const body = String(init.body);
      const seen = byKey.get(key);
      if (seen && seen.body !== body)
        return Response.json(
          {
            statusCode: 409,
            code: "IDEMPOTENCY_KEY_REUSED",
            message: "This Idempotency-Key was already used with a different request body",
          },
          { status: 409 },
        );
      if (seen) return Response.json(view(cards.get(seen.id)!), { status: 200 });
      const id = cards.size ? `${CARD_ID.slice(0, -1)}${cards.size + 1}` : CARD_ID;
      cards.set(id, { id, status: "ORDERED", cardName: (JSON.parse(body) as { cardName?: string }).cardName ?? "Visa card" });
      byKey.set(key, { body, id });
      return Response.json(view(cards.get(id)!), { status: 201 });
    }
    const card = cards.get(path.split("/").pop()!);
    if (path.startsWith("/cards/") && card) return Response.json(view(card));
    return Response.json({ statusCode: 404, code: "NOT_FOUND", message: `stub: ${path}` }, { status: 404 });
  });
  return cards;
}

const signedInCookie = () => signedInSession("http://x/cards/order-card");

type Ordered = { id: string; cardName: string } | null;

/** The form as a page load shows it: its key and the card it names. */
async function openForm(cookie: string, query = ""): Promise<{ key: string; ordered: Ordered; cookie: string }> {
  const res = await (loader as unknown as Route)({
    request: new Request(`http://x/cards/order-card${query}`, { headers: { Cookie: cookie, "Accept-Language": "en" } }),
    params: {},
    context: { cspNonce: "" },
  });
  const body = (await res.json()) as { values: { idempotencyKey: string }; orderedCard: Ordered };
  return { key: body.values.idempotencyKey, ordered: body.orderedCard ?? null, cookie: cookieAfter(res, cookie) };
}

async function submit(cookie: string, csrf: string, idempotencyKey: string, cardName = "Travel"): Promise<Response> {
  const form = new URLSearchParams({
    csrf,
    idempotencyKey,
    accountId: ACCOUNT_ID,
    currencyId: "GBP",
    cardId: "",
    paymentSystem: "VISA",
    color: "BLACK",
    deliveryMethod: "POST",
    cardName,
  });
  return (action as unknown as Route)({
    request: new Request("http://x/cards/order-card", {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: { cspNonce: "" },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("/cards/order-card: the form's idempotency key", () => {
  it("going Back to the form and sending the same details again orders no second card", async () => {
    const cards = stubApi();
    const { cookie, csrf } = await signedInCookie();

    const form = await openForm(cookie);
    expect(form.ordered).toBeNull();
    const sent = await submit(form.cookie, csrf, form.key);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/cards/${CARD_ID}?done=ordered`);

    // Back to the form (a new page load: its loader runs again): it names the card just ordered.
    const back = await openForm(cookieAfter(sent, form.cookie));
    expect(back.key).toBe(form.key);
    expect(back.ordered).toEqual({ id: CARD_ID, cardName: "Travel" });
    // The same details again: that card, not a second one.
    const again = await submit(back.cookie, csrf, back.key);
    expect(again.headers.get("Location")).toBe(`/cards/${CARD_ID}?done=ordered`);
    expect([...cards.keys()]).toEqual([CARD_ID]);

    // Other details under the same key: refused, naming the card ordered and with the form as sent.
    const other = await submit(cookieAfter(again, back.cookie), csrf, back.key, "Shopping");
    expect(other.status).toBe(409);
    const refused = (await other.json()) as { errors: { _form?: string }; orderedCard: Ordered; values: { cardName: string } };
    expect(refused.errors._form).toBe(
      "You have just ordered a card with this form with other details. Open that card, or choose “Order another card” to order a new one.",
    );
    expect(refused.orderedCard).toEqual({ id: CARD_ID, cardName: "Travel" });
    expect(refused.values.cardName).toBe("Shopping");
    expect([...cards.keys()]).toEqual([CARD_ID]);

    // Issued by the bank (no longer ORDERED): the next order is a new one, with a new key.
    cards.get(CARD_ID)!.status = "NEW";
    const next = await openForm(cookieAfter(other, back.cookie));
    expect(next.key).not.toBe(form.key);
    expect(next.ordered).toBeNull();
    const second = await submit(next.cookie, csrf, next.key, "Shopping");
    expect(second.status).toBe(302);
    expect(cards.size).toBe(2);
  });

  it("'Order another card' (?after=<the card>) starts a new order with a new key; another ?after= does not", async () => {
    const cards = stubApi();
    const { cookie, csrf } = await signedInCookie();
    const form = await openForm(cookie);
    const sent = await submit(form.cookie, csrf, form.key);

    const stray = await openForm(cookieAfter(sent, form.cookie), `?after=${CARD_ID.slice(0, -1)}9`);
    expect(stray.key).toBe(form.key);
    expect(stray.ordered?.id).toBe(CARD_ID);

    const another = await openForm(stray.cookie, `?after=${CARD_ID}`);
    expect(another.key).not.toBe(form.key);
    expect(another.ordered).toBeNull();
    // Reloading the new form keeps its new key (not yet used).
    expect((await openForm(another.cookie, `?after=${CARD_ID}`)).key).toBe(another.key);
    const second = await submit(another.cookie, csrf, another.key);
    expect(second.status).toBe(302);
    expect(cards.size).toBe(2);
  });
});
