/**
 * `npm run bank` commands leave an audit entry (docs/ops.md "Audit log"): every command that
 * changes something writes its `staff_audit_log` entry in the same transaction, with the command
 * line as the actor (`source` cli, no staff user); a refused command writes none. The entries
 * show in the back office's audit list (GET /api/v1/ops/audit) like the screens' own, and the
 * server's POST /api/staff/bank (the CLI with BANK_URL) audits the same way.
 *
 * `--staff <email>` (default BANK_STAFF_EMAIL) names the staff user at the keyboard: the entry
 * has their id, source still cli; an unknown, suspended or unentitled staff user (without the
 * role /ops asks for the same action) refuses the command and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq } from "drizzle-orm";
import { cards, incomingPayments, staffAuditLog, staffUsers } from "../../server/db/schema/index.js";
import { createStaffUser } from "../../server/domain/ops/auth.js";
import { createCard, createCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, withStaffDefault } from "../../server/staff/commands.js";
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
  const allEntries = async () => (await s.db.select({ n: count() }).from(staffAuditLog))[0].n;
  const staffId = async (email: string) =>
    (await s.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)))[0].id;
  /** An ORDERED card of a new customer. */
  const orderedCard = async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    return createCard(s.db, { organizationId: c.organization.id, accountId: c.account!.id, status: "ORDERED" });
  };
  const cardStatus = async (id: string) =>
    (await s.db.select({ status: cards.status }).from(cards).where(eq(cards.id, id)))[0].status;

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

  it("--staff names the staff user at the keyboard: their id on the entry, source cli, staff:<id> on the subject", async () => {
    const payments = await staffId("payments@ops.example");
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "1.00" } });
    const card = await createCard(s.db, { organizationId: c.organization.id, accountId: c.account!.id, status: "ORDERED" });
    expect(parseBankArgs(["--staff", "payments@ops.example", "card:issue", card.id, "4321", "11/38"])).toMatchObject({
      command: "card:issue",
      staff: "payments@ops.example",
    });
    // Anywhere on the line, either spelling, any case.
    await bank(["--staff", "payments@ops.example", "card:issue", card.id, "4321", "11/38"]);
    await bank(["card:activate", card.id, "--staff=Payments@Ops.Example"]);
    const moves = await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, card.id)).orderBy(staffAuditLog.id);
    expect(moves.map((m) => [m.action, m.source, m.staffUserId])).toEqual([
      ["card.issue", "cli", payments],
      ["card.activate", "cli", payments],
    ]);

    // A decision that records its actor on the subject records the staff user, as /ops does.
    const out = await bank([
      "payment:incoming",
      c.account!.number,
      "GBP",
      "2.50",
      "--payer",
      "Named Payer",
      "--staff",
      "payments@ops.example",
    ]);
    const id = /Incoming payment ([0-9a-f-]{36})/.exec(out)![1];
    const [posted] = await s.db.select().from(incomingPayments).where(eq(incomingPayments.id, id));
    expect(posted.createdBy).toBe(`staff:${payments}`);
    const [entry] = await entries("payment.incoming");
    expect(entry).toMatchObject({ source: "cli", staffUserId: payments, subjectId: id });

    // The audit list shows the staff user's email on the command line's entry.
    const token = await staffLogin(s, "admin@ops.example");
    const list = await s.call("GET", `/ops/audit?subjectId=${card.id}`, { token });
    expect(list.body.data[0]).toMatchObject({
      action: "card.activate",
      source: "cli",
      staffUserId: payments,
      staffEmail: "payments@ops.example",
    });
  });

  it("--staff with an unknown email refuses the command and writes nothing", async () => {
    const card = await orderedCard();
    const before = await allEntries();
    await expect(bank(["--staff", "nobody@ops.example", "card:issue", card.id, "1111", "10/37"])).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No staff user has the email nobody@ops.example",
    });
    expect(await cardStatus(card.id)).toBe("ORDERED");
    expect(await allEntries()).toBe(before);
    // A bad command line: no email, or two.
    expect(() => parseBankArgs(["card:activate", card.id, "--staff"])).toThrow(/--staff needs the email/);
    expect(() => parseBankArgs(["--staff=", "card:activate", card.id])).toThrow(/--staff needs the email/);
    expect(() => parseBankArgs(["--staff", "a@ops.example", "--staff", "b@ops.example", "rate:list"])).toThrow(/twice/);
  });

  it("--staff naming a suspended staff user refuses the command and writes nothing", async () => {
    const clerk = await createStaffUser(s.db, {
      email: "suspended.clerk@ops.example",
      phone: "+447700900961",
      password: "A-long-staff-password-1",
      roles: ["PAYMENTS", "ADMIN"],
    });
    await s.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, clerk.id));
    const before = await allEntries();
    await expect(bank(["--staff", "suspended.clerk@ops.example", "rate:spread", "0.40"])).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Staff user suspended.clerk@ops.example is suspended",
    });
    expect(await allEntries()).toBe(before);
  });

  it("--staff naming a staff user without the role /ops asks for refuses the command and writes nothing", async () => {
    const card = await orderedCard();
    const before = await allEntries();
    await expect(bank(["--staff", "support@ops.example", "card:issue", card.id, "2222", "10/37"])).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "card:issue needs the staff role PAYMENTS; support@ops.example has SUPPORT",
    });
    await expect(bank(["--staff", "payments@ops.example", "setting:set", "DEMO-MODE-ENABLED", "false"])).rejects.toThrow(
      /setting:set needs the staff role ADMIN/,
    );
    // Read-only commands too, as /ops gates its lists; and staff:create is ADMIN's.
    await expect(bank(["--staff", "support@ops.example", "payment:list"])).rejects.toThrow(/needs the staff role PAYMENTS/);
    await expect(
      bank([
        "--staff",
        "payments@ops.example",
        "staff:create",
        "--email",
        "x@ops.example",
        "--phone",
        "+447700900962",
        "--roles",
        "ADMIN",
      ]),
    ).rejects.toThrow(/staff:create needs the staff role ADMIN/);
    expect(await cardStatus(card.id)).toBe("ORDERED");
    expect(await allEntries()).toBe(before);
    // With the role it goes through.
    expect(await bank(["--staff", "admin@ops.example", "card:issue", card.id, "2222", "10/37"])).toMatch(/is NEW\.$/);
  });

  it("BANK_STAFF_EMAIL is the CLI's default --staff; an explicit --staff wins", () => {
    const env = { BANK_STAFF_EMAIL: " payments@ops.example " };
    expect(withStaffDefault(["rate:list"], env)).toEqual(["--staff", "payments@ops.example", "rate:list"]);
    expect(withStaffDefault(["rate:list", "--staff=admin@ops.example"], env)).toEqual(["rate:list", "--staff=admin@ops.example"]);
    expect(withStaffDefault(["rate:list"], {})).toEqual(["rate:list"]);
    expect(withStaffDefault(["rate:list"], { BANK_STAFF_EMAIL: "" })).toEqual(["rate:list"]);
    expect(parseBankArgs(withStaffDefault([], env))).toEqual({ command: "help" });
  });

  it("POST /api/staff/bank carries --staff: the entry names the staff user; an unknown one is refused", async () => {
    const post = (argv: string[]) =>
      fetch(`${s.baseUrl}/api/staff/bank`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Staff ${STAFF_TOKEN}` },
        body: JSON.stringify({ argv }),
      });
    const res = await post(["--staff", "admin@ops.example", "rate:spread", "0.60"]);
    expect(res.status).toBe(200);
    const [entry] = await entries("rate.spread");
    expect(entry).toMatchObject({ source: "cli", staffUserId: await staffId("admin@ops.example") });
    const before = await allEntries();
    const refused = await post(["--staff", "nobody@ops.example", "rate:spread", "0.70"]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: "NOT_FOUND", message: "No staff user has the email nobody@ops.example" });
    expect(await allEntries()).toBe(before);
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
