/**
 * FX rate requests in the browser (issue 9; spec 000 §2 home requests tab, spec 001 §2, §3, §4,
 * §9), with JavaScript on and off: Oliver proposes his own rate from /currency-exchange, sees
 * what he would receive on the confirmation page (rate at 14 decimals), confirms it with the
 * sandbox code, sees it Waiting (clock) with the sum and fee held; the bank accepts it (the e2e
 * staff route, which runs `npm run bank -- fx:accept`); the page shows it Accepted (check), the
 * list and the home Requests tab show it under 'Today' with the rate at 12 decimals, and both
 * balances on /home moved by exactly the request's sums. A rejected request shows the cross, the
 * reason and the hold returned. One left unsigned is listed 'Not confirmed' with its Sign link,
 * and declined after a confirmation: 'Declined', nothing held. A wrong rate comes back on its field. Axe on every new page
 * (JavaScript on: axe needs page scripts).
 */
import type { Locator, Page } from "@playwright/test";
import {
  allowValidationAnswers,
  CUSTOMERS,
  expect,
  holdBuildFiles,
  login,
  signIn,
  staffCommand,
  test,
  toMinorUnits,
} from "./fixtures";
import { axe, confirmWithCode, formReady } from "./signing-helpers";

const SIGN_URL = /\/currency-exchange\/requests\/([0-9a-f-]{36})\/sign$/;

