/**
 * The form screens are a chunk of their own in the browser (app/lib/split-screen.tsx, issue 5
 * §1): prove they are still enhanced with JavaScript — the form hydrates (remix-validated-form
 * sets `novalidate`) and an invalid submission is answered in the browser, with the field error
 * shown and no POST sent — and that the screen chunk is not part of the page's first load, nor
 * are the form's rules part of the page load at all (they load when the form is first used).
 * (Without JavaScript the same forms are covered by flows, story and auth-flows specs.) The
 * list pages split the same way (/payments, /payments/sign/result, /history and its item page):
 * their chunk is not linked from the HTML, they hydrate, and client-side navigation to and from
 * them renders the next page in the same document.
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";

interface Case {
  url: string;
  /** Who opens it (undefined: logged out). */
  who?: string;
  form: string;
  /** A field that must show an error after submitting the form as it is. */
  field: string;
  /** Put the form into an invalid state (default: leave it empty). */
  spoil?: (page: Page) => Promise<void>;
}

/** A SEPA payment awaiting signature, created through the form; returns its signing URL. */
async function paymentToSign(page: Page): Promise<string> {
  await page.goto("/payments/euro");
  await expect(page.locator("main form[method=post]")).toHaveAttribute("novalidate", "");
  await page.locator("[name=beneficiaryName]").fill("Split Probe");
  await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("1.06");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname;
}

/** Pathnames of the scripts this document fetched. */
const fetchedScripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));

const CASES: Case[] = [
  { url: "/auth/phone", form: "main form[method=post]", field: "phone" },
  {
    url: "/payments/euro",
    who: CUSTOMERS.individual,
    form: "main form[method=post]",
    field: "iban",
    spoil: async (page) => page.locator("[name=iban]").fill("DE00 1234"),
  },
  { url: "/payments/between-accounts", who: CUSTOMERS.individual, form: "main form[method=post]", field: "amount" },
  {
    url: `/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.both)}`,
    who: CUSTOMERS.individual,
    form: "#pay-title ~ form",
    field: "amount",
  },
  { url: "/payments/international/form", who: CUSTOMERS.individual, form: "main form[method=post]", field: "beneficiaryName" },
  { url: "/payments/casp/form", who: CUSTOMERS.individual, form: "main form[method=post]", field: "walletAddress" },
  { url: "sign", who: CUSTOMERS.individual, form: "form#sign", field: "code" },
];

for (const c of CASES) {
  test(`${c.url}: the split screen hydrates and validates in the browser (no POST for an invalid form)`, async ({ page }) => {
    if (c.who) await login(page, c.who);
    const url = c.url === "sign" ? await paymentToSign(page) : c.url;
    await page.goto(url);
    const form = page.locator(c.form).first();
    await expect(form, "hydrated by remix-validated-form").toHaveAttribute("novalidate", "");
    // The screen came as a chunk of its own (not linked from the HTML: the first load does not wait for it).
    const html = await (await page.request.get(url)).text();
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    expect(html).not.toMatch(/\.screen-[A-Z0-9]+\.js/);
    expect(
      scripts.some((s) => /\/build\/_shared\/__[\w-]+\.screen-[A-Z0-9]+\.js$/.test(s)),
      `screen chunk in ${scripts}`,
    ).toBe(true);

    // The form's rules (zod, and ibantools or the wallet checks where used) wait for the form to be
    // used (app/lib/lazy-validator.ts): not fetched by the page load, fetched by the first use.
    await page.waitForLoadState("networkidle");
    const rules = /\/build\/_shared\/(__[\w-]+\.schema|code-validators)-[A-Z0-9]+\.js$/;
    expect(
      (await fetchedScripts(page)).filter((s) => rules.test(s)),
      "rules before the form is used",
    ).toEqual([]);

    if (c.spoil) await c.spoil(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      // A background draft save (intent=save-draft) is not a submission of the form.
      if (r.method() === "POST" && !/(^|&)intent=save-draft(&|$)/.test(r.postData() ?? "")) posts.push(r.url());
    });
    await form.locator("button[type=submit]").first().click();
    await expect(form.locator(`[name=${c.field}]`)).toHaveAttribute("aria-invalid", "true");
    expect(posts, "an invalid form is not posted").toEqual([]);
    expect(
      (await fetchedScripts(page)).some((s) => rules.test(s)),
      "rules once the form is used",
    ).toBe(true);
  });
}

test("client-side navigation to a split screen renders and hydrates it (no full page load)", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/payments");
  // /payments is a split screen itself: its links navigate client-side once its chunk is in and
  // hydrated (before that they are plain links, a full page load: the no-JavaScript behaviour).
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .some((e) => /\/__payments\.screen-[A-Z0-9]+\.js$/.test(new URL(e.name).pathname)),
      ),
    )
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.locator("main a[href='/payments/euro']").first().click();
  await expect(page).toHaveURL(/\/payments\/euro$/);
  // The payment form itself: /payments may still be on screen for a moment, with the signing
  // forms of unsigned payments other specs of the shard left (the URL changes first).
  const form = page.locator("main form[method=post]").filter({ has: page.locator("[name=iban]") });
  await expect(form).toHaveAttribute("novalidate", "");
  await expect(form.locator("[name=iban]")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), "same document").toBe(
    true,
  );
});

