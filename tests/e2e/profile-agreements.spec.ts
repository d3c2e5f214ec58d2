/**
 * Profile agreements (issue 10; /profile/agreements and the /home banner) with JavaScript on and
 * off: the bank asks the customer to sign an agreement (staff command agreement:request), /home
 * shows the banner, the page lists the agreement, its file downloads as a PDF, signing it shows
 * the confirmation and the banner goes away. One customer per mode (the modes may run at once):
 * James Patel (the demo's seeded request, asked again at the end so the demo keeps its banner)
 * and Daniel Hughes.
 */
import { CUSTOMERS, expect, signIn, staffCommand, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

const AGREEMENT = "payment-services-update-2027";
const TITLE = "Payment services terms: changes from 2027";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sign an agreement from the /home banner; download its file; the banner goes away", async ({ page }) => {
      const phone = javaScriptEnabled ? CUSTOMERS.both : "+447700900006";
      await staffCommand(page, ["agreement:request", phone, AGREEMENT]);
      await signIn(page, phone);
      await page.goto("/home");
      const banner = page.getByTestId("agreements-banner");
      await expect(banner).toContainText("The bank has updated an agreement");
      await banner.getByRole("link", { name: "Read and sign" }).click();
      await expect(page).toHaveURL(/\/profile\/agreements$/);
      await expect(page.locator("main h1")).toHaveText("Agreements to sign");
      const row = page.getByTestId("agreement").filter({ hasText: TITLE });
      await expect(row).toContainText("Version 2027.1");
      if (javaScriptEnabled) {
        const results = await axeScan(page);
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("agreement-file").click()]);
      expect(download.suggestedFilename()).toBe("payment-services-terms-update-2027.pdf");
      const file = await page.request.get(`/profile/agreements/${AGREEMENT}/file`);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

      await row.getByRole("button", { name: `Sign ${TITLE}` }).click();
      await expect(page.getByRole("status")).toHaveText("Thank you: the agreement is signed.");
      await expect(page.getByTestId("agreements-none")).toBeVisible();
      await page.goto("/home");
      await expect(page.locator("main h1")).toHaveText("Home");
      await expect(page.getByTestId("agreements-banner")).toHaveCount(0);

      // The demo keeps James Patel's request (README): ask again.
      if (phone === CUSTOMERS.both) await staffCommand(page, ["agreement:request", phone, AGREEMENT]);
    });
  });
}