/** The first account's balance on /home, in minor units. */
async function homeBalance(page: Page, currency: string): Promise<bigint> {
  await page.goto("/home");
  const el = page.getByTestId(`balance-${currency}`).first();
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

/** In the proposal form: from the Main account's GBP balance, to EUR. */
async function chooseGbpToEur(form: Locator) {
  const options = await form
    .locator("select[name=source] option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  await form
    .locator("select[name=source]")
    .selectOption(options.find((o) => /^Main account/.test(o.text) && o.value.endsWith(":GBP"))!.value);
  await form.locator("select[name=toCurrencyId]").selectOption("EUR");
}

/** Fill the proposal form (Main account's GBP → EUR) and send it; with JS, check the preview of the bought amount when given. */
async function propose(page: Page, javaScriptEnabled: boolean, sellAmount: string, rate: string, preview?: string) {
  await page.goto("/currency-exchange/requests/new");
  const form = page.locator("form#fx-request-form");
  await formReady(page, javaScriptEnabled, form);
  await chooseGbpToEur(form);
  await form.locator("[name=sellAmount]").fill(sellAmount);
  await form.locator("[name=rate]").fill(rate);
  if (javaScriptEnabled && preview)
    await expect(page.getByTestId("fx-preview")).toHaveText(`You would receive ${preview} (before the bank's decision).`);
  // The preview needs scripts: without them its line takes no room.
  if (!javaScriptEnabled) {
    await expect(page.getByTestId("fx-preview")).toBeAttached();
    expect(await page.getByTestId("fx-preview").boundingBox()).toBeNull();
  }
  await form.getByRole("button", { name: "Continue" }).click();
}

/** Propose and confirm; ends on the request's page; returns its id and the fee in minor units. */
async function proposeAndSign(page: Page, javaScriptEnabled: boolean, sellAmount: string, rate: string) {
  await propose(page, javaScriptEnabled, sellAmount, rate);
  await expect(page).toHaveURL(SIGN_URL);
  const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
  const fee = toMinorUnits((await page.getByTestId("fx-fee").textContent()) ?? "0");
  await confirmWithCode(page, javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`/currency-exchange/requests/${id}\\?signed=1$`));
  return { id, fee };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Oliver proposes a rate, confirms it with the code, the bank accepts it: both balances move at his rate", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await login(page, CUSTOMERS.individual);
      const gbpBefore = await homeBalance(page, "GBP");
      const eurBefore = await homeBalance(page, "EUR");

      await page.goto("/currency-exchange");
      // "Your own rate": its heading over its text, not beside it in a row.
      const offer = page.getByTestId("custom-rate");
      const heading = (await offer.getByRole("heading").boundingBox())!;
      expect((await offer.locator("p").first().boundingBox())!.y).toBeGreaterThanOrEqual(heading.y + heading.height);
      await page.getByTestId("propose-rate").click();
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/new$/);
      await axe(page, javaScriptEnabled);
      await expect(page.locator("main select[name=toCurrencyId] option[value=EUR]")).toHaveText("Euro (EUR)");

      // 10.00 × 1.234567890123 = 12.34567890123 → EUR 12.35 (half-even at 2 decimals); JS off: 11.00 → 13.58.
      const sell = javaScriptEnabled ? "10.00" : "11.00";
      const bought = javaScriptEnabled ? "12.35" : "13.58";
      await propose(page, javaScriptEnabled, sell, "1.234567890123", `${bought} EUR`);
      await expect(page).toHaveURL(SIGN_URL);
      const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
      await expect(page.getByTestId("fx-buy")).toHaveText(`${bought} EUR`);
      const detailRate = javaScriptEnabled ? "1.23500000000000" : "1.23454545454545";
      await expect(page.getByTestId("fx-detail-rate")).toHaveText(`1 GBP = ${detailRate} EUR`);
      await axe(page, javaScriptEnabled);
      const fee = toMinorUnits((await page.getByTestId("fx-fee").textContent()) ?? "0");
      await confirmWithCode(page, javaScriptEnabled);
      await expect(page).toHaveURL(new RegExp(`/currency-exchange/requests/${id}\\?signed=1$`));
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "PENDING");
      await expect(page.getByTestId("fx-status")).toContainText("Waiting");
      await expect(page.getByTestId("fx-icon-clock")).toBeVisible();
      await axe(page, javaScriptEnabled);

      // Held: GBP down by the sum and fee, EUR unchanged.
      const sellMinor = toMinorUnits(sell);
      expect(await homeBalance(page, "GBP")).toBe(gbpBefore - sellMinor - fee);
      expect(await homeBalance(page, "EUR")).toBe(eurBefore);

      expect(await staffCommand(page, ["fx:accept", id])).toContain("ACCEPTED");
      await page.goto(`/currency-exchange/requests/${id}`);
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "ACCEPTED");
      await expect(page.getByTestId("fx-status")).toContainText("Accepted");
      await expect(page.getByTestId("fx-icon-check")).toBeVisible();

      // The list: under Today, the rate at 12 decimals.
      await page.goto("/currency-exchange/requests");
      await expect(page.getByTestId("fx-day").first()).toHaveText("Today");
      const row = page.locator(`[data-testid=fx-request][data-request-id="${id}"]`);
      await expect(row.getByTestId("fx-list-rate")).toHaveText(
        `1 GBP = ${javaScriptEnabled ? "1.235000000000" : "1.234545454545"} EUR`,
      );
      await expect(row.getByTestId("fx-status")).toHaveAttribute("data-status", "ACCEPTED");
      await axe(page, javaScriptEnabled);
      if (javaScriptEnabled) {
        // With JavaScript the details open in the side panel, a bottom sheet on a phone; Escape closes it.
        await page.setViewportSize({ width: 390, height: 844 });
        await row.getByRole("link").click();
        const sheet = page.getByTestId("fx-panel");
        await expect(sheet).toBeVisible();
        await expect(sheet.getByTestId("fx-detail-rate")).toHaveText("1 GBP = 1.23500000000000 EUR");
        await expect(page).toHaveURL(/\/currency-exchange\/requests$/);
        await axe(page, javaScriptEnabled);
        await page.keyboard.press("Escape");
        await expect(sheet).toBeHidden();
        await page.setViewportSize({ width: 1280, height: 720 });
      }

      // The home Requests tab lists it; both balances moved by exactly the request's sums.
      await page.goto("/home?tab=requests");
      await expect(page.getByTestId("tab-requests")).toHaveAttribute("aria-current", "page");
      await expect(page.locator(`[data-testid=fx-request][data-request-id="${id}"]`)).toBeVisible();
      await axe(page, javaScriptEnabled);
      expect(await homeBalance(page, "GBP")).toBe(gbpBefore - sellMinor - fee);
      expect(await homeBalance(page, "EUR")).toBe(eurBefore + toMinorUnits(bought));
    });

    test("a rejected request shows the cross and the reason, and the hold comes back", async ({ page }) => {
      test.setTimeout(120_000);
      await login(page, CUSTOMERS.individual);
      const gbpBefore = await homeBalance(page, "GBP");
      const { id } = await proposeAndSign(page, javaScriptEnabled, "5.00", "1.5");
      await staffCommand(page, ["fx:reject", id, "--reason", "The rate is too far from the market"]);
      await page.goto(`/currency-exchange/requests/${id}`);
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "REJECTED");
      await expect(page.getByTestId("fx-icon-cross")).toBeVisible();
      await expect(page.getByTestId("fx-reason")).toHaveText("The rate is too far from the market");
      expect(await homeBalance(page, "GBP")).toBe(gbpBefore);
    });

    test("an unsigned request is listed Not confirmed with its Sign link; Oliver declines it after a confirmation: Declined, nothing held", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await login(page, CUSTOMERS.individual);
      const gbpBefore = await homeBalance(page, "GBP");
      await propose(page, javaScriptEnabled, javaScriptEnabled ? "4.01" : "4.02", "1.19");
      await expect(page).toHaveURL(SIGN_URL);
      const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
      // He leaves without the code: the list shows it, with the way to sign it.
      await page.goto("/currency-exchange/requests");
      const row = page.locator(`[data-testid=fx-request][data-request-id="${id}"]`);
      await expect(row.getByTestId("fx-status")).toHaveText("Not confirmed");
      await expect(row.getByTestId("fx-sign")).toHaveAttribute("href", `/currency-exchange/requests/${id}/sign`);
      await page.goto(`/currency-exchange/requests/${id}`);
      await page.getByTestId("fx-decline").click();
      await expect(page).toHaveURL(new RegExp(`/currency-exchange/requests/${id}\\?decline=1$`));
      const confirm = page.getByTestId("fx-decline-confirm");
      await expect(confirm.getByRole("heading", { name: "Decline this rate request?" })).toBeVisible();
      await axe(page, javaScriptEnabled);
      await confirm.getByRole("button", { name: "Decline request" }).click();
      await expect(page).toHaveURL(new RegExp(`/currency-exchange/requests/${id}\\?declined=1$`));
      await expect(page.getByTestId("fx-declined-notice")).toHaveText(
        "The request is declined. It will not be sent to the bank.",
      );
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "DECLINED");
      await expect(page.getByTestId("fx-status")).toContainText("Declined");
      await expect(page.getByTestId("go-sign")).toHaveCount(0);
      await expect(page.getByTestId("fx-decline")).toHaveCount(0);
      await axe(page, javaScriptEnabled);
      // No longer to sign: its signing page sends back; the list shows it Declined without a Sign link.
      await page.goto(`/currency-exchange/requests/${id}/sign`);
      await expect(page).toHaveURL(new RegExp(`/currency-exchange/requests/${id}$`));
      await page.goto("/currency-exchange/requests");
      await expect(row.getByTestId("fx-status")).toHaveAttribute("data-status", "DECLINED");
      await expect(row.getByTestId("fx-sign")).toHaveCount(0);
      expect(await homeBalance(page, "GBP")).toBe(gbpBefore);
    });

    test("a wrong rate comes back on its field; nothing is created", async ({ page, consoleErrors }) => {
      await login(page, CUSTOMERS.individual);
      await propose(page, javaScriptEnabled, "5.00", "1.1234567890123");
      allowValidationAnswers(consoleErrors, "/currency-exchange/requests/new");
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/new$/);
      await expect(page.locator("#rate-error")).toBeVisible();
      // "1,234" could be a thousand and some or one and a bit: its own message, the rate kept as typed.
      await propose(page, javaScriptEnabled, "5.00", "1,234");
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/new$/);
      await expect(page.locator("#rate-error")).toHaveText(
        "A comma before exactly three digits could be a thousands separator. Type the rate without thousands separators, with a dot before the decimals: 1234 or 1.234",
      );
      await expect(page.locator("form#fx-request-form [name=rate]")).toHaveValue("1,234");
    });
  });
}

