/**
 * /payments/:paymentId/change ("Change details") with the API stubbed (fetch): the action declines
 * the payment and the form it was made from reopens with its values (lib/payments.server
 * `changePayment`, `paymentFormData`; docs/decisions.md "Changing a payment's details before
 * signing"), also when
 * - the payment belongs to another of the customer's organizations than the active one (a second
 *   tab switched organization): the form opens in the payment's organization, whose draft holds the
 *   values, instead of the active one's empty form after the payment was declined;
 * - the confirmation is sent twice (a double click, JavaScript on or off): the second answer, the
 *   page the browser shows, reopens the form too instead of the declined payment's page;
 * and never for a payment signed meanwhile (no form to pay it again from).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrganizationSummary, WhoAmI } from "../../../../../server/api/v1/contract";
import { requireAppContext } from "~/lib/app-context.server";
import { paymentFormData } from "~/lib/payments.server";
import { commitSession, getSession } from "~/lib/session.server";
import { cookieAfter, signedInSession, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import { action } from "./change";

type Route = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const PAYMENT_ID = "00000000-0000-4000-8000-0000000000b1";
/** The customer's second organization (a company), active in the tests where it is chosen. */
const COMPANY: OrganizationSummary = {
  ...TEST_ORG,
  id: "00000000-0000-4000-8000-000000000002",
  type: "CORPORATE",
  fullName: "Patel Ltd",
  companyName: "Patel Ltd",
};
const WHOAMI = { ...TEST_WHOAMI, organizations: [TEST_ORG, COMPANY] } as WhoAmI;
/** What the GBP form submitted when it made the payment (its draft, marked with the payment). */
const VALUES = {
  source: "acc-1:GBP",
  beneficiaryName: "Ada Lovelace",
  sortCode: "12-34-56",
  accountNumber: "12345678",
  amount: "1.11",
};

/**
 * The API as the page sees it: one payment of TEST_ORG and the GBP form's draft (per user and form,
 * holding its organization, read back only for that organization, as GET /v1/payment-drafts does);
 * the decline refuses a payment no longer awaiting signature (409 PAYMENT_NOT_PENDING).
 */
function stubApi(status = "AWAITING_SIGNATURE") {
  const state = {
    payment: { id: PAYMENT_ID, organizationId: TEST_ORG.id, status, accountId: "acc-1", currencyId: "GBP", amount: "1.11" },
    draft: { organizationId: TEST_ORG.id, data: { ...VALUES, madePaymentId: PAYMENT_ID } as Record<string, string> },
    declines: 0,
    signBeforeDecline: false,
  };
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const method = init?.method ?? "GET";
    if (path === "/users/whoami") return Response.json(WHOAMI);
    if (path === "/payment-categories") return Response.json({ data: [] });
    if (path === `/payments/${PAYMENT_ID}`) return Response.json(state.payment);
    if (path === `/payments/${PAYMENT_ID}/decline` && method === "DELETE") {
      // Signed in another tab between the page's read and the decline.
      if (state.signBeforeDecline) state.payment = { ...state.payment, status: "COMPLETED" };
      if (state.payment.status !== "AWAITING_SIGNATURE")
        return Response.json(
          { statusCode: 409, code: "PAYMENT_NOT_PENDING", message: `The payment is ${state.payment.status}` },
          { status: 409 },
        );
      state.declines += 1;
      state.payment = { ...state.payment, status: "DECLINED" };
      return Response.json(state.payment);
    }
    if (path === "/payment-drafts/gbp" && method === "GET") {
      if (state.draft.organizationId !== url.searchParams.get("organizationId"))
        return Response.json({ statusCode: 404, code: "NOT_FOUND", message: "Not found" }, { status: 404 });
      return Response.json({ form: "gbp", ...state.draft, updatedAt: new Date().toISOString() });
    }
    if (path === "/payment-drafts/gbp" && method === "PUT") {
      state.draft = JSON.parse(String(init!.body)) as typeof state.draft;
      return Response.json({ form: "gbp", ...state.draft, updatedAt: new Date().toISOString() });
    }
    return Response.json({ statusCode: 404, code: "NOT_FOUND", message: `stub: ${method} ${path}` }, { status: 404 });
  });
  return state;
}

/** A signed-in session in which the GBP form made the payment, with `activeOrgId` chosen. */
async function sessionAfterPayment(activeOrgId: string): Promise<{ cookie: string; csrf: string }> {
  const { cookie, csrf } = await signedInSession("http://x/payments/gbp/form");
  const session = await getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
  session.set("formKeys", { gbp: { key: "k1", paymentId: PAYMENT_ID } });
  session.set("orgId", activeOrgId);
  return { cookie: (await commitSession(session)).split(";")[0]!, csrf };
}

