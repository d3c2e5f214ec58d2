/**
 * The chat gateway (issue 11; spec 000 §4 "Chat connection", §7 "Websocket to a messaging
 * gateway"; docs/chat.md "Gateway"): socket.io on the same HTTP server as the API and the web
 * app, at path `/api/socket.io`.
 *
 * - Authentication: the handshake carries the messaging token (POST /v1/tokens/messaging) in
 *   `auth.token` (or the `token` query parameter, as spec 000 §7 reads); a missing, forged or
 *   expired token, or a user no longer ACTIVE, is refused with a `connect_error` whose message is
 *   `unauthorized`. Each socket joins its user's room `user:<userId>`.
 * - Client → server, each with an acknowledgement `{ ok: true, message? }` | `{ ok: false, error }`:
 *   `subscribe` `{ channelId }` (joins `channel:<id>` when the user may read the channel; else
 *   `Chat.not-found`, the same for an unknown one), `unsubscribe` `{ channelId }`, `message`
 *   `{ channelId, content, documentId?, idempotencyKey? }` (the domain's `postMessage`; with
 *   `documentId`, an upload id, the upload is attached instead: one DOCUMENT message; with
 *   `idempotencyKey`, as the API's Idempotency-Key: the same key again answers the first
 *   message, over the socket or over HTTP). Errors are message keys:
 *   `Chat.max-length`, `Chat.empty` (empty, or only white space and invisible characters such as
 *   U+200B: the domain's `isNotEmpty`), the other field messages of the domain, `Chat.not-found`,
 *   `Chat.forbidden`, `Chat.rate-limited` (30 writes a minute per user), `Chat.invalid` (a
 *   malformed payload), `Chat.error` (anything else).
 * - Server → client: `message`, `data-new-channel`, `data-unread-messages-count`, `notification`,
 *   sent by the domain through the publisher this gateway registers (server/domain/chat/publisher.ts).
 * - Access lost (membership suspended, sessions revoked): the domain asks the publisher to
 *   disconnect the user's sockets (`user:<id>` room, every instance); a reconnection is checked
 *   again (token, ACTIVE; each subscribe the channel's access).
 * - Several instances: with `redisUrl` the `@socket.io/redis-adapter` (an ioredis client and its
 *   duplicate for subscribing) carries every room emit to the sockets of all instances.
 * - Limits on handshakes (docs/chat.md "Limits"), in this order, each before the user lookup:
 *   the token's signature (no store, no database: a forged token is `unauthorized` at no cost);
 *   handshakes per client IP, `RATE_LIMITS.chatHandshakes` (300 a minute, counted in the bank's
 *   shared rate-limit store, so across every instance; `connect_error` `rate-limited` with
 *   `data.retryAfter` in seconds; past the ceiling refused from memory until the window ends);
 *   sockets per user on this instance, `MAX_SOCKETS_PER_USER` (20; `connect_error`
 *   `too-many-connections`; a closed socket frees its slot). The client IP is the connection's
 *   address, or what X-Forwarded-For says only through the hops the Express app trusts
 *   (TRUST_PROXY: `trustProxy` is the app's own compiled "trust proxy fn", read by proxy-addr
 *   exactly as Express's `req.ip`).
 */
import type http from "node:http";
import type { Logger } from "pino";
import proxyaddr from "proxy-addr";
import { Server as IoServer, type Socket } from "socket.io";
import type { Database } from "../db/client.js";
import { DomainError } from "../domain/errors.js";
import { consumeRateLimit, RATE_LIMITS } from "../domain/rate-limit/index.js";
import { attachDocuments, findChannel, postMessage } from "../domain/chat/index.js";
import { setChatPublisher } from "../domain/chat/publisher.js";
import { chatConnectionAllowed, verifyMessagingToken } from "../domain/chat/tokens.js";
import { isUuid } from "../domain/accounts/index.js";

/** Where the gateway answers (the web app's socket.io client uses the same path). */
export const GATEWAY_PATH = "/api/socket.io";

/**
 * Sockets one user may hold open at once on one instance: each tab where the chat was opened
 * keeps one (the popup stays connected for the header's count), so 20 is a customer with many
 * tabs on a laptop, a phone and a tablet; what passes it is a script or a leak, whose sockets
 * would each hold memory and receive every one of the user's events. Per instance, not across
 * instances (docs/chat.md "Limits": a cross-instance count would ask every instance over Redis on
 * each handshake, and still race).
 */
export const MAX_SOCKETS_PER_USER = 20;

