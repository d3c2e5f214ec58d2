/**
 * The customer's IP address the web app forwards to the API (server/api/v1/client-ip.ts): the
 * headers the API client sends carry a proof the API's middleware accepts, under the secret the
 * two share (the same development default when SESSION_SECRET is unset); a wrong proof, another
 * secret or a malformed address leave `req.ip` as the connection's.
 */
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { DEV_CLIENT_IP_SECRET, forwardedClientIp } from "../../server/api/v1/client-ip";
import { clientIpHeaders } from "./api.server";

/** `req.ip` after the middleware, for a request from 127.0.0.1 with `headers`. */
function ipAfter(headers: Record<string, string>, secret = DEV_CLIENT_IP_SECRET): string | undefined {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const req = { ip: "127.0.0.1", get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
  let called = false;
  forwardedClientIp(secret)(req, {} as Response, () => {
    called = true;
  });
  expect(called).toBe(true);
  return req.ip;
}

describe("the customer's IP address through the web app", () => {
  it("is sent with a proof the API accepts (shared development secret)", () => {
    const headers = clientIpHeaders("203.0.113.7");
    expect(headers["X-Bank-Client-IP"]).toBe("203.0.113.7");
    expect(ipAfter(headers)).toBe("203.0.113.7");
    expect(ipAfter(clientIpHeaders("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("is ignored with a forged or foreign proof, or a malformed address", () => {
    const headers = clientIpHeaders("203.0.113.7");
    expect(ipAfter({ ...headers, "X-Bank-Client-IP": "198.51.100.1" })).toBe("127.0.0.1");
    expect(ipAfter({ "X-Bank-Client-IP": "198.51.100.1", "X-Bank-Client-IP-Proof": "0".repeat(64) })).toBe("127.0.0.1");
    expect(ipAfter({ "X-Bank-Client-IP": "198.51.100.1" })).toBe("127.0.0.1");
    expect(ipAfter(headers, "another-secret-of-another-bank")).toBe("127.0.0.1");
    expect(ipAfter({ "X-Bank-Client-IP": "evil<script>", "X-Bank-Client-IP-Proof": headers["X-Bank-Client-IP-Proof"]! })).toBe(
      "127.0.0.1",
    );
  });

  it("sends nothing outside a web request", () => {
    expect(clientIpHeaders(null)).toEqual({});
    expect(clientIpHeaders()).toEqual({});
  });
});
