/**
 * An official who may not sign (signature type NONE) prepares a payment for a signer, with
 * JavaScript on and off (docs/decisions.md "Who may sign"): Daniel Hughes (Northwind) pays by
 * phone; his flow ends on the payment's page, which says it waits for a signer, and no code is
 * sent; nothing leaves the balance. Back on the form, the notice offers the waiting payment or a
 * new one (a fresh form). Amelia Clarke finds it in her signing list and declines it (the demo's
 * balances stay as they are). An FX rate request he proposes waits the same way: its page says why
 * he cannot sign and its signing page sends him back; his lists say it waits for a signer. Amelia
 * finds it in the home Requests and signing tabs (counted), on /payments and in the requests list,
 * and signs it through its "Sign" link (the bank then rejects it: the hold comes back). A
 * remittance order he prepares waits likewise; Amelia finds it in her signing tab and on
 * /payments, with the link to its signing page. So does a remittance order he prepares
 * (orders switched on for Northwind by an ADMIN at /ops/settings for the test, then back to the
 * bank's value). axe on the new notices (JavaScript on).
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, staffCommand, test } from "./fixtures";
import { expectNoViolations } from "./layout-helpers";
import { opsLogin, STAFF } from "./ops-fixtures";
import { fillOrder } from "./remittance-helpers";
import { confirmWithCode, formReady } from "./signing-helpers";

/** Northwind Trading Ltd's second official (seed: signature type NONE). */
const SECOND_OFFICIAL = "+447700900006";

