/**
 * History API (issue 9 "History", "Documents"; spec 000 §3, §7) on PGlite and PostgreSQL:
 * cursor paging across many items (no duplicates, no gaps, transferDate desc), each filter,
 * company officials refused, every filter optional (organizationId from the account, order or item,
 * else the caller's default organization), the item detail, another organization refused, and the documents
 * checked by PARSING them: receipt and statement PDFs (text extracted with pdfjs-dist), the CSV
 * (opening + Σ items = closing, to the cent) and the top-up instructions.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postTransaction } from "../../server/domain/ledger/index.js";
import { systemBalanceId } from "../../server/domain/ledger/system.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { MAX_STATEMENT_ITEMS, statementExport } from "../../server/domain/statements/index.js";
import type { Database } from "../../server/db/client.js";
import {
  addMember,
  createAccount,
  createCustomer,
  createOrganization,
  createUser,
  postExternal,
  type CreatedCustomer,
} from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { validateAbaRoutingNumber } from "../../server/rules/aba.js";

/** pdfjs-dist's standard font data (the PDFs use the 14 standard fonts). */
const FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** All text of a PDF, pages joined by newlines. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ("str" in it ? it.str + (it.hasEOL ? "\n" : " ") : "")).join(""));
  }
  await doc.destroy();
  return pages.join("\n");
}

/** Parse the statement CSV: header values and rows keyed by column. */
function parseCsv(text: string): { opening: string; closing: string; rows: Record<string, string>[] } {
  const lines = text.trim().split("\r\n");
  const meta = Object.fromEntries(lines.filter((l) => l.startsWith("# ")).map((l) => l.slice(2).split(",") as [string, string]));
  const body = lines.filter((l) => !l.startsWith("# "));
  const cols = body[0]!.split(",");
  // Simple split: the test's counterparties and references have no commas or quotes.
  const rows = body.slice(1).map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i]!, v])));
  return { opening: meta.opening!, closing: meta.closing!, rows };
}