function confirm(cookie: string, csrf: string): Promise<Response> {
  return (action as unknown as Route)({
    request: new Request(`http://x/payments/${PAYMENT_ID}/change`, {
      method: "POST",
      body: new URLSearchParams({ csrf }),
      headers: { Cookie: cookie, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: { paymentId: PAYMENT_ID },
    context: { cspNonce: "" },
  });
}

/** The GBP form as its loader reads it with the browser's cookie: the active organization and the form's data. */
async function openForm(cookie: string) {
  const request = new Request("http://x/payments/gbp/form", { headers: { Cookie: cookie, "Accept-Language": "en" } });
  const { api, org } = await requireAppContext(request);
  const data = await paymentFormData(api, request, "gbp", org.id, null);
  const set = (await api.headers()).get("Set-Cookie");
  /** `cookie`: the browser's cookie after this page (its next request sends it). */
  return { org: org.id, ...data, cookie: set ? set.split(";")[0]! : cookie };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Change details", () => {
  it("reopens the form with its values", async () => {
    const state = stubApi();
    const { cookie, csrf } = await sessionAfterPayment(TEST_ORG.id);
    const res = await confirm(cookie, csrf);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/payments/gbp/form?source=acc-1%3AGBP");
    expect(state.payment.status).toBe("DECLINED");
    const form = await openForm(cookieAfter(res, cookie));
    expect([form.draft, form.draftChanged]).toEqual([VALUES, true]);
    // The active organization did not change: nothing to say about it.
    expect(form.draftSwitchedTo).toBeNull();
  });

  it("of a payment of another of the customer's organizations: the form opens in that organization, with the values", async () => {
    const state = stubApi();
    // A second tab switched to the company; this tab confirms the change of the personal payment.
    const { cookie, csrf } = await sessionAfterPayment(COMPANY.id);
    const res = await confirm(cookie, csrf);
    expect(state.payment.status).toBe("DECLINED");
    expect(res.headers.get("Location")).toBe("/payments/gbp/form?source=acc-1%3AGBP");
    const form = await openForm(cookieAfter(res, cookie));
    expect([form.draft, form.draftChanged]).toEqual([VALUES, true]);
    expect(form.org).toBe(TEST_ORG.id);
    // The customer is told: the reopened form names the organization it switched to (from the
    // session, so without JavaScript too), once.
    expect(form.draftSwitchedTo).toBe("James Patel");
    const again = await openForm(form.cookie);
    expect(again.draftSwitchedTo).toBeNull();
  });

  it("sent twice: the second answer (the page shown) reopens the form too, one decline", async () => {
    const state = stubApi();
    const { cookie, csrf } = await sessionAfterPayment(TEST_ORG.id);
    // Both posts leave the browser with the same cookie; the second answer is the one shown.
    const first = await confirm(cookie, csrf);
    const second = await confirm(cookie, csrf);
    expect(state.declines).toBe(1);
    expect(second.headers.get("Location")).toBe("/payments/gbp/form?source=acc-1%3AGBP");
    const form = await openForm(cookieAfter(second, cookieAfter(first, cookie)));
    expect([form.draft, form.draftChanged]).toEqual([VALUES, true]);
  });

  it("of a payment signed between the page's read and the decline: its page, no form", async () => {
    const state = stubApi();
    state.signBeforeDecline = true;
    const { cookie, csrf } = await sessionAfterPayment(TEST_ORG.id);
    const res = await confirm(cookie, csrf);
    expect(res.headers.get("Location")).toBe(`/payments/${PAYMENT_ID}`);
    expect([state.payment.status, state.declines]).toEqual(["COMPLETED", 0]);
    const form = await openForm(cookieAfter(res, cookie));
    expect([form.draft, form.draftChanged]).toEqual([null, false]);
  });

  it("of a payment signed meanwhile: its page, no form to pay it again from", async () => {
    const state = stubApi("COMPLETED");
    const { cookie, csrf } = await sessionAfterPayment(TEST_ORG.id);
    const res = await confirm(cookie, csrf);
    expect(res.headers.get("Location")).toBe(`/payments/${PAYMENT_ID}`);
    expect(state.declines).toBe(0);
    const form = await openForm(cookieAfter(res, cookie));
    expect([form.draft, form.draftChanged]).toEqual([null, false]);
  });
});
