/**
 * Back-office (/ops) helpers for e2e specs (issue 13): the staff login through the real pages
 * (email + password, then the sandbox code shown on /ops/login/code). Seeded staff users:
 * server/seed/staff.ts (password as the demo customers').
 */
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect } from "./fixtures";

/** Seeded staff users by role. */
export const STAFF = {
  admin: "admin@ops.example",
  onboarding: "onboarding@ops.example",
  payments: "payments@ops.example",
  support: "support@ops.example",
  compliance: "compliance@ops.example",
} as const;

/** Log a staff user in at /ops/login (works with JavaScript on and off); ends on /ops. */
export async function opsLogin(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
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