/** Express's compiled "trust proxy fn" (`app.get("trust proxy fn")`): whether hop `i`'s address is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

export interface GatewayOptions {
  db: Database;
  /** The OTP secret the API signs messaging tokens with (config.otpSecret). */
  secret: string;
  logger: Logger;
  /** Redis for the adapter (several instances); absent: one process. */
  redisUrl?: string;
  /** config REDIS_PREFIX: the adapter's channels are `<prefix>:socket.io…` (default "bank"). */
  redisPrefix?: string;
  /** RATE_LIMITS=relaxed (tests): the chat write and handshake limits' higher ceilings. */
  relaxedLimits?: boolean;
  /**
   * The Express app's `app.get("trust proxy fn")` (config TRUST_PROXY), so a handshake's client IP
   * is the app's `req.ip` for the same request; absent: the connection's address, never a header.
   */
  trustProxy?: TrustProxy;
}

export interface Gateway {
  io: IoServer;
  /** Disconnect every socket, stop publishing, quit Redis. The HTTP server stays open. */
  close: () => Promise<void>;
}

type Ack = (answer: { ok: true; message?: unknown } | { ok: false; error: string }) => void;

/** A domain refusal → the key the acknowledgement carries. */
function errorKey(err: unknown): string {
  if (!(err instanceof DomainError)) return "Chat.error";
  if (err.code === "NOT_FOUND") return "Chat.not-found";
  if (err.code === "FORBIDDEN") return "Chat.forbidden";
  if (err.code === "RATE_LIMITED") return "Chat.rate-limited";
  if (typeof err.body !== "string") {
    const constraints = err.body[0]?.constraints ?? {};
    // An empty text (or one of only invisible characters): the key the web app translates.
    if (constraints.isNotEmpty) return "Chat.empty";
    return Object.values(constraints)[0] ?? "Chat.invalid";
  }
  return "Chat.error";
}

/** The `channelId` of a payload, or null when it is not an object with a uuid. */
function channelIdOf(payload: unknown): string | null {
  const id = payload && typeof payload === "object" ? (payload as { channelId?: unknown }).channelId : undefined;
  return isUuid(id) ? id : null;
}

/**
 * The optional `idempotencyKey` of a `message` payload (1..128 characters after trimming, as the
 * API's Idempotency-Key header): the web popup sends the key its HTTP fallback would send, so a
 * message whose acknowledgement was lost and is then posted over HTTP is one message.
 * @returns the key, or null when absent
 * @throws DomainError VALIDATION_FAILED (`idempotencyKey`) on anything else
 */
function idempotencyKeyOf(payload: object): string | null {
  const key = (payload as { idempotencyKey?: unknown }).idempotencyKey;
  if (key === undefined || key === null) return null;
  const trimmed = typeof key === "string" ? key.trim() : "";
  if (trimmed.length < 1 || trimmed.length > 128)
    throw new DomainError("VALIDATION_FAILED", [
      { property: "idempotencyKey", constraints: { isIdempotencyKey: "Chat.invalid" } },
    ]);
  return trimmed;
}

/**
 * The Redis adapter's key (the prefix of its pub/sub channels) for a REDIS_PREFIX.
 * @param prefix config REDIS_PREFIX (default "bank") → `<prefix>:socket.io`
 */
export function adapterKey(prefix = "bank"): string {
  return `${prefix}:socket.io`;
}

/**
 * The handshake's client IP, as Express's `req.ip` reads it: X-Forwarded-For only through the
 * trusted hops (proxy-addr, the module Express uses), else the connection's own address.
 */
export function clientAddress(request: http.IncomingMessage, trust?: TrustProxy): string {
  if (trust) return proxyaddr(request, trust);
  return request.socket.remoteAddress ?? "unknown";
}

/** A handshake refusal: `connect_error` with `message` (and `data`, when given) on the client. */
function refusal(message: "unauthorized" | "rate-limited" | "too-many-connections", data?: object): Error {
  return Object.assign(new Error(message), data ? { data } : {});
}

