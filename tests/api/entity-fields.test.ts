/**
 * The entity fields of spec 000 §3 the API answers since the fields audit, on PGlite and
 * PostgreSQL (docs/decisions.md "Cards on an account", "Balance fields", "Statement list item
 * fields"):
 * - Account.cards: the account's live cards (not CANCELED or VOID) as GET /v1/cards answers them,
 *   on the list and on one account; never a card of another organization, not even one that names
 *   the caller's account;
 * - Balance.accountType (CURRENT for fiat, CRYPTO for a crypto asset) and currency.description;
 * - the statement list item's operationStatus, categoryId (payer only), paymentOrderId and
 *   feeAmount with feeCurrencyId (payer only), the same on the item detail, through the life of an
 *   external payment (settlement PENDING → SETTLED), an internal payment (payer and payee), a
 *   remittance order (QUEUED → PROC → REJECTED with its refund) and an FX rate request (held →
 *   rejected);
 * - the item detail's info block under the spec's names (createdAt, info, senderAccountNumber,
 *   recipientAccountNumber, sortCode, benificiaryBIC, generalLedgerTransactionId) for money out,
 *   its fee, a SEPA payment and both sides of an internal payment (docs/decisions.md "The spec's
 *   names on the statement item");
 * - Payment.paymentOrderId (null: no payment belongs to a remittance order).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencies, organizationSettings } from "../../server/db/schema/index.js";
import { decideFxRequest } from "../../server/domain/exchange/fx-requests.js";
import { setFee } from "../../server/domain/fees/admin.js";
import { settleExternalPayment } from "../../server/domain/payments/settlement.js";
import { advanceRemittanceOrder } from "../../server/domain/remittance/index.js";
import { createAccount, createCard, createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, mfaTokenFor, payAndSign, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("spec 000 §3 entity fields on %s", (kind) => {
  let s: TestServer;
  /** Every SQL statement the server sends (openDatabase `onQuery`). */
  const statements: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ db: kind, onQuery: (q) => statements.push(q) });
  });

  /** The statements one API call sends. */
  async function statementsOf(call: () => Promise<{ status: number }>): Promise<string[]> {
    statements.length = 0;
    expect((await call()).status).toBe(200);
    return [...statements];
  }
  afterAll(async () => s?.close());

  const get = (path: string, token: string) => s.call("GET", path, { token });

  /** Every history item of an organization (newest first). */
  async function items(c: CreatedCustomer, token: string): Promise<any[]> {
    const r = await get(`/statements-items?organizationId=${c.organization.id}&take=100`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  }

  it("Account.cards: the live cards of each account, as GET /v1/cards; never another organization's", async () => {
    const owner = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "10.00", EUR: "5.00" } });
    const token = await s.login(owner.phone);
    const orgId = owner.organization.id;
    const second = await createAccount(s.db, { organizationId: orgId, currencies: ["EUR"] });
    const t0 = Date.UTC(2026, 0, 1);
    const card = (accountId: string, status: "ACTIVE" | "NEW" | "CANCELED" | "ORDERED" | "FROZEN" | "VOID", i: number) =>
      createCard(s.db, {
        organizationId: orgId,
        accountId,
        status,
        cardName: `${status} ${i}`,
        createdAt: new Date(t0 + i * 1000),
      });
    const active = await card(owner.account!.id, "ACTIVE", 1);
    await card(owner.account!.id, "CANCELED", 2);
    const frozen = await card(owner.account!.id, "FROZEN", 3);
    await card(owner.account!.id, "VOID", 4);
    const fresh = await card(owner.account!.id, "NEW", 5);
    const otherAccountCard = await card(second.account.id, "ACTIVE", 6);
    // Ordered through the API: ORDERED, no number.
    const ordered = await s.call("POST", "/cards/order", {
      token,
      headers: { "Idempotency-Key": "fields-order-1" },
      body: {
        organizationId: orgId,
        accountId: second.account.id,
        currencyId: "EUR",
        paymentSystem: "MASTERCARD",
        color: "BLACK",
        deliveryMethod: "POST",
      },
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);

    // Another customer's cards: on its own account, and one row that names the owner's account
    // (never made by the API; the rule is the cards endpoints' organization rule all the same).
    const intruder = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const intruderToken = await s.login(intruder.phone);
    const foreign = await createCard(s.db, { organizationId: intruder.organization.id, accountId: intruder.account!.id });
    const planted = await createCard(s.db, { organizationId: intruder.organization.id, accountId: owner.account!.id });

    const listed = await get(`/accounts?organizationId=${orgId}&all=true`, token);
    expect(listed.status).toBe(200);
    const [first, other] = listed.body.data;
    expect(first.id).toBe(owner.account!.id);
    expect(first.cards.map((c: any) => c.id)).toEqual([active.id, frozen.id, fresh.id]);
    expect(other.cards.map((c: any) => [c.id, c.status])).toEqual([
      [otherAccountCard.id, "ACTIVE"],
      [ordered.body.id, "ORDERED"],
    ]);
    // The same Card as the cards endpoints answer (masked number only; null while ORDERED).
    const byApi = (await get(`/cards?organizationId=${orgId}&accountId=${owner.account!.id}`, token)).body.data;
    expect(first.cards).toEqual(byApi.filter((c: any) => !["CANCELED", "VOID"].includes(c.status)));
    expect(first.cards[0]).toMatchObject({
      path: `/cards/${active.id}`,
      cardNumber: `•••• ${active.lastFour}`,
      balance: "10.00",
    });
    expect(other.cards[1]).toMatchObject({ cardNumber: null, lastFour: null, currencyId: "EUR", paymentSystem: "MASTERCARD" });
    // One account: the same cards.
    const one = await get(`/accounts/${owner.account!.id}`, token);
    expect(one.body.cards).toEqual(first.cards);
    const all = (await get(`/accounts`, token)).body.data;
    expect(all.flatMap((a: any) => a.cards.map((c: any) => c.id))).toEqual([
      active.id,
      frozen.id,
      fresh.id,
      otherAccountCard.id,
      ordered.body.id,
    ]);

    const everyId = JSON.stringify([listed.body, one.body, all]);
    expect(everyId).not.toContain(planted.id);
    expect(everyId).not.toContain(foreign.id);
    // The other customer sees its own card only, and not the owner's account.
    const theirs = (await get(`/accounts`, intruderToken)).body.data;
    expect(theirs.map((a: any) => a.cards.map((c: any) => c.id))).toEqual([[foreign.id]]);
    expect((await get(`/accounts/${owner.account!.id}`, intruderToken)).status).toBe(404);
  });

  it("accounts' cards and statement items' operations are read by one query, whatever their number", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE", signatureType: "SINGLE", balances: { EUR: "900.00" } });
    const token = await s.login(c.phone);
    const orgId = c.organization.id;
    const accountsCall = () => get(`/accounts?organizationId=${orgId}`, token);
    const one = await statementsOf(accountsCall);
    for (let i = 0; i < 3; i++) {
      const a = await createAccount(s.db, { organizationId: orgId, currencies: ["GBP"] });
      for (let j = 0; j < 2; j++) await createCard(s.db, { organizationId: orgId, accountId: a.account.id });
    }
    const four = await statementsOf(accountsCall);
    expect((await accountsCall()).body.data.map((a: any) => a.cards.length)).toEqual([0, 2, 2, 2]);
    expect(four.length).toBe(one.length);
    expect(four.filter((q) => q.includes('from "cards"'))).toHaveLength(1);

    // Statement items: as many statements for 2 items as for 12, each with its payment and fee.
    for (let i = 0; i < 6; i++) {
      const paid = await payAndSign(s, token, {
        organizationId: orgId,
        kind: "EURO",
        paymentType: "TARGET_2",
        accountId: c.account!.id,
        currencyId: "EUR",
        amount: "10.00",
        beneficiaryName: "Hans Müller",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        reference: `Invoice ${i}`,
        categoryId: "rent",
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const list = (take: number) => () => get(`/statements-items?organizationId=${orgId}&take=${take}`, token);
    const few = await statementsOf(list(2));
    const many = await statementsOf(list(12));
    expect(many.length).toBe(few.length);
    const page = (await list(12)()).body.data;
    expect(page).toHaveLength(12);
    expect(page.every((i: any) => i.feeAmount === "10.00" && i.categoryId === "rent")).toBe(true);
  });

  it("Balance.accountType is CURRENT for fiat and CRYPTO for a crypto asset; the currency carries its description", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00", USDT: "2.500000" } });
    const token = await s.login(c.phone);
    const account = (await get(`/accounts/${c.account!.id}`, token)).body;
    const byCurrency = Object.fromEntries(account.balances.map((b: any) => [b.currencyId, b]));
    const rows = await s.db.select().from(currencies).where(eq(currencies.id, "USDT"));
    expect(byCurrency.GBP).toMatchObject({ accountType: "CURRENT", currency: { id: "GBP", crypto: false } });
    expect(byCurrency.USDT).toMatchObject({
      accountType: "CRYPTO",
      amount: "2.500000",
      currency: { id: "USDT", crypto: true, description: rows[0]!.description },
    });
    expect(byCurrency.GBP.currency.description).toEqual(expect.any(String));
    expect(byCurrency.GBP.currency.description.length).toBeGreaterThan(0);
    // One name for the amount (docs/decisions.md "Balance fields"), also on /balances.
    expect(byCurrency.GBP).not.toHaveProperty("value");
    const balances = (await get(`/accounts/${c.account!.id}/balances`, token)).body.data;
    expect(balances).toEqual(account.balances);
  });

  it("an external payment's items: IN_PROCCESS until settled, the fee and category on both of the payer's items", async () => {
    const payer = await createCustomer(s.db, { type: "CORPORATE", signatureType: "SINGLE", balances: { EUR: "500.00" } });
    const token = await s.login(payer.phone);
    const paid = await payAndSign(s, token, {
      organizationId: payer.organization.id,
      kind: "EURO",
      paymentType: "TARGET_2",
      accountId: payer.account!.id,
      currencyId: "EUR",
      amount: "100.00",
      beneficiaryName: "Hans Müller",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      reference: "Invoice 7",
      categoryId: "rent",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const fee = paid.body.fee;
    expect(fee).toMatchObject({ amount: "10.00", currencyId: "EUR" });
    const mine = (await items(payer, token)).filter((i) => i.paymentId === paid.body.id);
    expect(mine.map((i) => i.operationType).sort()).toEqual(["COMMON", "TRANSACTION_FEE"]);
    for (const i of mine)
      expect(i).toMatchObject({
        operationStatus: "IN_PROCCESS",
        categoryId: "rent",
        paymentOrderId: null,
        feeAmount: "10.00",
        feeCurrencyId: "EUR",
      });
    // The detail says the same.
    const sum = mine.find((i) => i.operationType === "COMMON");
    const detail = (await get(`/statements-items/${sum.id}`, token)).body;
    expect(detail).toMatchObject({
      operationStatus: "IN_PROCCESS",
      categoryId: "rent",
      feeAmount: "10.00",
      fee: "10.00",
      feeCurrencyId: "EUR",
    });

    await settleExternalPayment(s.db, { paymentId: paid.body.id, actor: "staff:test" });
    const settled = (await items(payer, token)).filter((i) => i.paymentId === paid.body.id);
    expect(settled.map((i) => i.operationStatus)).toEqual(["COMPLETED", "COMPLETED"]);
    expect((await get(`/statements-items/${sum.id}`, token)).body.operationStatus).toBe("COMPLETED");
  });

  it("an internal payment: the payer's item has its category and fee, the payee's neither (list and detail)", async () => {
    const payer = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "50.00" } });
    const payee = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    await setFee(s.db, {
      organizationId: payer.organization.id,
      name: "Internal transfer",
      paymentKind: "INTERNAL",
      feeAmountType: "FIXED",
      feeFixedAmount: "0.75",
      feeCurrencyId: "GBP",
    });
    const payerToken = await s.login(payer.phone);
    const paid = await payAndSign(s, payerToken, {
      organizationId: payer.organization.id,
      accountId: payer.account!.id,
      kind: "INTERNAL",
      currencyId: "GBP",
      amount: "2.50",
      recipientPhone: payee.phone,
      categoryId: "rent",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.fee).toMatchObject({ amount: "0.75", currencyId: "GBP" });

    const payerItems = (await items(payer, payerToken)).filter((i) => i.paymentId === paid.body.id);
    const payerSum = payerItems.find((i) => i.operationType === "COMMON");
    expect(payerSum).toMatchObject({
      amount: "-2.50",
      operationStatus: "COMPLETED",
      categoryId: "rent",
      feeAmount: "0.75",
      feeCurrencyId: "GBP",
      paymentOrderId: null,
    });

    const payeeToken = await s.login(payee.phone);
    const payeeItems = (await items(payee, payeeToken)).filter((i) => i.paymentId === paid.body.id);
    expect(payeeItems).toHaveLength(1);
    expect(payeeItems[0]).toMatchObject({
      amount: "2.50",
      operationStatus: "COMPLETED",
      categoryId: null,
      feeAmount: null,
      feeCurrencyId: null,
    });
    const payeeDetail = (await get(`/statements-items/${payeeItems[0].id}`, payeeToken)).body;
    expect(payeeDetail).toMatchObject({ categoryId: null, category: null, feeAmount: null, fee: null, feeCurrencyId: null });
  });

  it("the item detail's info block under the spec's names: createdAt, info, sender and recipient accounts, sortCode, benificiaryBIC, generalLedgerTransactionId", async () => {
    const payer = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "100.00" } });
    const payee = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const token = await s.login(payer.phone);
    const payeeToken = await s.login(payee.phone);
    const detail = async (id: string, t = token) => {
      const r = await get(`/statements-items/${id}`, t);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };

    // Money out on an external rail (BACS, with its fee): the payer's account → the payee's as the
    // payment names it; the payee's sort code; no BIC on a UK domestic payment.
    const before = Date.now();
    const uk = await payAndSign(s, token, {
      organizationId: payer.organization.id,
      accountId: payer.account!.id,
      kind: "GBP",
      paymentType: "BACS",
      currencyId: "GBP",
      amount: "10.00",
      beneficiaryName: "Acme Supplies Ltd",
      sortCode: "30-96-34",
      accountNumber: "12345678",
      reference: "INV-9",
      purpose: "Office chairs",
    });
    expect(uk.status, JSON.stringify(uk.body)).toBe(200);
    const ukItems = (await items(payer, token)).filter((i) => i.paymentId === uk.body.id);
    const sum = await detail(ukItems.find((i) => i.operationType === "COMMON").id);
    expect(sum).toMatchObject({
      info: "Office chairs",
      purpose: "Office chairs",
      senderAccountNumber: payer.account!.number,
      recipientAccountNumber: "12345678",
      counterpartyAccountNumber: "12345678",
      sortCode: "309634",
      counterpartySortCode: "309634",
      benificiaryBIC: null,
      generalLedgerTransactionId: sum.transactionId,
      glTransactionId: sum.transactionId,
    });
    expect(Date.parse(sum.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sum.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(sum.createdAt).toISOString()).toBe(sum.createdAt);
    // Its fee goes to the bank: the bank's side names no account.
    const fee = await detail(ukItems.find((i) => i.operationType === "TRANSACTION_FEE").id);
    expect(fee).toMatchObject({ senderAccountNumber: payer.account!.number, recipientAccountNumber: null });

    // A SEPA payment: the payee's IBAN as the payment carries it and its bank's BIC.
    const eur = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { EUR: "100.00" } });
    const eurToken = await s.login(eur.phone);
    const sepa = await payAndSign(s, eurToken, {
      organizationId: eur.organization.id,
      accountId: eur.account!.id,
      kind: "EURO",
      paymentType: "SEPA_SCT",
      currencyId: "EUR",
      amount: "5.00",
      beneficiaryName: "Hans Müller",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      purpose: "Rent",
    });
    expect(sepa.status, JSON.stringify(sepa.body)).toBe(200);
    const sepaItem = (await items(eur, eurToken)).find((i) => i.paymentId === sepa.body.id);
    expect(await detail(sepaItem.id, eurToken)).toMatchObject({
      senderAccountNumber: eur.account!.number,
      recipientAccountNumber: sepaItem.counterpartyAccountNumber,
      benificiaryBIC: "COBADEFFXXX",
      sortCode: null,
    });

    // An internal payment: to the payer, the payee's account the payment names; to the payee, the
    // payer's account its item already names as the counterparty, and the payee's own sort code and
    // BIC as the recipient's — nothing of the other customer beyond what the payment carries.
    const internal = await payAndSign(s, token, {
      organizationId: payer.organization.id,
      accountId: payer.account!.id,
      kind: "INTERNAL",
      currencyId: "GBP",
      amount: "2.00",
      recipientPhone: payee.phone,
    });
    expect(internal.status, JSON.stringify(internal.body)).toBe(200);
    const out = (await items(payer, token)).find((i) => i.paymentId === internal.body.id);
    const outDetail = await detail(out.id);
    expect(outDetail).toMatchObject({
      senderAccountNumber: payer.account!.number,
      recipientAccountNumber: out.counterpartyAccountNumber,
    });
    expect(out.counterpartyAccountNumber).toBeTruthy();
    const moneyIn = (await items(payee, payeeToken)).find((i) => i.paymentId === internal.body.id);
    const inDetail = await detail(moneyIn.id, payeeToken);
    expect(inDetail).toMatchObject({
      senderAccountNumber: moneyIn.counterpartyAccountNumber,
      recipientAccountNumber: payee.account!.number,
      sortCode: payee.account!.sortCode,
      benificiaryBIC: payee.account!.bic,
      generalLedgerTransactionId: moneyIn.transactionId,
    });
    expect(inDetail.senderAccountNumber).toBeTruthy();
    // The payer's sort code and BIC are not the payee's to see: the recipient's are the payee's own.
    expect(inDetail.accountSortCode).toBe(inDetail.sortCode);
  });

  it("Payment.paymentOrderId: null on every answer (no payment belongs to a remittance order)", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "20.00" } });
    const token = await s.login(c.phone);
    const body = {
      organizationId: c.organization.id,
      accountId: c.account!.id,
      kind: "GBP",
      paymentType: "FASTER_PAYMENT",
      currencyId: "GBP",
      amount: "1.00",
      beneficiaryName: "Acme Supplies Ltd",
      sortCode: "309634",
      accountNumber: "12345678",
    };
    const created = await s.call("POST", "/payments", { token, body, headers: { "Idempotency-Key": `order-id-${kind}` } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toHaveProperty("paymentOrderId", null);
    expect((await get(`/payments/${created.body.id}`, token)).body).toHaveProperty("paymentOrderId", null);
    const list = await get(`/payments?organizationId=${c.organization.id}&take=20`, token);
    expect(list.status).toBe(200);
    const listed = (list.body.data ?? list.body.edges?.map((e: { node: unknown }) => e.node)) as { id: string }[];
    expect(listed.find((p) => p.id === created.body.id)).toHaveProperty("paymentOrderId", null);
    const signed = await payAndSign(s, token, { ...body, amount: "2.00" });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toHaveProperty("paymentOrderId", null);
  });

  it("a payment between one's own accounts: the fee and category on the debited side only, not on the money in", async () => {
    const owner = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "50.00" } });
    const savings = await createAccount(s.db, { organizationId: owner.organization.id, currencies: ["GBP"] });
    await setFee(s.db, {
      organizationId: owner.organization.id,
      name: "Transfer between accounts",
      paymentKind: "BETWEEN_ACCOUNTS",
      feeAmountType: "FIXED",
      feeFixedAmount: "0.10",
      feeCurrencyId: "GBP",
    });
    const token = await s.login(owner.phone);
    const paid = await payAndSign(s, token, {
      organizationId: owner.organization.id,
      accountId: owner.account!.id,
      toAccountId: savings.account.id,
      kind: "BETWEEN_ACCOUNTS",
      currencyId: "GBP",
      amount: "5.00",
      categoryId: "rent",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const mine = (await items(owner, token)).filter((i) => i.paymentId === paid.body.id);
    const out = mine.find((i) => i.operationType === "COMMON" && i.amount === "-5.00");
    const moneyIn = mine.find((i) => i.operationType === "COMMON" && i.amount === "5.00");
    expect(out).toMatchObject({ categoryId: "rent", feeAmount: "0.10", feeCurrencyId: "GBP" });
    expect(moneyIn).toMatchObject({ categoryId: null, feeAmount: null, feeCurrencyId: null });
    const detail = (await get(`/statements-items/${moneyIn.id}`, token)).body;
    expect(detail).toMatchObject({ categoryId: null, category: null, feeAmount: null, fee: null });
  });

  it("a remittance order's items carry its id; PENDING while QUEUED, IN_PROCCESS in processing, COMPLETED once rejected and refunded", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1000.00" } });
    await s.db
      .insert(organizationSettings)
      .values({ organizationId: c.organization.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    const token = await s.login(c.phone);
    const created = await s.call("POST", "/payments-orders", {
      token,
      headers: { "Idempotency-Key": "fields-order" },
      body: {
        organizationId: c.organization.id,
        accountId: c.account!.id,
        currencyId: "GBP",
        sum: "100.00",
        payee: {
          name: "Amina Njoroge",
          address: "12 Moi Avenue",
          city: "Nairobi",
          country: "ke",
          phone: "+254 712 345 678",
          documentNumber: "A1234567",
        },
        description: "Family support",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.id;
    const mfaToken = await mfaTokenFor(s, token, { paymentOrderIds: [orderId] });
    const signed = await s.call("POST", `/payments-orders/${orderId}/sign`, {
      token,
      body: { mfaToken, signedAt: new Date().toISOString() },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const ofOrder = async () => (await items(c, token)).filter((i) => i.paymentOrderId === orderId);

    const queued = await ofOrder();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ amount: "-100.00", operationStatus: "PENDING", categoryId: null, feeAmount: null });
    // The list filter and the field agree.
    const filtered = await get(`/statements-items?organizationId=${c.organization.id}&paymentOrderId=${orderId}`, token);
    expect(filtered.body.data.map((i: any) => i.id)).toEqual(queued.map((i) => i.id));
    // Without organizationId the order names its organization (spec 000 §7: every filter optional).
    const unscoped = await get(`/statements-items?paymentOrderId=${orderId}`, token);
    expect(unscoped.status, JSON.stringify(unscoped.body)).toBe(200);
    expect(unscoped.body.data.map((i: any) => i.id)).toEqual(queued.map((i) => i.id));

    await advanceRemittanceOrder(s.db, { orderId, status: "PROC", actor: "staff:test" });
    expect((await ofOrder()).map((i) => i.operationStatus)).toEqual(["IN_PROCCESS"]);
    expect((await get(`/statements-items/${queued[0].id}`, token)).body).toMatchObject({
      operationStatus: "IN_PROCCESS",
      paymentOrderId: orderId,
    });

    await advanceRemittanceOrder(s.db, { orderId, status: "REJECTED", reason: "Payee not found", actor: "staff:test" });
    const done = await ofOrder();
    expect(done.map((i) => [i.amount, i.status, i.operationStatus])).toEqual([
      ["100.00", "REFUND", "COMPLETED"],
      ["-100.00", "SENT", "COMPLETED"],
    ]);
    // Another organization's items never name the order.
    const other = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const otherItems = await items(other, await s.login(other.phone));
    expect(otherItems.every((i) => i.paymentOrderId === null)).toBe(true);
  });

  it("an FX rate request's hold is PENDING until the bank decides; its refund COMPLETED", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1000.00", EUR: "10.00" } });
    const token = await s.login(c.phone);
    const created = await s.call("POST", "/exchange/fx-requests", {
      token,
      headers: { "Idempotency-Key": "fields-fx" },
      body: {
        organizationId: c.organization.id,
        accountId: c.account!.id,
        fromCurrencyId: "GBP",
        toCurrencyId: "EUR",
        sellAmount: "100.00",
        rate: "1.18",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mfaToken = await mfaTokenFor(s, token, { fxRequestIds: [created.body.id] });
    const signed = await s.call("POST", `/exchange/fx-requests/${created.body.id}/sign`, {
      token,
      body: { mfaToken, signedAt: new Date().toISOString() },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // The hold: the sum (and the exchange fee as its own TRANSACTION_FEE item, when the tariff has one).
    const ofRequest = async () => (await items(c, token)).filter((i) => i.transactionKind.startsWith("FX_REQUEST_"));
    const held = await ofRequest();
    expect(held.length).toBeGreaterThan(0);
    for (const i of held)
      expect(i).toMatchObject({
        currencyId: "GBP",
        status: "SENT",
        operationStatus: "PENDING",
        paymentOrderId: null,
        feeAmount: null,
      });

    await decideFxRequest(s.db, {
      requestId: created.body.id,
      decision: "REJECTED",
      reason: "Rate out of range",
      actor: "staff:test",
    });
    const after = await ofRequest();
    expect(after).toHaveLength(held.length + 1);
    expect(after.map((i) => [i.status, i.operationStatus])).toEqual([
      ["REFUND", "COMPLETED"],
      ...held.map(() => ["SENT", "COMPLETED"]),
    ]);
  });
});