/** Choose the option whose text matches (labels carry live balances). */
async function selectByText(select: Locator, text: RegExp) {
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text}`);
  await select.selectOption(hit.value);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signature type NONE: the payment waits for a signer, no code, no money moved; a new payment from the notice", async ({
      page,
    }) => {
      const reference = `Prepared ${mode} ${Date.now()}`;
      const amount = javaScriptEnabled ? "2.31" : "2.32";
      await login(page, SECOND_OFFICIAL);
      const formUrl = `/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.individual)}`;
      await page.goto(formUrl);
      const form = page.locator("#pay-title ~ form");
      await expect(form).toBeVisible();
      if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
      await expect(page.getByTestId("pending-payment")).toHaveCount(0);
      await selectByText(form.locator("select[name=source]"), /Operating account.*GBP/);
      const sourceLabel = (await form.locator("select[name=source] option:checked").textContent()) ?? "";
      await form.locator("[name=amount]").fill(amount);
      await form.locator("[name=reference]").fill(reference);
      await form.locator("button[type=submit]").first().click();

      // His flow ends on the payment's page: waiting for a signer, no code form.
      await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
      const paymentId = page.url().split("/").pop()!;
      await expect(page.getByTestId("awaiting-signer")).toHaveText(
        "The payment is created. It waits for the signature of an official of Northwind Trading Ltd who can sign: no money moves until then.",
      );
      await expect(page.getByTestId("payment-status")).toHaveText("Awaiting signature");
      await expect(page.getByTestId("cannot-sign")).toBeVisible();
      await expect(page.getByTestId("debug-code")).toHaveCount(0);
      await expect(page.locator("form#sign")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoViolations(page, "payment waiting for a signer");

      // Back on the form: the notice names the waiting payment; submitting again would replay it.
      await page.goto(formUrl);
      const notice = page.getByTestId("pending-payment");
      await expect(notice).toContainText("waits for the signature of an official who can sign");
      await expect(notice.getByRole("link", { name: "View the waiting payment" })).toHaveAttribute(
        "href",
        `/payments/${paymentId}`,
      );
      if (javaScriptEnabled) await expectNoViolations(page, "payment form with a payment waiting for a signer");
      const key = await form.locator("[name=idempotencyKey]").inputValue();
      await notice.getByRole("link", { name: "Start a new payment" }).click();
      await expect(page).toHaveURL(new RegExp(`after=${paymentId}`));
      await expect(page.getByTestId("pending-payment")).toHaveCount(0);
      await expect(form.locator("[name=idempotencyKey]")).not.toHaveValue(key);

      // No money moved: the balance in the payment source's label is unchanged.
      await expect(form.locator("select[name=source] option", { hasText: /Operating account.*GBP/ })).toHaveText(sourceLabel);

      // Amelia Clarke finds it in her signing list; she declines it (the demo keeps its balances).
      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/payments");
      // Newest first: his payment is on the first page.
      const row = page.getByTestId("unsigned-payment").filter({ has: page.locator(`input[value="${paymentId}"]`) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(amount);
      await page.goto(`/payments/${paymentId}`);
      await expect(page.getByTestId("awaiting-signer")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Sign this payment" })).toBeVisible();
      await page.goto(`/payments/decline?ids=${paymentId}`);
      await page.getByRole("button", { name: /^Decline/ }).click();
      await expect(page).toHaveURL(/\/payments$/); // declined: back to the list
      await page.goto(`/payments/${paymentId}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Declined");
    });

    test("signature type NONE: an FX rate request he proposes waits for a signer; Amelia finds it in her lists and signs it from there", async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await login(page, SECOND_OFFICIAL);
      // An exchange moves the company's money at once: he may not make one, only propose a rate.
      await page.goto("/currency-exchange");
      await expect(page.getByTestId("exchange-no-duty")).toContainText("Only an official who can sign");
      await expect(page.getByTestId("exchange-form")).toHaveCount(0);
      await page.getByRole("link", { name: "Propose your own rate for a signer to confirm" }).click();
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/new$/);
      const form = page.locator("form#fx-request-form");
      await expect(form).toBeVisible();
      if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
      await selectByText(form.locator("select[name=source]"), /Operating account.*GBP/);
      await form.locator("select[name=toCurrencyId]").selectOption("EUR");
      await form.locator("[name=sellAmount]").fill(javaScriptEnabled ? "1.11" : "1.12");
      await form.locator("[name=rate]").fill("1.17");
      await form.getByRole("button", { name: "Continue" }).click();

      await expect(page).toHaveURL(/\/currency-exchange\/requests\/[0-9a-f-]{36}$/);
      const url = page.url();
      await expect(page.getByTestId("cannot-sign")).toContainText("You cannot sign payments of Northwind Trading Ltd.");
      await expect(page.getByTestId("go-sign")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoViolations(page, "FX request waiting for a signer");
      await page.goto(`${url}/sign`);
      await expect(page).toHaveURL(url);
      await expect(page.getByTestId("debug-code")).toHaveCount(0);
      const id = url.split("/").pop()!;

      // His lists show it, Not confirmed, waiting for a signer: no Sign link for him.
      const rowIn = (list: Locator) => list.locator(`[data-testid=fx-request][data-request-id="${id}"]`);
      await page.goto("/currency-exchange/requests");
      await expect(rowIn(page.locator("main")).getByTestId("fx-status")).toHaveText("Not confirmed");
      await expect(rowIn(page.locator("main")).getByTestId("fx-waits")).toHaveText("Waits for a signer of the company");
      await expect(rowIn(page.locator("main")).getByTestId("fx-sign")).toHaveCount(0);
      await page.goto("/home?tab=signing");
      await expect(rowIn(page.getByTestId("fx-to-sign")).getByTestId("fx-waits")).toBeVisible();

      // Amelia Clarke (SINGLE) finds it where signers look: the home Requests tab, the signing tab
      // (counted), the payments page's list to sign, and the requests list.
      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/home?tab=requests");
      await expect(rowIn(page.locator("main")).getByTestId("fx-status")).toHaveAttribute("data-status", "AWAITING_SIGNATURE");
      await expect(rowIn(page.locator("main")).getByTestId("fx-sign")).toHaveAttribute(
        "href",
        `/currency-exchange/requests/${id}/sign`,
      );
      await page.goto("/home?tab=signing");
      const toSign = page.getByTestId("fx-to-sign");
      await expect(toSign.getByRole("heading", { name: "Rate requests to sign" })).toBeVisible();
      await expect(rowIn(toSign).getByTestId("fx-sign")).toBeVisible();
      const count = Number(await page.getByTestId("signing-count").textContent());
      const payments = await page.getByTestId("unsigned-payment").count();
      expect(count).toBeGreaterThanOrEqual(payments + (await toSign.getByTestId("fx-request").count()));
      if (javaScriptEnabled) await expectNoViolations(page, "signing tab with rate requests to sign");
      await page.goto("/payments");
      await expect(rowIn(page.getByTestId("fx-to-sign")).getByTestId("fx-sign")).toBeVisible();
      if (javaScriptEnabled) await expectNoViolations(page, "payments page with rate requests to sign");
      await page.goto("/currency-exchange/requests");
      const row = rowIn(page.locator("main"));
      await expect(row.getByTestId("fx-waits")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoViolations(page, "requests list with a request to sign");

      // She signs it through the link: a code, then Waiting (the sum held).
      await row.getByTestId("fx-sign").click();
      await expect(page).toHaveURL(`${url}/sign`);
      const resend = page.locator("form#resend");
      await formReady(page, javaScriptEnabled, resend);
      await resend.locator("button[type=submit]").click();
      await confirmWithCode(page, javaScriptEnabled);
      await expect(page).toHaveURL(`${url}?signed=1`);
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "PENDING");
      await page.goto("/home?tab=signing");
      await expect(rowIn(page.locator("main"))).toHaveCount(0);
      // The bank rejects it: the hold goes back (the demo keeps its balances).
      expect(await staffCommand(page, ["fx:reject", id, "--reason", "Test request"])).toContain("REJECTED");
    });
  });
}

/**
 * Runs `fn` with PAYMENTS-ORDERS-ENABLED on for Northwind (an ADMIN at /ops/settings, in a context
 * of its own), then puts it back to the bank's value, also when `fn` fails.
 */