/** Per-user socket slots of this instance. `take` answers a release (idempotent), or null when full. */
function socketSlots(max: number) {
  const held = new Map<string, number>();
  return {
    take(userId: string): (() => void) | null {
      const count = held.get(userId) ?? 0;
      if (count >= max) return null;
      held.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
  };
}

/**
 * Attach the gateway to `server` and make it the process's chat publisher.
 * @returns the socket.io server and `close`
 */
export async function attachGateway(server: http.Server, opts: GatewayOptions): Promise<Gateway> {
  const { db, logger } = opts;
  const limits = { relaxed: opts.relaxedLimits ?? false };
  const io = new IoServer(server, {
    path: GATEWAY_PATH,
    serveClient: false,
    // No CORS headers (same-origin pages only poll); the token, never a cookie, is the credential.
    maxHttpBufferSize: 64 * 1024,
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (opts.redisUrl) {
    const { Redis } = await import("ioredis");
    const { createAdapter } = await import("@socket.io/redis-adapter");
    const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on("error", (err) => logger.error({ err }, "chat gateway redis error"));
    io.adapter(createAdapter(pub, sub, { key: adapterKey(opts.redisPrefix) }));
    closers.push(
      () => pub.quit().catch(() => pub.disconnect()),
      () => sub.quit().catch(() => sub.disconnect()),
    );
    logger.info({ adapter: "redis" }, "chat gateway shares rooms through Redis");
  }

  const slots = socketSlots(MAX_SOCKETS_PER_USER);
  /** Whether this handshake may connect: null, or the refusal to send. */
  const admit = async (socket: Socket): Promise<Error | null> => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = auth?.token ?? socket.handshake.query.token;
    // The signature first: no store and no database for a forged or expired token.
    const claims = verifyMessagingToken(opts.secret, token);
    if (!claims) return refusal("unauthorized");
    try {
      await consumeRateLimit(db, RATE_LIMITS.chatHandshakes(clientAddress(socket.request, opts.trustProxy)), limits);
    } catch (err) {
      if (err instanceof DomainError && err.code === "RATE_LIMITED")
        return refusal("rate-limited", { retryAfter: err.extra.retryAfter });
      logger.error({ err }, "chat gateway: handshake count failed");
      return refusal("unauthorized");
    }
    const release = slots.take(claims.userId);
    if (!release) return refusal("too-many-connections");
    // Freed when the socket disconnects, or when its connection closes before it ever connected
    // (a client gone during the lookup never gets a "disconnect").
    socket.once("disconnect", release);
    socket.conn.once("close", release);
    try {
      if (!(await chatConnectionAllowed(db, claims))) {
        release();
        return refusal("unauthorized");
      }
    } catch (err) {
      release();
      logger.error({ err }, "chat gateway: user lookup failed");
      return refusal("unauthorized");
    }
    socket.data.userId = claims.userId;
    socket.data.deviceId = claims.deviceId;
    return null;
  };
  io.use((socket, next) => {
    void admit(socket).then((refused) => next(refused ?? undefined));
  });

  io.on("connection", (socket: Socket) => {
    const userId = socket.data.userId as string;
    void socket.join([`user:${userId}`, `device:${socket.data.deviceId as string}`]);
    const handle = (event: string, fn: (payload: unknown) => Promise<{ ok: true; message?: unknown }>) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply: Ack = typeof ack === "function" ? (ack as Ack) : () => {};
        fn(payload).then(reply, (err: unknown) => {
          if (!(err instanceof DomainError)) logger.error({ err, event }, "chat gateway error");
          reply({ ok: false, error: errorKey(err) });
        });
      });
    };
    handle("subscribe", async (payload) => {
      const channelId = channelIdOf(payload);
      if (!channelId) throw new DomainError("NOT_FOUND", "Channel not found");
      await findChannel(db, userId, channelId);
      await socket.join(`channel:${channelId}`);
      return { ok: true };
    });
    handle("unsubscribe", async (payload) => {
      const channelId = channelIdOf(payload);
      if (channelId) await socket.leave(`channel:${channelId}`);
      return { ok: true };
    });
    handle("message", async (payload) => {
      const channelId = channelIdOf(payload);
      if (!channelId) throw new DomainError("NOT_FOUND", "Channel not found");
      const p = payload as { content?: unknown; documentId?: unknown };
      const idempotencyKey = idempotencyKeyOf(p);
      if (p.documentId !== undefined && p.documentId !== null) {
        if (!isUuid(p.documentId))
          throw new DomainError("VALIDATION_FAILED", [{ property: "documentId", constraints: { isUuid: "Chat.invalid" } }]);
        const {
          messages: [message],
        } = await attachDocuments(db, userId, channelId, [{ uploadId: p.documentId, name: "" }], limits, idempotencyKey);
        return { ok: true, message };
      }
      const { message } = await postMessage(db, userId, channelId, { content: p.content, idempotencyKey }, limits);
      return { ok: true, message };
    });
  });

  const restore = setChatPublisher({
    live: true,
    toChannel: (channelId, event, payload) => {
      io.to(`channel:${channelId}`).emit(event, payload);
    },
    toUser: (userId, event, payload) => {
      io.to(`user:${userId}`).emit(event, payload);
    },
    // Every socket of the user joined `user:<id>` at connection; through the adapter on every instance.
    disconnectUser: (userId) => {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    disconnectDevice: (deviceId) => {
      io.in(`device:${deviceId}`).disconnectSockets(true);
    },
    error: (err) => logger.error({ err }, "chat: live delivery failed"),
  });

  return {
    io,
    async close() {
      restore();
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
