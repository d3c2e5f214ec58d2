/**
 * Contracts of saved beneficiaries and their supporting documents against a real database
 * (issue 7; spec 000 §3 "Contracts: id, name, beneficiaryId, supporting documents, status", §4
 * contract states, §7 Beneficiaries calls): create, list (newest first), get and edit; the
 * status rules (submit → staff approval or rejection with a reason → edit → DRAFT; 409
 * CONTRACT_STATUS_CONFLICT); the approval-not-required setting; documents attached after
 * POST /v1/uploads (own organization's uploads only, allowed categories, to the beneficiary or to
 * a contract of it), listed and downloaded with their bytes; another organization's beneficiary,
 * contract, document and download answer 404; a payment's contractId is accepted only when it is
 * an APPROVED contract of the paid beneficiary; a hard delete of a beneficiary takes its contracts
 * and documents. Also the `npm run bank` contract commands.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  beneficiaries,
  beneficiaryContracts,
  beneficiaryDocuments,
  payments,
  settings,
  uploads,
} from "../../server/db/schema/index.js";
import { approveBeneficiary, SETTING_BENEFICIARIES_APPROVAL_REQUIRED } from "../../server/domain/beneficiaries/index.js";
import { approveContract, rejectContract } from "../../server/domain/beneficiaries/contracts.js";
import { DomainError } from "../../server/domain/errors.js";
import { createCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

interface Customer {
  token: string;
  orgId: string;
  accountId: string;
}

/** Field → first constraint id of a 400 answer. */
const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
  Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

