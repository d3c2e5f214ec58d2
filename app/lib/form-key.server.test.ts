/**
 * keptFormKey (lib/form-key.server.ts): the key is handed out again while what it made is open,
 * released by `?after=`, by what it made being done, and by another organization.
 */
import { describe, expect, it } from "vitest";
import type { Api } from "./api.server";
import { keptFormKey, madeWithKey, rememberFormKey } from "./form-key.server";

/** An Api with only the session a kept key uses. */
function fakeApi(): Api {
  const data = new Map<string, unknown>();
  return {
    session: { get: (k: string) => data.get(k), set: (k: string, v: unknown) => data.set(k, v) },
    touch: () => {},
  } as unknown as Api;
}

const stillOpen = (ids: Set<string>) => async (id: string) => (ids.has(id) ? id : null);

describe("keptFormKey", () => {
  it("keeps an unused key, and a used one while what it made is open", async () => {
    const api = fakeApi();
    const open = new Set<string>();
    const first = await keptFormKey(api, "remittanceKey", "org-a", null, stillOpen(open));
    expect(first.open).toBeNull();
    expect((await keptFormKey(api, "remittanceKey", "org-a", null, stillOpen(open))).key).toBe(first.key);

    rememberFormKey(api, "remittanceKey", "org-a", first.key, "order-1");
    open.add("order-1");
    expect(madeWithKey(api, "remittanceKey", first.key)).toBe("order-1");
    expect(await keptFormKey(api, "remittanceKey", "org-a", null, stillOpen(open))).toEqual({ key: first.key, open: "order-1" });

    // Done (signed): a new key.
    open.delete("order-1");
    const next = await keptFormKey(api, "remittanceKey", "org-a", null, stillOpen(open));
    expect(next.key).not.toBe(first.key);
    expect(next.open).toBeNull();
  });

  it("?after= releases only the key of what it names", async () => {
    const api = fakeApi();
    const open = new Set(["order-1"]);
    const { key } = await keptFormKey(api, "fxRequestKey", "org-a", null, stillOpen(open));
    rememberFormKey(api, "fxRequestKey", "org-a", key, "order-1");
    expect((await keptFormKey(api, "fxRequestKey", "org-a", "order-2", stillOpen(open))).key).toBe(key);
    expect((await keptFormKey(api, "fxRequestKey", "org-a", "order-1", stillOpen(open))).key).not.toBe(key);
  });

  it("a key of another organization is never handed out, nor what it made shown", async () => {
    const api = fakeApi();
    const open = new Set(["card-1"]);
    const { key } = await keptFormKey(api, "cardOrderKey", "org-a", null, stillOpen(open));
    rememberFormKey(api, "cardOrderKey", "org-a", key, "card-1");
    const inB = await keptFormKey(api, "cardOrderKey", "org-b", null, stillOpen(open));
    expect(inB.key).not.toBe(key);
    expect(inB.open).toBeNull();
    // Each form has its own slot.
    expect(madeWithKey(api, "remittanceKey", key)).toBeNull();
  });
});
