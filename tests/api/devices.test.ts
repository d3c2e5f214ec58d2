/**
 * Devices (issue 10 "Devices"; server/domain/auth/devices.ts) on PGlite and PostgreSQL: each
 * login is a device with the name the client gave, its login time and last use; a refresh keeps
 * the device (and its name); deleting a device logs it out at once (its access token answers
 * 401, its refresh token is refused) and leaves the caller's other devices alone; an unknown or
 * another user's device is 404; deleting the current device ends the caller's own session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("devices on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /** Log in through the API's three steps, naming the device. */
  async function loginAs(phone: string, deviceName?: string) {
    const start = await s.call("POST", "/auth/phone", { body: { phone } });
    expect(start.status).toBe(200);
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    const tokens = await s.call("POST", "/auth/verify-password", {
      body: { token: verified.body.token, password: "Bank-Demo-2026", ...(deviceName ? { deviceName } : {}) },
    });
    expect(tokens.status).toBe(200);
    return tokens.body as { accessToken: string; refreshToken: string };
  }

  it("lists each login as a device; a refresh keeps it; deleting one logs it out and nothing else", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const phone = await loginAs(c.phone, "Chrome on Android");
    const laptop = await loginAs(c.phone, "Firefox on Linux");
    const list = await s.call("GET", "/devices", { token: laptop.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: any) => [d.name, d.current])).toEqual([
      ["Firefox on Linux", true],
      ["Chrome on Android", false],
    ]);
    for (const d of list.body.data) expect(Date.parse(d.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(d.signedInAt));

    // The phone refreshes: still one device, same id and name, used more recently.
    const refreshed = await s.call("POST", "/auth/refresh", { body: { refreshToken: phone.refreshToken } });
    expect(refreshed.status).toBe(200);
    const after = (await s.call("GET", "/devices", { token: laptop.accessToken })).body.data;
    expect(after).toHaveLength(2);
    const phoneDevice = after.find((d: any) => d.name === "Chrome on Android");
    expect(phoneDevice.id).toBe(list.body.data[1].id);
    expect(after[0].name).toBe("Chrome on Android");

    // Another customer cannot see or delete it.
    const stranger = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const strangerToken = await s.login(stranger.phone);
    expect((await s.call("GET", "/devices", { token: strangerToken })).body.data.map((d: any) => d.id)).not.toContain(
      phoneDevice.id,
    );
    expect((await s.call("DELETE", `/devices/${phoneDevice.id}`, { token: strangerToken })).status).toBe(404);
    expect((await s.call("DELETE", "/devices/not-a-uuid", { token: laptop.accessToken })).status).toBe(404);

    // The laptop logs the phone out: the phone's tokens stop working at once, the laptop's do not.
    expect((await s.call("DELETE", `/devices/${phoneDevice.id}`, { token: laptop.accessToken })).status).toBe(204);
    expect((await s.call("GET", "/users/whoami", { token: refreshed.body.accessToken })).status).toBe(401);
    expect((await s.call("POST", "/auth/refresh", { body: { refreshToken: refreshed.body.refreshToken } })).status).toBe(401);
    expect((await s.call("GET", "/devices", { token: laptop.accessToken })).body.data).toHaveLength(1);
    // Deleted once: a second delete is 404.
    expect((await s.call("DELETE", `/devices/${phoneDevice.id}`, { token: laptop.accessToken })).status).toBe(404);

    // Deleting the current device ends the caller's own session.
    const own = (await s.call("GET", "/devices", { token: laptop.accessToken })).body.data[0];
    expect((await s.call("DELETE", `/devices/${own.id}`, { token: laptop.accessToken })).status).toBe(204);
    expect((await s.call("GET", "/users/whoami", { token: laptop.accessToken })).status).toBe(401);
  });

  it("a device name is optional and at most 100 characters", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const unnamed = await loginAs(c.phone);
    expect((await s.call("GET", "/devices", { token: unnamed.accessToken })).body.data[0].name).toBeNull();
    const start = await s.call("POST", "/auth/phone", { body: { phone: c.phone } });
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    const tooLong = await s.call("POST", "/auth/verify-password", {
      body: { token: verified.body.token, password: "Bank-Demo-2026", deviceName: "x".repeat(101) },
    });
    expect(tooLong.status).toBe(400);
  });
});