describe.each(databases)("history on %s", (kind) => {
  let s: TestServer;
  let owner: CreatedCustomer;
  let token: string;
  let orgId: string;
  const DAY = 86_400_000;
  const base = Date.UTC(2026, 9, 1, 12, 0, 0); // 1 Oct 2026 12:00 UTC
  let feeParentId: string;

  const get = (path: string, t = token) => s.call("GET", path, { token: t });
  const raw = (path: string, t = token) => fetch(`${s.baseUrl}/api/v1${path}`, { headers: { Authorization: `Bearer ${t}` } });
  /** Every item of a query, paging by `take`. */
  const all = async (query: string, take = 7) => {
    const out: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: any = await get(
        `/statements-items?organizationId=${orgId}&take=${take}${query}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(r.status).toBe(200);
      out.push(...r.body.data);
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return out;
  };

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    owner = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "0", EUR: "0" } });
    orgId = owner.organization.id;
    token = await s.login(owner.phone);
    // 30 GBP items (3 at the same instant, to cross the id tie-break) and 10 EUR items.
    for (let i = 0; i < 30; i++)
      await postExternal(s.db, {
        balanceId: owner.balances.GBP!.id,
        amount: i % 4 === 3 ? "-3.33" : "10.01",
        counterpartyName: `Payer ${i}`,
        reference: `REF${i}`,
        transferDate: new Date(base + (i < 3 ? 0 : i) * DAY),
      });
    for (let i = 0; i < 10; i++)
      await postExternal(s.db, {
        balanceId: owner.balances.EUR!.id,
        amount: "5.50",
        counterpartyName: `Euro payer ${i}`,
        transferDate: new Date(base + i * DAY + 3600_000),
      });
    // A payment with its fee in one ledger transaction: the fee item is a child of the payment item.
    const posted = await (s.db as Database).transaction(async (tx) =>
      postTransaction(tx, {
        kind: "PAYMENT",
        description: "Invoice 42",
        transferDate: new Date(base + 40 * DAY),
        postings: [
          {
            balanceId: owner.balances.GBP!.id,
            amount: new Decimal("-20.00"),
            counterpartyName: "Supplier Ltd",
            reference: "INV42",
          },
          { balanceId: owner.balances.GBP!.id, amount: new Decimal("-0.50"), operationType: "TRANSACTION_FEE" },
          { balanceId: await systemBalanceId(tx, "EXTERNAL_CLEARING", "GBP"), amount: new Decimal("20.50") },
        ],
      }),
    );
    const items = (await get(`/statements-items?organizationId=${orgId}&take=2`)).body.data;
    feeParentId = items.find((i: any) => i.transactionId === posted.transactionId && i.operationType === "COMMON").id;
  });
  afterAll(async () => s?.close());

  it("pages by cursor across all items: no duplicates, no gaps, transferDate desc", async () => {
    const every = await all("", 7);
    expect(every).toHaveLength(42);
    expect(new Set(every.map((i) => i.id)).size).toBe(42);
    for (let i = 1; i < every.length; i++)
      expect(Date.parse(every[i - 1].transferDate)).toBeGreaterThanOrEqual(Date.parse(every[i].transferDate));
    // Same set whatever the page size (no gaps at page edges, even inside the equal-instant run).
    for (const take of [1, 3, 100]) expect((await all("", take)).map((i) => i.id)).toEqual(every.map((i) => i.id));
  });

  it("honours currencyId, transferDateFrom/To, account and parentId; paymentOrderId outside → 404", async () => {
    const eur = await all("&currencyId=EUR");
    expect(eur).toHaveLength(10);
    expect(eur.every((i) => i.currencyId === "EUR")).toBe(true);
    const from = new Date(base + 10 * DAY).toISOString();
    const to = new Date(base + 20 * DAY).toISOString();
    const period = await all(`&currencyId=GBP&transferDateFrom=${from}&transferDateTo=${to}`);
    expect(period).toHaveLength(11);
    expect(period.every((i) => i.transferDate >= from && i.transferDate <= to)).toBe(true);
    const other = await createAccount(s.db, { organizationId: orgId, currencies: ["GBP"] });
    await postExternal(s.db, { balanceId: other.balances.GBP!.id, amount: "1.00", counterpartyName: "Other account" });
    const byAccount = await all(`&account=${other.account.id}`);
    expect(byAccount.map((i) => i.title)).toEqual(["Other account"]);
    const children = await all(`&parentId=${feeParentId}`);
    expect(children.map((i) => [i.operationType, i.amount, i.title])).toEqual([["TRANSACTION_FEE", "-0.50", null]]);
    expect((await get(`/statements-items?organizationId=${orgId}&paymentOrderId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(`/statements-items?organizationId=${orgId}&parentId=nope`)).status).toBe(404);
  });

  it("item detail carries the info block; another organization's item, receipt and export are refused", async () => {
    const d = (await get(`/statements-items/${feeParentId}`)).body;
    expect(d).toMatchObject({
      id: feeParentId,
      title: "Supplier Ltd",
      status: "SENT",
      operationType: "COMMON",
      amount: "-20.00",
      // A ledger transaction of no payment: its description ("Invoice 42") is the bank's
      // bookkeeping line, not a purpose a customer wrote (the reference says what it is).
      purpose: null,
      returnReason: null,
      reference: "INV42",
      accountIban: owner.account!.iban,
      accountSortCode: owner.account!.sortCode,
    });
    expect(d.glTransactionId).toBe(d.transactionId);
    for (const k of ["counterpartySortCode", "counterpartyBic", "paymentType", "fee", "feeCurrencyId", "contractId"])
      expect(d).toHaveProperty(k);
    // Ledger accounts: the owner's account debited, the bank's clearing credited (never numbered);
    // the sender is the owner (the holder of the debited account); no payment, so no category.
    expect(d).toMatchObject({
      generalLedgerTransaction: { id: d.transactionId, debitAccountNumber: owner.account!.number, creditAccountNumber: null },
      senderAccount: { clientName: owner.organization.companyName },
      categoryId: null,
      category: null,
    });
    // The fee leg of the same transaction: the same clearing leg is its counter-leg.
    const [feeItem] = await all(`&parentId=${feeParentId}`);
    expect((await get(`/statements-items/${feeItem.id}`)).body.generalLedgerTransaction).toEqual({
      id: d.transactionId,
      debitAccountNumber: owner.account!.number,
      creditAccountNumber: null,
    });
    // Money in from another bank: the bank's clearing debited, no client sent it.
    const incoming = (await all("&currencyId=EUR"))[0];
    expect((await get(`/statements-items/${incoming.id}`)).body).toMatchObject({
      generalLedgerTransaction: { debitAccountNumber: null, creditAccountNumber: owner.account!.number },
      senderAccount: { clientName: null },
    });
    const intruder = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const it2 = await s.login(intruder.phone);
    expect((await get(`/statements-items/${feeParentId}`, it2)).status).toBe(404);
    expect((await raw(`/statements-items/${feeParentId}/pdf`, it2)).status).toBe(404);
    expect((await raw(`/statements-items/csv?organizationId=${orgId}&currencyId=GBP`, it2)).status).toBe(403);
    expect((await raw(`/statements-items/pdf?organizationId=${orgId}&currencyId=GBP`, it2)).status).toBe(403);
    expect((await raw(`/accounts/${owner.account!.id}/top-up?currencyId=GBP`, it2)).status).toBe(404);
    // Own item, but through someone else's organization or account: refused.
    const own = (await get(`/statements-items?organizationId=${intruder.organization.id}&take=1`, it2)).body.data[0];
    expect((await raw(`/statements-items/${own.id}/pdf?organizationId=${orgId}`, it2)).status).toBe(404);
  });

  it("an internal payment's items: both customers' account numbers, the payer as sender, the category on the payer's item only", async () => {
    // Its own payer: the owner's statements elsewhere in this file count the owner's items.
    const payerCustomer = await createCustomer(s.db, {
      type: "CORPORATE",
      companyName: "Ledger Payer Ltd",
      balances: { GBP: "10.00" },
    });
    const payerToken = await s.login(payerCustomer.phone);
    const payee = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const paid = await s.call("POST", "/payments", {
      token: payerToken,
      headers: { "idempotency-key": "history-internal-category" },
      body: {
        organizationId: payerCustomer.organization.id,
        accountId: payerCustomer.account!.id,
        kind: "INTERNAL",
        currencyId: "GBP",
        amount: "2.50",
        recipientPhone: payee.phone,
        categoryId: "rent",
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const code = await s.call("POST", "/signatures/send-code", {
      token: payerToken,
      body: { paymentIds: [paid.body.id], mfa: "PHONE", channel: "SMS" },
    });
    const mfa = await s.call("POST", "/signatures/validate", {
      token: payerToken,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    const signed = await s.call("POST", `/payments/${paid.body.id}/sign`, {
      token: payerToken,
      body: { mfaToken: mfa.body.token, signedAt: new Date().toISOString() },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const ledger = { debitAccountNumber: payerCustomer.account!.number, creditAccountNumber: payee.account!.number };
    const sender = { clientName: "Ledger Payer Ltd" };

    const own = await get(`/statements-items?organizationId=${payerCustomer.organization.id}&currencyId=GBP`, payerToken);
    const mine = own.body.data.find((i: any) => i.paymentId === paid.body.id);
    const payer = (await get(`/statements-items/${mine.id}`, payerToken)).body;
    expect(payer).toMatchObject({
      amount: "-2.50",
      generalLedgerTransaction: { id: payer.transactionId, ...ledger },
      senderAccount: sender,
      categoryId: "rent",
      category: { id: "rent", name: "Rent" },
    });

    // The payee's item: the same accounts and sender; the payer's category is not the payee's.
    const payeeToken = await s.login(payee.phone);
    const list = await get(`/statements-items?organizationId=${payee.organization.id}&currencyId=GBP`, payeeToken);
    const theirs = list.body.data.find((i: any) => i.paymentId === paid.body.id);
    const received = (await get(`/statements-items/${theirs.id}`, payeeToken)).body;
    expect(received).toMatchObject({
      amount: "2.50",
      generalLedgerTransaction: { id: payer.transactionId, ...ledger },
      senderAccount: sender,
      categoryId: null,
      category: null,
    });
    // Each sees only their own item of it, and a third customer neither (authorization unchanged).
    expect((await get(`/statements-items/${mine.id}`)).status).toBe(404);
    expect((await get(`/statements-items/${theirs.id}`, payerToken)).status).toBe(404);
    expect((await get(`/statements-items/${mine.id}`, payeeToken)).status).toBe(404);

    // The receipts print the same: the payer's with its category (translated by id), both with
    // the sender and the two customers' account numbers; in English and German.
    const receipt = async (itemId: string, t: string, lang: string) => {
      const r = await fetch(`${s.baseUrl}/api/v1/statements-items/${itemId}/pdf`, {
        headers: { Authorization: `Bearer ${t}`, "Accept-Language": lang },
      });
      expect(r.status).toBe(200);
      return pdfText(await r.arrayBuffer());
    };
    const en = await receipt(mine.id, payerToken, "en");
    expect(en).toContain("Category: Rent");
    expect(en).toContain("Sender: Ledger Payer Ltd");
    expect(en).toContain(`Debited account: ${ledger.debitAccountNumber}`);
    expect(en).toContain(`Credited account: ${ledger.creditAccountNumber}`);
    const de = await receipt(mine.id, payerToken, "de-DE,de;q=0.9");
    expect(de).toContain("Kategorie: Miete");
    expect(de).toContain("Auftraggeber: Ledger Payer Ltd");
    expect(de).toContain(`Belastetes Konto: ${ledger.debitAccountNumber}`);
    expect(de).toContain(`Gutgeschriebenes Konto: ${ledger.creditAccountNumber}`);
    const payeeReceipt = await receipt(theirs.id, payeeToken, "en");
    expect(payeeReceipt).toContain("Sender: Ledger Payer Ltd");
    expect(payeeReceipt).toContain(`Credited account: ${ledger.creditAccountNumber}`);
    expect(payeeReceipt).not.toContain("Category:");
    // Authorization unchanged: the payee cannot print the payer's receipt.
    expect((await raw(`/statements-items/${mine.id}/pdf`, payeeToken)).status).toBe(404);
  });

  it("organizationId is optional (spec 000 §7): the account's, order's or item's organization, else the caller's default; never another customer's", async () => {
    // A person with a personal organization (the default) and a company joined earlier, each with its own history.
    const person = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0" } });
    await postExternal(s.db, { balanceId: person.balances.GBP!.id, amount: "7.00", counterpartyName: "Personal payer" });
    const company = await createOrganization(s.db, { type: "CORPORATE", companyName: "Side Business Ltd" });
    await addMember(s.db, {
      organizationId: company.id,
      userId: person.user.id,
      companyOfficialType: "MAIN_REPRESENTATIVE",
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    const companyAccount = await createAccount(s.db, { organizationId: company.id, currencies: ["GBP"] });
    await postExternal(s.db, { balanceId: companyAccount.balances.GBP!.id, amount: "9.00", counterpartyName: "Company payer" });
    const t = await s.login(person.phone);
    const titles = async (query: string) => {
      const r = await get(`/statements-items${query}`, t);
      expect(r.status, `${query} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data.map((i: { title: string }) => i.title);
    };
    // Nothing named: the default organization (the personal one, not the company joined first).
    expect(await titles("")).toEqual(["Personal payer"]);
    expect(await titles("?currencyId=GBP&take=5")).toEqual(["Personal payer"]);
    // An account, or a statement item, names its organization.
    expect(await titles(`?account=${companyAccount.account.id}`)).toEqual(["Company payer"]);
    const companyItem = (await get(`/statements-items?organizationId=${company.id}`, t)).body.data[0];
    expect(companyItem.title).toBe("Company payer");
    expect(await titles(`?parentId=${companyItem.id}`)).toEqual([]);
    // Its receipt with the organization the web app has active (spec 000 §7): only that one's item.
    expect((await raw(`/statements-items/${companyItem.id}/pdf?organizationId=${company.id}`, t)).status).toBe(200);
    expect((await raw(`/statements-items/${companyItem.id}/pdf?organizationId=${person.organization.id}`, t)).status).toBe(404);
    expect((await raw(`/statements-items/${feeParentId}/pdf?organizationId=${orgId}`, t)).status).toBe(404);
    // Named with another organization of the caller's: refused as before.
    expect(
      (await get(`/statements-items?organizationId=${person.organization.id}&account=${companyAccount.account.id}`, t)).status,
    ).toBe(404);
    // Another customer's account, item or order, or an id that is none: 404, none of their data.
    for (const query of [
      `?account=${owner.account!.id}`,
      `?parentId=${feeParentId}`,
      `?paymentOrderId=${crypto.randomUUID()}`,
      "?account=not-an-id",
      "?parentId=nope",
    ]) {
      const r = await get(`/statements-items${query}`, t);
      expect(r.status, query).toBe(404);
      expect(JSON.stringify(r.body)).not.toMatch(/Payer \d|Supplier Ltd/);
    }
    // The statement export: the same rule, and the holder is that organization.
    const personal = parseCsv(await (await raw("/statements-items/csv?currencyId=GBP", t)).text());
    expect(personal.rows.map((r) => r.counterparty)).toEqual(["Personal payer"]);
    const business = await raw(`/statements-items/pdf?currencyId=GBP&account=${companyAccount.account.id}`, t);
    expect(business.status).toBe(200);
    const text = await pdfText(await business.arrayBuffer());
    expect(text).toContain("Side Business Ltd");
    expect(text).toContain("Company payer");
    expect((await raw(`/statements-items/csv?currencyId=GBP&account=${owner.account!.id}`, t)).status).toBe(404);
    // Only a company official (no history), or no organization at all: 403.
    const official = await createCustomer(s.db, { type: "COMPANY_OFFICIAL" });
    expect((await get("/statements-items", await s.login(official.phone))).status).toBe(403);
    const nobody = await createUser(s.db);
    expect((await get("/statements-items", await s.login(nobody.phone))).status).toBe(403);
  });

  it("company officials get no history list", async () => {
    const official = await createCustomer(s.db, { type: "COMPANY_OFFICIAL" });
    const t = await s.login(official.phone);
    const r = await get(`/statements-items?organizationId=${official.organization.id}`, t);
    expect(r.status).toBe(403);
  });

  it("receipt PDF: bank, both parties, amount, fee, date, references", async () => {
    const r = await raw(`/statements-items/${feeParentId}/pdf?accountId=${owner.account!.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    const bytes = await r.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Demo Bank");
    expect(text).toContain("Payment receipt");
    expect(text).toContain("Payee: Supplier Ltd");
    expect(text).toContain(`Payer: ${owner.organization.companyName}`);
    expect(text).toContain("Amount: -20.00 GBP");
    expect(text).toContain("Fee:");
    expect(text).toContain("Date: 10.11.2026 12:00");
    expect(text).toContain("Reference: INV42");
    expect(text).toContain(`Item ID: ${feeParentId}`);
    // Ledger accounts: the owner's account debited, the bank's clearing credited (never numbered).
    expect(text).toContain(`Sender: ${owner.organization.companyName}`);
    expect(text).toContain(`Debited account: ${owner.account!.number}`);
    expect(text).toContain("Credited account: The bank's own account");
    expect(text).not.toContain("Category:");
  });

  it("receipt PDF in the caller's language (Accept-Language): German, and Arabic right to left", async () => {
    const get = (lang: string) =>
      fetch(`${s.baseUrl}/api/v1/statements-items/${feeParentId}/pdf?accountId=${owner.account!.id}`, {
        headers: { Authorization: `Bearer ${token}`, "Accept-Language": lang },
      });
    const de = await get("de-DE,de;q=0.9,en;q=0.5");
    expect(de.status).toBe(200);
    expect(de.headers.get("vary")).toMatch(/Accept-Language/i);
    const deText = await pdfText(await de.arrayBuffer());
    expect(deText).toContain("Zahlungsbeleg");
    expect(deText).toContain("Empfänger: Supplier Ltd");
    expect(deText).toContain("Betrag: -20.00 GBP");
    expect(deText).toContain("Status: Gesendet");
    expect(deText).toContain(`Belastetes Konto: ${owner.account!.number}`);
    expect(deText).toContain("Gutgeschriebenes Konto: Eigenes Konto der Bank");
    const ar = await get("ar");
    expect(ar.status).toBe(200);
    const arText = await pdfText(await ar.arrayBuffer());
    expect(arText).toMatch(/[\u0600-\u06ff]/);
    expect(arText).toContain("Supplier Ltd");
    expect(arText).toContain("-20.00 GBP");
    expect(arText).toContain(owner.account!.number);
  });

  it("a statement over its most operations is refused (statementTooLong: ask for a shorter period); within, drawn", async () => {
    const q = { organizationId: orgId, currencyId: "GBP", account: owner.account!.id };
    const total = (await statementExport(s.db, owner.user.id, q)).items.length;
    expect(total).toBeGreaterThan(20);
    await expect(statementExport(s.db, owner.user.id, q, total - 1)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      body: [{ property: "coreError", constraints: { statementTooLong: expect.stringContaining(`more than ${total - 1}`) } }],
    });
    expect((await statementExport(s.db, owner.user.id, q, total)).items).toHaveLength(total);
    expect(MAX_STATEMENT_ITEMS).toBe(5000);
  });

  it("statement CSV, PDF and XLSX: opening + items = closing, to the cent", async () => {
    const from = new Date(base + 10 * DAY).toISOString();
    const q = `organizationId=${orgId}&currencyId=GBP&transferDateFrom=${from}&account=${owner.account!.id}`;
    const csv = await raw(`/statements-items/csv?${q}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const parsed = parseCsv(await csv.text());
    // Before day 10: days 0 (×3) … 9 = 10 items; i%4===3 → −3.33 (i = 3, 7), the rest +10.01.
    expect(parsed.opening).toBe(new Decimal("10.01").times(8).minus(new Decimal("3.33").times(2)).toFixed(2));
    const cents = (v: string) => Math.round(Number(v) * 100);
    const sum = parsed.rows.reduce((acc, r) => acc + cents(r.amount!), 0);
    expect(cents(parsed.opening) + sum).toBe(cents(parsed.closing));
    const balance = (await get(`/accounts/${owner.account!.id}`)).body.balances.find((b: any) => b.currencyId === "GBP");
    expect(parsed.closing).toBe(new Decimal(balance.amount).toFixed(2));
    expect(parsed.rows).toHaveLength(22); // days 10..29 (20) + the payment and its fee
    // The payment and its fee share one instant: one of the two ends at the closing balance.
    expect(parsed.rows.slice(-2).map((r) => r.balanceAfter)).toContain(parsed.closing);

    const pdf = await raw(`/statements-items/pdf?${q}`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain(`Opening balance: ${parsed.opening} GBP`);
    expect(text).toContain(`Closing balance: ${parsed.closing} GBP`);
    expect(text).toContain("Items: 22");
    // Times in London (BST in October): the period starts at day 10, 12:00 UTC = 13:00 London.
    expect(text).toContain("11.10.2026 13:00");
    expect(text).not.toContain("11.10.2026 12:00");
    const amounts = [...text.matchAll(/(-?\d+\.\d{2}) GBP/g)].map((m) => m[1]!);
    // opening, 22 item amounts, closing — in this order.
    expect(amounts).toHaveLength(24);
    const itemsSum = amounts.slice(1, -1).reduce((acc, a) => acc + cents(a), 0);
    expect(cents(amounts[0]!) + itemsSum).toBe(cents(amounts.at(-1)!));
    expect((await raw(`/statements-items/csv?organizationId=${orgId}`)).status).toBe(400);

    // The XLSX workbook, read back by a spreadsheet reader: the same balances and items, and
    // opening + items = closing with exact decimals.
    const xlsx = await raw(`/statements-items/xlsx?${q}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    const cell = (label: string) => sheet.find((r) => r[0] === label)?.[1];
    const dec = (v: unknown) => new Decimal(String(v));
    expect(dec(cell("Opening balance")).toFixed(2)).toBe(parsed.opening);
    expect(dec(cell("Closing balance")).toFixed(2)).toBe(parsed.closing);
    const header = sheet.findIndex((r) => r[0] === "date (UTC)");
    const rows = sheet.slice(header + 1);
    expect(rows).toHaveLength(22);
    expect(rows.map((r) => r[1])).toEqual(parsed.rows.map((r) => r.id));
    expect(rows[0]![0]).toBeInstanceOf(Date);
    const xlsxSum = rows.reduce((acc, r) => acc.plus(dec(r[7])), dec(cell("Opening balance")));
    expect(xlsxSum.eq(dec(cell("Closing balance")))).toBe(true);
  });

  it("top-up instructions: GBP sort code + account number, IBAN + BIC; EUR SEPA; the PDF says the same", async () => {
    const gbp = (await get(`/accounts/${owner.account!.id}/top-up?currencyId=GBP`)).body;
    expect(gbp.methods.map((m: any) => m.rail)).toEqual(["LOCAL_GB", "SWIFT", "INTERNAL"]);
    expect(gbp.methods[0].fields).toEqual([
      { name: "sortCode", value: owner.account!.sortCode },
      { name: "accountNumber", value: owner.account!.number },
    ]);
    const eur = (await get(`/accounts/${owner.account!.id}/top-up?currencyId=EUR`)).body;
    expect(eur.methods.map((m: any) => m.rail)).toEqual(["SEPA", "SWIFT", "INTERNAL"]);
    expect((await get(`/accounts/${owner.account!.id}/top-up?currencyId=USD`)).status).toBe(404);
    expect((await get(`/accounts/${owner.account!.id}/top-up`)).status).toBe(400);
    const pdf = await raw(`/accounts/${owner.account!.id}/top-up/pdf?currencyId=EUR`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain(`IBAN: ${owner.account!.iban}`);
    expect(text).toContain("SEPA");
  });

  it("top-up instructions for USD: the bank's ABA routing number + account number (Fedwire), then SWIFT; AED over SWIFT", async () => {
    const usd = await createAccount(s.db, { organizationId: orgId, currencies: ["USD", "AED"] });
    const body = (await get(`/accounts/${usd.account.id}/top-up?currencyId=USD`)).body;
    expect(body.methods.map((m: any) => m.rail)).toEqual(["FEDWIRE", "SWIFT", "INTERNAL"]);
    const [routing, number] = body.methods[0].fields;
    expect(routing.name).toBe("routingNumber");
    expect(validateAbaRoutingNumber(routing.value)).toEqual({ ok: true, routingNumber: routing.value });
    expect(number).toEqual({ name: "accountNumber", value: usd.account.number });
    const aed = (await get(`/accounts/${usd.account.id}/top-up?currencyId=AED`)).body;
    expect(aed.methods.map((m: any) => m.rail)).toEqual(["SWIFT", "INTERNAL"]);
    const text = await pdfText(await (await raw(`/accounts/${usd.account.id}/top-up/pdf?currencyId=USD`)).arrayBuffer());
    expect(text).toContain(`ABA routing number: ${routing.value}`);
  });
});
