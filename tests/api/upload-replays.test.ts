/**
 * A form resubmitted without JavaScript uploads its files again before its call (POST
 * /v1/uploads, then the call naming the new uploads). Every flow that attaches uploads answers
 * that second call as a repeat and leaves ONE upload row per file, none attached twice
 * (docs/decisions.md "Resubmitted uploads"; the chat's own case: chat-hardening.test.ts):
 * - remittance orders (POST /v1/payments-orders, Idempotency-Key; files compared by SHA-256):
 *   the replay deletes the copies it named;
 * - payment documents (POST /v1/payments/:id/documents), beneficiary and contract documents
 *   (POST /v1/beneficiaries/:id/documents), application documents (POST
 *   /v1/clients-applications/:id/documents): no key; a file already attached to the same target
 *   the same way (same SHA-256 and name; same category, same contract) is not attached again,
 *   and the caller's copy is deleted.
 * Only the caller's own copies go (a colleague's upload named in someone else's call stays), and
 * a file under another name or category is a document of its own.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applicationDocuments,
  beneficiaryDocuments,
  organizationSettings,
  paymentDocuments,
  paymentOrderFiles,
  uploads,
} from "../../server/db/schema/index.js";
import { addMember, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A PDF of its own (a comment makes its bytes, so its SHA-256, unique). */
const pdf = () => new TextEncoder().encode(`%PDF-1.4\n% ${randomUUID()}\n%%EOF\n`);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(databases)("resubmitted uploads leave one row per file on %s", (kind) => {
  let s: TestServer;
  /** CORPORATE, remittance orders enabled, EUR and GBP to pay with. */
  let a: CreatedCustomer;
  let aToken: string;
  /** Another member of a's organization. */
  let colleague: { id: string };
  let colleagueToken: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "CORPORATE", balances: { EUR: "5000.00", GBP: "5000.00" } });
    aToken = await s.login(a.phone);
    await s.db
      .insert(organizationSettings)
      .values({ organizationId: a.organization.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    const user = await createUser(s.db, { firstName: "Col" });
    await addMember(s.db, { organizationId: a.organization.id, userId: user.id, companyOfficialType: "DIRECTOR" });
    colleague = user;
    colleagueToken = await s.login(user.phone);
  });
  afterAll(async () => s?.close());

  /** POST /uploads of one file (for `organizationId`, or the caller's own without one). */
  const upload = (token: string, organizationId: string | null, bytes: Uint8Array, name = "invoice.pdf") =>
    s.upload(token, { organizationId, bytes, name, type: "application/pdf" });
  /** Upload ids of `bytes` uploaded by `userId`. */
  const rowsOf = async (bytes: Uint8Array, userId: string) =>
    (
      await s.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.sha256, sha256(bytes)), eq(uploads.userId, userId)))
        .orderBy(asc(uploads.createdAt))
    ).map((r) => r.id);

  it("remittance orders: a replay deletes the copies it named, concurrent repeats included", async () => {
    const order = (uploadIds: string[], key: string, token = aToken) =>
      s.call("POST", "/payments-orders", {
        token,
        headers: { "Idempotency-Key": key },
        body: {
          organizationId: a.organization.id,
          accountId: a.account!.id,
          currencyId: "GBP",
          sum: "10.00",
          payee: { name: "Amina Njoroge", address: "12 Moi Avenue", city: "Nairobi", country: "KE", phone: "+254712345678" },
          description: "Family support",
          uploadIds,
        },
      });
    const filesOf = async (orderId: string) =>
      (await s.db.select().from(paymentOrderFiles).where(eq(paymentOrderFiles.orderId, orderId))).map((r) => r.uploadId);
    const bytes = pdf();
    const key = randomUUID();
    const first = await upload(aToken, a.organization.id, bytes);
    const created = await order([first], key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The form resubmitted: its file uploaded again, the call a replay of the same order.
    const again = await upload(aToken, a.organization.id, bytes);
    const replay = await order([again], key);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(created.body.id);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);
    expect(await filesOf(created.body.id)).toEqual([first]);
    // A retry naming the order's own upload keeps it.
    expect((await order([first], key)).status).toBe(200);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);

    // Submitted three times at once: one order, one upload row of the three copies.
    const atOnce = randomUUID();
    const other = pdf();
    const copies = await Promise.all([1, 2, 3].map(() => upload(aToken, a.organization.id, other)));
    const answers = await Promise.all(copies.map((id) => order([id], atOnce)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const kept = await rowsOf(other, a.user.id);
    expect(kept).toHaveLength(1);
    expect(await filesOf(answers[0].body.id)).toEqual(kept);

    // A colleague's upload of the same file, named in a's replay: not a's to delete.
    const theirs = await upload(colleagueToken, a.organization.id, bytes);
    expect((await order([theirs], key)).status).toBe(200);
    expect(await rowsOf(bytes, colleague.id)).toEqual([theirs]);
  });

  it("payment documents: a file already attached (same bytes and name) is not attached again; the copy goes", async () => {
    const created = await s.call("POST", "/payments", {
      token: aToken,
      headers: { "Idempotency-Key": randomUUID() },
      body: {
        organizationId: a.organization.id,
        kind: "EURO",
        accountId: a.account!.id,
        currencyId: "EUR",
        amount: "25.00",
        beneficiaryName: "Müller Logistik GmbH",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paymentId: string = created.body.id;
    const attach = (uploadIds: string[], token = aToken) =>
      s.call("POST", `/payments/${paymentId}/documents`, { token, body: { uploadIds } });
    const documents = async () =>
      (await s.db.select().from(paymentDocuments).where(eq(paymentDocuments.paymentId, paymentId))).map((r) => r.uploadId);

    const bytes = pdf();
    const first = await upload(aToken, a.organization.id, bytes);
    expect((await attach([first])).body).toEqual({ data: [first] });
    const again = await upload(aToken, a.organization.id, bytes);
    const repeat = await attach([again]);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ data: [first] });
    expect(await documents()).toEqual([first]);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);

    // A new file beside a copy: the new one is attached, the copy is not.
    const fresh = pdf();
    const [copy, added] = [await upload(aToken, a.organization.id, bytes), await upload(aToken, a.organization.id, fresh)];
    expect((await attach([copy, added])).body).toEqual({ data: [first, added] });
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);

    // Three submissions at once: one document, one row.
    const other = pdf();
    const copies = await Promise.all([1, 2, 3].map(() => upload(aToken, a.organization.id, other)));
    const answers = await Promise.all(copies.map((id) => attach([id])));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const kept = await rowsOf(other, a.user.id);
    expect(kept).toHaveLength(1);
    expect(await documents()).toEqual([first, added, kept[0]]);

    // The same bytes under another name are a document of their own.
    const renamed = await upload(aToken, a.organization.id, bytes, "invoice-signed.pdf");
    expect((await attach([renamed])).body.data).toContain(renamed);
    // A colleague's copy named in a's call is not attached, and not a's to delete.
    const theirs = await upload(colleagueToken, a.organization.id, bytes);
    expect((await attach([theirs])).status).toBe(200);
    expect(await documents()).not.toContain(theirs);
    expect(await rowsOf(bytes, colleague.id)).toEqual([theirs]);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so the purge and the attach cannot overlap there.
  it.skipIf(kind !== "postgres")(
    "an upload the orphan purge is deleting at that moment is refused on its field (400), never a 500",
    async () => {
      const created = await s.call("POST", "/payments", {
        token: aToken,
        headers: { "Idempotency-Key": randomUUID() },
        body: {
          organizationId: a.organization.id,
          kind: "EURO",
          accountId: a.account!.id,
          currencyId: "EUR",
          amount: "5.00",
          beneficiaryName: "Müller Logistik GmbH",
          iban: "DE02120300000000202051",
          bic: "BYLADEM1001",
        },
      });
      expect(created.status).toBe(201);
      const main = (await s.call("GET", `/channels?channelType=MAIN&organizationId=${a.organization.id}`, { token: aToken })).body
        .data[0].id as string;
      const attempts = [
        (id: string) => s.call("POST", `/payments/${created.body.id}/documents`, { token: aToken, body: { uploadIds: [id] } }),
        (id: string) =>
          s.call("POST", `/channels/${main}/documents`, { token: aToken, body: { data: [{ uploadId: id, name: "" }] } }),
      ];
      for (const attach of attempts) {
        const id = await upload(aToken, a.organization.id, pdf());
        // As `purgeOrphanUploads` does: the row locked FOR UPDATE, deleted, committed — while the attach waits.
        let answer!: ReturnType<typeof attach>;
        await s.db.transaction(async (tx) => {
          await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)).for("update");
          answer = attach(id);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.delete(uploads).where(eq(uploads.id, id));
        });
        const res = await answer;
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(JSON.stringify(res.body)).toContain("isOwnUpload");
      }
    },
  );

  it("beneficiary and contract documents: a file already filed the same way is not filed again; the copy goes", async () => {
    const beneficiary = await s.call("POST", "/beneficiaries", {
      token: aToken,
      body: {
        organizationId: a.organization.id,
        name: "Hans Müller",
        beneficiaryType: "INDIVIDUAL",
        paymentType: "LOCAL",
        currencyId: "EUR",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
      },
    });
    expect(beneficiary.status, JSON.stringify(beneficiary.body)).toBe(201);
    const b: string = beneficiary.body.id;
    const contract = await s.call("POST", `/beneficiaries/${b}/contracts`, { token: aToken, body: { name: "Supply 2026" } });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    const contractId: string = contract.body.id;
    const attach = (uploadIds: string[], category = "CONTRACT", token = aToken) =>
      s.call("POST", `/beneficiaries/${b}/documents`, { token, body: { uploadIds, category, contractId } });
    const documents = async () =>
      (await s.db.select().from(beneficiaryDocuments).where(eq(beneficiaryDocuments.beneficiaryId, b))).map((r) => r.uploadId);

    const bytes = pdf();
    const first = await upload(aToken, a.organization.id, bytes);
    const filed = await attach([first]);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const again = await upload(aToken, a.organization.id, bytes);
    const repeat = await attach([again]);
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body.data).toEqual(filed.body.data);
    expect(await documents()).toEqual([first]);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);

    // Three submissions at once: one document, one row.
    const other = pdf();
    const copies = await Promise.all([1, 2, 3].map(() => upload(aToken, a.organization.id, other)));
    const answers = await Promise.all(copies.map((id) => attach([id])));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const kept = await rowsOf(other, a.user.id);
    expect(kept).toHaveLength(1);
    expect(answers.map((r) => r.body.data[0].uploadId)).toEqual([kept[0], kept[0], kept[0]]);

    // Filed under another category, the same file is another document.
    const invoice = await upload(aToken, a.organization.id, bytes);
    expect((await attach([invoice], "INVOICE")).body.data[0].uploadId).toBe(invoice);
    // A colleague's copy named in a's call: not filed again, and not a's to delete.
    const theirs = await upload(colleagueToken, a.organization.id, bytes);
    expect((await attach([theirs])).body.data[0].uploadId).toBe(first);
    expect(await rowsOf(bytes, colleague.id)).toEqual([theirs]);
    expect((await documents()).sort()).toEqual([first, kept[0], invoice].sort());
  });

  it("application documents: a file already filed under the category is not filed again; the copy goes", async () => {
    const applicant = await createUser(s.db, { identified: false, firstName: undefined, email: null });
    const token = await s.login(applicant.phone);
    const application = await s.call("POST", "/clients-applications/corporates", {
      token,
      body: { step: "country-and-name", values: { companyName: "Pennine Tools Ltd", countryOfIncorporationId: "GB" } },
    });
    expect(application.status, JSON.stringify(application.body)).toBe(201);
    const id: string = application.body.id;
    const attach = (uploadIds: string[], category = "INCORPORATION_CERTIFICATE") =>
      s.call("POST", `/clients-applications/${id}/documents`, { token, body: { category, uploadIds } });
    const documents = async () =>
      (await s.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id))).map((r) => r.uploadId);

    const bytes = pdf();
    const first = await upload(token, null, bytes);
    const filed = await attach([first]);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const again = await upload(token, null, bytes);
    const repeat = await attach([again]);
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(201);
    expect(repeat.body.data).toEqual(filed.body.data);
    expect(await documents()).toEqual([first]);
    expect(await rowsOf(bytes, applicant.id)).toEqual([first]);

    // Three submissions at once: one document, one row.
    const other = pdf();
    const copies = await Promise.all([1, 2, 3].map(() => upload(token, null, other)));
    const answers = await Promise.all(copies.map((u) => attach([u])));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const kept = await rowsOf(other, applicant.id);
    expect(kept).toHaveLength(1);
    expect(answers.map((r) => r.body.data[0].upload.id)).toEqual([kept[0], kept[0], kept[0]]);

    // The same upload named again (a replayed call): a no-op answering its document, as for
    // payment and beneficiary documents; under another category it is refused on its field.
    const replayed = await attach([first]);
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.data).toEqual(filed.body.data);
    const elsewhere = await attach([first], "OTHER");
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain("uploadIds");
    expect((await documents()).sort()).toEqual([first, kept[0]].sort());

    // Under another category, the same file is another document.
    const copy = await upload(token, null, bytes);
    expect((await attach([copy], "OTHER")).body.data[0].upload.id).toBe(copy);
    expect((await documents()).sort()).toEqual([first, kept[0], copy].sort());
  });
});
