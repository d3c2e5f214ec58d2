import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.server";
import { pageFromCursor } from "./paging.server";

const refused = new ApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: [] });

describe("pageFromCursor", () => {
  it("asks for the cursor's page", async () => {
    const get = vi.fn(async (cursor?: string) => `page ${cursor ?? "first"}`);
    await expect(pageFromCursor("abc", get)).resolves.toBe("page abc");
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("no cursor (null, undefined, empty): the first page, once", async () => {
    for (const cursor of [null, undefined, ""]) {
      const get = vi.fn(async (c?: string) => `page ${c ?? "first"}`);
      await expect(pageFromCursor(cursor, get)).resolves.toBe("page first");
      expect(get).toHaveBeenCalledTimes(1);
    }
  });

  it("a cursor the API refuses (400): the first page instead", async () => {
    const get = vi.fn(async (cursor?: string) => {
      if (cursor) throw refused;
      return "page first";
    });
    await expect(pageFromCursor("tampered", get)).resolves.toBe("page first");
    expect(get.mock.calls).toEqual([["tampered"], []]);
  });

  it("other failures are not hidden: a 400 without a cursor, a 403, a network error", async () => {
    await expect(pageFromCursor(undefined, () => Promise.reject(refused))).rejects.toBe(refused);
    const forbidden = new ApiError(403, { statusCode: 403, code: "FORBIDDEN", message: "no" });
    const get = vi.fn(() => Promise.reject(forbidden));
    await expect(pageFromCursor("abc", get)).rejects.toBe(forbidden);
    expect(get).toHaveBeenCalledTimes(1);
    await expect(pageFromCursor("abc", () => Promise.reject(new TypeError("fetch failed")))).rejects.toThrow("fetch failed");
  });
});