async function withNorthwindOrders(browser: Browser, javaScriptEnabled: boolean, fn: () => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL });
  const staff = await context.newPage();
  const flag = () => staff.getByTestId("org-flag-PAYMENTS-ORDERS-ENABLED");
  await opsLogin(staff, STAFF.admin);
  await staff.goto("/ops/settings");
  await staff.getByLabel("Find an organization by name").fill("Northwind");
  await staff.getByRole("button", { name: "Search" }).click();
  await staff.getByTestId("organizations").getByRole("link", { name: "Northwind Trading Ltd" }).click();
  await flag().getByTestId("on-PAYMENTS-ORDERS-ENABLED").click();
  await expect(flag().getByTestId("effective")).toHaveText("On");
  try {
    await fn();
  } finally {
    await flag().getByTestId("inherit-PAYMENTS-ORDERS-ENABLED").click();
    await expect(flag().getByTestId("own")).toHaveText("Follows the bank");
    await context.close();
  }
}

/** Fill and send the new-order form as Daniel (Northwind's GBP balance). */
async function prepareOrder(page: Page, javaScriptEnabled: boolean, payee: string) {
  await page.goto("/payments/remittance/new");
  const form = page.locator("form#remittance-form");
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
  await selectByText(form.locator("select[name=source]"), /Operating account.*GBP/);
  await fillOrder(form, { sum: "3.10", description: "Supplier sample", payee });
  await form.getByRole("button", { name: "Continue to confirm" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`remittance, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signature type NONE: a remittance order waits for a signer, no code; the form's notice offers a new one; Amelia finds it to sign", async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      await withNorthwindOrders(browser, javaScriptEnabled, async () => {
        await login(page, SECOND_OFFICIAL);
        await prepareOrder(page, javaScriptEnabled, `Prepared payee ${javaScriptEnabled ? "JS" : "NoJS"}`);
        // His flow ends on the order's page, not on a code form.
        await expect(page).toHaveURL(/\/payments\/remittance\/[0-9a-f-]{36}$/);
        const orderId = page.url().split("/").pop()!;
        await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "PENDING");
        await expect(page.getByTestId("cannot-sign")).toBeVisible();
        await expect(page.getByTestId("debug-code")).toHaveCount(0);
        await expect(page.locator("form#sign")).toHaveCount(0);
        if (javaScriptEnabled) await expectNoViolations(page, "remittance order waiting for a signer");
        // Its signing page sends him back.
        await page.goto(`/payments/remittance/${orderId}/sign`);
        await expect(page).toHaveURL(new RegExp(`/payments/remittance/${orderId}$`));

        // Back on the form: the order waits; a new one is a fresh form.
        await page.goto("/payments/remittance/new");
        const notice = page.getByTestId("pending-order");
        await expect(notice.getByRole("link", { name: "View the waiting order" })).toHaveAttribute(
          "href",
          `/payments/remittance/${orderId}`,
        );
        if (javaScriptEnabled) await expectNoViolations(page, "remittance form with a waiting order");
        await notice.getByRole("link", { name: "Start a new order" }).click();
        await expect(page).toHaveURL(new RegExp(`/payments/remittance/new\\?after=${orderId}$`));
        await expect(page.getByTestId("pending-order")).toHaveCount(0);

        // His signing tab lists it as waiting for a signer.
        const orderIn = (list: Locator) => list.locator(`[data-testid=order-to-sign][data-order-id="${orderId}"]`);
        await page.goto("/home?tab=signing");
        await expect(orderIn(page.getByTestId("orders-to-sign")).getByTestId("order-waits")).toHaveText(
          "Waits for a signer of the company",
        );
        await expect(orderIn(page.getByTestId("orders-to-sign")).getByTestId("order-sign")).toHaveCount(0);

        // Amelia Clarke finds it in her signing tab (counted) and on /payments, with the link to sign it.
        await page.context().clearCookies();
        await signIn(page, CUSTOMERS.corporate);
        await page.goto("/home?tab=signing");
        const toSign = page.getByTestId("orders-to-sign");
        await expect(toSign.getByRole("heading", { name: "Remittance orders to sign" })).toBeVisible();
        await expect(orderIn(toSign).getByTestId("order-status")).toHaveAttribute("data-status", "PENDING");
        const count = Number(await page.getByTestId("signing-count").textContent());
        expect(count).toBeGreaterThanOrEqual(
          (await page.getByTestId("unsigned-payment").count()) + (await toSign.getByTestId("order-to-sign").count()),
        );
        if (javaScriptEnabled) await expectNoViolations(page, "signing tab with remittance orders to sign");
        await page.goto("/payments");
        const link = orderIn(page.getByTestId("orders-to-sign")).getByTestId("order-sign");
        await expect(link).toHaveAttribute("href", `/payments/remittance/${orderId}/sign`);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/payments/remittance/${orderId}/sign$`));
        await expect(page.locator("form#resend")).toBeVisible(); // she may send herself the code
      });
    });
  });
}
