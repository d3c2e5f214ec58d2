/**
 * The Express application: security headers (helmet, per-request CSP nonce), compression,
 * the banking API under /api/v1, static assets, and — when a Remix build is given — the
 * web app as the catch-all. `createApp` has no side effects beyond building the app, so
 * API tests run it on an ephemeral port without the web app.
 */
import crypto from "node:crypto";
import path from "node:path";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import helmet from "helmet";
// The helpers of @remix-run/express's own adapter (exported and typed by its module), so that
// Remix's handler can be wrapped by the web app before the answer is sent (webRequestHandler).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createApiRouter } from "./api/v1/index.js";
import { createStaffRouter } from "./staff/bank-endpoint.js";
import { DomainError, errorMiddleware, type ApiDeps } from "./api/v1/http.js";
import { rejectNulCharacters } from "./api/v1/input-guard.js";
import { limitWebBodies, rejectMalformedUrl, requireSameOrigin } from "./web-guards.js";

export interface CreateAppOptions {
  /** The Remix server build; absent in API-only tests. */
  remixBuild?: ServerBuild;
  /** Folder holding `public/` (default: process.cwd()). */
  root?: string;
}

/** Remix's request handler: one request in, its answer out. */
type WebHandler = (request: Request, loadContext?: AppLoadContext) => Promise<Response>;

/** What the web app's server entry (app/entry.server.tsx) exports beyond Remix's own. */
interface WebEntry {
  /** Wraps Remix's handler: every answer of a request that rotated the session's tokens carries them. */
  wrapRequestHandler: (handler: WebHandler) => WebHandler;
}

/**
 * The web app as Express middleware: @remix-run/express's adapter (same request, same sending),
 * with Remix's handler wrapped by the web build's `wrapRequestHandler` (app/lib/session-scope.server.ts).
 * @throws at start when the build's server entry has no `wrapRequestHandler`
 */
function webRequestHandler(build: ServerBuild, mode: string): express.RequestHandler {
  const { wrapRequestHandler } = build.entry.module as unknown as Partial<WebEntry>;
  if (typeof wrapRequestHandler !== "function") throw new Error("The web build's server entry exports no wrapRequestHandler");
  const handle = wrapRequestHandler(createRequestHandler(build, mode));
  return async (req, res, next) => {
    try {
      const response = await handle(createRemixRequest(req, res), {
        cspNonce: res.locals.cspNonce as string,
        // The customer's address ("trust proxy" applied), which the web app's API calls forward
        // with a proof (server/api/v1/client-ip.ts).
        clientIp: req.ip ?? null,
      });
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The ws:/wss: origin of this request's host, for the CSP `connect-src` of the chat socket ('self' when the Host is unusable). */
function sameOriginWebSocket(req: express.Request): string {
  const host = req.get("host") ?? "";
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return "'self'";
  return `${req.secure ? "wss" : "ws"}://${host}`;
}

export function createApp(deps: ApiDeps, opts: CreateAppOptions = {}): express.Express {
  const app = express();
  const production = deps.config.deployment === "production";
  app.disable("x-powered-by");
  if (deps.config.TRUST_PROXY) app.set("trust proxy", deps.config.TRUST_PROXY);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          // No 'unsafe-inline': the app renders no style attributes or style elements (CSS files only).
          "style-src": ["'self'"],
          "img-src": ["'self'", "data:"],
          // 'self' covers the same-origin chat socket (wss:/ws: of this host) in CSP Level 3
          // browsers; the explicit same-origin ws(s) URL covers the others. No other host.
          "connect-src": ["'self'", (req) => sameOriginWebSocket(req as express.Request)],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": production ? [] : null,
        },
      },
      // "no-referrer" makes Chromium send `Origin: null` on form posts, which Remix's
      // own CSRF origin check rejects; same-origin keeps referrers inside the bank.
      referrerPolicy: { policy: "same-origin" },
      // HSTS is sent below, only on requests that arrived over TLS.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // HSTS (RFC 6797 §7.2: only over a secure transport). `req.secure` reads X-Forwarded-Proto
  // only when TRUST_PROXY says the proxy is ours; otherwise it is the socket's own TLS.
  app.use((req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  // Compressed from the first byte for the build's JavaScript and CSS (public, fingerprinted, no
  // secrets): a page loads 20 to 40 chunks, most under compression's default threshold of 1 KB,
  // which were sent as they are (docs/performance.md "First-load JavaScript (2026-11-29)").
  // Everything else keeps the default threshold.
  const compress = compression();
  const compressBuild = compression({ threshold: 0 });
  app.use((req, res, next) => (req.path.startsWith("/build/") ? compressBuild : compress)(req, res, next));
  // Malformed input answers 4xx before any router (issue 5): bad percent-encoding; web form
  // posts from a foreign Origin; web bodies over their limit, before anything buffers them
  // (server/web-guards.ts).
  app.use(rejectMalformedUrl(opts.root));
  app.use(requireSameOrigin(opts.root));
  app.use(limitWebBodies(opts.root));
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.debug({ method: req.method, path: req.path, status: res.statusCode, ms }, "request");
    });
    next();
  });

  // Banking API (spec 000 §7).
  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));
  api.use(rejectNulCharacters);
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  api.use(createApiRouter(deps));
  api.use((_req, _res, next) => next(new DomainError("NOT_FOUND", "Not found")));
  api.use(errorMiddleware(deps.logger));
  app.use("/api/v1", api);
  // Staff commands inside this process (server/staff/bank-endpoint.ts), only with a token.
  if (deps.config.STAFF_API_TOKEN) {
    app.use("/api/staff", createStaffRouter({ db: deps.db, logger: deps.logger, token: deps.config.STAFF_API_TOKEN }));
  }

  if (opts.remixBuild) {
    const root = opts.root ?? process.cwd();
    // Fingerprinted build assets are immutable; other public files get a short cache. The build's
    // text is sent as `npm run build` compressed it (Brotli 11 or gzip 9 beside each file:
    // scripts/build/precompress.ts); a file without them is compressed per request (above).
    app.use(
      "/build",
      expressStaticGzip(path.join(root, "public/build"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
    app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
    app.all(
      "*",
      webRequestHandler(
        opts.remixBuild,
        // Remix's development mode sends error details to the browser: only in a sandbox that
        // also runs the libraries' development builds.
        production || deps.config.NODE_ENV === "production" ? "production" : "development",
      ),
    );
  }
  return app;
}
