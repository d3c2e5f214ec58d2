/**
 * Signing lists (issue 7), with JavaScript on and off: the unsigned list with checkboxes, two
 * payments signed with ONE code (the SMS's set: count and total per currency) and both completed;
 * one declined after a confirmation page; the home tab's count; the empty message; a corporate
 * payment signed by Amelia Clarke seen by Northwind's second official (signature type NONE), who
 * is told why he cannot sign instead of Sign buttons; with JavaScript the result page reloads its
 * lists about 3 s and 7 s after signing (spec 000 §4). axe on the new pages (JavaScript on: axe
 * needs page scripts).
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { euroPayment, formReady } from "./signing-helpers";
import { axeScan } from "./layout-helpers";

/** Northwind Trading Ltd's second official (seed: signature type NONE). */
const SECOND_OFFICIAL = "+447700900006";

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function debugCode(page: Page): Promise<string> {
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  return ((await el.textContent()) ?? "").match(/\d{4}/)![0];
}

/** Choose the option whose text matches (labels carry live balances). */
async function selectByText(select: Locator, text: RegExp) {
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text}`);
  await select.selectOption(hit.value);
}

/** A payment from Main account (GBP) to Savings awaiting signature; returns its id. */
async function betweenAccounts(page: Page, javaScriptEnabled: boolean, amount: string): Promise<string> {
  await page.goto("/payments/between-accounts");
  await formReady(page, javaScriptEnabled, page.locator("main form[method=post]").first());
  await selectByText(page.locator("select[name=source]"), /^Main account — .*GBP/);
  await selectByText(page.locator("select[name=toAccountId]"), /^Savings/);
  await page.locator("[name=amount]").fill(amount);
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/** A filled (primary) button; a secondary one is white with a border (Button.module.css). */
async function expectPrimary(button: Locator) {
  await expect(button).toBeVisible();
  await expect(button).not.toHaveCSS("background-color", "rgb(255, 255, 255)");
}
async function expectSecondary(button: Locator) {
  await expect(button).toHaveCSS("background-color", "rgb(255, 255, 255)");
}

/** The unsigned list's row of a payment, by its payee's name and amount. */
const row = (page: Page, text: string) => page.getByTestId("unsigned-payment").filter({ hasText: text });

async function statusOf(page: Page, id: string): Promise<string> {
  await page.goto(`/payments/${id}`);
  return (await page.getByTestId("payment-status").textContent()) ?? "";
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("select two payments, sign both with ONE code: both completed; the lists refresh", async ({ page }) => {
      test.setTimeout(120_000);
      const payee = `Batch Payee ${mode}`;
      const euroAmount = javaScriptEnabled ? "2.31" : "2.32";
      const gbpAmount = javaScriptEnabled ? "1.41" : "1.42";
      await login(page, CUSTOMERS.individual);
      const euro = await euroPayment(page, javaScriptEnabled, payee, euroAmount);
      const gbp = await betweenAccounts(page, javaScriptEnabled, gbpAmount);

      await page.goto("/payments");
      await expect(row(page, payee)).toHaveCount(1);
      await page.getByRole("checkbox", { name: new RegExp(`${payee}.*${euroAmount} EUR`) }).check();
      await page.getByRole("checkbox", { name: new RegExp(`Savings.*${gbpAmount} GBP`) }).check();
      await page.getByRole("button", { name: "Sign selected" }).click();

      // One page for both, with the total per currency and ONE code.
      await expect(page).toHaveURL(/\/payments\/sign\?ids=/);
      const ids = new URL(page.url()).searchParams.get("ids")!.split(",");
      expect(ids.sort()).toEqual([euro, gbp].sort());
      await expect(page.getByTestId("batch-payment")).toHaveCount(2);
      // Each payee account in the page's words (payments:payee-account), here English.
      await expect(page.getByTestId("batch-payment").filter({ hasText: payee })).toContainText(
        "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX",
      );
      await expect(page.getByTestId("batch-total")).toHaveText(
        [`${euroAmount} EUR`, `${gbpAmount} GBP`].map((s) => new RegExp(s)),
      );
      const code = await debugCode(page);
      await formReady(page, javaScriptEnabled, page.locator("form#sign"));
      if (javaScriptEnabled) await expectNoViolations(page, "/payments/sign");
      // With JS the result page reloads its data after about 3 s and 7 s (spec 000 §4).
      // (Remix loads the result route's data with `_data=<route id>`: once to navigate, then per revalidation.)
      const refreshes: number[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).searchParams.get("_data") === "routes/_app+/payments+/sign+/result") refreshes.push(Date.now());
      });
      await page.locator("form#sign input[name=code]").fill(code);
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Sign 2 transactions" }).click();

      await expect(page).toHaveURL(/\/payments\/sign\/result\?/);
      const opened = Date.now();
      await expect(page.getByTestId("batch-signed")).toHaveCount(2);
      await expect(page.getByTestId("batch-failed")).toHaveCount(0);
      await expect(page.getByTestId("batch-signed-count")).toHaveText("2 transactions were signed.");
      // "These lists update by themselves": said where they do (with JavaScript), not without.
      if (javaScriptEnabled) await expect(page.getByTestId("refresh-note")).toBeVisible();
      else await expect(page.getByTestId("refresh-note")).toBeHidden();
      // Still to sign: neither of them.
      await expect(row(page, payee)).toHaveCount(0);
      await expect(page.getByTestId("statement-item").filter({ hasText: payee })).toHaveCount(1);
      // The latest operations are grouped by day (spec 000 §2 Layout): the payment just signed is under 'Today'.
      const today = page.getByTestId("day-group").filter({ has: page.getByTestId("day-heading").filter({ hasText: /^Today$/ }) });
      await expect(today.getByTestId("statement-item").filter({ hasText: payee })).toHaveCount(1);
      if (javaScriptEnabled) {
        await expectNoViolations(page, "/payments/sign/result");
        const later = () => refreshes.filter((at) => at >= opened);
        await expect.poll(() => later().length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
        expect(later()[0] - opened).toBeGreaterThan(2_000);
        expect(later()[1] - opened).toBeGreaterThan(6_000);
      }
      expect(await statusOf(page, euro)).toBe("Completed");
      expect(await statusOf(page, gbp)).toBe("Completed");
    });

    test("decline selected: a confirmation page first, then declined and gone from the list", async ({ page }) => {
      const payee = `Batch Decline ${mode}`;
      await login(page, CUSTOMERS.individual);
      const id = await euroPayment(page, javaScriptEnabled, payee, "3.33");

      await page.goto("/home?tab=signing");
      const count = Number(await page.getByTestId("signing-count").textContent());
      await expect(row(page, payee)).toHaveCount(1);
      await page.getByRole("checkbox", { name: new RegExp(payee) }).check();
      await page.getByRole("button", { name: "Decline selected" }).click();

      await expect(page).toHaveURL(/\/payments\/decline\?ids=/);
      await expect(page.getByTestId("decline-payment")).toHaveText([new RegExp(`${payee}.*3\\.33 EUR`)]);
      if (javaScriptEnabled) await expectNoViolations(page, "/payments/decline");
      // Not yet: the confirmation changes nothing until confirmed.
      const confirm = page.getByRole("button", { name: "Decline 1 transaction" });
      await expect(confirm).toBeVisible();
      await confirm.click();

      await expect(page).toHaveURL(/\/home\?tab=signing$/);
      await expect(row(page, payee)).toHaveCount(0);
      await expect(page.getByTestId("signing-count")).toHaveText(String(count - 1));
      expect(await statusOf(page, id)).toBe("Declined");
      // A batch page for it now: it left the set, and the page says so (no code for nothing).
      await page.goto(`/payments/sign?ids=${id}`);
      await expect(page.getByTestId("not-waiting")).toHaveText(
        "1 of the transactions you ticked no longer waits for a signature: it was signed or declined meanwhile.",
      );
      await expect(page.locator("form#sign")).toHaveCount(0);
    });

    test("corporate: signed by Amelia Clarke, seen by the second official, who cannot sign", async ({ page }) => {
      test.setTimeout(120_000);
      const payee = `Northwind Signed ${mode}`;
      await login(page, CUSTOMERS.corporate);
      // A payment of hers waiting with no code sent yet (the seed's, to Acme Supplies): the intro
      // asks for a code (not "enter the code we sent") and "Send code" is the primary button,
      // attaching documents a secondary one.
      await page.goto("/home?tab=signing");
      const acme = await row(page, "Acme Supplies Ltd").getByRole("checkbox").getAttribute("value");
      await page.goto(`/payments/${acme}/sign`);
      await expect(page.getByTestId("sign-intro")).toHaveText(
        "Check the details, then send yourself a code: entering it signs this payment.",
      );
      await expect(page.getByText(/code we sent/)).toHaveCount(0);
      await expect(page.locator("form#sign")).toHaveCount(0);
      await expect(page.getByTestId("send-code")).toHaveText("Send code");
      await expectPrimary(page.getByTestId("send-code"));
      await expectSecondary(page.locator("form#documents button[type=submit]"));
      // The debited account by its name and number, as the accounts column names it.
      const fromLabel = page.locator("dt", { hasText: /^From account$/ });
      const fromValue = fromLabel.locator("+ dd");
      await expect(fromValue).toHaveText(/^Operating account — \d{8}$/);
      // Wide: each label beside its value. At 360 px the label stands over its value, which takes
      // the whole width (not a third of it beside a label column).
      const stacked = async () => {
        const [label, value] = [await fromLabel.boundingBox(), await fromValue.boundingBox()];
        return value!.y >= label!.y + label!.height - 1 && Math.abs(value!.x - label!.x) < 2;
      };
      expect(await stacked(), "two columns on a wide screen").toBe(false);
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: 360, height: 740 });
      await expect.poll(stacked, { message: "label over value at 360 px" }).toBe(true);
      await page.setViewportSize(viewport);
      // The batch page of it: the same.
      await page.goto(`/payments/sign?ids=${acme}`);
      await expect(page.getByTestId("send-code")).toHaveText("Send code");
      await expectPrimary(page.getByTestId("send-code"));

      const id = await euroPayment(page, javaScriptEnabled, payee, "4.44");
      // Before: no signature yet (the list is loaded for CORPORATE organizations).
      await page.goto(`/payments/${id}`);
      await expect(page.getByTestId("no-signatures")).toBeVisible();
      await page.goto(`/payments/${id}/sign`);
      const code = await debugCode(page);
      // A code was sent: the intro asks for it, signing is the primary button, a new code secondary.
      await expect(page.getByTestId("sign-intro")).toHaveText(
        "Check the details. Enter the code we sent to confirm this payment.",
      );
      await expectPrimary(page.locator("form#sign button[type=submit]"));
      await expectSecondary(page.getByTestId("send-code"));
      await formReady(page, javaScriptEnabled, page.locator("form#sign"));
      await page.locator("form#sign input[name=code]").fill(code);
      if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
      await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
      await expect(page.getByTestId("signature")).toHaveText(/^Signed by Amelia Clarke on \d{2}\.\d{2}\.\d{4} at \d{2}:\d{2}$/);

      await page.context().clearCookies();
      await signIn(page, SECOND_OFFICIAL);
      await page.goto(`/payments/${id}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Completed");
      await expect(page.getByTestId("signature")).toHaveText(/^Signed by Amelia Clarke on /);
      if (javaScriptEnabled) await expectNoViolations(page, "payment with its signatures");

      // His signing list: Northwind's unsigned payments, the reason instead of Sign buttons.
      await page.goto("/home?tab=signing");
      const rows = page.getByTestId("unsigned-payment");
      await expect(row(page, "Acme Supplies Ltd")).toHaveCount(1);
      // The count is of every unsigned item: payments, and remittance orders and FX rate requests listed below them.
      const listed =
        (await rows.count()) +
        (await page.getByTestId("order-to-sign").count()) +
        (await page.locator("[data-testid=fx-to-sign] [data-testid=fx-request]").count());
      await expect(page.getByTestId("signing-count")).toHaveText(String(listed));
      await expect(page.getByTestId("cannot-sign")).toContainText("You cannot sign payments of Northwind Trading Ltd.");
      await expect(page.getByRole("button", { name: /^Sign/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Decline selected" })).toBeVisible();
      if (javaScriptEnabled) await expectNoViolations(page, "/home?tab=signing (signature type NONE)");
      // The signing page of one of them says the same, with no code form.
      const pendingId = await row(page, "Acme Supplies Ltd").getByRole("checkbox").getAttribute("value");
      await page.goto(`/payments/${pendingId}/sign`);
      await expect(page.getByTestId("cannot-sign")).toBeVisible();
      await expect(page.locator("form#sign")).toHaveCount(0);
      await page.goto(`/payments/sign?ids=${pendingId}`);
      await expect(page.getByTestId("cannot-sign")).toBeVisible();
      await expect(page.getByTestId("batch-payment")).toHaveText([/Acme Supplies Ltd.*1,240\.00 GBP/]);
      await expect(page.locator("form#sign")).toHaveCount(0);
      await page.goto(`/payments/${pendingId}`);
      await expect(page.getByTestId("no-signatures")).toBeVisible();
      await expect(page.getByTestId("cannot-sign")).toBeVisible();
    });

    test("nothing to sign: the list's empty message; nothing selected: the pages say so", async ({ page }) => {
      await signIn(page, CUSTOMERS.official);
      await page.goto("/home");
      await expect(page.getByTestId("unsigned-empty")).toHaveText("There are no payments to sign.");
      await expect(page.getByTestId("signing-count")).toHaveText("0");
      await page.context().clearCookies();
      await login(page, CUSTOMERS.individual);
      await euroPayment(page, javaScriptEnabled, `Unselected ${mode}`, "0.55");
      await page.goto("/payments");
      await page.getByRole("button", { name: "Sign selected" }).click();
      await expect(page).toHaveURL(/\/payments\/sign\?/);
      await expect(page.getByTestId("none-selected")).toBeVisible();
      await page.getByRole("link", { name: "Back to the list" }).click();
      await expect(page).toHaveURL(/\/payments$/);
      await page.getByRole("button", { name: "Decline selected" }).click();
      await expect(page).toHaveURL(/\/payments\/decline\?/);
      await expect(page.getByTestId("none-selected")).toBeVisible();
      // A cursor the API refuses (an edited link) leads to the first page, not to an error.
      await page.goto("/payments?cursor=not-a-cursor");
      await expect(page).toHaveURL(/\/payments$/);
      await expect(row(page, `Unselected ${mode}`)).toHaveCount(1);
    });
  });
}
