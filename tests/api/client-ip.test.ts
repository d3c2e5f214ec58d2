/**
 * Per-IP limits count customers, not the web server (server/api/v1/client-ip.ts; docs/decisions.md
 * "The customer's IP through the web app"), with the production ceilings (RATE_LIMITS=strict): the
 * one-time-code limit of 20 sends per IP in 15 minutes. Every web customer reaches the API from
 * the web app's own server; with the address forwarded under a valid proof, 21 customers behind
 * it each get their code; with a forged proof the address is ignored and the 21st send from the
 * one connection is refused (429 RATE_LIMITED), as it is without any header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, CLIENT_IP_PROOF_HEADER, clientIpProof, DEV_CLIENT_IP_SECRET } from "../../server/api/v1/client-ip.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("the customer's IP through the web app on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => s?.close());

  const send = (phone: string, headers: Record<string, string>) => s.call("POST", "/auth/phone", { body: { phone }, headers });
  const from = (ip: string, proof = clientIpProof(DEV_CLIENT_IP_SECRET, ip)) => ({
    [CLIENT_IP_HEADER]: ip,
    [CLIENT_IP_PROOF_HEADER]: proof,
  });

  it("21 customers behind the web server each get a code; a forged address counts as the connection's", async () => {
    for (let i = 0; i < 21; i++) {
      const r = await send(`+4479000${String(10000 + i)}`, from(`198.51.100.${i + 1}`));
      expect(r.status, `customer ${i + 1}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    // A forged proof: each send claims another address, all are counted as the one connection.
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const forged = from(`203.0.113.${i + 1}`, clientIpProof("not-the-bank's-secret-0123456789", `203.0.113.${i + 1}`));
      answers.push((await send(`+4479001${String(10000 + i)}`, forged)).status);
    }
    expect(answers.slice(0, 20).every((st) => st === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
