import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import {
  changeableForm,
  changeFormUrl,
  changePayment,
  loadPaymentDraft,
  paymentFormData,
  paymentFormKey,
  safeReturnTo,
} from "./payments.server";

describe("safeReturnTo", () => {
  it("keeps same-site paths only", () => {
    expect(safeReturnTo("/home?tab=signing", "/x")).toBe("/home?tab=signing");
    expect(safeReturnTo("//evil.example", "/x")).toBe("/x");
    expect(safeReturnTo("https://evil.example", "/x")).toBe("/x");
    expect(safeReturnTo(null, "/x")).toBe("/x");
    // Paths browsers resolve to another host (backslash read as a slash, tabs dropped).
    expect(safeReturnTo("/\\evil.example", "/x")).toBe("/x");
    expect(safeReturnTo("/\t/evil.example", "/x")).toBe("/x");
    expect(safeReturnTo("/%5Cevil.example", "/x")).toBe("/%5Cevil.example");
    expect(safeReturnTo("/.//evil.example", "/x")).toBe("/x");
    expect(new URL(safeReturnTo("/\\evil.example", "/x"), "https://bank.example").host).toBe("bank.example");
  });
});

describe("paymentFormKey", () => {
  const ORG = "org-a";
  /** A stand-in for the per-request API client: a session map and payment statuses (`ORG`'s unless `orgs` says). */
  function fakeApi(statuses: Record<string, string>, orgs: Record<string, string> = {}) {
    const data = new Map<string, unknown>();
    const api = {
      session: { get: (k: string) => data.get(k), set: (k: string, v: unknown) => data.set(k, v) },
      touch: () => undefined,
      get: async (path: string) => {
        const id = decodeURIComponent(path.split("/").pop()!);
        if (!(id in statuses)) throw new Error("404");
        return { id, status: statuses[id], organizationId: orgs[id] ?? ORG };
      },
    };
    return api as unknown as Parameters<typeof paymentFormKey>[0];
  }

  it("hands out the same key until the form's payment leaves AWAITING_SIGNATURE", async () => {
    const statuses: Record<string, string> = { p1: "AWAITING_SIGNATURE" };
    const api = fakeApi(statuses);
    const first = await paymentFormKey(api, "euro", ORG);
    expect(first.pendingPaymentId).toBeNull();
    // Reloading the form before any payment: the same key.
    expect((await paymentFormKey(api, "euro", ORG)).key).toBe(first.key);

    api.session.set("formKeys", { euro: { key: first.key, paymentId: "p1" } });
    const pending = await paymentFormKey(api, "euro", ORG);
    expect(pending).toEqual({ key: first.key, pendingPaymentId: "p1" });
    // Another form has its own key.
    expect((await paymentFormKey(api, "internal", ORG)).key).not.toBe(first.key);

    statuses.p1 = "COMPLETED";
    const next = await paymentFormKey(api, "euro", ORG);
    expect(next.key).not.toBe(first.key);
    expect(next.pendingPaymentId).toBeNull();
  });

  it("`after` releases the key only from the payment it names (a creator who cannot sign starts a new payment)", async () => {
    const api = fakeApi({ p1: "AWAITING_SIGNATURE", p2: "AWAITING_SIGNATURE" });
    api.session.set("formKeys", { euro: { key: "k1", paymentId: "p1" } });
    // Another payment's id (e.g. going back to an older "new payment" address) releases nothing.
    expect(await paymentFormKey(api, "euro", ORG, "p2")).toEqual({ key: "k1", pendingPaymentId: "p1" });
    const fresh = await paymentFormKey(api, "euro", ORG, "p1");
    expect(fresh.key).not.toBe("k1");
    expect(fresh.pendingPaymentId).toBeNull();
    // The new key stays until the form makes a payment with it.
    expect((await paymentFormKey(api, "euro", ORG, "p1")).key).toBe(fresh.key);
  });

  it("does not carry a key whose payment waits in another organization (after a switch)", async () => {
    // Made in organization A and waiting there; the form is opened with B active. The API reads
    // payments of every organization of the caller, so the payment reads as AWAITING_SIGNATURE.
    const api = fakeApi({ p1: "AWAITING_SIGNATURE" }, { p1: "org-a" });
    api.session.set("formKeys", { euro: { key: "k1", paymentId: "p1" } });
    const inB = await paymentFormKey(api, "euro", "org-b");
    // B's form neither names A's payment nor sends A's key (it would replay or be refused there).
    expect(inB.pendingPaymentId).toBeNull();
    expect(inB.key).not.toBe("k1");
    // Back in A with that key still in the slot: A's payment is named again.
    api.session.set("formKeys", { euro: { key: "k1", paymentId: "p1" } });
    expect(await paymentFormKey(api, "euro", "org-a")).toEqual({ key: "k1", pendingPaymentId: "p1" });
  });

  it("starts a new key when the form's payment cannot be read", async () => {
    const api = fakeApi({});
    api.session.set("formKeys", { euro: { key: "old", paymentId: "gone" } });
    const next = await paymentFormKey(api, "euro", ORG);
    expect(next.key).not.toBe("old");
  });
});

