import { afterEach, describe, expect, it, vi } from "vitest";
import { FetchBackend, localeUrl } from "./i18n-fetch-backend";

afterEach(() => vi.unstubAllGlobals());

describe("FetchBackend", () => {
  it("builds versioned URLs", () => {
    expect(localeUrl("/locales/{{lng}}/{{ns}}.json?v=3", "en", "payments")).toBe("/locales/en/payments.json?v=3");
  });
  it("reads a namespace with fetch and reports errors", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes("common") ? new Response('{"a":"b"}') : new Response("", { status: 404 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const backend = Object.create(FetchBackend);
    backend.init({}, { loadPath: "/locales/{{lng}}/{{ns}}.json?v=1" }, {});
    const ok = await new Promise((resolve) =>
      backend.read("en", "common", (err: unknown, data: unknown) => resolve([err, data])),
    );
    expect(ok).toEqual([null, { a: "b" }]);
    const bad = await new Promise<[unknown, unknown]>((resolve) =>
      backend.read("en", "missing", (err: unknown, data: unknown) => resolve([err, data])),
    );
    expect(bad[0]).toBeInstanceOf(Error);
    expect(fetchMock).toHaveBeenCalledWith("/locales/en/common.json?v=1", { credentials: "same-origin" });
  });
});
