/**
 * White label (spec 000 §7 `GET /v1/settings/whitelabel`, `/v1/settings/company-phone`;
 * server/domain/brand) on PGlite and PostgreSQL: public answers with the default brand, a change
 * through the staff command shows at once with a new version, the logo is served only when set
 * (type read from the bytes, versioned caching), bad values are refused and change nothing, and
 * receipts carry the brand's name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseBankArgs, runBankCommand } from "../../server/staff/commands.js";
import { DomainError } from "../../server/domain/errors.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(databases)("white label on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const bank = (...argv: string[]) =>
    runBankCommand(s.db, parseBankArgs(argv) as Exclude<ReturnType<typeof parseBankArgs>, { command: "help" }>);
  const raw = (p: string) => fetch(`${s.baseUrl}/api/v1${p}`);

  it("answers the default brand to anyone, and changes with the staff command", async () => {
    await bank("brand:reset");
    const before = await s.call("GET", "/settings/whitelabel");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      name: "Demo Bank",
      logoUrl: null,
      colors: { primary: "#0b4f8a", primaryDark: "#083a66" },
      support: { email: null, phone: null },
    });
    expect((await s.call("GET", "/settings/company-phone")).body).toEqual({ phone: null });

    await bank("brand:set", "name", "Northwind Bank");
    await bank("brand:set", "primary", "#1F3A5F");
    await bank("brand:set", "support-email", "help@northwind.example");
    await bank("brand:set", "company-phone", "+442071234567");
    const after = await s.call("GET", "/settings/whitelabel");
    expect(after.body).toMatchObject({
      name: "Northwind Bank",
      colors: { primary: "#1f3a5f", primaryDark: "#083a66" },
      support: { email: "help@northwind.example", phone: null },
    });
    expect(after.body.version).not.toBe(before.body.version);
    expect((await s.call("GET", "/settings/company-phone")).body).toEqual({ phone: "+442071234567" });
  });

  it("changes of different fields at the same moment all stay (the row is locked while changed)", async () => {
    await bank("brand:reset");
    await Promise.all([
      bank("brand:set", "name", "Concurrent Bank"),
      bank("brand:set", "primary", "#123456"),
      bank("brand:set", "primary-dark", "#0a0b0c"),
      bank("brand:set", "support-email", "help@concurrent.example"),
      bank("brand:set", "support-phone", "+442071234567"),
      bank("brand:set", "company-phone", "+442079876543"),
    ]);
    expect((await s.call("GET", "/settings/whitelabel")).body).toMatchObject({
      name: "Concurrent Bank",
      colors: { primary: "#123456", primaryDark: "#0a0b0c" },
      support: { email: "help@concurrent.example", phone: "+442071234567" },
    });
    expect((await s.call("GET", "/settings/company-phone")).body).toEqual({ phone: "+442079876543" });
    await bank("brand:reset");
  });

  it("refuses a bad value and keeps the brand as it was", async () => {
    const before = (await s.call("GET", "/settings/whitelabel")).body;
    await expect(bank("brand:set", "primary", "#ffee00")).rejects.toBeInstanceOf(DomainError);
    await expect(bank("brand:set", "name", "")).rejects.toBeInstanceOf(DomainError);
    expect((await s.call("GET", "/settings/whitelabel")).body).toEqual(before);
  });

  it("serves the logo once set, typed from its bytes, cached only under its version", async () => {
    expect((await raw("/settings/whitelabel/logo")).status).toBe(404);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-"));
    const png = path.join(dir, "logo.png");
    fs.writeFileSync(png, PNG);
    const fake = path.join(dir, "logo-really-html.png");
    fs.writeFileSync(fake, "<html><script>alert(1)</script></html>");
    await expect(bank("brand:set", "logo", fake)).rejects.toBeInstanceOf(DomainError);
    await expect(bank("brand:set", "logo", path.join(dir, "missing.png"))).rejects.toBeInstanceOf(DomainError);

    await bank("brand:set", "logo", png);
    const brand = (await s.call("GET", "/settings/whitelabel")).body;
    expect(brand.logoUrl).toBe(`/api/v1/settings/whitelabel/logo?v=${brand.version}`);
    const logo = await fetch(`${s.baseUrl}${brand.logoUrl}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logo.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await raw("/settings/whitelabel/logo?v=old")).headers.get("cache-control")).toBe("no-cache");

    await bank("brand:set", "logo", "");
    expect((await s.call("GET", "/settings/whitelabel")).body.logoUrl).toBeNull();
    expect((await raw("/settings/whitelabel/logo")).status).toBe(404);
  });

  it("puts the brand's name on the top-up instructions", async () => {
    await bank("brand:set", "name", "Northwind Bank");
    const { createCustomer } = await import("../../server/seed/factories.js");
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const token = await s.login(c.phone);
    const topUp = await s.call("GET", `/accounts/${c.account!.id}/top-up?currencyId=GBP`, { token });
    expect(topUp.status).toBe(200);
    expect(topUp.body.bankName).toBe("Northwind Bank");
    await bank("brand:reset");
  });
});