describe("Change details (the form's values kept with the payment they made)", () => {
  /** A stand-in for the API client: drafts and payments on the "server", a session map. */
  function fakeApi() {
    const session = new Map<string, unknown>();
    const drafts = new Map<string, Record<string, string>>();
    const statuses: Record<string, string> = {};
    const calls: string[] = [];
    const notFound = () => new ApiError(404, { code: "NOT_FOUND", message: "Not found" } as never);
    const api = {
      session: {
        get: (k: string) => session.get(k),
        set: (k: string, v: unknown) => session.set(k, v),
        unset: (k: string) => session.delete(k),
      },
      touch: () => undefined,
      keptForm: () => null,
      get: async (path: string) => {
        if (path === "/payment-categories") return { data: [] };
        const draft = /^\/payment-drafts\/(.+)$/.exec(path);
        if (draft) {
          const data = drafts.get(draft[1]);
          if (!data) throw notFound();
          return { form: draft[1], data };
        }
        const id = decodeURIComponent(path.split("/").pop()!);
        if (!(id in statuses)) throw notFound();
        return { id, status: statuses[id], organizationId: "org" };
      },
      request: async (method: string, path: string, options: { body: { data: Record<string, string> } }) => {
        calls.push(`${method} ${path}`);
        if (method === "PUT") drafts.set(path.split("/").pop()!, options.body.data);
      },
      del: async (path: string) => {
        calls.push(`DELETE ${path}`);
        const id = decodeURIComponent(path.split("/")[2]);
        if (statuses[id] !== "AWAITING_SIGNATURE") throw new ApiError(409, { code: "CONFLICT", message: "" } as never);
        statuses[id] = "DECLINED";
      },
    };
    return { api: api as unknown as Parameters<typeof paymentFormKey>[0], session, drafts, statuses, calls };
  }
  const request = new Request("https://bank.example/payments/gbp/form");
  const made = { source: "acc-1:GBP", beneficiaryName: "Ada", sortCode: "12-34-56", amount: "1.11", madePaymentId: "p1" };

  it("keeps a made payment's values out of sight until its Change details", async () => {
    const { api, session, drafts, statuses } = fakeApi();
    statuses.p1 = "AWAITING_SIGNATURE";
    session.set("formKeys", { gbp: { key: "k1", paymentId: "p1" } });
    drafts.set("gbp", made);

    // Not a draft the customer is typing: the form and the choosers see none.
    expect(await loadPaymentDraft(api, "gbp", "org")).toBeNull();
    const before = await paymentFormData(api, request, "gbp", "org", null);
    expect([before.draft, before.draftChanged]).toEqual([null, false]);

    // Another payment, or one not made from a form of this session: nothing to change from.
    expect(await changeableForm(api, "p2", "org")).toBeNull();
    expect(await changeableForm(api, "p1", "org")).toEqual({
      form: "gbp",
      values: { source: "acc-1:GBP", beneficiaryName: "Ada", sortCode: "12-34-56", amount: "1.11" },
    });
  });

  it("declines the payment, then the form opens once with its values, kept as an ordinary draft", async () => {
    const { api, session, drafts, statuses, calls } = fakeApi();
    statuses.p1 = "AWAITING_SIGNATURE";
    session.set("formKeys", { gbp: { key: "k1", paymentId: "p1" } });
    drafts.set("gbp", made);

    expect(await changePayment(api, "p1", "org")).toBe("/payments/gbp/form?source=acc-1%3AGBP");
    expect(statuses.p1).toBe("DECLINED");
    expect(calls).toContain("DELETE /payments/p1/decline");

    const reopened = await paymentFormData(api, request, "gbp", "org", null);
    expect(reopened.draftChanged).toBe(true);
    expect(reopened.draft).toEqual({ source: "acc-1:GBP", beneficiaryName: "Ada", sortCode: "12-34-56", amount: "1.11" });
    // The declined payment released the form's key: a new payment, with its own code.
    expect(reopened.idempotencyKey).not.toBe("k1");
    expect(reopened.pendingPaymentId).toBeNull();
    // Reloaded: the same values, now an ordinary draft (restored, no longer "declined").
    expect(drafts.get("gbp")).not.toHaveProperty("madePaymentId");
    const reloaded = await paymentFormData(api, request, "gbp", "org", null);
    expect([reloaded.draft?.beneficiaryName, reloaded.draftChanged]).toEqual(["Ada", false]);
  });

  it("declines nothing when the values are gone (drafts end on leaving /payments/)", async () => {
    const { api, session, statuses, calls } = fakeApi();
    statuses.p1 = "AWAITING_SIGNATURE";
    session.set("formKeys", { gbp: { key: "k1", paymentId: "p1" } });
    expect(await changePayment(api, "p1", "org")).toBeNull();
    expect(statuses.p1).toBe("AWAITING_SIGNATURE");
    expect(calls).toEqual([]);
  });

  it("reopens an internal transfer's form for its recipient", () => {
    expect(changeFormUrl("internal", { source: "a:EUR", recipientPhone: "+447700900002" })).toBe(
      "/payments/internal/form?source=a%3AEUR&phone=%2B447700900002",
    );
    expect(changeFormUrl("internal", { recipientCompanyNumber: "12345678" })).toBe(
      "/payments/internal/form?companyNumber=12345678",
    );
    expect(changeFormUrl("euro", {})).toBe("/payments/euro");
  });
});
