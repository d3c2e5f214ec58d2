/**
 * The /beneficiaries loader with the API stubbed (fetch): a list call the API refuses becomes the
 * page's `listError` (spec 000 §7 "a failed list passes the server message on as its error"),
 * not an error page; a 5xx shows the generic text only; 403 keeps its redirect.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedInRequest, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader } from "./_index";

const whoami = TEST_WHOAMI;

/** The stubbed API: whoami, and the beneficiaries list answering `list`. */
function stubApi(list: { status: number; body: unknown }) {
  vi.stubGlobal("fetch", async (url: string) => {
    const path = new URL(url).pathname;
    if (path.endsWith("/users/whoami")) return Response.json(whoami);
    if (path.endsWith("/beneficiaries")) return Response.json(list.body, { status: list.status });
    return new Response("not stubbed", { status: 599 });
  });
}

async function load(url = "http://x/beneficiaries?search=Sarah") {
  const res = (await loader({ request: await signedInRequest(url), params: {}, context: { cspNonce: "" } })) as Response;
  return { res, data: (await res.json()) as Record<string, unknown> };
}

describe("/beneficiaries loader: failed list", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("passes the server's message on as the list's error, filters kept", async () => {
    stubApi({ status: 400, body: { statusCode: 400, code: "VALIDATION_FAILED", message: "Search is not available now" } });
    const { res, data } = await load();
    expect(res.status).toBe(200);
    expect(data).toMatchObject({
      official: false,
      listError: "Search is not available now",
      beneficiaries: [],
      filters: { search: "Sarah" },
      nextHref: null,
    });
  });

  it("joins the texts of a message list", async () => {
    stubApi({ status: 422, body: { statusCode: 422, code: "VALIDATION_FAILED", message: ["one", "two"] } });
    expect((await load()).data.listError).toBe("one, two");
  });

  it("shows the generic text for a 5xx, never its body", async () => {
    stubApi({ status: 500, body: { statusCode: 500, code: "INTERNAL", message: "at Pool.query (pg/lib/client.js:1)" } });
    expect((await load()).data.listError).toBe("Internal Server Error. Try Again");
  });

  it("no error when the list loads", async () => {
    stubApi({ status: 200, body: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 } });
    expect((await load()).data).toMatchObject({ listError: null, beneficiaries: [] });
  });

  it("keeps the 403 handling: a redirect to /permission-denied", async () => {
    stubApi({ status: 403, body: { statusCode: 403, code: "FORBIDDEN", message: "Not a member" } });
    const thrown = await load().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/permission-denied");
  });
});
