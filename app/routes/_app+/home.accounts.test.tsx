// @vitest-environment jsdom
/**
 * /home's accounts (spec 000 §2 "More than one shows the first 3 plus an 'all my accounts'
 * button", §9 "home shows first 3 accounts"): a customer with five accounts (`accountFactory`) sees the first three,
 * in the API's order, with their balances, and every account under "All my accounts"; one account
 * shows its balances with no "All my accounts". The page is rendered from its own loader's data
 * (the API stubbed with fetch), in a memory router.
 */
import "~/test-utils/i18n";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../../server/api/v1/contract";
import { signedInRequest, TEST_ORG, TEST_WHOAMI } from "~/test-utils/signed-in";
import Home, { loader } from "./home";

/** An account as GET /v1/accounts answers it, the n-th of the organization (one GBP balance). */
function accountFactory(n: number): Account {
  const id = `00000000-0000-4000-8000-00000000010${n}`;
  return {
    id,
    organizationId: TEST_ORG.id,
    name: `Account number ${n}`,
    number: `1000000${n}`,
    fullNumber: `GB00BDEM0400751000000${n}`,
    path: `/accounts/${id}`,
    iban: null,
    bic: null,
    sortCode: null,
    overdraftEnabled: false,
    createdAt: `2026-01-0${n}T00:00:00.000Z`,
    cards: [],
    balances: [
      {
        id: `b${n}`,
        accountId: id,
        currencyId: "GBP",
        currency: { id: "GBP", name: "Pound sterling", description: "Pound sterling", scale: 2, crypto: false },
        accountType: "CURRENT",
        amount: `${n}00.00`,
        available: `${n}00.00`,
        overdraftEnabled: false,
        overdraftValue: "0.00",
      },
    ],
  };
}

/** The API's answers by path; everything else the page reads is empty. */
function stubApi(accounts: Account[]) {
  const answers: Record<string, unknown> = {
    "/users/whoami": TEST_WHOAMI,
    "/accounts": { data: accounts },
    "/payments": { data: [], totalCount: 0, nextCursor: null },
    "/settings/payments": { "PAYMENTS-ORDERS-ENABLED": false, paymentTypes: [] },
    "/settings/exchange-custom-rate": { enabled: false },
    "/beneficiaries": { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
    [`/clients-organizations/${TEST_ORG.id}/fees`]: { tariff: null, customFees: [], owed: [] },
    "/statements-items": { data: [], nextCursor: null },
    "/agreements/unsigned": { data: [] },
  };
  vi.stubGlobal("fetch", async (url: string) => {
    const path = new URL(url).pathname.replace(/^\/api\/v1/, "");
    return path in answers ? Response.json(answers[path]) : new Response(`not stubbed: ${path}`, { status: 599 });
  });
}

/** /home rendered from its loader's data. */
async function renderHome(accounts: Account[]) {
  stubApi(accounts);
  const res = (await (loader as unknown as (a: unknown) => Promise<Response>)({
    request: await signedInRequest("http://x/home"),
    params: {},
    context: { cspNonce: "" },
  })) as Response;
  expect(res.status).toBe(200);
  const data = await res.json();
  vi.unstubAllGlobals();
  const router = createMemoryRouter([{ path: "/home", element: <Home />, loader: () => data }], { initialEntries: ["/home"] });
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  return screen.findByRole("heading", { level: 2, name: "My accounts" });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/home accounts", () => {
  it("five accounts: the first three with their balances, then 'All my accounts' with all five", async () => {
    const five = [1, 2, 3, 4, 5].map(accountFactory);
    const heading = await renderHome(five);
    const section = heading.closest("section")!;
    const firstList = section.querySelector<HTMLElement>(":scope > ul")!;
    const names = within(firstList)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(["Account number 1", "Account number 2", "Account number 3"]);
    expect(firstList.textContent).toContain("300.00");
    expect(firstList.textContent).not.toContain("Account number 4");
    const more = section.querySelector<HTMLElement>(":scope > details")!;
    expect(more.querySelector("summary")!.textContent).toMatch(/^All my accounts/);
    expect(
      within(more)
        .getAllByTestId("all-accounts-item")
        .map((li) => li.querySelector("summary")!.textContent),
    ).toEqual(["Account number 1", "Account number 2", "Account number 3", "Account number 4", "Account number 5"]);
  });

  it("one account: its balances, no 'All my accounts'", async () => {
    const heading = await renderHome([accountFactory(1)]);
    const section = heading.closest("section")!;
    expect(section.querySelectorAll(":scope > ul h3")).toHaveLength(1);
    expect(section.querySelector(":scope > details")).toBeNull();
  });
});
