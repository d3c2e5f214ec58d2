/**
 * The chat gateway's handshake limits (server/messaging/gateway.ts; docs/chat.md "Limits"):
 * - per client IP, `RATE_LIMITS.chatHandshakes` (300 a minute, production's ceiling: these servers
 *   run with RATE_LIMITS=strict): handshakes with a well-signed token each cost one user lookup up
 *   to the ceiling; the next ones are refused `rate-limited` (with `retryAfter`), and past the
 *   first refusal without any database statement (no lookup, no count);
 * - X-Forwarded-For is ignored without TRUST_PROXY (every handshake is the connection's address)
 *   and honoured through the trusted hops with it (TRUST_PROXY=loopback, as Express's `req.ip`);
 * - per user on the instance, 20 sockets at once: the 21st is refused `too-many-connections`, a
 *   refused handshake holds no slot, and a disconnect frees one.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { disconnectChatUsers } from "../../server/domain/chat/publisher.js";
import { issueMessagingToken } from "../../server/domain/chat/tokens.js";
import { apiSessions } from "../../server/db/schema/index.js";
import { MAX_SOCKETS_PER_USER } from "../../server/messaging/gateway.js";
import { RATE_LIMITS } from "../../server/domain/rate-limit/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const SECRET = "api-test-otp-secret-0123456789";
const HANDSHAKES_PER_IP = RATE_LIMITS.chatHandshakes("any").limit;
/** The statement of `chatConnectionAllowed` (server/domain/chat/tokens.ts). */
const LOOKUP = /exists \(select 1 from "api_sessions"/i;

type Refusal = Error & { data?: { retryAfter?: number } };

describe.each(databases)("chat gateway limits on %s", (kind) => {
  let s: TestServer;
  let customer: CreatedCustomer;
  let device: string;
  const queries: string[] = [];
  const sockets: Socket[] = [];

  /** Open a socket; resolves on connect, rejects with the connect_error (its message and data). */
  const open = (token: string, forwardedFor?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(s.baseUrl, {
        path: "/api/socket.io",
        auth: { token },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        extraHeaders: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
      });
      sockets.push(socket);
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", (err) => reject(err));
    });
  /** How `open` ended: "connected" or the refusal's message. */
  const outcome = (token: string, forwardedFor?: string) =>
    open(token, forwardedFor).then(
      () => "connected",
      (err: Error) => err.message,
    );
  /**
   * A well-signed token naming a device that is not signed in (a stolen or made-up one): it
   * passes the signature, costs a lookup and is refused `unauthorized`.
   */
  const unknownDevice = () => issueMessagingToken(SECRET, customer.user.id, randomUUID()).token;
  const valid = () => issueMessagingToken(SECRET, customer.user.id, device).token;
  /** `count` handshakes with tokens from `token`, 25 at a time; their outcomes. */
  const flood = async (count: number, token: () => string, forwardedFor?: (i: number) => string) => {
    const outcomes: string[] = [];
    for (let i = 0; i < count; i += 25) {
      const batch = Array.from({ length: Math.min(25, count - i) }, (_, k) => outcome(token(), forwardedFor?.(i + k)));
      outcomes.push(...(await Promise.all(batch)));
      for (const socket of sockets.splice(0)) socket.disconnect();
    }
    return outcomes;
  };
  const lookups = () => queries.filter((q) => LOOKUP.test(q)).length;

  const start = async (env: Record<string, string> = {}) => {
    queries.length = 0;
    s = await startTestServer({ db: kind, gateway: true, rateLimits: "strict", env, onQuery: (q) => queries.push(q) });
    customer = await createCustomer(s.db, { type: "INDIVIDUAL" });
    await s.login(customer.phone);
    device = (
      await s.db.select({ id: apiSessions.familyId }).from(apiSessions).where(eq(apiSessions.userId, customer.user.id)).limit(1)
    )[0].id;
  };

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  describe("per client IP, without TRUST_PROXY", () => {
    beforeAll(() => start());
    afterAll(async () => s?.close());

    it("refuses handshakes over the ceiling with rate-limited, and makes no lookup past it; X-Forwarded-For changes nothing", async () => {
      expect(HANDSHAKES_PER_IP).toBe(300);
      // Forged tokens are refused on their signature: not counted, no lookup.
      expect(await flood(30, () => "forged.token")).toEqual(Array(30).fill("unauthorized"));
      expect(lookups()).toBe(0);
      queries.length = 0;
      // Each handshake claims another address: ignored, all count as the connection's (loopback).
      const claimed = (i: number) => `203.0.113.${i % 250}`;
      const first = await flood(HANDSHAKES_PER_IP, unknownDevice, claimed);
      expect(first).toEqual(Array(HANDSHAKES_PER_IP).fill("unauthorized"));
      expect(lookups()).toBe(HANDSHAKES_PER_IP);

      // The next one, with a perfectly valid token, is over the ceiling: refused before the lookup.
      const refused = await open(valid(), "198.51.100.1").then(
        () => null,
        (err: Refusal) => err,
      );
      expect(refused?.message).toBe("rate-limited");
      expect(refused?.data?.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused?.data?.retryAfter).toBeLessThanOrEqual(60);
      expect(lookups()).toBe(HANDSHAKES_PER_IP);

      // Past the first refusal: refused from memory, no statement at all (no lookup, no count).
      queries.length = 0;
      expect(await flood(40, valid, (i) => `198.51.100.${i + 2}`)).toEqual(Array(40).fill("rate-limited"));
      expect(queries).toEqual([]);
    });
  });

  // One server for both (a server start is the slow part): the per-user handshakes come from
  // loopback without the header, a count of their own, far under the ceiling.
  describe("with TRUST_PROXY=loopback", () => {
    beforeAll(() => start({ TRUST_PROXY: "loopback" }));
    afterAll(async () => s?.close());

    it("per client IP: counts the forwarded client's address: one address over its ceiling is refused, another connects", async () => {
      expect(await flood(HANDSHAKES_PER_IP, unknownDevice, () => "203.0.113.7")).toEqual(
        Array(HANDSHAKES_PER_IP).fill("unauthorized"),
      );
      expect(await outcome(valid(), "203.0.113.7")).toBe("rate-limited");
      // A proxy's own hop after the client: the client's address is still the one counted.
      expect(await outcome(valid(), "203.0.113.7, 127.0.0.1")).toBe("rate-limited");
      expect(await outcome(valid(), "203.0.113.8")).toBe("connected");
      // Without the header, the proxy's (loopback) address: a count of its own.
      expect(await outcome(valid())).toBe("connected");
      // An untrusted hop in the chain is where trust stops: its address is the client.
      expect(await outcome(valid(), "203.0.113.7, 198.51.100.9")).toBe("connected");
    });

    it(`per user on the instance: refuses socket ${MAX_SOCKETS_PER_USER + 1} of a user with too-many-connections; refusals hold no slot, a disconnect frees one`, async () => {
      expect(MAX_SOCKETS_PER_USER).toBe(20);
      const held: Socket[] = [];
      for (let i = 0; i < MAX_SOCKETS_PER_USER - 1; i++) held.push(await open(valid()));
      // Refused after the lookup (a device not signed in): its slot is given back.
      for (let i = 0; i < 5; i++) expect(await outcome(unknownDevice())).toBe("unauthorized");
      held.push(await open(valid()));
      expect(await outcome(valid())).toBe("too-many-connections");
      // Another user is not concerned.
      const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
      await s.login(other.phone);
      const [otherDevice] = await s.db
        .select({ id: apiSessions.familyId })
        .from(apiSessions)
        .where(eq(apiSessions.userId, other.user.id));
      expect(await outcome(issueMessagingToken(SECRET, other.user.id, otherDevice.id).token)).toBe("connected");

      // A socket closed by its client frees its slot (once the server has seen the close).
      held.shift()!.disconnect();
      const again = async () => {
        for (let i = 0; i < 50; i++) {
          const result = await outcome(valid());
          if (result !== "too-many-connections") return result;
          await new Promise((r) => setTimeout(r, 50));
        }
        return "too-many-connections";
      };
      expect(await again()).toBe("connected");
      expect(await outcome(valid())).toBe("too-many-connections");

      // Sockets closed by the server (access lost) free theirs too.
      disconnectChatUsers([customer.user.id]);
      expect(await again()).toBe("connected");
    });
  });
});
