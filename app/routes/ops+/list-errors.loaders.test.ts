/**
 * The back office's list pages with the ops API stubbed (fetch): a list call the API refuses
 * becomes the page's error text in the list's place, the rest of the page's data as usual, not
 * the error page (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts, docs/decisions.md "Failed lists"). The start page's counts likewise;
 * the single-item pages, whose lists come in the item's own answer, keep their error page.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { opsSignedInRequest, TEST_STAFF } from "~/test-utils/signed-in";
import { loader as dashboardLoader } from "./_index";
import { loader as applicationLoader } from "./applications+/$id+/_index";
import { loader as applicationsLoader } from "./applications+/_index";
import { loader as beneficiaryLoader } from "./beneficiaries+/$id";
import { loader as auditLoader } from "./audit";
import { loader as beneficiariesLoader } from "./beneficiaries+/_index";
import { loader as cardsLoader } from "./cards";
import { loader as channelLoader } from "./chat+/$channelId";
import { loader as chatLoader } from "./chat+/_index";
import { loader as contractLoader } from "./contracts+/$id";
import { loader as contractsLoader } from "./contracts+/_index";
import { loader as customersLoader } from "./customers";
import { loader as fxLoader } from "./fx-requests";
import { loader as paymentsLoader } from "./payments+/_index";
import { loader as incomingLoader } from "./payments+/incoming";
import { loader as ratesLoader } from "./rates";
import { loader as remittanceOrderLoader } from "./remittance+/$id";
import { loader as remittanceLoader } from "./remittance+/_index";
import { loader as settingsLoader } from "./settings";
import { loader as tariffsLoader } from "./tariffs";

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (message: unknown, status = 400): Answer => ({
  status,
  body: { statusCode: status, code: "VALIDATION_FAILED", message },
});
/** The NUL refusal of server/api/v1/input-guard.ts on query parameter `q`. */
const nulRefusal = refused([{ property: "q", constraints: { noNulCharacters: "q must not contain NUL characters" } }]);
const NUL_TEXT = "A search or filter holds an invisible control character. Remove it and try again.";

