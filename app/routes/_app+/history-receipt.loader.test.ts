/**
 * /history/:itemId/receipt with the API stubbed (fetch): the receipt is asked for with the active
 * organization (spec 000 §7 "query accountId or organizationId taken from storage"), and the API's
 * refusal of an item outside it (404) is the small not-found page, never another organization's file.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInRequest, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader } from "./history_.$itemId.receipt";

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

/** The receipt calls the page made (URL of each), answered by `answer`. */
function stubApi(answer: (url: URL) => Response): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input);
    if (url.pathname === "/api/v1/users/whoami") return Response.json(TEST_WHOAMI);
    calls.push(url);
    return answer(url);
  });
  return calls;
}

const receipt = async (itemId: string, search = "") =>
  (loader as unknown as Loader)({
    request: await signedInRequest(`http://x/history/${itemId}/receipt${search}`),
    params: { itemId },
    context: { cspNonce: "" },
  });

afterEach(() => vi.unstubAllGlobals());

describe("/history/:itemId/receipt", () => {
  it("asks for the receipt with the active organization and streams the PDF", async () => {
    const calls = stubApi(
      () =>
        new Response("%PDF-1.7 receipt", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="receipt-i1.pdf"' },
        }),
    );
    const res = await receipt("i1");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(await res.text()).toBe("%PDF-1.7 receipt");
    expect(calls.map((u) => u.pathname)).toEqual(["/api/v1/statements-items/i1/pdf"]);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ organizationId: TEST_ORG.id });
  });

  it("asks with the item's account when the link names it (an item of another of the caller's organizations)", async () => {
    const calls = stubApi(() => new Response("%PDF-1.7 receipt", { headers: { "Content-Type": "application/pdf" } }));
    const res = await receipt("i2", "?accountId=acc-of-org-b");
    expect(res.status).toBe(200);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ accountId: "acc-of-org-b" });
  });

  it("an item outside the active organization (the API's 404) is the not-found page", async () => {
    stubApi(() => Response.json({ statusCode: 404, code: "NOT_FOUND", message: "Statement item not found" }, { status: 404 }));
    const res = await receipt("of-another-organization");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("text/html");
  });
});