test("what Oliver types before the page's JavaScript starts is kept (a slow phone): the amount survives hydration and is previewed", async ({
  page,
}) => {
  await login(page, CUSTOMERS.individual);
  // Hold the JavaScript (not the stylesheets) back until the form is filled, as a slow network does.
  const release = await holdBuildFiles(page, "**/build/**/*.js");
  await page.goto("/currency-exchange/requests/new", { waitUntil: "commit" });
  const form = page.locator("form#fx-request-form");
  await expect(form).toBeVisible();
  await expect(form).not.toHaveAttribute("novalidate", "");
  await chooseGbpToEur(form);
  await form.locator("[name=sellAmount]").fill("10,00");
  await form.locator("[name=rate]").fill("1.234567890123");
  // Nothing moves at hydration, the preview appearing included: its line is kept from the first paint.
  const submit = form.getByRole("button", { name: "Continue" });
  const before = await submit.boundingBox();
  release();
  await formReady(page, true, form);
  // Hydrated: the preview is computed from what was typed, and the amount (normalised) stays when the form renders again.
  await expect(page.getByTestId("fx-preview")).toHaveText("You would receive 12.35 EUR (before the bank's decision).");
  expect(await submit.boundingBox(), "Continue where it was before hydration").toEqual(before);
  await form.locator("[name=rate]").fill("1.5");
  await expect(page.getByTestId("fx-preview")).toHaveText("You would receive 15.00 EUR (before the bank's decision).");
  await expect(form.locator("[name=sellAmount]")).toHaveValue("10.00");
});

