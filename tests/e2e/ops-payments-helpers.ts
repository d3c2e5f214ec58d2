/**
 * Setup for the back office's payments specs (ops-payments.spec.ts, the CSRF cases): Oliver's
 * posted Faster Payments payment and signed FX rate request, made through the banking API with
 * the sandbox codes (the customer pages are not under test there).
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, CUSTOMERS, expect } from "./fixtures";

type Session = Awaited<ReturnType<typeof apiSession>>;

/** Oliver's "Main account" (id, number). */
export async function mainAccount(s: Session): Promise<{ id: string; number: string }> {
  const r = await s.call("GET", `/accounts?organizationId=${s.organizationId}`);
  expect(r.status).toBe(200);
  const list = (Array.isArray(r.body) ? r.body : r.body.data) as { id: string; number: string; name: string }[];
  return list.find((a) => a.name === "Main account")!;
}

/** A Faster Payments payment of Oliver's to `payee`, signed with the sandbox code: posted, waiting for settlement. @returns its id */
export async function signedPayment(request: APIRequestContext, amount: string, payee: string): Promise<string> {
  const s = await apiSession(request, CUSTOMERS.individual);
  const account = await mainAccount(s);
  const created = await s.call("POST", "/payments", {
    organizationId: s.organizationId,
    accountId: account.id,
    kind: "GBP",
    currencyId: "GBP",
    amount,
    beneficiaryName: payee,
    sortCode: "40-47-84",
    accountNumber: "70872490",
    reference: "Ops e2e",
    idempotencyKey: `ops-pay-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = await s.call("POST", "/signatures/send-code", { paymentIds: [created.body.id], mfa: "PHONE", channel: "SMS" });
  expect(code.status, JSON.stringify(code.body)).toBe(200);
  const mfa = await s.call("POST", "/signatures/validate", { token: code.body.token, code: code.body.debugCode });
  expect(mfa.status).toBe(200);
  const signed = await s.call("POST", `/payments/${created.body.id}/sign`, {
    mfaToken: mfa.body.token,
    signedAt: new Date().toISOString(),
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect(signed.body.settlement?.status).toBe("PENDING");
  return created.body.id as string;
}

/** An FX rate request of Oliver's (GBP → EUR at 1.2), signed: PENDING for the bank. @returns its id */
export async function signedFxRequest(request: APIRequestContext, sellAmount: string): Promise<string> {
  const s = await apiSession(request, CUSTOMERS.individual);
  const account = await mainAccount(s);
  const created = await s.call("POST", "/exchange/fx-requests", {
    organizationId: s.organizationId,
    accountId: account.id,
    fromCurrencyId: "GBP",
    toCurrencyId: "EUR",
    sellAmount,
    rate: "1.2",
    idempotencyKey: `ops-fx-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const code = await s.call("POST", "/signatures/send-code", { fxRequestIds: [id], mfa: "PHONE", channel: "SMS" });
  expect(code.status, JSON.stringify(code.body)).toBe(200);
  const mfa = await s.call("POST", "/signatures/validate", { token: code.body.token, code: code.body.debugCode });
  expect(mfa.status).toBe(200);
  const signed = await s.call("POST", `/exchange/fx-requests/${id}/sign`, {
    mfaToken: mfa.body.token,
    signedAt: new Date().toISOString(),
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  return id;
}