/** The ops API's answers by path (under /api/v1/ops); /me always answers. */
function stubOpsApi(answers: Record<string, Answer>) {
  vi.stubGlobal("fetch", async (url: string) => {
    const path = new URL(url).pathname.replace(/^\/api\/v1\/ops/, "");
    if (path === "/me") return Response.json(TEST_STAFF);
    const a = answers[path];
    return a ? Response.json(a.body, { status: a.status }) : new Response(`not stubbed: ${path}`, { status: 599 });
  });
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

async function load(loader: Loader, url: string) {
  const res = (await loader({ request: await opsSignedInRequest(url), params: {}, context: {} })) as Response;
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

afterEach(() => vi.unstubAllGlobals());

describe("back-office queues and lists", () => {
  const cases: [string, Loader, string, string, string][] = [
    ["/ops/applications", applicationsLoader as Loader, "/applications", "http://x/ops/applications", "listError"],
    ["/ops/beneficiaries", beneficiariesLoader as Loader, "/beneficiaries", "http://x/ops/beneficiaries", "listError"],
    ["/ops/contracts", contractsLoader as Loader, "/contracts", "http://x/ops/contracts", "listError"],
    ["/ops/remittance", remittanceLoader as Loader, "/remittance", "http://x/ops/remittance", "listError"],
    ["/ops/cards", cardsLoader as Loader, "/cards", "http://x/ops/cards", "listError"],
    ["/ops/fx-requests", fxLoader as Loader, "/fx-requests", "http://x/ops/fx-requests?cursor=zz", "listError"],
    ["/ops/payments", paymentsLoader as Loader, "/payments", "http://x/ops/payments?status=PENDING", "listError"],
    ["/ops/payments/incoming", incomingLoader as Loader, "/payments/incoming", "http://x/ops/payments/incoming", "recentError"],
    ["/ops/audit", auditLoader as Loader, "/audit", "http://x/ops/audit?action=x", "error"],
    ["/ops/rates", ratesLoader as Loader, "/rates", "http://x/ops/rates", "ratesError"],
  ];
  for (const [page, loader, path, url, key] of cases) {
    it(`${page}: the API's message in the list's place, not the error page`, async () => {
      stubOpsApi({ [path]: refused("This list is closed for maintenance", 409) });
      const data = await load(loader, url);
      expect(data[key]).toBe("This list is closed for maintenance");
    });
  }

  it("a 5xx: the generic text only, never its body", async () => {
    stubOpsApi({ "/cards": refused('relation "cards" does not exist', 500) });
    const data = await load(cardsLoader as Loader, "http://x/ops/cards?status=ACTIVE");
    expect(data).toMatchObject({ status: "ACTIVE", cards: [], listError: "Internal Server Error. Try Again" });
  });

  it("/ops/applications: the tabs stay (without counts), the chosen status kept", async () => {
    stubOpsApi({ "/applications": refused(undefined) });
    const data = await load(applicationsLoader as Loader, "http://x/ops/applications?status=DECLINED");
    expect(data).toMatchObject({ status: "DECLINED", data: [], counts: null, listError: "Internal Server Error. Try Again" });
  });

  it("/ops/payments: the filters kept beside the error", async () => {
    stubOpsApi({ "/payments": refused("cursor is not valid") });
    const data = await load(paymentsLoader as Loader, "http://x/ops/payments?rail=EURO&status=SETTLED&cursor=zz");
    expect(data).toMatchObject({
      filters: { rail: "EURO", status: "SETTLED", cursor: "zz" },
      list: { data: [], nextCursor: null },
      listError: "cursor is not valid",
    });
  });
});

describe("/ops/customers: the search", () => {
  const url = "http://x/ops/customers?q=Thompson";
  it("a query the API refuses (400): its error on the field, status 400, no list error", async () => {
    stubOpsApi({ "/customers": refused([{ property: "q", constraints: { minLength: "q is too short" } }]) });
    const res = (await (customersLoader as Loader)({
      request: await opsSignedInRequest(url),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(400);
    const { search } = (await res.json()) as { search: Record<string, unknown> };
    expect(search).toMatchObject({ q: "Thompson", found: null, error: "ops:customers.search.errors.invalid", failed: null });
  });

  it("any other refusal: the failed list's text where the results would be, the page (and its phone form) kept", async () => {
    stubOpsApi({ "/customers": refused("The customer index is being rebuilt", 409) });
    const data = await load(customersLoader as Loader, url);
    expect(data.search).toMatchObject({ q: "Thompson", found: null, error: null, failed: "The customer index is being rebuilt" });
  });

  it("a 5xx: the generic text only, never its body", async () => {
    stubOpsApi({ "/customers": refused('relation "users" does not exist', 500) });
    const data = await load(customersLoader as Loader, url);
    expect(data.search).toMatchObject({ found: null, failed: "Internal Server Error. Try Again" });
  });
});

describe("/ops/chat", () => {
  it("a search the API refuses: its error under the search (worded for a list), the waiting channels as usual", async () => {
    stubOpsApi({ "/chat": ok({ data: [] }), "/chat-search": nulRefusal });
    const data = await load(chatLoader as Loader, "http://x/ops/chat?q=ab%00");
    expect(data).toMatchObject({ data: [], waitingError: null, q: "ab\u0000", found: null, foundError: NUL_TEXT });
  });

  it("the waiting channels refused: their error; the search still answers", async () => {
    stubOpsApi({ "/chat": refused("Chat is read-only"), "/chat-search": ok({ data: [] }) });
    const data = await load(chatLoader as Loader, "http://x/ops/chat?q=Oliver");
    expect(data).toMatchObject({ data: [], waitingError: "Chat is read-only", found: [], foundError: null });
  });
});

describe("/ops/tariffs and /ops/settings", () => {
  it("tariffs: the tariffs list and the organization search each show their own error", async () => {
    stubOpsApi({ "/tariffs": refused("Tariffs are being migrated", 422), "/organizations": nulRefusal });
    const data = await load(tariffsLoader as Loader, "http://x/ops/tariffs?q=North%00");
    expect(data).toMatchObject({
      tariffs: [],
      tariffsError: "Tariffs are being migrated",
      q: "North\u0000",
      found: [],
      foundError: NUL_TEXT,
    });
  });

  it("settings: the bank's flags refused; the search as usual", async () => {
    stubOpsApi({
      "/settings": refused("Flags unavailable"),
      "/organizations": ok({ data: [{ id: "o", name: "N", type: "CORPORATE" }] }),
    });
    const data = await load(settingsLoader as Loader, "http://x/ops/settings?q=North");
    expect(data).toMatchObject({ flags: [], flagsError: "Flags unavailable", found: [{ id: "o" }], foundError: null });
  });
});

describe("/ops start page: the queue counts", () => {
  const COUNTS = {
    applications: { READY_TO_REVIEW: 3, REVIEW_IN_PROGRESS: 1 },
    chat: { channels: 2, unread: 5 },
    payments: { payments: 4, fxRequests: 0 },
    decisions: { beneficiaries: 2, contracts: 1, remittance: 6 },
  };
  const ROLES = { onboarding: true, support: true, paymentsRole: true, compliance: true, remittance: true, admin: true };

  it("answered: every count", async () => {
    stubOpsApi({ "/dashboard": ok(COUNTS) });
    const data = await load(dashboardLoader as Loader, "http://x/ops");
    expect(data).toMatchObject({
      ...ROLES,
      counts: {
        chatUnread: 5,
        payments: { payments: 4, fxRequests: 0 },
        decisions: { beneficiaries: 2, contracts: 1, remittance: 6 },
        applications: { ready: 3, inReview: 1 },
      },
      countsError: null,
    });
  });

  it("refused: the API's message in the counts' place, the areas (links) kept, not the error page", async () => {
    stubOpsApi({ "/dashboard": refused("Counts are being rebuilt", 409) });
    const data = await load(dashboardLoader as Loader, "http://x/ops");
    expect(data).toMatchObject({ ...ROLES, counts: null, countsError: "Counts are being rebuilt" });
  });

  it("a refused character: the list wording of the constraint", async () => {
    stubOpsApi({ "/dashboard": nulRefusal });
    const data = await load(dashboardLoader as Loader, "http://x/ops");
    expect(data).toMatchObject({ counts: null, countsError: NUL_TEXT });
  });

  it("a 5xx: the generic text only, never its body", async () => {
    stubOpsApi({ "/dashboard": refused('relation "applications" does not exist', 500) });
    const data = await load(dashboardLoader as Loader, "http://x/ops");
    expect(data).toMatchObject({ counts: null, countsError: "Internal Server Error. Try Again" });
  });

  it("an unreachable API: the generic text", async () => {
    vi.stubGlobal("fetch", async (url: string) => {
      if (new URL(url).pathname.endsWith("/ops/me")) return Response.json(TEST_STAFF);
      throw new TypeError("fetch failed");
    });
    const data = await load(dashboardLoader as Loader, "http://x/ops");
    expect(data).toMatchObject({ counts: null, countsError: "Internal Server Error. Try Again" });
  });

  it("a 401 is still the ops client's: to /ops/login, the staff token dropped", async () => {
    stubOpsApi({ "/dashboard": refused("Not signed in", 401) });
    const thrown = await (dashboardLoader as Loader)({
      request: await opsSignedInRequest("http://x/ops"),
      params: {},
      context: {},
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/ops/login");
    expect((thrown as Response).headers.get("Set-Cookie")).toMatch(/^__ops=/);
  });

  it("a 403 is still the ops client's: the 403 page", async () => {
    stubOpsApi({ "/dashboard": refused("Forbidden", 403) });
    const thrown = await (dashboardLoader as Loader)({
      request: await opsSignedInRequest("http://x/ops"),
      params: {},
      context: {},
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("/ops/tariffs and /ops/settings: the chosen organization", () => {
  const ORG = "0b8c6a52-6f1e-4a43-9d55-3c1b2b7f0a11";

  it("tariffs: the organization and its own fees refused: their error, the tariffs and search as usual", async () => {
    stubOpsApi({
      "/tariffs": ok({ data: [{ id: "t", name: "Standard", isDefault: true, organizationCount: 1, fees: [] }] }),
      [`/organizations/${ORG}/fees`]: refused("Organization is archived", 409),
    });
    const data = await load(tariffsLoader as Loader, `http://x/ops/tariffs?organizationId=${ORG}`);
    expect(data).toMatchObject({
      tariffs: [{ name: "Standard" }],
      tariffsError: null,
      organization: null,
      organizationError: "Organization is archived",
    });
  });

  it("tariffs: a 5xx on the organization gives the generic text", async () => {
    stubOpsApi({ "/tariffs": ok({ data: [] }), [`/organizations/${ORG}/fees`]: refused("boom at line 3", 502) });
    const data = await load(tariffsLoader as Loader, `http://x/ops/tariffs?organizationId=${ORG}`);
    expect(data).toMatchObject({ organization: null, organizationError: "Internal Server Error. Try Again" });
  });

  it("settings: the organization's name refused: its flags as usual, the heading names the id", async () => {
    stubOpsApi({
      "/settings": ok({ data: [] }),
      [`/organizations/${ORG}/fees`]: refused("Organization is archived", 409),
    });
    const data = await load(settingsLoader as Loader, `http://x/ops/settings?organizationId=${ORG}`);
    expect(data).toMatchObject({ organizationId: ORG, organization: null, own: [], ownError: null, flagsError: null });
  });
});

describe("single-item pages: the item and its lists are one answer, a refusal is the error page", () => {
  const ID = "0b8c6a52-6f1e-4a43-9d55-3c1b2b7f0a22";
  const pages: [string, Loader, string, Record<string, string>][] = [
    ["/ops/applications/:id", applicationLoader as Loader, `/applications/${ID}`, { id: ID }],
    ["/ops/beneficiaries/:id", beneficiaryLoader as Loader, `/beneficiaries/${ID}`, { id: ID }],
    ["/ops/contracts/:id", contractLoader as Loader, `/contracts/${ID}`, { id: ID }],
    ["/ops/remittance/:id", remittanceOrderLoader as Loader, `/remittance/${ID}`, { id: ID }],
    ["/ops/chat/:channelId", channelLoader as Loader, `/chat/${ID}`, { channelId: ID }],
  ];
  const thrownBy = async (loader: Loader, params: Record<string, string>) =>
    loader({ request: await opsSignedInRequest(`http://x/ops/item/${ID}`), params, context: {} }).then(
      () => null,
      (e: unknown) => e,
    );
  for (const [page, loader, path, params] of pages) {
    it(`${page}: an unknown item is the 404 page`, async () => {
      stubOpsApi({ [path]: { status: 404, body: { statusCode: 404, code: "NOT_FOUND", message: "Not found" } } });
      const thrown = await thrownBy(loader, params);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    });

    it(`${page}: any other refusal of the item is the error page (nothing settled)`, async () => {
      stubOpsApi({ [path]: refused("Documents store unavailable", 503) });
      const thrown = await thrownBy(loader, params);
      expect(thrown).toMatchObject({ name: "OpsApiError", status: 503 });
    });
  }
});