test.describe("refusals in the page's language", () => {
  test.use({ locale: "de-DE" });
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "JavaScript on" : "JavaScript off", () => {
      test.use({ javaScriptEnabled });

      test("a GBP amount with three decimals: refused while typing, or by the API in German on its field (not in English)", async ({
        page,
        consoleErrors,
      }) => {
        await signIn(page, CUSTOMERS.individual);
        await page.goto("/currency-exchange/requests/new");
        await expect(page.locator("html")).toHaveAttribute("lang", "de");
        const form = page.locator("form#fx-request-form");
        await formReady(page, javaScriptEnabled, form);
        await chooseGbpToEur(form);
        if (javaScriptEnabled) {
          // The amount input knows GBP's 2 decimals: the third is not taken.
          await form.locator("[name=sellAmount]").pressSequentially("10.123");
          await expect(form.locator("[name=sellAmount]")).toHaveValue("10.12");
          return;
        }
        // Without JavaScript only the API knows GBP's 2 decimals: its refusal is translated.
        await form.locator("[name=sellAmount]").fill("10.123");
        await form.locator("[name=rate]").fill("1.1");
        allowValidationAnswers(consoleErrors, "/currency-exchange/requests/new");
        await form.locator("button[type=submit]").last().click();
        await expect(page).toHaveURL(/\/currency-exchange\/requests\/new$/);
        await expect(page.locator("#sellAmount-error")).toHaveText("Zu viele Nachkommastellen");
        await expect(form.locator("[name=sellAmount]")).toHaveValue("10.123");
      });
    });
  }
});
