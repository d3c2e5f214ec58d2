/**
 * The API calls of one signed-in document request, layout and page loaders together, with the
 * API stubbed (fetch, each answer after a few milliseconds, as over the wire): what /home and an
 * account page cost the API (docs/performance.md "Calls and statements of a signed-in page").
 * - /home asks each of its GETs once: the layout and the page share whoami and the accounts
 *   (lib/api.server.ts, identical GETs in flight), and nothing is read twice;
 * - an account page takes its account from the organization's accounts list the layout reads
 *   (no GET /v1/accounts/:id of its own) and is 404 for an account that list does not hold.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInRequest, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader as accountLoader } from "./accounts+/$id";
import { loader as homeLoader } from "./home";
import { loader as layoutLoader } from "./_layout";

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<unknown>;

const org = TEST_WHOAMI.organizations[0].id;
const emptyPage = { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
const account = (id: string) => ({ id, name: `Account ${id}`, number: id, path: `/accounts/${id}`, balances: [], cards: [] });

/** The API's answers by path (under /api/v1) for the layout, /home and an account page. */
const answers: Record<string, unknown> = {
  "/users/whoami": TEST_WHOAMI,
  "/accounts": { data: [account("a1"), account("a2")] },
  "/cards": { data: [] },
  "/channels/unread-messages-count": { data: {}, total: 0 },
  "/payments": { data: [], totalCount: 0, nextCursor: null },
  "/settings/payments": { "PAYMENTS-ORDERS-ENABLED": false, paymentTypes: [] },
  "/settings/exchange-custom-rate": { enabled: false },
  "/beneficiaries": emptyPage,
  [`/clients-organizations/${org}/fees`]: { tariff: null, customFees: [], owed: [] },
  "/statements-items": { data: [], nextCursor: null },
  "/agreements/unsigned": { data: [] },
};

/** Stub the API; returns the calls made, as "METHOD /path" (query left out). */
function stubApi(): string[] {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname.replace(/^\/api\/v1/, "");
    calls.push(`${init?.method ?? "GET"} ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return path in answers ? Response.json(answers[path]) : new Response(`not stubbed: ${path}`, { status: 599 });
  });
  return calls;
}

/** Run the layout's and the page's loaders for one document request of `url`, as Remix does (in parallel). */
async function document(page: Loader, url: string, params: Record<string, string> = {}): Promise<Response[]> {
  const run = async (loader: Loader) => {
    try {
      return (await loader({ request: await signedInRequest(url), params, context: { cspNonce: "" } })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  return Promise.all([run(layoutLoader as Loader), run(page)]);
}

afterEach(() => vi.unstubAllGlobals());

describe("API calls of one signed-in document request", () => {
  it("/home: eleven GETs, each once (whoami and the accounts shared by the layout and the page)", async () => {
    const calls = stubApi();
    const [layout, home] = await document(homeLoader as Loader, "http://x/home");
    expect([layout.status, home.status]).toEqual([200, 200]);
    expect([...calls].sort()).toEqual(
      [
        "GET /users/whoami",
        "GET /accounts",
        "GET /cards",
        "GET /channels/unread-messages-count",
        "GET /payments",
        "GET /settings/payments",
        "GET /settings/exchange-custom-rate",
        "GET /beneficiaries",
        `GET /clients-organizations/${org}/fees`,
        "GET /statements-items",
        "GET /agreements/unsigned",
      ].sort(),
    );
  });

  it("an account page: the account from the layout's accounts list, no read of its own by id", async () => {
    const calls = stubApi();
    const [layout, page] = await document(accountLoader as Loader, "http://x/accounts/a2", { id: "a2" });
    expect([layout.status, page.status]).toEqual([200, 200]);
    expect((await page.json()).account).toMatchObject({ id: "a2", name: "Account a2" });
    expect(calls.filter((c) => c.startsWith("GET /accounts"))).toEqual(["GET /accounts"]);
    expect(calls).toHaveLength(5); // whoami, accounts, cards, unread count (layout); the account's history
  });

  it("an account page for an account the organization's list does not hold: 404", async () => {
    stubApi();
    const [, page] = await document(accountLoader as Loader, "http://x/accounts/elsewhere", { id: "elsewhere" });
    expect(page.status).toBe(404);
  });
});
