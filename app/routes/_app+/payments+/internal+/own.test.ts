/**
 * "To another customer" whose recipient is the paying organization itself (docs/decisions.md
 * "Paying oneself as another customer"): the form's loader sends the customer back to the lookup
 * with `error=self` (a phone that is their own, paying from their personal organization; a company's
 * own number), where the field says so, translated, and links "Between my accounts"; a recipient
 * that is another of their organizations (their company paying their personal account) opens the
 * form. The API's own refusal (`isNotSelf`, a race) maps to a translated message too. API stubbed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrganizationSummary, WhoAmI } from "../../../../../server/api/v1/contract";
import { mapServerErrors } from "~/lib/server-errors";
import i18next from "~/test-utils/i18n";
import { signedInRequest, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import { lookupErrorKey } from "./__recipient";
import { loader as formLoader } from "./form";
import { loader as lookupLoader } from "./_index";

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<Response>;

const COMPANY: OrganizationSummary = {
  ...TEST_ORG,
  id: "00000000-0000-4000-8000-000000000002",
  type: "CORPORATE",
  fullName: "Patel Ltd",
  companyName: "Patel Ltd",
};
const WHOAMI = { ...TEST_WHOAMI, organizations: [TEST_ORG, COMPANY] } as WhoAmI;
const OWN_PHONE = "+447700900001";

/** The API: the phone looked up belongs to the customer's personal organization (TEST_ORG, the default one). */
function stubApi() {
  vi.stubGlobal("fetch", async (input: string) => {
    const path = new URL(input).pathname.replace(/^\/api\/v1/, "");
    if (path === "/users/whoami") return Response.json(WHOAMI);
    if (path === "/accounts")
      return Response.json({
        data: [
          { id: "acc-1", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00", currency: { scale: 2 } }] },
        ],
      });
    if (path === "/clients-organizations/check-invididual-recepient")
      return Response.json({ organizationId: TEST_ORG.id, displayName: "James P." });
    if (path === "/payment-categories") return Response.json({ data: [] });
    if (path === "/beneficiaries")
      return Response.json({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });
    return Response.json({ statusCode: 404, code: "NOT_FOUND", message: `stub: ${path}` }, { status: 404 });
  });
}

const run = async (loader: unknown, url: string) =>
  (loader as Loader)({ request: await signedInRequest(url), params: {}, context: { cspNonce: "" } }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("paying one's own phone as another customer", () => {
  it("from the personal organization it resolves to: back to the lookup, the phone field says so and links Between my accounts", async () => {
    stubApi();
    const res = await run(formLoader, `http://x/payments/internal/form?phone=${encodeURIComponent(OWN_PHONE)}`);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("Location")!, "http://x");
    expect(back.pathname).toBe("/payments/internal");
    expect(Object.fromEntries(back.searchParams)).toEqual({ phone: OWN_PHONE, error: "self" });

    const page = (await (await run(lookupLoader, back.href)).json()) as { error: string; own: boolean; phone: string };
    expect(page).toMatchObject({ error: "errors:internal.own-phone", own: true, phone: OWN_PHONE });
    expect(i18next.t(page.error)).toBe(
      "This phone number is yours: the payment would go to the account it is paid from. To move money between your own accounts, use Between my accounts.",
    );
  });

  it("another of the customer's organizations (the company active, paying its director's personal account): the form opens", async () => {
    stubApi();
    const request = await signedInRequest(`http://x/payments/internal/form?phone=${encodeURIComponent(OWN_PHONE)}`);
    // The company chosen in the profile popup.
    const { getSession, commitSession } = await import("~/lib/session.server");
    const session = await getSession(request);
    session.set("orgId", COMPANY.id);
    const cookie = (await commitSession(session)).split(";")[0]!;
    const res = await (formLoader as unknown as Loader)({
      request: new Request(request.url, { headers: { Cookie: cookie, "Accept-Language": "en" } }),
      params: {},
      context: { cspNonce: "" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recipient: { displayName: string } }).recipient.displayName).toBe("James P.");
  });

  it("a company's own number: its own message", () => {
    expect(lookupErrorKey("companyNumber", "self")).toBe("errors:internal.own-company");
  });

  it("the API's refusal (isNotSelf on the recipient's field) is translated", () => {
    const mapped = mapServerErrors(
      {
        statusCode: 400,
        code: "VALIDATION_FAILED",
        message: [{ property: "recipientPhone", constraints: { isNotSelf: "This is the paying organization itself" } }],
      },
      ["recipientPhone"],
      i18next.t.bind(i18next) as never,
    );
    expect(mapped.fieldErrors.recipientPhone).toBe(
      "This is your own account. To move money between your own accounts, use Between my accounts.",
    );
  });
});
