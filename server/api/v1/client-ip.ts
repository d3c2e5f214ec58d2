/**
 * The customer's IP address behind the web app (docs/decisions.md "The customer's IP through the
 * web app").
 *
 * The web app calls this API from its own server, so `req.ip` here is the web server's address
 * (loopback when both run in one process): every per-IP limit (one-time codes, recovery, kept
 * forms) would count the whole bank's web customers as one client. The web app therefore sends
 * the address its server saw (`CLIENT_IP_HEADER`) with a proof (`CLIENT_IP_PROOF_HEADER`):
 * HMAC-SHA256 of the address under the secret web and API share (SESSION_SECRET). The API takes
 * the address only when the proof matches; anyone else sending the header gets nothing from it.
 */
import crypto from "node:crypto";
import type { RequestHandler } from "express";

/** The customer's address as the web server saw it (Express `req.ip`, "trust proxy" applied). */
export const CLIENT_IP_HEADER = "x-bank-client-ip";
/** Lowercase hex HMAC-SHA256 of that address under the shared secret. */
export const CLIENT_IP_PROOF_HEADER = "x-bank-client-ip-proof";

/**
 * The development default of SESSION_SECRET, the same as the web app's (app/lib/config.server.ts
 * DEV_SESSION_SECRET): without SESSION_SECRET (the sandbox) both sides still agree. Production
 * requires SESSION_SECRET (server/config.ts).
 */
export const DEV_CLIENT_IP_SECRET = "dev-only-session-secret-change-me-0123456789";

/** An IPv4 or IPv6 address as Express gives it (`::ffff:127.0.0.1` included); at most 64 characters. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,64}$/;

/** HMAC-SHA256 (hex) of `ip` under `secret`. */
export function clientIpProof(secret: string, ip: string): string {
  return crypto.createHmac("sha256", secret).update(`client-ip:${ip}`).digest("hex");
}

/**
 * Middleware: when the request carries an address and a matching proof, `req.ip` is that address
 * for every handler after it; otherwise `req.ip` stays the connection's (or the trusted proxy's).
 * @param secret SESSION_SECRET, else DEV_CLIENT_IP_SECRET
 */
export function forwardedClientIp(secret: string): RequestHandler {
  return (req, _res, next) => {
    const ip = req.get(CLIENT_IP_HEADER);
    const proof = req.get(CLIENT_IP_PROOF_HEADER);
    if (ip && proof && ADDRESS.test(ip) && /^[0-9a-f]{64}$/.test(proof)) {
      const expected = Buffer.from(clientIpProof(secret, ip), "hex");
      if (crypto.timingSafeEqual(expected, Buffer.from(proof, "hex")))
        Object.defineProperty(req, "ip", { value: ip, configurable: true, enumerable: true });
    }
    next();
  };
}