/** A real (minimal) PDF and a real PNG: the API reads the type from the bytes. */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const PNG = Uint8Array.from(Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de", "hex"));

const EURO_PAYEE = {
  name: "Hans Müller",
  beneficiaryType: "INDIVIDUAL",
  paymentType: "LOCAL",
  currencyId: "EUR",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
};

describe.each(databases)("beneficiary contracts and documents on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function newCustomer(balances: Record<string, string> = { EUR: "100.00" }): Promise<Customer> {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances });
    return { token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }
  async function newBeneficiary(c: Customer, body: Record<string, unknown> = {}): Promise<string> {
    const r = await s.call("POST", "/beneficiaries", {
      token: c.token,
      body: { organizationId: c.orgId, ...EURO_PAYEE, ...body },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id;
  }
  const contracts = (b: string) => `/beneficiaries/${b}/contracts`;
  const createContract = (c: Customer, b: string, body: unknown) => s.call("POST", contracts(b), { token: c.token, body });
  const submit = (c: Customer, b: string, id: string, status = "UNDER_REVIEW") =>
    s.call("PUT", `${contracts(b)}/${id}/status`, { token: c.token, body: { status } });
  async function upload(c: Customer, files: { name: string; bytes: Uint8Array }[]): Promise<string[]> {
    const form = new FormData();
    form.append("organizationId", c.orgId);
    for (const f of files) form.append("files", new Blob([new Uint8Array(f.bytes)]), f.name);
    const res = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string }[] }).data.map((u) => u.id);
  }
  const attach = (c: Customer, b: string, body: unknown) =>
    s.call("POST", `/beneficiaries/${b}/documents`, { token: c.token, body });
  const download = (c: Customer, b: string, documentId: string) =>
    fetch(`${s.baseUrl}/api/v1/beneficiaries/${b}/documents/${documentId}/file`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
  const setApproval = async (required: boolean | null) => {
    if (required === null) await s.db.delete(settings).where(eq(settings.key, SETTING_BENEFICIARIES_APPROVAL_REQUIRED));
    else
      await s.db
        .insert(settings)
        .values({ key: SETTING_BENEFICIARIES_APPROVAL_REQUIRED, value: required })
        .onConflictDoUpdate({ target: settings.key, set: { value: required } });
  };

  it("creates, lists newest first, reads and edits contracts; refuses invalid names on their fields", async () => {
    const c = await newCustomer();
    const b = await newBeneficiary(c);
    expect((await s.call("GET", contracts(b), { token: c.token })).body).toEqual({ data: [] });

    const first = await createContract(c, b, { name: "  Framework agreement 2026 ", number: " FA-2026/01 " });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      beneficiaryId: b,
      organizationId: c.orgId,
      name: "Framework agreement 2026",
      number: "FA-2026/01",
      status: "DRAFT",
      rejectionReason: null,
      documentIds: [],
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await createContract(c, b, { name: "Maintenance", number: "   " });
    expect(second.status).toBe(201);
    expect(second.body.number).toBeNull();

    const list = await s.call("GET", contracts(b), { token: c.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([second.body.id, first.body.id]);
    const got = await s.call("GET", `${contracts(b)}/${first.body.id}`, { token: c.token });
    expect(got.body).toEqual(first.body);

    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: "isNotEmpty" }],
      [{ name: "   " }, { name: "isNotEmpty" }],
      [
        { name: "x".repeat(141), number: "y".repeat(71) },
        { name: "too_big", number: "too_big" },
      ],
      [{ name: 12 }, { name: "invalid_type" }],
    ];
    for (const [body, fields] of cases) {
      const r = await createContract(c, b, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(r.body), JSON.stringify(r.body)).toEqual(fields);
      const put = await s.call("PUT", `${contracts(b)}/${first.body.id}`, { token: c.token, body });
      expect(fieldsOf(put.body)).toEqual(fields);
    }
    const [n] = await s.db.select({ n: count() }).from(beneficiaryContracts).where(eq(beneficiaryContracts.beneficiaryId, b));
    expect(n.n).toBe(2);

    // An edit is a full replacement: no number clears it.
    const edited = await s.call("PUT", `${contracts(b)}/${first.body.id}`, { token: c.token, body: { name: "Framework 2027" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: first.body.id, name: "Framework 2027", number: null, status: "DRAFT" });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.updatedAt));

    // A contract is reached only through its own beneficiary.
    const other = await newBeneficiary(c, { name: "Other payee" });
    for (const [method, path, body] of [
      ["GET", `${contracts(other)}/${first.body.id}`, undefined],
      ["PUT", `${contracts(other)}/${first.body.id}`, { name: "x" }],
      ["PUT", `${contracts(other)}/${first.body.id}/status`, { status: "UNDER_REVIEW" }],
      ["GET", `${contracts(b)}/00000000-0000-4000-8000-000000000000`, undefined],
      ["GET", `${contracts(b)}/not-an-id`, undefined],
      ["GET", contracts("00000000-0000-4000-8000-000000000000"), undefined],
    ] as const) {
      expect((await s.call(method, path, { token: c.token, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await s.call("GET", contracts(other), { token: c.token })).body.data).toEqual([]);
  });

  it("submit → staff approval; rejection with a reason → edit → DRAFT; 409 CONTRACT_STATUS_CONFLICT otherwise", async () => {
    const c = await newCustomer();
    const b = await newBeneficiary(c);
    const id = (await createContract(c, b, { name: "Supply contract" })).body.id as string;
    const path = `${contracts(b)}/${id}`;

    const asked = await submit(c, b, id, "APPROVED");
    expect(asked.status).toBe(400);
    expect(fieldsOf(asked.body)).toEqual({ status: "isUnderReview" });
    await expect(approveContract(s.db, id)).rejects.toMatchObject({ code: "CONTRACT_STATUS_CONFLICT" });

    expect((await submit(c, b, id)).body.status).toBe("UNDER_REVIEW");
    expect((await submit(c, b, id)).body.status).toBe("UNDER_REVIEW"); // a repeat answers as it is
    const underReview = await s.call("PUT", path, { token: c.token, body: { name: "Changed" } });
    expect(underReview.status).toBe(409);
    expect(underReview.body.code).toBe("CONTRACT_STATUS_CONFLICT");

    await expect(rejectContract(s.db, id, "  ")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(rejectContract(s.db, id, "x".repeat(501))).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const rejected = await rejectContract(s.db, id, " The signed copy is missing. ");
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "The signed copy is missing." });
    expect((await s.call("GET", path, { token: c.token })).body).toMatchObject({
      status: "REJECTED",
      rejectionReason: "The signed copy is missing.",
    });
    await expect(approveContract(s.db, id)).rejects.toMatchObject({ code: "CONTRACT_STATUS_CONFLICT" });

    const edited = await s.call("PUT", path, { token: c.token, body: { name: "Supply contract", number: "SC-7" } });
    expect(edited.body).toMatchObject({ status: "DRAFT", rejectionReason: null, number: "SC-7" });
    expect((await submit(c, b, id)).body.status).toBe("UNDER_REVIEW");
    const approved = await approveContract(s.db, id);
    expect(approved.status).toBe("APPROVED");
    await expect(approveContract(s.db, id)).rejects.toMatchObject({ code: "CONTRACT_STATUS_CONFLICT" });
    await expect(rejectContract(s.db, id, "late")).rejects.toMatchObject({ code: "CONTRACT_STATUS_CONFLICT" });

    // APPROVED: no edit, no resubmit.
    expect((await s.call("PUT", path, { token: c.token, body: { name: "Sneaky" } })).status).toBe(409);
    const again = await submit(c, b, id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONTRACT_STATUS_CONFLICT");
    expect((await s.call("GET", path, { token: c.token })).body).toMatchObject({ name: "Supply contract", status: "APPROVED" });

    await expect(approveContract(s.db, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(approveContract(s.db, "nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("with the approval-not-required setting a contract is APPROVED at once, stays so when edited or given documents", async () => {
    const c = await newCustomer();
    const b = await newBeneficiary(c);
    const [up] = await upload(c, [{ name: "contract.pdf", bytes: PDF }]);
    await setApproval(false);
    try {
      const made = await createContract(c, b, { name: "Lease" });
      expect(made.body.status).toBe("APPROVED");
      const edited = await s.call("PUT", `${contracts(b)}/${made.body.id}`, { token: c.token, body: { name: "Lease 2" } });
      expect(edited.body).toMatchObject({ status: "APPROVED", name: "Lease 2" });
      const docs = await attach(c, b, { uploadIds: [up], category: "CONTRACT", contractId: made.body.id });
      expect(docs.status).toBe(200);
      expect((await s.call("GET", `${contracts(b)}/${made.body.id}`, { token: c.token })).body.status).toBe("APPROVED");
      // Nothing to review: an APPROVED contract is not submitted (as a beneficiary's status call).
      expect((await submit(c, b, made.body.id)).status).toBe(409);
    } finally {
      await setApproval(null);
    }
    expect((await createContract(c, b, { name: "Reviewed again" })).body.status).toBe("DRAFT");
  });

  it("documents: allowed categories; attached to the beneficiary or a contract, listed, downloaded with their bytes", async () => {
    const c = await newCustomer();
    const b = await newBeneficiary(c);
    const categories = await s.call("GET", "/beneficiaries/documents/allowed-categories", { token: c.token });
    expect(categories.body).toEqual({
      data: [
        "CONTRACT",
        "AGREEMENT_AMENDMENT",
        "INVOICE",
        "PROOF_OF_ADDRESS",
        "COMPANY_REGISTRATION",
        "BANK_ACCOUNT_CONFIRMATION",
        "OTHER",
      ],
    });
    const contract = (await createContract(c, b, { name: "Supply" })).body.id as string;
    const [signed, amendment, address] = await upload(c, [
      { name: "signed contract.pdf", bytes: PDF },
      { name: "amendment-1.pdf", bytes: PDF },
      { name: "utility bill.png", bytes: PNG },
    ]);

    const own = await attach(c, b, { uploadIds: [address], category: "PROOF_OF_ADDRESS" });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toEqual([
      expect.objectContaining({
        beneficiaryId: b,
        contractId: null,
        category: "PROOF_OF_ADDRESS",
        uploadId: address,
        name: "utility bill.png",
        mimeType: "image/png",
        size: PNG.byteLength,
      }),
    ]);
    const toContract = await attach(c, b, { uploadIds: [signed, amendment, signed], category: "CONTRACT", contractId: contract });
    expect(toContract.status).toBe(200);
    expect(toContract.body.data.map((d: { uploadId: string }) => d.uploadId)).toEqual([signed, amendment]);
    // Again the same: a no-op (a repeated submit).
    const repeat = await attach(c, b, { uploadIds: [signed], category: "CONTRACT", contractId: contract });
    expect(repeat.body.data.map((d: { id: string }) => d.id)).toEqual([toContract.body.data[0].id]);

    const all = await s.call("GET", `/beneficiaries/${b}/documents`, { token: c.token });
    expect(all.body.data.map((d: { uploadId: string }) => d.uploadId)).toEqual([address, signed, amendment]);
    const ofContract = await s.call("GET", `/beneficiaries/${b}/documents?contractId=${contract}`, { token: c.token });
    expect(ofContract.body.data.map((d: { uploadId: string }) => d.uploadId)).toEqual([signed, amendment]);
    const read = await s.call("GET", `${contracts(b)}/${contract}`, { token: c.token });
    expect(read.body.documentIds).toEqual(toContract.body.data.map((d: { id: string }) => d.id));
    expect((await s.call("GET", `/beneficiaries/${b}/documents?contractId=not-a-uuid`, { token: c.token })).status).toBe(400);
    const otherContract = (await createContract(c, await newBeneficiary(c), { name: "Elsewhere" })).body.id;
    expect((await s.call("GET", `/beneficiaries/${b}/documents?contractId=${otherContract}`, { token: c.token })).status).toBe(
      404,
    );

    const file = await download(c, b, toContract.body.data[0].id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="signed contract.pdf"; filename*=UTF-8''signed%20contract.pdf`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const png = await download(c, b, own.body.data[0].id);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(PNG);
    expect((await download(c, b, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await download(c, b, "not-an-id")).status).toBe(404);
    // A document of this customer's other beneficiary is not found under this one.
    const b2 = await newBeneficiary(c, { name: "Second payee" });
    const [other] = await upload(c, [{ name: "other.pdf", bytes: PDF }]);
    const otherDoc = (await attach(c, b2, { uploadIds: [other], category: "OTHER" })).body.data[0].id as string;
    expect((await download(c, b, otherDoc)).status).toBe(404);
    expect((await download(c, b2, otherDoc)).status).toBe(200);
  });

  it("documents: refusals on the right field change nothing; a contract under review takes none, a rejected one turns DRAFT", async () => {
    const c = await newCustomer();
    const stranger = await newCustomer();
    const b = await newBeneficiary(c);
    const contract = (await createContract(c, b, { name: "Supply" })).body.id as string;
    const [mine, used] = await upload(c, [
      { name: "a.pdf", bytes: PDF },
      { name: "b.pdf", bytes: PDF },
    ]);
    const [theirs] = await upload(stranger, [{ name: "theirs.pdf", bytes: PDF }]);
    expect((await attach(c, b, { uploadIds: [used], category: "INVOICE" })).status).toBe(200);
    const otherBeneficiaryContract = (await createContract(c, await newBeneficiary(c), { name: "Other" })).body.id;
    const held = async () =>
      (await s.db.select({ n: count() }).from(beneficiaryDocuments).where(eq(beneficiaryDocuments.beneficiaryId, b)))[0].n;

    const cases: [unknown, Record<string, string>][] = [
      [{ uploadIds: [theirs], category: "CONTRACT" }, { uploadIds: "isOwnUpload" }],
      [{ uploadIds: [mine, theirs], category: "CONTRACT" }, { uploadIds: "isOwnUpload" }],
      [{ uploadIds: ["00000000-0000-4000-8000-000000000000"], category: "CONTRACT" }, { uploadIds: "isOwnUpload" }],
      [{ uploadIds: [used], category: "CONTRACT" }, { uploadIds: "isAttached" }],
      [{ uploadIds: [mine], category: "PASSPORT" }, { category: "invalid_enum_value" }],
      [{ uploadIds: [], category: "CONTRACT" }, { uploadIds: "too_small" }],
      [{ uploadIds: ["x"], category: "CONTRACT" }, { "uploadIds.0": "invalid_string" }],
      [{ uploadIds: [mine], category: "CONTRACT", contractId: otherBeneficiaryContract }, { contractId: "isContract" }],
      [
        { uploadIds: [mine], category: "CONTRACT", contractId: "00000000-0000-4000-8000-000000000000" },
        { contractId: "isContract" },
      ],
    ];
    for (const [body, fields] of cases) {
      const r = await attach(c, b, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(r.body), JSON.stringify(r.body)).toEqual(fields);
    }
    expect(await held()).toBe(1);

    await submit(c, b, contract);
    const underReview = await attach(c, b, { uploadIds: [mine], category: "CONTRACT", contractId: contract });
    expect(underReview.status).toBe(409);
    expect(underReview.body.code).toBe("CONTRACT_STATUS_CONFLICT");
    expect(await held()).toBe(1);
    await rejectContract(s.db, contract, "Please attach the signed copy");
    const fixed = await attach(c, b, { uploadIds: [mine], category: "CONTRACT", contractId: contract });
    expect(fixed.status).toBe(200);
    expect((await s.call("GET", `${contracts(b)}/${contract}`, { token: c.token })).body).toMatchObject({
      status: "DRAFT",
      rejectionReason: null,
      documentIds: [fixed.body.data[0].id],
    });
    // The beneficiary's own documents may be added whatever its status.
    await s.call("PUT", `/beneficiaries/${b}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    const [more] = await upload(c, [{ name: "c.pdf", bytes: PDF }]);
    expect((await attach(c, b, { uploadIds: [more], category: "PROOF_OF_ADDRESS" })).status).toBe(200);
  });

  it("another organization's beneficiary, contract, document and download answer 404, like ones that do not exist", async () => {
    const a = await newCustomer();
    const intruder = await newCustomer();
    const b = await newBeneficiary(a);
    const contract = (await createContract(a, b, { name: "A's secret deal", number: "SECRET-1" })).body.id as string;
    const [up] = await upload(a, [{ name: "a-secret.pdf", bytes: PDF }]);
    const doc = (await attach(a, b, { uploadIds: [up], category: "CONTRACT", contractId: contract })).body.data[0].id as string;
    const ownB = await newBeneficiary(intruder, { name: "Intruder's payee" });
    const [ownUp] = await upload(intruder, [{ name: "mine.pdf", bytes: PDF }]);

    const calls: [string, string, unknown][] = [
      ["GET", contracts(b), undefined],
      ["POST", contracts(b), { name: "Planted" }],
      ["GET", `${contracts(b)}/${contract}`, undefined],
      ["PUT", `${contracts(b)}/${contract}`, { name: "Renamed" }],
      ["PUT", `${contracts(b)}/${contract}/status`, { status: "UNDER_REVIEW" }],
      ["POST", `/beneficiaries/${b}/documents`, { uploadIds: [up], category: "OTHER" }],
      ["POST", `/beneficiaries/${b}/documents`, { uploadIds: [ownUp], category: "OTHER", contractId: contract }],
      ["GET", `/beneficiaries/${b}/documents`, undefined],
      ["GET", `/beneficiaries/${b}/documents?contractId=${contract}`, undefined],
      // A's contract under the intruder's own beneficiary.
      ["GET", `${contracts(ownB)}/${contract}`, undefined],
      ["PUT", `${contracts(ownB)}/${contract}`, { name: "Renamed" }],
      ["GET", `/beneficiaries/${ownB}/documents?contractId=${contract}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.call(method, path, { token: intruder.token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      const text = JSON.stringify(r.body);
      for (const secret of [b, contract, doc, "secret", "SECRET-1"]) expect(text).not.toContain(secret);
      const unknown = await s.call(method, path.replace(b, "00000000-0000-4000-8000-000000000000"), {
        token: intruder.token,
        body,
      });
      if (path.includes(b)) expect(unknown.body).toEqual(r.body);
    }
    for (const path of [`/beneficiaries/${b}/documents/${doc}/file`, `/beneficiaries/${ownB}/documents/${doc}/file`]) {
      const res = await fetch(`${s.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${intruder.token}` } });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("%PDF");
    }
    // A's upload cannot be filed under the intruder's own beneficiary, nor A's contract named there.
    expect(fieldsOf((await attach(intruder, ownB, { uploadIds: [up], category: "OTHER" })).body)).toEqual({
      uploadIds: "isOwnUpload",
    });
    expect(
      fieldsOf((await attach(intruder, ownB, { uploadIds: [ownUp], category: "OTHER", contractId: contract })).body),
    ).toEqual({ contractId: "isContract" });

    // A's contract is as it was, with its one document.
    const mine = await s.call("GET", `${contracts(b)}/${contract}`, { token: a.token });
    expect(mine.body).toMatchObject({ name: "A's secret deal", status: "DRAFT", documentIds: [doc] });
    expect((await s.call("GET", contracts(b), { token: a.token })).body.data).toHaveLength(1);
    expect((await download(a, b, doc)).status).toBe(200);
  });

  it("a payment's contractId must be an APPROVED contract of the paid beneficiary", async () => {
    const c = await newCustomer({ EUR: "100.00" });
    const b = await newBeneficiary(c);
    await s.call("PUT", `/beneficiaries/${b}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    await approveBeneficiary(s.db, b);
    const draft = (await createContract(c, b, { name: "Draft contract" })).body.id as string;
    const approved = (await createContract(c, b, { name: "Approved contract" })).body.id as string;
    await submit(c, b, approved);
    await approveContract(s.db, approved);
    // An approved contract of another approved beneficiary of the same customer.
    const b2 = await newBeneficiary(c, { name: "Second payee" });
    await s.call("PUT", `/beneficiaries/${b2}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    await approveBeneficiary(s.db, b2);
    const elsewhere = (await createContract(c, b2, { name: "Elsewhere" })).body.id as string;
    await submit(c, b2, elsewhere);
    await approveContract(s.db, elsewhere);
    // Another customer's approved contract.
    const other = await newCustomer();
    const ob = await newBeneficiary(other);
    const foreign = (await createContract(other, ob, { name: "Foreign" })).body.id as string;
    await submit(other, ob, foreign);
    await approveContract(s.db, foreign);

    let n = 0;
    const body = (extra: Record<string, unknown>) => ({
      organizationId: c.orgId,
      accountId: c.accountId,
      kind: "EURO",
      currencyId: "EUR",
      amount: "2.50",
      ...extra,
    });
    const pay = (extra: Record<string, unknown>) =>
      s.call("POST", "/payments", { token: c.token, headers: { "idempotency-key": `contract-${n++}` }, body: body(extra) });
    const refused: Record<string, unknown>[] = [
      { beneficiaryId: b, contractId: draft },
      { beneficiaryId: b, contractId: elsewhere },
      { beneficiaryId: b, contractId: foreign },
      { beneficiaryId: b, contractId: "00000000-0000-4000-8000-000000000000" },
      { beneficiaryName: "Hans Müller", iban: EURO_PAYEE.iban, bic: EURO_PAYEE.bic, contractId: approved },
    ];
    for (const extra of refused) {
      const r = await pay(extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(r.body), JSON.stringify(r.body)).toEqual({ contractId: "isApprovedContract" });
      const check = await s.call("POST", "/payments/check", { token: c.token, body: body(extra) });
      expect(fieldsOf(check.body)).toEqual({ contractId: "isApprovedContract" });
    }
    const [none] = await s.db.select({ n: count() }).from(payments).where(eq(payments.organizationId, c.orgId));
    expect(none.n).toBe(0);

    const ok = await pay({ beneficiaryId: b, contractId: approved });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.benificiaryFullName).toBe("Hans Müller");
    const [row] = await s.db.select({ contractId: payments.contractId }).from(payments).where(eq(payments.id, ok.body.id));
    expect(row.contractId).toBe(approved);
  });

  it("a signed payment's history item names its contract (id, name, beneficiaryId), only the item's own organization's", async () => {
    const c = await newCustomer({ EUR: "100.00" });
    const b = await newBeneficiary(c);
    await s.call("PUT", `/beneficiaries/${b}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    await approveBeneficiary(s.db, b);
    const contract = (await createContract(c, b, { name: "Supply agreement 2026" })).body.id as string;
    await submit(c, b, contract);
    await approveContract(s.db, contract);
    const paid = await s.call("POST", "/payments", {
      token: c.token,
      headers: { "idempotency-key": "contract-in-history" },
      body: {
        organizationId: c.orgId,
        accountId: c.accountId,
        kind: "EURO",
        currencyId: "EUR",
        amount: "2.50",
        beneficiaryId: b,
        contractId: contract,
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const code = await s.call("POST", "/signatures/send-code", {
      token: c.token,
      body: { paymentIds: [paid.body.id], mfa: "PHONE", channel: "SMS" },
    });
    const mfa = await s.call("POST", "/signatures/validate", {
      token: c.token,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    const signed = await s.call("POST", `/payments/${paid.body.id}/sign`, {
      token: c.token,
      body: { mfaToken: mfa.body.token, signedAt: new Date().toISOString() },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const list = await s.call("GET", `/statements-items?organizationId=${c.orgId}`, { token: c.token });
    const item = list.body.data.find((i: { paymentId: string | null }) => i.paymentId === paid.body.id);
    expect(item, JSON.stringify(list.body)).toBeTruthy();
    const detail = async () => (await s.call("GET", `/statements-items/${item.id}`, { token: c.token })).body;
    expect(await detail()).toMatchObject({
      contractId: contract,
      contract: { id: contract, name: "Supply agreement 2026", beneficiaryId: b },
    });

    // Its beneficiary deleted (hidden everywhere with its contracts): not named.
    await s.db.update(beneficiaries).set({ deletedAt: new Date() }).where(eq(beneficiaries.id, b));
    expect(await detail()).toMatchObject({ contractId: null, contract: null });
    await s.db.update(beneficiaries).set({ deletedAt: null }).where(eq(beneficiaries.id, b));
    expect((await detail()).contract).toEqual({ id: contract, name: "Supply agreement 2026", beneficiaryId: b });

    // A contract of another organization (not reachable through the API: written in the
    // database) is never named, not even by its id.
    const other = await newCustomer();
    const ob = await newBeneficiary(other);
    const foreign = (await createContract(other, ob, { name: "Someone else's contract" })).body.id as string;
    await s.db.update(payments).set({ contractId: foreign }).where(eq(payments.id, paid.body.id));
    expect(await detail()).toMatchObject({ contractId: null, contract: null });
    // A payment without a contract: null too.
    await s.db.update(payments).set({ contractId: null }).where(eq(payments.id, paid.body.id));
    expect(await detail()).toMatchObject({ contractId: null, contract: null });
  });

  it("deleting an unpaid beneficiary removes its contracts and documents (the uploads stay); a paid one hides them", async () => {
    const c = await newCustomer({ EUR: "100.00" });
    const b = await newBeneficiary(c);
    const contract = (await createContract(c, b, { name: "To be deleted" })).body.id as string;
    const [up, up2] = await upload(c, [
      { name: "x.pdf", bytes: PDF },
      { name: "y.pdf", bytes: PDF },
    ]);
    await attach(c, b, { uploadIds: [up], category: "CONTRACT", contractId: contract });
    await attach(c, b, { uploadIds: [up2], category: "PROOF_OF_ADDRESS" });
    expect((await s.call("DELETE", `/beneficiaries/${b}`, { token: c.token })).status).toBe(204);
    expect(await s.db.select().from(beneficiaries).where(eq(beneficiaries.id, b))).toEqual([]);
    expect(await s.db.select().from(beneficiaryContracts).where(eq(beneficiaryContracts.beneficiaryId, b))).toEqual([]);
    expect(await s.db.select().from(beneficiaryDocuments).where(eq(beneficiaryDocuments.beneficiaryId, b))).toEqual([]);
    expect(await s.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, up))).toEqual([{ id: up }]);

    // Paid: kept hidden, and so are its contracts and documents.
    const paid = await newBeneficiary(c);
    await s.call("PUT", `/beneficiaries/${paid}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    await approveBeneficiary(s.db, paid);
    const kept = (await createContract(c, paid, { name: "Kept" })).body.id as string;
    const doc = (await attach(c, paid, { uploadIds: [up], category: "CONTRACT", contractId: kept })).body.data[0].id;
    await submit(c, paid, kept);
    const payment = await s.call("POST", "/payments", {
      token: c.token,
      headers: { "idempotency-key": "paid-beneficiary" },
      body: {
        organizationId: c.orgId,
        accountId: c.accountId,
        kind: "EURO",
        currencyId: "EUR",
        amount: "1.00",
        beneficiaryId: paid,
      },
    });
    expect(payment.status).toBe(201);
    expect((await s.call("DELETE", `/beneficiaries/${paid}`, { token: c.token })).status).toBe(204);
    expect((await s.call("GET", contracts(paid), { token: c.token })).status).toBe(404);
    expect((await s.call("GET", `${contracts(paid)}/${kept}`, { token: c.token })).status).toBe(404);
    expect((await download(c, paid, doc)).status).toBe(404);
    await expect(approveContract(s.db, kept)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(
      await s.db.select({ id: beneficiaryContracts.id }).from(beneficiaryContracts).where(eq(beneficiaryContracts.id, kept)),
    ).toEqual([{ id: kept }]);
  });

  it("npm run bank: contract:approve and contract:reject", async () => {
    expect(parseBankArgs(["contract:approve", "abc"])).toEqual({ command: "contract:approve", id: "abc" });
    expect(parseBankArgs(["contract:reject", "abc", "--reason", "No signature"])).toEqual({
      command: "contract:reject",
      id: "abc",
      reason: "No signature",
    });
    for (const bad of [
      ["contract:approve"],
      ["contract:approve", "a", "--reason", "x"],
      ["contract:reject", "a"],
      ["contract:reject", "a", "--reason", " "],
      ["contract:delete", "a"],
    ])
      expect(() => parseBankArgs(bad), bad.join(" ")).toThrow(UsageError);

    const c = await newCustomer();
    const b = await newBeneficiary(c);
    const id = (await createContract(c, b, { name: "Consulting", number: "C-9" })).body.id as string;
    await submit(c, b, id);
    expect(await runBankCommand(s.db, { command: "contract:reject", id, reason: "Unsigned" })).toBe(
      `Contract ${id} (Consulting no. C-9, beneficiary ${b}) is now REJECTED. Reason: Unsigned`,
    );
    await submit(c, b, id);
    expect(await runBankCommand(s.db, { command: "contract:approve", id })).toMatch(/is now APPROVED\.$/);
    await expect(runBankCommand(s.db, { command: "contract:approve", id })).rejects.toBeInstanceOf(DomainError);
  });
});
