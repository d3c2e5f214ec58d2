/**
 * `npm run bank` commands leave an audit entry (docs/ops.md "Audit log"): every command that
 * changes something writes its `staff_audit_log` entry in the same transaction, with the command
 * line as the actor (`source` cli, no staff user); a refused command writes none. The entries
 * show in the back office's audit list (GET /api/v1/ops/audit) like the screens' own, and the
 * server's POST /api/staff/bank (the CLI with BANK_URL) audits the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { staffAuditLog } from "../../server/db/schema/index.js";
import { createCard, createCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

const STAFF_TOKEN = "cli-audit-staff-token-0123456789abcdef";

describe.each(databases)("npm run bank audit entries on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, staffToken: STAFF_TOKEN });
  });
  afterAll(async () => s?.close());

  /** Run a command line as `npm run bank -- …` does. */
  const bank = (argv: string[]) => {
    const cmd = parseBankArgs(argv);
    if (cmd.command === "help") throw new Error("help");
    return runBankCommand(s.db, cmd, { STAFF_PASSWORD: "A-long-staff-password-1" });
  };
  const entries = (action: string) =>
    s.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));

  it("staff:create is audited as staff.create from the command line", async () => {
    const out = await bank([
      "staff:create",
      "--email",
      "cli.clerk@ops.example",
      "--phone",
      "+447700900960",
      "--roles",
      "SUPPORT",
    ]);
    const id = /\(([0-9a-f-]{36})\)/.exec(out)![1];
    const [entry] = await entries("staff.create");
    expect(entry).toMatchObject({
      source: "cli",
      staffUserId: null,
      subjectType: "staff_user",
      subjectId: id,
      after: { email: "cli.clerk@ops.example", phone: "+447700900960", roles: ["SUPPORT"] },
    });
  });

  it("rate:set, tariff:create and setting:set write the same entries as /ops, actor cli", async () => {
    await bank(["rate:set", "EUR/USD", "1.0850", "--confirm"]);
    const [rate] = await entries("rate.set");
    expect(rate).toMatchObject({ source: "cli", staffUserId: null, subjectType: "currency", subjectId: "USD" });
    expect(rate.after).toMatchObject({ currencyId: "USD", unitsPerEur: "1.085" });

    await bank(["tariff:create", "CLI tariff"]);
    const [tariff] = await entries("tariff.create");
    expect(tariff).toMatchObject({ source: "cli", subjectType: "tariff" });
    expect(tariff.after).toMatchObject({ name: "CLI tariff" });

    expect(() => parseBankArgs(["tariff:default", tariff.subjectId!])).toThrow(/--confirm/);
    expect(await bank(["tariff:default", tariff.subjectId!, "--confirm"])).toMatch(/^Default tariff: Standard → CLI tariff/);
    const [moved] = await entries("tariff.default");
    expect(moved).toMatchObject({ source: "cli", staffUserId: null, subjectType: "tariff", subjectId: tariff.subjectId });
    await bank(["tariff:default", (moved.before as { tariffId: string }).tariffId, "--confirm"]);

    await bank(["setting:set", "DEMO-MODE-ENABLED", "false"]);
    const [setting] = await entries("setting.set");
    expect(setting).toMatchObject({ source: "cli", subjectType: "setting", subjectId: "DEMO-MODE-ENABLED" });
  });

  it("card:issue, card:activate and card:cancel move a card, each audited as card.<action>, actor cli", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const card = await createCard(s.db, { organizationId: c.organization.id, accountId: c.account!.id, status: "ORDERED" });
    expect(() => parseBankArgs(["card:issue", card.id, "1234"])).toThrow(/last four digits and the expiry/);
    expect(() => parseBankArgs(["card:cancel", card.id])).toThrow(/--reason/);
    expect(await bank(["card:issue", card.id, "1234", "12/39"])).toBe(`Card ${card.id} (${card.cardName} •••• 1234) is NEW.`);
    expect(await bank(["card:activate", card.id])).toMatch(/is ACTIVE\.$/);
    await expect(bank(["card:activate", card.id])).rejects.toThrow(/status ACTIVE/);
    expect(await bank(["card:cancel", card.id, "--reason", "Closed at the customer's request"])).toMatch(/is CANCELED\.$/);
    const moves = await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, card.id)).orderBy(staffAuditLog.id);
    expect(moves.map((m) => [m.action, m.source, m.staffUserId])).toEqual([
      ["card.issue", "cli", null],
      ["card.activate", "cli", null],
      ["card.cancel", "cli", null],
    ]);
    expect(moves[2].reason).toBe("Closed at the customer's request");
  });

  it("a refused command writes no entry", async () => {
    const before = (await entries("rate.set")).length;
    await expect(bank(["rate:set", "EUR/USD", "abc"])).rejects.toThrow();
    expect(await entries("rate.set")).toHaveLength(before);
    const decided = (await entries("beneficiary.approve")).length;
    await expect(bank(["beneficiary:approve", "00000000-0000-4000-8000-000000000000"])).rejects.toThrow();
    expect(await entries("beneficiary.approve")).toHaveLength(decided);
  });

  it("the back office's audit list shows the command line's entries with source cli", async () => {
    const token = await staffLogin(s, "admin@ops.example");
    const list = await s.call("GET", "/ops/audit", { token });
    expect(list.status).toBe(200);
    const cli = list.body.data.find((e: { action: string }) => e.action === "tariff.create");
    expect(cli).toMatchObject({ source: "cli", staffUserId: null, staffEmail: null });
    const login = list.body.data.find((e: { action: string }) => e.action === "staff.login");
    expect(login).toMatchObject({ source: "ops", staffEmail: "admin@ops.example" });
  });

  it("POST /api/staff/bank (npm run bank with BANK_URL) audits the same way", async () => {
    const res = await fetch(`${s.baseUrl}/api/staff/bank`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Staff ${STAFF_TOKEN}` },
      body: JSON.stringify({ argv: ["rate:spread", "0.75"] }),
    });
    expect(res.status).toBe(200);
    const [entry] = await entries("rate.spread");
    expect(entry).toMatchObject({ source: "cli", staffUserId: null, subjectId: "EXCHANGE-SPREAD-PERCENT" });
  });
});
