/**
 * Back-office (/ops) helpers for e2e specs (issue 13): the staff login through the real login
 * actions (`opsLogin`) or the real pages (`opsLoginThroughForms`: email + password, then the
 * sandbox code shown on /ops/login/code). Seeded staff users:
 * server/seed/staff.ts (password as the demo customers').
 */
import type { Page } from "@playwright/test";
import { rangeFieldName, type RangeType } from "../../server/rules/applications/steps";
import { apiSession, DEMO_PASSWORD, expect } from "./fixtures";

/** Seeded staff users by role. */
export const STAFF = {
  admin: "admin@ops.example",
  onboarding: "onboarding@ops.example",
  payments: "payments@ops.example",
  support: "support@ops.example",
  compliance: "compliance@ops.example",
} as const;

/**
 * Log a staff user in: the email-and-password and code steps are posted from the browser
 * context's own request client (its `__ops` cookie, the ops session's CSRF token, the same
 * actions and fields the two login pages post; no page rendered or hydrated for them), then the
 * page opens /ops and shows the staff user. As `login` does for customers: the login pages
 * themselves are tested in the browser with `opsLoginThroughForms` (ops-applications.spec.ts,
 * JavaScript off and on) and a11y.spec.ts. Ends on /ops.
 */
export async function opsLogin(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  const http = page.request;
  const layout = await http.get(`/ops/login?_data=${encodeURIComponent("routes/ops+/_layout")}`);
  expect(layout.status(), "ops layout loader").toBe(200);
  const { csrf } = (await layout.json()) as { csrf: string };
  const post = async (path: string, form: Record<string, string>, to: RegExp) => {
    const res = await http.post(path, { form: { ...form, csrf }, maxRedirects: 0 });
    expect(res.status(), `${path}: redirect`).toBe(302);
    expect(res.headers()["location"], `${path}: redirect`).toMatch(to);
  };
  await post("/ops/login", { email, password }, /\/ops\/login\/code$/);
  const step = await http.get(`/ops/login/code?_data=${encodeURIComponent("routes/ops+/login+/code")}`);
  const { debugCode } = (await step.json()) as { debugCode: string | null };
  expect(debugCode, "sandbox code (SMS_DEBUG_CODES)").toMatch(/^\d{6}$/);
  await post("/ops/login/code", { code: debugCode! }, /\/ops$/);
  await page.goto("/ops");
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByTestId("ops-staff")).toContainText(email);
}

/** Log a staff user in through the pages at /ops/login (works with JavaScript on and off); ends on /ops. */
export async function opsLoginThroughForms(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto("/ops/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/ops\/login\/code$/);
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{6}/)![0];
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByTestId("ops-staff")).toContainText(email);
}

/** Seeded applicants the ops e2e submits applications for (not identified, no application yet). */
export const OPS_APPLICANTS = {
  jsOff: "+447700900012",
  jsOn: "+447700900013",
  other: "+447700900014",
  csrf: "+447700900015",
  /** Approved by the CSRF e2e, which closes /home's "verified" popup. */
  verified: "+447700900016",
} as const;

/**
 * Submit a complete INDIVIDUAL application for `phone` through the customer API (every step, the
 * sandbox identity check, the agreements), as the applicant would through /identity. `page`: a
 * page or a browser context (only its request client is used).
 * @returns the application id (READY_TO_REVIEW)
 */
export async function submitIndividualApplication(
  page: Pick<Page, "request">,
  phone: string,
  firstName: string,
): Promise<string> {
  const api = await apiSession(page.request, phone);
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await api.call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body).slice(0, 500)}`).toBeLessThan(300);
    return res.body;
  };
  const first = <T>(list: { data: T[] }) => list.data[0];
  const activity = first<{ id: string }>(await ok("GET", "/clients-activities")).id;
  const source = first<{ id: string }>(await ok("GET", "/sources-of-funds")).id;
  const product = first<{ id: string }>(await ok("GET", "/products?clientType=INDIVIDUAL")).id;
  const ranges: Record<string, string> = {};
  for (const r of (await ok("GET", "/settings-clients-ranges?clientType=INDIVIDUAL")).data as { id: string; type: RangeType }[])
    ranges[rangeFieldName(r.type)] ??= r.id;
  const app = await ok("POST", "/clients-applications/individuals", {
    step: "personal-data",
    values: {
      firstName,
      lastName: "Applicant",
      email: `${firstName.toLowerCase()}@example.co.uk`,
      dob: "1990-05-17",
      nationalityId: "GB",
      taxNumber: "QQ123456C",
    },
  });
  const put = (body: unknown) => ok("PUT", `/clients-applications/individuals/${app.id}`, body);
  await put({
    step: "additional-information",
    values: { taxResidenceCountryId: "GB", politicallyExposed: "NO", accountPurpose: "Salary and savings" },
  });
  await put({ step: "activities", values: { clientActivityId: activity, sourceOfFundsIds: [source] } });
  await put({ step: "operation-activity", values: ranges });
  await put({ step: "services", values: { productsIds: [product] } });
  const verified = await ok("POST", `/clients-applications/${app.id}/verification/sandbox`, { outcome: "APPROVE" });
  await put({
    step: "sign",
    agreementIds: verified.agreements.map((a: { id: string }) => a.id),
    values: {
      currentAddressCountryId: "GB",
      currentAddressCity: "Leeds",
      currentAddressPostalCode: "LS1 4DY",
      currentAddressAddress1: "12 Park Row",
      currentAddressSince: "2015-03-01",
      criminalRecord: "NO",
      civilProceedings: "NO",
      businessAndEmploymentMatters: "NO",
      regulatoryMatters: "NO",
      declarationTrue: ["CONFIRMED"],
    },
  });
  const submitted = await ok("PUT", `/clients-applications/${app.id}/submit`);
  expect(submitted.status).toBe("READY_TO_REVIEW");
  return app.id as string;
}
