/**
 * The one-time-code channel (issue 10; PATCH /v1/users/:id; server/domain/users/code-channel.ts)
 * on PGlite and PostgreSQL: a change needs a fresh code sent over the NEW channel; the confirmed
 * channel is then what login codes use; a code sent for one channel cannot set another; wrong
 * codes count to 5; another user's id is 404 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("one-time-code channel on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("switches to WhatsApp after a code sent by WhatsApp; login codes then go there", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(c.phone);
    const path = `/users/${c.user.id}`;
    expect((await s.call("GET", "/users/whoami", { token })).body.twilioAuthChannel).toBe("SMS");

    const challenge = await s.call("PATCH", path, { token, body: { twilioAuthChannel: "WHATSAPP" } });
    expect(challenge.status).toBe(202);
    expect(challenge.body).toMatchObject({ channel: "WHATSAPP" });
    const sent = s.sms.sent.at(-1)!;
    expect(sent).toMatchObject({ to: c.phone, channel: "WHATSAPP" });
    expect(sent.text).toContain(challenge.body.debugCode);
    // Not changed until confirmed.
    expect((await s.call("GET", "/users/whoami", { token })).body.twilioAuthChannel).toBe("SMS");

    const wrong = await s.call("PATCH", path, {
      token,
      body: {
        twilioAuthChannel: "WHATSAPP",
        token: challenge.body.token,
        code: challenge.body.debugCode === "0000" ? "1111" : "0000",
      },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CODE", attemptsLeft: 4 });

    const done = await s.call("PATCH", path, {
      token,
      body: { twilioAuthChannel: "WHATSAPP", token: challenge.body.token, code: challenge.body.debugCode },
    });
    expect(done.status).toBe(200);
    expect(done.body.twilioAuthChannel).toBe("WHATSAPP");
    // Single use.
    const again = await s.call("PATCH", path, {
      token,
      body: { twilioAuthChannel: "WHATSAPP", token: challenge.body.token, code: challenge.body.debugCode },
    });
    expect(again.body.code).toBe("CODE_EXPIRED");

    // Login now sends its code by WhatsApp.
    const login = await s.call("POST", "/auth/phone", { body: { phone: c.phone } });
    expect(login.body.channel).toBe("WHATSAPP");
    expect(s.sms.sent.at(-1)).toMatchObject({ to: c.phone, channel: "WHATSAPP" });

    // Asking for the channel already in use is a field error.
    const same = await s.call("PATCH", path, { token, body: { twilioAuthChannel: "WHATSAPP" } });
    expect(same.status).toBe(400);
    expect(same.body.errors?.[0]?.property ?? JSON.stringify(same.body)).toContain("twilioAuthChannel");
  });

  it("a code sent for one channel cannot set another; bad bodies are 400; another user's id is 404", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(c.phone);
    const path = `/users/${c.user.id}`;
    // Already WHATSAPP? No: SMS by default. Ask for WHATSAPP, then try to use the code for SMS.
    const challenge = (await s.call("PATCH", path, { token, body: { twilioAuthChannel: "WHATSAPP" } })).body;
    const crossed = await s.call("PATCH", path, {
      token,
      body: { twilioAuthChannel: "SMS", token: challenge.token, code: challenge.debugCode },
    });
    expect(crossed.status).toBe(401);
    expect((await s.call("GET", "/users/whoami", { token })).body.twilioAuthChannel).toBe("SMS");

    for (const body of [
      {},
      { twilioAuthChannel: "TELEGRAM" },
      { twilioAuthChannel: "WHATSAPP", code: "1234" },
      { twilioAuthChannel: "SMS", extra: 1 },
    ])
      expect((await s.call("PATCH", path, { token, body })).status, JSON.stringify(body)).toBe(400);

    const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const res = await s.call("PATCH", `/users/${other.user.id}`, { token, body: { twilioAuthChannel: "WHATSAPP" } });
    expect(res.status).toBe(404);
    expect(s.sms.sent.filter((m) => m.to === other.phone)).toEqual([]);
  });
});
