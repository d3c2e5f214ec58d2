/**
 * Contracts of a saved beneficiary (issue 7; spec 000 §2 /beneficiaries/{id}/contracts?contract=,
 * §3 Contracts, §4 contract states), with JavaScript on and off: Oliver (+447700900001) opens the
 * contracts of a beneficiary he saved (made through the API: its pages are not under test here),
 * creates a contract, attaches a real PDF under a category through the plain multipart form (a
 * text file named .pdf comes back on the files field), downloads it (its bytes and safe headers),
 * edits the contract, submits it for review and sees it UNDER_REVIEW, locked, in the list. Another
 * customer gets the not-found page for the contract page and the download. axe on the pages. A
 * history item of a payment made under a contract names the contract and links to it (spec 000
 * §3 info block "contract (id, name, beneficiaryId)"; JavaScript off).
 */
import fs from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import {
  apiSession,
  approvedBeneficiary,
  CUSTOMERS,
  expect,
  login,
  savedBeneficiary,
  signIn,
  staffCommand,
  test,
} from "./fixtures";
import { axeScan } from "./layout-helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

/** With JS, wait until React has hydrated the form (remix-validated-form sets noValidate then). */
async function formReady(javaScriptEnabled: boolean, form: Locator) {
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** With JS a refused form answers 400 to its fetch, which Chromium logs: drop exactly those for this page. */
function allowRefusals(consoleErrors: string[], beneficiaryId: string) {
  const expected = new RegExp(
    `status of 400 \\(Bad Request\\) @ http://[^/]+/beneficiaries/${beneficiaryId}/contracts\\?[^ ]*_data=`,
  );
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (expected.test(consoleErrors[i])) consoleErrors.splice(i, 1);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create a contract, attach a PDF by category, download it, edit it, submit it for review", async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const name = `Contract Partner ${mode} GmbH`;
      const id = await savedBeneficiary(request, name);
      await login(page, CUSTOMERS.individual);
      const base = `/beneficiaries/${id}/contracts`;
      await page.goto(base);
      await expect(page.locator("main h1")).toHaveText(`Contracts with ${name}`);
      await expect(page.getByRole("link", { name: `Back to ${name}` }).first()).toHaveAttribute("href", `/beneficiaries/${id}`);
      await expect(page.getByTestId("contracts-none")).toHaveText("No contracts with this beneficiary yet.");

      // Create: a name is needed (checked in the browser with JS, by the server without).
      const create = page.locator("form#contract-create");
      await formReady(javaScriptEnabled, create);
      if (javaScriptEnabled) {
        await create.getByRole("button", { name: "Create contract" }).click();
        await expect(page.locator("#name-error")).toHaveText("Enter the contract's name");
      }
      await create.getByLabel("Contract name").fill(`Supply agreement ${mode}`);
      await create.getByLabel("Contract number (optional)").fill("SA-2026/7");
      await create.getByRole("button", { name: "Create contract" }).click();
      await expect(page).toHaveURL(new RegExp(`${base}\\?contract=[0-9a-f-]{36}$`));
      const contractId = new URL(page.url()).searchParams.get("contract")!;
      await expect(page.locator("main h1")).toHaveText(`Supply agreement ${mode}`);
      await expect(page.getByTestId("contract-status").first()).toHaveText("Draft");
      await expect(page.getByTestId("contract-number")).toHaveText("SA-2026/7");
      await expect(page.getByTestId("documents-none")).toBeVisible();

      // A text file named .pdf is refused on the files field, the page intact.
      const upload = page.locator("form#documents");
      await formReady(javaScriptEnabled, upload);
      await upload.getByLabel("Category").selectOption({ label: "Signed contract" });
      await upload
        .locator("input[name=files]")
        .setInputFiles([{ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text\n") }]);
      await upload.getByRole("button", { name: "Attach documents" }).click();
      await expect(page.locator("#files-error")).toHaveText("Attach a PDF, PNG, JPG, XLSX or DOCX file");
      await expect(page.locator("main h1")).toHaveText(`Supply agreement ${mode}`);
      await expect(page.getByTestId("documents-none")).toBeVisible();

      // A real PDF under "Signed contract": listed under its category with name and size.
      await formReady(javaScriptEnabled, upload);
      await upload.getByLabel("Category").selectOption({ label: "Signed contract" });
      await upload
        .locator("input[name=files]")
        .setInputFiles([{ name: "signed-contract.pdf", mimeType: "application/pdf", buffer: PDF }]);
      await upload.getByRole("button", { name: "Attach documents" }).click();
      const doc = page.getByTestId("document");
      await expect(doc).toHaveCount(1);
      await expect(page).toHaveURL(`${base}?contract=${contractId}`);
      const group = page.getByTestId("document-category");
      await expect(group.getByRole("heading", { level: 3 })).toHaveText("Signed contract");
      await expect(doc).toContainText("signed-contract.pdf");
      await expect(doc).toContainText(`(${PDF.length} bytes)`);
      // PRG: a reload does not upload again.
      await page.reload();
      await expect(page.getByTestId("document")).toHaveCount(1);

      // Download: the same bytes, as an attachment, not cached, not sniffed.
      const link = doc.getByRole("link", { name: "signed-contract.pdf" });
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^/beneficiaries/${id}/documents/[0-9a-f-]{36}$`));
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe("signed-contract.pdf");
      const bytes = await fs.readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes).toEqual(PDF);
      const res = await page.request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="signed-contract\.pdf"/);
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      expect(res.headers()["cache-control"]).toBe("private, no-store");
      expect(await res.body()).toEqual(PDF);

      // Edit while DRAFT: a new number.
      const edit = page.locator("form#contract-edit");
      await formReady(javaScriptEnabled, edit);
      await edit.getByLabel("Contract number (optional)").fill("SA-2026/7-B");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByTestId("contract-number")).toHaveText("SA-2026/7-B");

      // Submit for review: UNDER_REVIEW, no more edits or uploads.
      const submit = page.locator("form#contract-submit");
      await formReady(javaScriptEnabled, submit);
      await submit.getByRole("button", { name: "Submit for review" }).click();
      await expect(page.getByTestId("contract-status").first()).toHaveText("Under review");
      await expect(page.getByTestId("contract-status").first()).toHaveAttribute("data-status", "UNDER_REVIEW");
      await expect(page.getByTestId("contract-notice")).toHaveText(
        "The bank is reviewing this contract. It cannot be changed meanwhile.",
      );
      await expect(page.locator("form#contract-edit")).toHaveCount(0);
      await expect(page.locator("form#documents")).toHaveCount(0);
      await expect(page.locator("form#contract-submit")).toHaveCount(0);
      await expect(page.getByTestId("documents-locked")).toBeVisible();
      await expect(page.getByTestId("document")).toHaveCount(1);

      // The list shows it under review with its document.
      await page.getByRole("link", { name: `All contracts with ${name}` }).click();
      await expect(page).toHaveURL(base);
      const item = page.getByTestId("contract");
      await expect(item).toHaveCount(1);
      await expect(item.getByRole("link", { name: `Supply agreement ${mode}` })).toHaveAttribute(
        "href",
        `${base}?contract=${contractId}`,
      );
      await expect(item.getByTestId("contract-status")).toHaveText("Under review");
      await expect(item).toContainText("No. SA-2026/7-B");
      await expect(item).toContainText("1 document");
      allowRefusals(consoleErrors, id);
    });
  });
}

test("another customer gets the not-found page for the contracts, a contract and its download", async ({
  page,
  browser,
  request,
}) => {
  const id = await savedBeneficiary(request, "Members Only Ltd");
  await signIn(page, CUSTOMERS.individual);
  await page.goto(`/beneficiaries/${id}/contracts`);
  await page.locator("form#contract-create").getByLabel("Contract name").fill("Private deal");
  await page.locator("form#contract-create").getByRole("button", { name: "Create contract" }).click();
  await expect(page).toHaveURL(/\?contract=/);
  const contractUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  const upload = page.locator("form#documents");
  await formReady(true, upload);
  await upload.getByLabel("Category").selectOption({ label: "Invoice" });
  await upload.locator("input[name=files]").setInputFiles([{ name: "invoice-17.pdf", mimeType: "application/pdf", buffer: PDF }]);
  await upload.getByRole("button", { name: "Attach documents" }).click();
  const href = (await page.getByRole("link", { name: "invoice-17.pdf" }).getAttribute("href"))!;
  // An unknown contract id of his own beneficiary is not found either.
  expect((await page.request.get(`/beneficiaries/${id}/contracts?contract=00000000-0000-4000-8000-000000000000`)).status()).toBe(
    404,
  );
  const missing = await page.request.get(`/beneficiaries/${id}/documents/00000000-0000-4000-8000-000000000000`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("Page not found");

  const context = await browser.newContext();
  const stranger = await context.newPage();
  await login(stranger, CUSTOMERS.corporate);
  for (const url of [`/beneficiaries/${id}/contracts`, contractUrl]) {
    const res = await stranger.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(stranger.locator("main")).not.toContainText("Private deal");
    await expect(stranger.locator("main")).not.toContainText("Members Only");
  }
  const file = await stranger.request.get(href);
  expect(file.status()).toBe(404);
  expect(await file.text()).not.toContain("%PDF");
  await context.close();
  expect((await page.request.get(href)).status()).toBe(200);
});

test("the contracts pages have no WCAG 2.1 AA violations", async ({ page, request, consoleErrors }) => {
  // Five axe scans: more than the default minute on a slow machine.
  test.setTimeout(180_000);
  const id = await savedBeneficiary(request, "Axe Contracts AG");
  await signIn(page, CUSTOMERS.individual);
  await page.goto(`/beneficiaries/${id}/contracts`);
  await expectNoAxeViolations(page, "contracts list, empty");
  const create = page.locator("form#contract-create");
  await formReady(true, create);
  await create.getByRole("button", { name: "Create contract" }).click();
  await expect(page.locator("#name-error")).toBeVisible();
  await expectNoAxeViolations(page, "create form with an error");
  await create.getByLabel("Contract name").fill("Axe agreement");
  await create.getByRole("button", { name: "Create contract" }).click();
  await expect(page).toHaveURL(/\?contract=/);
  await expectNoAxeViolations(page, "a draft contract");
  const upload = page.locator("form#documents");
  await formReady(true, upload);
  await upload.getByLabel("Category").selectOption({ label: "Amendment to the agreement" });
  await upload
    .locator("input[name=files]")
    .setInputFiles([{ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("x") }]);
  await upload.getByRole("button", { name: "Attach documents" }).click();
  await expect(page.locator("#files-error")).toBeVisible();
  await expectNoAxeViolations(page, "upload refused");
  await upload.locator("input[name=files]").setInputFiles([{ name: "amendment.pdf", mimeType: "application/pdf", buffer: PDF }]);
  await upload.getByLabel("Category").selectOption({ label: "Amendment to the agreement" });
  await upload.getByRole("button", { name: "Attach documents" }).click();
  await expect(page.getByTestId("document")).toHaveCount(1);
  await page.locator("form#contract-submit").getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("contract-status").first()).toHaveText("Under review");
  await expectNoAxeViolations(page, "a contract under review with a document");
  await page.goto(`/beneficiaries/${id}/contracts`);
  await expect(page.getByTestId("contract")).toHaveCount(1);
  await expectNoAxeViolations(page, "contracts list with a contract under review");
  allowRefusals(consoleErrors, id);
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a history item of a payment under a contract names the contract (not its id) and links to it", async ({ page }) => {
    // Set up through the API (those pages are tested elsewhere): an approved beneficiary with an
    // approved contract, a EUR payment to it under the contract, signed.
    const beneficiaryId = await approvedBeneficiary(page, "Contract History GmbH");
    const api = await apiSession(page.request, CUSTOMERS.individual);
    const made = await api.call("POST", `/beneficiaries/${beneficiaryId}/contracts`, { name: "Framework agreement 2026" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const contractId = made.body.id as string;
    expect(
      (await api.call("PUT", `/beneficiaries/${beneficiaryId}/contracts/${contractId}/status`, { status: "UNDER_REVIEW" }))
        .status,
    ).toBe(200);
    await staffCommand(page, ["contract:approve", contractId]);
    const accounts = await api.call("GET", `/accounts?organizationId=${api.organizationId}&all=true`);
    const account = accounts.body.data.find((a: { balances: { currencyId: string }[] }) =>
      a.balances.some((b) => b.currencyId === "EUR"),
    );
    const payment = await api.call(
      "POST",
      "/payments",
      {
        organizationId: api.organizationId,
        accountId: account.id,
        kind: "EURO",
        currencyId: "EUR",
        amount: "1.25",
        beneficiaryId,
        contractId,
      },
      { "idempotency-key": `contract-history-${contractId}` },
    );
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const code = await api.call("POST", "/signatures/send-code", { paymentIds: [payment.body.id], mfa: "PHONE", channel: "SMS" });
    const mfa = await api.call("POST", "/signatures/validate", { token: code.body.token, code: code.body.debugCode });
    const signed = await api.call("POST", `/payments/${payment.body.id}/sign`, {
      mfaToken: mfa.body.token,
      signedAt: new Date().toISOString(),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const items = await api.call("GET", `/statements-items?organizationId=${api.organizationId}&take=20`);
    const item = items.body.data.find((i: { paymentId: string | null }) => i.paymentId === payment.body.id);

    await signIn(page, CUSTOMERS.individual);
    await page.goto(`/history/${item.id}`);
    const link = page.getByTestId("item-contract");
    await expect(link).toHaveText("Framework agreement 2026");
    await expect(link).toHaveAttribute("href", `/beneficiaries/${beneficiaryId}/contracts?contract=${contractId}`);
    await expect(page.locator("main")).not.toContainText(contractId);
    await link.click();
    await expect(page).toHaveURL(`/beneficiaries/${beneficiaryId}/contracts?contract=${contractId}`);
    await expect(page.getByTestId("contract-status").first()).toHaveText("Approved");
  });
});
