/**
 * Who signs a payment is decided from the payment's organization, not the active one (display
 * only: the API enforces it): the signing page (/payments/:id/sign) and the payment's page
 * (/payments/:id) offer the code, or say a signer will, by the caller's role in THAT
 * organization. The API stubbed (fetch): a customer with an INDIVIDUAL organization (signs) and a
 * company where their signature type is NONE (cannot sign).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrganizationSummary, WhoAmI } from "../../../../../server/api/v1/contract";
import { getSession, commitSession } from "~/lib/session.server";
import { signedInRequest, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader as signLoader } from "./sign";
import { loader as paymentLoader } from "./_index";

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const PAYMENT_ID = "00000000-0000-4000-8000-0000000000c1";
/** A company of the customer where they prepare payments but do not sign (signature type NONE). */
const COMPANY: OrganizationSummary = {
  ...TEST_ORG,
  id: "00000000-0000-4000-8000-000000000002",
  type: "CORPORATE",
  fullName: "Patel Ltd",
  companyName: "Patel Ltd",
  currentOfficial: { signatureType: "NONE", companyOfficialType: "DIRECTOR" },
};
const WHOAMI = { ...TEST_WHOAMI, organizations: [TEST_ORG, COMPANY] } as WhoAmI;

function stubApi(paymentOrgId: string) {
  const payment = {
    id: PAYMENT_ID,
    organizationId: paymentOrgId,
    status: "AWAITING_SIGNATURE",
    accountId: "acc-1",
    currencyId: "GBP",
    amount: "1.11",
    documentIds: [],
    requiresSignature: true,
  };
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const path = new URL(input).pathname.replace(/^\/api\/v1/, "");
    const method = init?.method ?? "GET";
    if (path === "/users/whoami") return Response.json(WHOAMI);
    if (path === `/payments/${PAYMENT_ID}`) return Response.json(payment);
    if (path === `/payments/${PAYMENT_ID}/signatures`) return Response.json({ edges: [], pageInfo: { hasNextPage: false } });
    return Response.json({ statusCode: 404, code: "NOT_FOUND", message: `stub: ${method} ${path}` }, { status: 404 });
  });
}

/** A signed-in GET of `url` with `activeOrgId` chosen in the profile popup. */
async function requestWithActive(url: string, activeOrgId: string): Promise<Request> {
  const session = await getSession(await signedInRequest(url));
  session.set("orgId", activeOrgId);
  const cookie = (await commitSession(session)).split(";")[0]!;
  return new Request(url, { headers: { Cookie: cookie, "Accept-Language": "en" } });
}

async function load(which: Loader, page: string, activeOrgId: string) {
  const res = await which({
    request: await requestWithActive(`http://x/payments/${PAYMENT_ID}${page}`, activeOrgId),
    params: { paymentId: PAYMENT_ID },
    context: { cspNonce: "" },
  });
  return (await res.json()) as { canSign: boolean; organizationName: string };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ["the signing page", signLoader as unknown as Loader, "/sign"],
  ["the payment's page", paymentLoader as unknown as Loader, ""],
])("%s decides who signs from the payment's organization", (_name, which, page) => {
  it("the company (cannot sign) is active, the payment is the customer's own (signs): the code is offered", async () => {
    stubApi(TEST_ORG.id);
    const data = await load(which, page, COMPANY.id);
    expect(data.canSign).toBe(true);
    expect(data.organizationName).toBe("James Patel");
  });

  it("their own organization (signs) is active, the payment is the company's (cannot sign): a signer of the company will", async () => {
    stubApi(COMPANY.id);
    const data = await load(which, page, TEST_ORG.id);
    expect(data.canSign).toBe(false);
    expect(data.organizationName).toBe("Patel Ltd");
  });

  it("the payment's organization is the active one: as before", async () => {
    stubApi(COMPANY.id);
    expect((await load(which, page, COMPANY.id)).canSign).toBe(false);
    stubApi(TEST_ORG.id);
    expect((await load(which, page, TEST_ORG.id)).canSign).toBe(true);
  });
});
