import { describe, expect, it } from "vitest";
import { paymentFormKey, safeReturnTo } from "./payments.server";

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
  /** A stand-in for the per-request API client: a session map and payment statuses. */
  function fakeApi(statuses: Record<string, string>) {
    const data = new Map<string, unknown>();
    const api = {
      session: { get: (k: string) => data.get(k), set: (k: string, v: unknown) => data.set(k, v) },
      touch: () => undefined,
      get: async (path: string) => {
        const id = decodeURIComponent(path.split("/").pop()!);
        if (!(id in statuses)) throw new Error("404");
        return { id, status: statuses[id] };
      },
    };
    return api as unknown as Parameters<typeof paymentFormKey>[0];
  }

  it("hands out the same key until the form's payment leaves AWAITING_SIGNATURE", async () => {
    const statuses: Record<string, string> = { p1: "AWAITING_SIGNATURE" };
    const api = fakeApi(statuses);
    const first = await paymentFormKey(api, "euro");
    expect(first.pendingPaymentId).toBeNull();
    // Reloading the form before any payment: the same key.
    expect((await paymentFormKey(api, "euro")).key).toBe(first.key);

    api.session.set("formKeys", { euro: { key: first.key, paymentId: "p1" } });
    const pending = await paymentFormKey(api, "euro");
    expect(pending).toEqual({ key: first.key, pendingPaymentId: "p1" });
    // Another form has its own key.
    expect((await paymentFormKey(api, "internal")).key).not.toBe(first.key);

    statuses.p1 = "COMPLETED";
    const next = await paymentFormKey(api, "euro");
    expect(next.key).not.toBe(first.key);
    expect(next.pendingPaymentId).toBeNull();
  });

  it("`after` releases the key only from the payment it names (a creator who cannot sign starts a new payment)", async () => {
    const api = fakeApi({ p1: "AWAITING_SIGNATURE", p2: "AWAITING_SIGNATURE" });
    api.session.set("formKeys", { euro: { key: "k1", paymentId: "p1" } });
    // Another payment's id (e.g. going back to an older "new payment" address) releases nothing.
    expect(await paymentFormKey(api, "euro", "p2")).toEqual({ key: "k1", pendingPaymentId: "p1" });
    const fresh = await paymentFormKey(api, "euro", "p1");
    expect(fresh.key).not.toBe("k1");
    expect(fresh.pendingPaymentId).toBeNull();
    // The new key stays until the form makes a payment with it.
    expect((await paymentFormKey(api, "euro", "p1")).key).toBe(fresh.key);
  });

  it("starts a new key when the form's payment cannot be read (e.g. another organization)", async () => {
    const api = fakeApi({});
    api.session.set("formKeys", { euro: { key: "old", paymentId: "gone" } });
    const next = await paymentFormKey(api, "euro");
    expect(next.key).not.toBe("old");
  });
});
