/**
 * `POST /api/staff/bank` — the `npm run bank` staff commands run inside the server process, for
 * a bank whose embedded PGlite database belongs to that process (the CLI cannot open it while
 * the server runs), for scripts and for the browser tests' staff decisions. A stand-in for the
 * back office (issue 13), which replaces it with staff logins, roles and an audit log.
 *
 * Only mounted when STAFF_API_TOKEN is set (at least 32 characters; refused in production by
 * server/config.ts). Request: header `Authorization: Staff <token>` (compared in constant time),
 * JSON `{ "argv": ["beneficiary:approve", "<id>"] }` — the same arguments as the CLI, `--staff
 * <email>` included (the CLI adds its BANK_STAFF_EMAIL; the server never reads that variable).
 * Answers: 200 `{ output }`; 400 `{ code: "USAGE", message }` for a bad command line; 409
 * `{ code, message }` when the bank's rules refuse (unknown id, wrong status …); 401 without the
 * token; 404 for anything else under /api/staff. Customer sessions are never accepted.
 */
import crypto from "node:crypto";
import express, { Router } from "express";
import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import { DomainError } from "../domain/errors.js";
import { parseBankArgs, runBankCommand, UsageError } from "./commands.js";

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The /api/staff router (mount only when a token is configured). */
export function createStaffRouter(deps: { db: Database; logger: Logger; token: string }): Router {
  const r = Router();
  r.use(express.json({ limit: "10kb" }));
  r.use((req, res, next) => {
    res.set("Cache-Control", "no-store");
    const header = req.get("authorization") ?? "";
    const given = header.startsWith("Staff ") ? header.slice("Staff ".length) : "";
    if (!given || !sameToken(given, deps.token)) {
      res.status(401).json({ code: "UNAUTHENTICATED", message: "Staff token required" });
      return;
    }
    next();
  });
  r.post("/bank", (req, res, next) => {
    const argv = (req.body as { argv?: unknown } | undefined)?.argv;
    if (!Array.isArray(argv) || argv.length > 20 || !argv.every((a) => typeof a === "string" && a.length <= 1000)) {
      res.status(400).json({ code: "USAGE", message: "argv must be an array of at most 20 strings" });
      return;
    }
    let cmd;
    try {
      cmd = parseBankArgs(argv as string[]);
    } catch (err) {
      if (!(err instanceof UsageError)) return next(err);
      res.status(400).json({ code: "USAGE", message: err.message });
      return;
    }
    if (cmd.command === "help") {
      res.status(400).json({ code: "USAGE", message: "help is for the command line" });
      return;
    }
    runBankCommand(deps.db, cmd).then(
      (output) => {
        deps.logger.info({ argv }, "staff command");
        res.json({ output });
      },
      (err: unknown) => {
        if (!(err instanceof DomainError)) return next(err);
        const message =
          typeof err.body === "string" ? err.body : err.body.flatMap((e) => Object.values(e.constraints)).join("; ");
        res.status(409).json({ code: err.code, message });
      },
    );
  });
  r.use((_req, res) => {
    res.status(404).json({ code: "NOT_FOUND", message: "Not found" });
  });
  return r;
}
