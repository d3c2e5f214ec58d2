/**
 * Set-up helpers of the back-office decision specs (issue 13): customers' data the /ops pages
 * decide on, made through the customer API as a seeded customer (bearer token through the real
 * login calls), since the customer pages that make it are not under test there.
 */
import type { APIRequestContext } from "@playwright/test";
import { CUSTOMERS, DEMO_PASSWORD, expect } from "./fixtures";

/** The customer API as a seeded customer (bearer token), with headers (Idempotency-Key). */
export async function customerApi(request: APIRequestContext, phone: string) {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/v1${path}`, { data });
    expect(res.status(), `POST ${path}`).toBeLessThan(300);
    return res.json();
  };
  const challenge = await post("/auth/phone", { phone });
  const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
  const { accessToken } = await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await request.fetch(`/api/v1${path}`, {
      method,
      data: body,
      headers: { authorization: `Bearer ${accessToken}`, ...headers },
    });
    const text = await res.text();
    return { status: res.status(), body: text ? JSON.parse(text) : null };
  };
  const whoami = await call("GET", "/users/whoami");
  return { call, organizationId: whoami.body.activeOrganization.id as string };
}

/** A beneficiary of the customer's submitted for review (UNDER_REVIEW); returns its id. */
export async function beneficiaryUnderReview(request: APIRequestContext, name: string): Promise<string> {
  const api = await customerApi(request, CUSTOMERS.individual);
  const created = await api.call("POST", "/beneficiaries", {
    organizationId: api.organizationId,
    name,
    beneficiaryType: "INDIVIDUAL",
    paymentType: "LOCAL",
    currencyId: "GBP",
    sortCode: "200000",
    bankAccountNumber: "55779911",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const submitted = await api.call("PUT", `/beneficiaries/${created.body.id}/status`, { status: "UNDER_REVIEW" });
  expect(submitted.body.status).toBe("UNDER_REVIEW");
  return created.body.id;
}

/** A remittance order of Oliver's (orders enabled), signed with the sandbox code: QUEUED; returns its id. */
export async function queuedOrder(request: APIRequestContext, payee: string): Promise<string> {
  const api = await customerApi(request, CUSTOMERS.individual);
  const accounts = await api.call("GET", `/accounts?organizationId=${api.organizationId}&all=true`);
  const account =
    accounts.body.data.find((a: { balances?: { currencyId: string }[] }) => a.balances?.some((b) => b.currencyId === "GBP")) ??
    accounts.body.data[0];
  const created = await api.call(
    "POST",
    "/payments-orders",
    {
      organizationId: api.organizationId,
      accountId: account.id,
      currencyId: "GBP",
      sum: "3.00",
      description: "Family support",
      payee: { name: payee, address: "12 Moi Avenue", city: "Nairobi", country: "ke", phone: "+254 712 345 678" },
    },
    { "Idempotency-Key": `ops-e2e-${payee}` },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = await api.call("POST", "/signatures/send-code", {
    paymentOrderIds: [created.body.id],
    mfa: "PHONE",
    channel: "SMS",
  });
  const mfa = await api.call("POST", "/signatures/validate", { token: code.body.token, code: code.body.debugCode });
  const signed = await api.call("POST", `/payments-orders/${created.body.id}/sign`, {
    mfaToken: mfa.body.token,
    signedAt: new Date().toISOString(),
  });
  expect(signed.body.status, JSON.stringify(signed.body)).toBe("QUEUED");
  return created.body.id;
}
