/**
 * A failed list shows the API's message in the list's place, the rest of the page as usual (spec
 * 000 §7 "a failed list passes the server message on as its error"; spec 001 §8 "Failed lists";
 * app/lib/list-errors.server.ts). The real API refuses a beneficiaries search holding a NUL
 * character (400 VALIDATION_FAILED, constraint noNulCharacters: server/api/v1/input-guard.ts);
 * a known constraint id is shown in the page's language. JavaScript on (the filter form
 * navigates in the page) and off (the browser's own GET); axe on the page with the error in the
 * JavaScript-on run. The back office likewise: /ops/chat's customer search with a NUL character
 * (the ops API's own guard) shows the refusal under the search, the waiting channels as usual.
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";
import { axe } from "./signing-helpers";

/** errors:Lists.constraints.noNulCharacters in English and German (worded for a list, not "…from this field"). */
const REFUSAL = {
  en: "A search or filter holds an invisible control character. Remove it and try again.",
  de: "Eine Suche oder ein Filter enthält ein unsichtbares Steuerzeichen. Entfernen Sie es und versuchen Sie es erneut.",
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a beneficiaries search the API refuses shows its message where the list would be", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/beneficiaries");
      await expect(page.getByTestId("beneficiaries-error")).toHaveCount(0);

      // The filter form, as a person sends it (a pasted control character).
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill("Sarah\u0000");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/search=Sarah%00/);
      const error = page.getByTestId("beneficiaries-error");
      await expect(error).toBeVisible();
      await expect(error).toHaveAttribute("role", "alert");
      await expect(page.getByTestId("beneficiaries-error-message")).toHaveText(REFUSAL.en);
      await expect(error).toContainText("This list could not be shown.");
      // The rest of the page: heading, add link, filters (no error page).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beneficiaries");
      await expect(page.getByTestId("add-beneficiary")).toBeVisible();
      await expect(page.getByRole("search")).toBeVisible();
      await expect(page.getByTestId("beneficiary")).toHaveCount(0);
      await expect(page.getByTestId("beneficiaries-empty")).toHaveCount(0);
      await axe(page, javaScriptEnabled);

      // The address itself (a bookmark): a page, not an error page, in the page's language.
      const switcher = page.locator('form[action="/locale"]');
      await switcher.locator("select[name=lng]").selectOption({ label: "Deutsch" });
      await switcher.getByRole("button").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      const answer = await page.goto("/beneficiaries?search=%00&status=APPROVED");
      expect(answer?.status()).toBe(200);
      await expect(page.getByTestId("beneficiaries-error-message")).toHaveText(REFUSAL.de);
      await expect(page.getByTestId("beneficiaries-error")).toContainText("Diese Liste konnte nicht angezeigt werden.");

      // The same list without the character loads again.
      await page.goto("/beneficiaries?search=Sarah&status=APPROVED");
      await expect(page.getByTestId("beneficiaries-error")).toHaveCount(0);
    });

    test("a back-office search the ops API refuses shows its message where the results would be", async ({ page }) => {
      await opsLogin(page, STAFF.support);
      await page.goto("/ops/chat");
      const search = page.getByRole("searchbox", { name: "Customer name, phone or email" });
      await search.fill("Oliver\u0000");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=Oliver%00/);
      const error = page.getByTestId("ops-chat-found-error");
      await expect(error).toBeVisible();
      await expect(error).toHaveAttribute("role", "alert");
      await expect(error).toContainText("This list could not be shown.");
      await expect(page.getByTestId("ops-chat-found-error-message")).toHaveText(REFUSAL.en);
      // The rest of the page: heading, the waiting channels (list or its empty text), the search
      // keeping what was typed; no error page.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat: waiting for a reply");
      await expect(page.getByTestId("ops-chat-channels-error")).toHaveCount(0);
      await expect(page.getByTestId("ops-chat-channels").or(page.getByText("No channel is waiting for a reply."))).toBeVisible();
      // (An HTML page cannot carry a NUL: the server-rendered value shows it as U+FFFD.)
      expect(["Oliver\u0000", "Oliver\uFFFD"]).toContain(await search.inputValue());
      await expect(page.getByTestId("ops-chat-found")).toHaveCount(0);
      await axe(page, javaScriptEnabled);

      // The same search without the character answers again.
      await page.goto("/ops/chat?q=Oliver");
      await expect(page.getByTestId("ops-chat-found-error")).toHaveCount(0);
      await expect(page.getByTestId("ops-chat-found").or(page.getByTestId("ops-chat-found-none"))).toBeVisible();
    });
  });
}
