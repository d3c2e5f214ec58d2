/**
 * Cards against a real database (PGlite always; PostgreSQL too when TEST_DATABASE_URL is set):
 * the seeded demo cards, the list with its organization/account filters, a card's detail (masked
 * number, 'no number' while ORDERED, never a PAN), GET /v1/settings/cards, ordering (validation,
 * idempotency, replacements, the per-account cap, the organization setting), freeze/unfreeze
 * (ACTIVE ↔ FROZEN only, 409 otherwise, once when two race) and authorization (404 for another
 * customer's card, account or organization). Customers are fresh factory customers unless noted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { balances, cards, organizationSettings } from "../../server/db/schema/index.js";
import { createCard, createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { SEED_PHONES } from "../../server/seed/seed.js";
import { containsCardNumber } from "../../server/rules/card-mask.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** Field → first constraint id of a 400 answer. */
const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
  Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

describe.each(databases)("cards on %s", (kind) => {
  let s: TestServer;
  let keySeq = 0;
  const key = () => ({ "Idempotency-Key": `card-test-${++keySeq}` });

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function customer(type: "INDIVIDUAL" | "CORPORATE" = "INDIVIDUAL"): Promise<CreatedCustomer & { token: string }> {
    const c = await createCustomer(s.db, { type, balances: { GBP: "100.00", EUR: "20.00" } });
    return { ...c, token: await s.login(c.phone) };
  }
  const order = (c: CreatedCustomer, extra: Record<string, unknown> = {}) => ({
    organizationId: c.organization.id,
    accountId: c.account!.id,
    currencyId: "GBP",
    paymentSystem: "VISA",
    color: "BLUE",
    deliveryMethod: "POST",
    ...extra,
  });

  it("lists the seeded demo cards: masked numbers, the ORDERED one without a number, balances of the account", async () => {
    const token = await s.login(SEED_PHONES.individual);
    const res = await s.call("GET", "/cards", { token });
    expect(res.status).toBe(200);
    const list = res.body.data as { cardName: string; status: string; cardNumber: string | null }[];
    expect(list.map((c) => [c.cardName, c.status, c.cardNumber])).toEqual([
      ["Everyday Visa", "ACTIVE", "•••• 4821"],
      ["Travel Mastercard", "ACTIVE", "•••• 7310"],
      ["Savings card", "FROZEN", "•••• 0934"],
    ]);
    expect(res.body.data[0]).toMatchObject({
      paymentSystem: "VISA",
      scheme: "visa",
      currencyId: "GBP",
      path: `/cards/${res.body.data[0].id}`,
    });
    expect(res.body.data[1]).toMatchObject({ scheme: "mc", limits: { daily: "2000.00", monthly: "8000.00" } });
    expect(res.body.data[2]).toMatchObject({ prepaid: true });
    const corp = await s.call("GET", "/cards", { token: await s.login(SEED_PHONES.corporateOfficial) });
    const ordered = corp.body.data.find((c: { status: string }) => c.status === "ORDERED");
    expect(ordered).toMatchObject({ cardNumber: null, lastFour: null, expiresOn: null, cardName: "Expenses Visa" });
    expect(containsCardNumber(JSON.stringify([res.body, corp.body]))).toBe(false);
  });

  it("the card's balance is its account balance in the card's currency (cards move no money)", async () => {
    const c = await customer();
    await createCard(s.db, { organizationId: c.organization.id, accountId: c.account!.id, currencyId: "EUR", lastFour: "1111" });
    const res = await s.call("GET", `/cards?accountId=${c.account!.id}`, { token: c.token });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      balance: "20.00",
      currencyId: "EUR",
      currencyName: "Euro",
      accountNumber: c.account!.number,
    });
    const [eur] = await s.db.select().from(balances).where(eq(balances.id, c.balances.EUR.id));
    expect(Number(eur.amount)).toBe(20);
  });

  it("filters by organization and account; another customer's organization or account is 404", async () => {
    const a = await customer();
    const b = await customer();
    await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id, lastFour: "2222" });
    const own = await s.call("GET", `/cards?organizationId=${a.organization.id}&accountId=${a.account!.id}`, { token: a.token });
    expect(own.body.data.map((c: { lastFour: string }) => c.lastFour)).toEqual(["2222"]);
    expect((await s.call("GET", `/cards?organizationId=${a.organization.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", `/cards?accountId=${a.account!.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", "/cards", { token: b.token })).body.data).toEqual([]);
    const bad = await s.call("GET", "/cards?accountId=nope", { token: a.token });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toHaveProperty("accountId");
  });

  it("a card's detail is its owner's only (404 for others, and for malformed ids)", async () => {
    const a = await customer();
    const b = await customer();
    const card = await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id, lastFour: "3333" });
    const mine = await s.call("GET", `/cards/${card.id}`, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: card.id, cardNumber: "•••• 3333", status: "ACTIVE" });
    expect(Object.keys(mine.body)).not.toContain("cvv");
    expect((await s.call("GET", `/cards/${card.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", "/cards/not-a-uuid", { token: a.token })).status).toBe(404);
    expect((await s.call("GET", `/cards/${card.id}`)).status).toBe(401);
  });

  it("the database refuses anything but four digits as lastFour (no PAN can be stored)", async () => {
    const a = await customer();
    await expect(
      createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id, lastFour: "4111111111111111" }),
    ).rejects.toThrow();
  });

  it("GET /settings/cards says what may be ordered; the organization's setting can switch ordering off", async () => {
    const a = await customer();
    const res = await s.call("GET", `/settings/cards?organizationId=${a.organization.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orderingEnabled: true,
      paymentSystems: ["VISA", "MASTERCARD"],
      colors: ["BLUE", "BLACK", "SILVER"],
      deliveryMethods: ["POST", "BRANCH"],
      currencies: ["GBP", "EUR", "USD"],
      prepaidAvailable: true,
      maxCardsPerAccount: 5,
      defaultLimits: { daily: "1000.00", monthly: "5000.00" },
    });
    const b = await customer();
    expect((await s.call("GET", `/settings/cards?organizationId=${a.organization.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", "/settings/cards", { token: b.token })).body.orderingEnabled).toBe(true);
    await s.db
      .insert(organizationSettings)
      .values({ organizationId: a.organization.id, key: "CARDS-ORDERING-ENABLED", value: false });
    const off = await s.call("GET", `/settings/cards?organizationId=${a.organization.id}`, { token: a.token });
    expect(off.body.orderingEnabled).toBe(false);
    const refused = await s.call("POST", "/cards/order", { token: a.token, headers: key(), body: order(a) });
    expect(refused.status).toBe(403);
  });

  it("orders a card: ORDERED, no number, default limits; the same key replays it, another body is 409", async () => {
    const a = await customer();
    const headers = key();
    const res = await s.call("POST", "/cards/order", {
      token: a.token,
      headers,
      body: order(a, { color: "SILVER", prepaid: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "ORDERED",
      cardNumber: null,
      lastFour: null,
      cardName: "Visa card",
      color: "SILVER",
      prepaid: true,
      deliveryMethod: "POST",
      limits: { daily: "1000.00", monthly: "5000.00" },
      replacesCardId: null,
    });
    const again = await s.call("POST", "/cards/order", {
      token: a.token,
      headers,
      body: order(a, { color: "SILVER", prepaid: true }),
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    const other = await s.call("POST", "/cards/order", { token: a.token, headers, body: order(a, { color: "BLACK" }) });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const rows = await s.db.select().from(cards).where(eq(cards.accountId, a.account!.id));
    expect(rows).toHaveLength(1);
    // The key may also come in the body (plain-form clients).
    const viaBody = await s.call("POST", "/cards/order", { token: a.token, body: { ...order(a), idempotencyKey: "body-key-1" } });
    expect(viaBody.status).toBe(201);
    const noKey = await s.call("POST", "/cards/order", { token: a.token, body: order(a) });
    expect(noKey.status).toBe(400);
    expect(fieldsOf(noKey.body)).toEqual({ idempotencyKey: "isIdempotencyKey" });
  });

  it("refuses a bad order with field errors", async () => {
    const a = await customer();
    const post = (body: unknown) => s.call("POST", "/cards/order", { token: a.token, headers: key(), body });
    const bad = await post(order(a, { paymentSystem: "AMEX", color: "PINK", deliveryMethod: "DRONE", cardName: "x".repeat(41) }));
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldsOf(bad.body)).sort()).toEqual(["cardName", "color", "deliveryMethod", "paymentSystem"]);
    const noUsd = await post(order(a, { currencyId: "USD" }));
    expect(noUsd.status).toBe(400);
    expect(fieldsOf(noUsd.body)).toEqual({ currencyId: "hasBalance" });
    const crypto = await post(order(a, { currencyId: "SOL" }));
    expect(fieldsOf(crypto.body)).toHaveProperty("currencyId");
    const extra = await post({ ...order(a), cvv: "123" });
    expect(extra.status).toBe(400);
  });

  it("orders a replacement (?cardId=) for a card of the same account; not for an ORDERED card or another account's", async () => {
    const a = await customer();
    const old = await createCard(s.db, {
      organizationId: a.organization.id,
      accountId: a.account!.id,
      lastFour: "4444",
      status: "FROZEN",
    });
    const res = await s.call("POST", "/cards/order", { token: a.token, headers: key(), body: order(a, { cardId: old.id }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ replacesCardId: old.id, status: "ORDERED" });
    // The old card is untouched until the bank issues the new one.
    expect((await s.call("GET", `/cards/${old.id}`, { token: a.token })).body.status).toBe("FROZEN");
    const again = await s.call("POST", "/cards/order", {
      token: a.token,
      headers: key(),
      body: order(a, { cardId: res.body.id }),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CARD_STATUS_CONFLICT");
    const b = await customer();
    const foreign = await createCard(s.db, { organizationId: b.organization.id, accountId: b.account!.id, lastFour: "5555" });
    const stolen = await s.call("POST", "/cards/order", {
      token: a.token,
      headers: key(),
      body: order(a, { cardId: foreign.id }),
    });
    expect(stolen.status).toBe(404);
  });

  it("another customer cannot order on A's account or organization (404)", async () => {
    const a = await customer();
    const b = await customer();
    const onA = await s.call("POST", "/cards/order", { token: b.token, headers: key(), body: order(a) });
    expect(onA.status).toBe(404);
    const mixed = await s.call("POST", "/cards/order", {
      token: b.token,
      headers: key(),
      body: order(a, { organizationId: b.organization.id }),
    });
    expect(mixed.status).toBe(404);
    expect(await s.db.select().from(cards).where(eq(cards.accountId, a.account!.id))).toHaveLength(0);
  });

  it("caps the cards of an account that are not CANCELED or VOID (409 CARD_LIMIT_REACHED)", async () => {
    const a = await customer();
    for (let i = 0; i < 4; i++) await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id });
    await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id, status: "CANCELED" });
    const fifth = await s.call("POST", "/cards/order", { token: a.token, headers: key(), body: order(a) });
    expect(fifth.status).toBe(201);
    const sixth = await s.call("POST", "/cards/order", { token: a.token, headers: key(), body: order(a) });
    expect(sixth.status).toBe(409);
    expect(sixth.body.code).toBe("CARD_LIMIT_REACHED");
  });

  it("freezes an ACTIVE card and unfreezes it; other statuses are refused with 409 CARD_STATUS_CONFLICT", async () => {
    const a = await customer();
    const card = await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id, lastFour: "6666" });
    const frozen = await s.call("POST", `/cards/${card.id}/freeze`, { token: a.token });
    expect(frozen.status).toBe(200);
    expect(frozen.body.status).toBe("FROZEN");
    const twice = await s.call("POST", `/cards/${card.id}/freeze`, { token: a.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "CARD_STATUS_CONFLICT" });
    const back = await s.call("POST", `/cards/${card.id}/unfreeze`, { token: a.token });
    expect(back.body.status).toBe("ACTIVE");
    expect((await s.call("POST", `/cards/${card.id}/unfreeze`, { token: a.token })).status).toBe(409);
    for (const status of ["ORDERED", "NEW", "CANCELED", "VOID"] as const) {
      const other = await createCard(s.db, {
        organizationId: a.organization.id,
        accountId: a.account!.id,
        status,
        lastFour: status === "ORDERED" ? null : "7777",
      });
      for (const action of ["freeze", "unfreeze"]) {
        const res = await s.call("POST", `/cards/${other.id}/${action}`, { token: a.token });
        expect(res.status, `${action} ${status}`).toBe(409);
        expect(res.body.code).toBe("CARD_STATUS_CONFLICT");
      }
      await s.db.update(cards).set({ status: "CANCELED" }).where(eq(cards.id, other.id));
    }
  });

  it("another customer cannot freeze or unfreeze A's card (404, unchanged)", async () => {
    const a = await customer();
    const b = await customer();
    const card = await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id });
    for (const action of ["freeze", "unfreeze"])
      expect((await s.call("POST", `/cards/${card.id}/${action}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", `/cards/${card.id}`, { token: a.token })).body.status).toBe("ACTIVE");
  });

  it("two simultaneous freezes of one card: one succeeds, the other is 409", async () => {
    const a = await customer();
    const card = await createCard(s.db, { organizationId: a.organization.id, accountId: a.account!.id });
    const answers = await Promise.all([1, 2].map(() => s.call("POST", `/cards/${card.id}/freeze`, { token: a.token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("two simultaneous orders under one key create one card", async () => {
    const a = await customer();
    const headers = key();
    const answers = await Promise.all(
      [1, 2, 3].map(() => s.call("POST", "/cards/order", { token: a.token, headers, body: order(a) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
  });
});
