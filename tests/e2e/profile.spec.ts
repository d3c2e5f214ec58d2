/**
 * /profile (issue 10 "Devices"): the user's details and the signed-in devices, with JavaScript on
 * and off. A second device (an API login named uniquely by this test) is logged out from the
 * page and its token stops working at once; then the browser logs out its own device and lands
 * on /auth/phone. Only devices this test made are logged out (other tests share the customer).
 * The one-time-code channel changes to WhatsApp only after the code sent by WhatsApp, and back;
 * its code input takes digits only and, with JavaScript, submits itself on the 4th digit.
 * A company's representative sees its company number and registered address; an individual has
 * no company section but sees their date of birth and nationality (named in the page's language).
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, DEMO_PASSWORD, expect, login, signIn, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("profile lists devices; another device and then this one are logged out", async ({ page }) => {
      // A second device: an API login with its own name.
      const deviceName = `E2E tablet ${javaScriptEnabled ? "on" : "off"} ${Date.now()}`;
      const post = async (path: string, data: unknown) => (await page.request.post(`/api/v1${path}`, { data })).json();
      const challenge = await post("/auth/phone", { phone: CUSTOMERS.individual });
      const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
      const other = await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD, deviceName });
      const whoami = () =>
        page.request.get("/api/v1/users/whoami", { headers: { authorization: `Bearer ${other.accessToken}` } });
      expect((await whoami()).status()).toBe(200);

      await login(page, CUSTOMERS.individual);
      // The user-name link opens the profile popup (JavaScript) or its page (without): "My profile" from there.
      await page.getByTestId("profile-link").click();
      await page.getByRole("link", { name: "My profile" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.locator("main h1")).toHaveText("Profile");
      await expect(page.locator("main")).toContainText(CUSTOMERS.individual);
      const mine = page.getByTestId("device").filter({ hasText: "(this device)" });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(/Chrom(e|ium) on Linux/);
      if (javaScriptEnabled) {
        const results = await axeScan(page);
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      const tablet = page.getByTestId("device").filter({ hasText: deviceName });
      await tablet.getByRole("button", { name: `Log out ${deviceName}` }).click();
      await expect(page.getByRole("status")).toHaveText("The device was logged out.");
      await expect(page.getByTestId("device").filter({ hasText: deviceName })).toHaveCount(0);
      expect((await whoami()).status()).toBe(401);

      await page.getByTestId("device").filter({ hasText: "(this device)" }).getByRole("button").click();
      await expect(page).toHaveURL(/\/auth\/phone/);
      await page.goto("/home");
      await expect(page).toHaveURL(/\/auth\/phone/);
    });

    test("the code channel changes only after a code sent over the new channel; a wrong code stays on its field", async ({
      page,
      consoleErrors,
    }) => {
      // One customer per mode (the two modes may run at once); the channel is put back at the end.
      await login(page, javaScriptEnabled ? CUSTOMERS.both : CUSTOMERS.corporate);
      const change = async (to: "SMS" | "WhatsApp", wrongFirst: boolean) => {
        await page.goto("/profile");
        await page.getByLabel(to, { exact: false }).check();
        await page.getByRole("button", { name: "Change channel" }).click();
        await expect(page).toHaveURL(/\/profile\/code-channel$/);
        await expect(page.locator("main")).toContainText(`by ${to} to your phone`);
        const code = ((await page.getByTestId("debug-code").textContent()) ?? "").trim();
        const input = page.getByLabel("Code");
        // With JavaScript the 4th digit submits (the shared code input); without, the button does.
        const submit = async () => {
          if (!javaScriptEnabled) await page.getByRole("button", { name: `Receive codes by ${to}` }).click();
        };
        if (javaScriptEnabled) {
          // Digits only (spec 000 §5), once hydrated; fewer than 4 digits do not submit.
          await expect(async () => {
            await input.fill("");
            await input.pressSequentially("a");
            await expect(input).toHaveValue("", { timeout: 500 });
          }).toPass();
          await input.pressSequentially("1x2y");
          await expect(input).toHaveValue("12");
          await expect(page).toHaveURL(/\/profile\/code-channel$/);
        }
        if (wrongFirst) {
          const wrong = code === "0000" ? "1111" : "0000";
          await input.fill(wrong);
          await submit();
          await expect(page.locator("#channel-code-error")).toHaveText("The code is not correct. 4 tries left.");
          await expect(input).toHaveValue(wrong);
        }
        await input.fill(code);
        await submit();
        await expect(page).toHaveURL(/\/profile\?done=channel-changed$/);
        await expect(page.getByRole("status")).toHaveText("Your codes will now arrive by the new channel.");
        await expect(page.locator("label", { hasText: "(in use)" })).toContainText(to);
      };
      await change("WhatsApp", true);
      if (javaScriptEnabled) {
        await page.goto("/profile");
        const results = await axeScan(page);
        expect(results.violations.map((v) => v.id)).toEqual([]);
      }
      await change("SMS", false);
      allowValidationAnswers(consoleErrors, "/profile/code-channel"); // the wrong code's 400, on purpose
    });
  });
}

/** Switch the page's language with the layout's language form (works with JavaScript on and off). */
async function switchTo(page: Page, language: string) {
  const form = page.locator('form[action="/locale"]');
  await form.locator("select[name=lng]").selectOption({ label: language });
  await form.getByRole("button").click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`details, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a company representative sees the company number and registered address; an individual sees no company section but a date of birth and nationality", async ({
      page,
    }) => {
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/profile");
      const company = page.getByRole("region", { name: "Your company" });
      await expect(company).toContainText("Northwind Trading Ltd");
      await expect(company).toContainText("Company number09876543");
      await expect(company.getByTestId("company-number")).toHaveText("09876543");
      await expect(company.getByTestId("registered-address")).toHaveText("14 Wharf RoadUnit 3BristolBS1 4RNUnited Kingdom");
      await expect(company).toContainText("Business addressSame as the registered address");
      if (javaScriptEnabled) {
        const results = await axeScan(page);
        expect(results.violations.map((v) => v.id)).toEqual([]);
      }

      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/profile");
      await expect(page.locator("main h1")).toHaveText("Profile");
      await expect(page.getByRole("region", { name: "Your company" })).toHaveCount(0);
      // Spec 000 §3 User profile: dob (dd.mm.yyyy) and nationality (the country's name in the page's language).
      const details = page.getByRole("region", { name: "Your details" });
      await expect(details).toContainText("Date of birth12.04.1988");
      await expect(details.getByTestId("dob")).toHaveText("12.04.1988");
      await expect(details).toContainText("NationalityUnited Kingdom");
      // The phone changes through the bank (docs/decisions.md "Changing the phone number"): the way there.
      await expect(details.getByTestId("phone-change")).toContainText("To change it, write to us");
      await details.getByRole("link", { name: "Write to us in the chat" }).click();
      await expect(page).toHaveURL(/\/chat$/);
      await page.goto("/profile");
      await switchTo(page, "Deutsch");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      const ihre = page.getByRole("region", { name: "Ihre Angaben" });
      await expect(ihre).toContainText("Geburtsdatum12.04.1988");
      await expect(ihre).toContainText("StaatsangehörigkeitVereinigtes Königreich");
    });
  });
}
