import { describe, expect, it } from "vitest";
import { ApiError, type Api } from "./api.server";
import { firstPageOnBadCursor, withoutCursor } from "./paging.server";

const refused = new ApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: [] });
const api = { headers: async () => new Headers({ "Set-Cookie": "__session=rotated" }) } as unknown as Api;

/** What the handler throws for an error. */
async function thrown(handler: (error: unknown) => Promise<never>, error: unknown): Promise<unknown> {
  try {
    await handler(error);
  } catch (e) {
    return e;
  }
  throw new Error("the handler did not throw");
}

describe("firstPageOnBadCursor", () => {
  it("a cursor the API refuses (400): a redirect to the first page, with the session's cookie", async () => {
    const answer = await thrown(firstPageOnBadCursor(api, "tampered", "/history?currency=EUR"), refused);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/history?currency=EUR");
    expect(response.headers.get("Set-Cookie")).toBe("__session=rotated");
  });

  it("other failures are not hidden: a 400 without a cursor, a 403, a network error", async () => {
    for (const cursor of [undefined, null, ""])
      expect(await thrown(firstPageOnBadCursor(api, cursor, "/history"), refused)).toBe(refused);
    const forbidden = new ApiError(403, { statusCode: 403, code: "FORBIDDEN", message: "no" });
    expect(await thrown(firstPageOnBadCursor(api, "abc", "/history"), forbidden)).toBe(forbidden);
    const network = new TypeError("fetch failed");
    expect(await thrown(firstPageOnBadCursor(api, "abc", "/history"), network)).toBe(network);
  });
});

describe("withoutCursor", () => {
  it("drops the cursor and keeps the filters", () => {
    expect(withoutCursor("http://bank.test/beneficiaries?search=acme&cursor=abc&status=ACTIVE")).toBe(
      "/beneficiaries?search=acme&status=ACTIVE",
    );
    expect(withoutCursor("http://bank.test/chat/notifications?cursor=abc")).toBe("/chat/notifications");
    expect(withoutCursor(new URL("http://bank.test/history"))).toBe("/history");
  });
});