/** Whether this document fetched the /home tabs chunk (`__home.tabs.tsx`, app/lib/split-part.tsx). */
const fetchedHomeTabs = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .some((e) => /\/build\/_shared\/__home\.tabs-[A-Z0-9]+\.js$/.test(new URL(e.name).pathname)),
  );

/** React errors (hydration mismatches, a boundary switched to client rendering) on the console. */
function reactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /react|hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("/home: the other tabs are a chunk fetched only when one of them shows; server-rendered, it hydrates in place", async ({
  page,
}) => {
  const errors = reactErrors(page);
  await signIn(page, CUSTOMERS.corporate);
  await page.goto("/home");
  await expect(page.locator("main a[href^='/history/']").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await fetchedHomeTabs(page), "the history tab does not fetch it").toBe(false);
  // A click on a tab: fetched then, the tab shows.
  await page.getByTestId("tab-fees").click();
  await expect(page.getByTestId("home-fees")).toBeVisible();
  expect(await fetchedHomeTabs(page)).toBe(true);

  // A first load on a tab: the server HTML (not linked from it), hydrated once the chunk is in.
  const html = await (await page.request.get("/home?tab=signing")).text();
  expect(html).not.toMatch(/__home\.tabs-[A-Z0-9]+\.js/);
  await page.goto("/home?tab=signing");
  const list = page.locator("main [data-testid=unsigned-payment], main [data-testid=unsigned-empty]").first();
  await expect(list).toBeVisible();
  await expect
    .poll(() => list.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))), {
      message: "hydrated by React",
    })
    .toBe(true);
  expect(await fetchedHomeTabs(page)).toBe(true);
  expect(errors).toEqual([]);
});

/** Mark the document: a full page load loses the mark, a client-side navigation keeps it. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument);

/** Whether React has hydrated (or rendered) the element. */
const hydrated = (locator: ReturnType<Page["locator"]>) =>
  locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")));

test("/payments/sign/result: its body is a chunk of its own that hydrates; its link to /history opens the list client-side", async ({
  page,
}) => {
  const errors = reactErrors(page);
  await login(page, CUSTOMERS.individual);
  const url = "/payments/sign/result?ids=&back=%2Fpayments";
  const html = await (await page.request.get(url)).text();
  expect(html).not.toMatch(/__result\.screen-[A-Z0-9]+\.js/);
  expect(html, "server-rendered body").toContain('id="unsigned-title"');
  await page.goto(url);
  // Hydrated before the click (the note on the automatic refreshes is in the server's page now,
  // so its being visible proves nothing): the link's element carries React's fiber.
  await expect(page.locator("#unsigned-title + p")).toBeVisible();
  await expect.poll(() => hydrated(page.locator("main a[href='/history']"))).toBe(true);
  expect(await fetchedScripts(page)).toContainEqual(expect.stringMatching(/^\/build\/_shared\/__result\.screen-[A-Z0-9]+\.js$/));

  await markDocument(page);
  await page.locator("main a[href='/history']").click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId("statement-item").first()).toBeVisible();
  // The list part is hydrated (the calendar button shows only once it is).
  await expect(page.getByTestId("calendar-open")).toBeVisible();
  expect(await sameDocument(page), "same document").toBe(true);
  expect(await fetchedScripts(page)).toContainEqual(expect.stringMatching(/^\/build\/_shared\/__history\.list-[A-Z0-9]+\.js$/));
  expect(errors).toEqual([]);
});

test("/history and /history/:itemId: the list and the item are chunks of their own; the item page's link back opens the list client-side", async ({
  page,
}) => {
  const errors = reactErrors(page);
  await login(page, CUSTOMERS.individual);
  const listHtml = await (await page.request.get("/history")).text();
  expect(listHtml).not.toMatch(/__history\.list-[A-Z0-9]+\.js/);
  await page.goto("/history");
  await expect(page.getByTestId("calendar-open"), "the list hydrated").toBeVisible();
  expect(await fetchedScripts(page)).toContainEqual(expect.stringMatching(/^\/build\/_shared\/__history\.list-[A-Z0-9]+\.js$/));
  const itemUrl = await page.locator("main [data-testid=statement-item] a").first().getAttribute("href");
  expect(itemUrl).toMatch(/^\/history\/[^/]+$/);

  // The item's own page: neither its screen nor the list is linked from its HTML (first load).
  const itemHtml = await (await page.request.get(itemUrl!)).text();
  expect(itemHtml).not.toMatch(/__history\.(list|item\.screen)-[A-Z0-9]+\.js/);
  expect(itemHtml, "server-rendered item").toContain('href="/history"');
  await page.goto(itemUrl!);
  const back = page.locator("main a[href='/history']");
  await expect.poll(() => hydrated(back), { message: "the item screen hydrated" }).toBe(true);
  expect(await fetchedScripts(page)).toContainEqual(
    expect.stringMatching(/^\/build\/_shared\/__history\.item\.screen-[A-Z0-9]+\.js$/),
  );

  await markDocument(page);
  await back.click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId("statement-item").first()).toBeVisible();
  await expect(page.getByTestId("calendar-open")).toBeVisible();
  expect(await sameDocument(page), "same document").toBe(true);
  expect(errors).toEqual([]);
});
