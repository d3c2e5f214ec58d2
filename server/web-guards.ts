/**
 * Guards in front of the web app (issue 5 "500 on malformed input instead of 4xx"), mounted by
 * server/app.ts before Remix sees a request:
 *
 * - `rejectMalformedUrl`: a path with malformed percent-encoding (`/payments/%E0%A4%A`) gets a
 *   plain 400 page (JSON `BAD_REQUEST` under /api) instead of Express's URIError page, which
 *   carried a stack trace outside production.
 * - `requireSameOrigin`: a form POST (any method but GET/HEAD/OPTIONS) outside /api whose
 *   `Origin` header is present must come from the bank's own origin (scheme://host[:port]);
 *   otherwise a plain 403 page. Remix's own check throws on a foreign Origin (a 500), so this
 *   answers first. A missing Origin passes: the synchronizer token every form carries
 *   (app/lib/csrf.server.ts) is then the check. `Origin: null` (opaque origins: sandboxed
 *   frames, cross-site redirects) is foreign. OWASP CSRF Prevention Cheat Sheet, "Verifying
 *   Origin With Standard Headers".
 *
 * The request's own origin: `req.protocol` (X-Forwarded-Proto only when TRUST_PROXY is set,
 * Express "trust proxy") + the host — X-Forwarded-Host's first value when the proxy is trusted,
 * else the Host header. Behind a TLS-terminating proxy set TRUST_PROXY, or every form post is
 * refused (the browser's Origin says https, the socket says http).
 *
 * - `limitWebBodies`: a body sent to the web app (outside /api) must declare its length and stay
 *   within `WEB_FORM_BODY_LIMIT` (256 KiB: any form's text), or `WEB_UPLOAD_BODY_LIMIT` for a
 *   multipart post to a page that takes files (`UPLOAD_PAGES`); else 413 (411 without a length),
 *   before anything reads it. Remix parses form bodies in memory (`request.formData()`, the CSRF
 *   check's clone), and several pages parse before they know who is asking (login, language):
 *   without this a body of any size was buffered, a denial of service for everyone.
 *
 * Page texts come from public/locales/en/errors.json (`Errors.bad-request`, `Errors.foreign-origin`,
 * `Errors.too-large`, `Errors.length-required`).
 */
import fs from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Texts of the plain pages, keys of `Errors` in public/locales/en/errors.json (English only). */
type PageTexts = { title: string; badRequest: string; foreignOrigin: string; tooLarge: string; lengthRequired: string };

function loadTexts(root: string): PageTexts {
  const fallback = {
    title: "Something went wrong",
    badRequest: "Bad request.",
    foreignOrigin: "Forbidden.",
    tooLarge: "Too large.",
    lengthRequired: "Length required.",
  };
  try {
    const json = JSON.parse(fs.readFileSync(path.join(root, "public/locales/en/errors.json"), "utf8"));
    const e = json.Errors ?? {};
    return {
      title: e.title ?? fallback.title,
      badRequest: e["bad-request"] ?? fallback.badRequest,
      foreignOrigin: e["foreign-origin"] ?? fallback.foreignOrigin,
      tooLarge: e["too-large"] ?? fallback.tooLarge,
      lengthRequired: e["length-required"] ?? fallback.lengthRequired,
    };
  } catch {
    return fallback;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function plainPage(res: Response, status: number, title: string, text: string): void {
  res
    .status(status)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Home</a></p></main></body></html>`,
    );
}

function isApi(req: Request): boolean {
  return req.path === "/api" || req.path.startsWith("/api/");
}

/**
 * Refuse a URL whose path is not valid percent-encoded UTF-8: 400 plain page, or JSON
 * `{ statusCode: 400, code: "BAD_REQUEST" }` under /api. `root` holds public/locales.
 */
export function rejectMalformedUrl(root: string = process.cwd()): RequestHandler {
  const texts = loadTexts(root);
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
      return next();
    } catch {
      if (isApi(req)) {
        res.status(400).set("Cache-Control", "no-store").json({ statusCode: 400, code: "BAD_REQUEST", message: "Malformed URL" });
        return;
      }
      plainPage(res, 400, texts.title, texts.badRequest);
    }
  };
}

/**
 * The request's own origin, e.g. "https://bank.example" (see the module note on proxies).
 * Null when there is no Host header.
 */
export function ownOrigin(req: Request): string | null {
  const trusted = Boolean(req.app.get("trust proxy fn")?.(req.socket.remoteAddress ?? "", 0));
  const forwarded = trusted ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || req.get("host");
  return host ? `${req.protocol}://${host}`.toLowerCase() : null;
}

/**
 * Remix's own check (server-runtime `throwIfPotentialCSRFAttack`): the Origin's host must equal
 * X-Forwarded-Host's first value, else Host, exactly — it throws (a 500) otherwise. A request
 * that passes ours but would fail it (an untrusted X-Forwarded-Host, a Host in capitals) is
 * refused here too, so Remix never throws.
 */
function remixWouldAccept(req: Request, origin: string): boolean {
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * For non-GET/HEAD/OPTIONS requests outside /api: an `Origin` header, when present, must equal
 * `ownOrigin(req)`; otherwise 403 with a plain page. Requests without Origin pass (CSRF token).
 */
export function requireSameOrigin(root: string = process.cwd()): RequestHandler {
  const texts = loadTexts(root);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isApi(req)) return next();
    const origin = req.get("origin");
    if (origin === undefined) return next();
    const own = ownOrigin(req);
    if (own !== null && origin.trim().toLowerCase() === own && remixWouldAccept(req, origin)) return next();
    plainPage(res, 403, texts.title, texts.foreignOrigin);
  };
}

/** Largest body of a form without files (bytes): the longest forms' text is a few KiB. */
export const WEB_FORM_BODY_LIMIT = 256 * 1024;
/**
 * Largest multipart body of a page that takes files (bytes): the API's 10 files of 10 MiB each
 * (server/domain/uploads MAX_UPLOAD_FILES, MAX_UPLOAD_BYTES; app/lib/uploads.server.ts reads
 * them with those limits), plus 1 MiB of boundaries, headers and text fields.
 */
export const WEB_UPLOAD_BODY_LIMIT = 10 * 10 * 1024 * 1024 + 1024 * 1024;
/**
 * The pages whose forms send files (encType multipart/form-data, read by app/lib/uploads.server.ts
 * `readUploadForm`): a payment's signing page, a new remittance order, a beneficiary's contracts,
 * a chat channel (customer and staff), a company application's documents step.
 */
export const UPLOAD_PAGES: readonly RegExp[] = [
  /^\/payments\/[^/]+\/sign$/,
  /^\/payments\/remittance\/new$/,
  /^\/beneficiaries\/[^/]+\/contracts$/,
  /^\/chat\/[^/]+$/,
  /^\/ops\/chat\/[^/]+$/,
  /^\/identity\/corporate\/add-documents$/,
];

/**
 * For requests with a body outside /api: 411 without a Content-Length (browsers always send one
 * for a form; a chunked body could not be bounded before it is read), 413 over the limit of its
 * kind (see the module note). `root` holds public/locales.
 */
export function limitWebBodies(root: string = process.cwd()): RequestHandler {
  const texts = loadTexts(root);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isApi(req)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      // No body at all (a bodiless POST) passes; one sent without its length does not.
      if (req.get("transfer-encoding") === undefined) return next();
      return plainPage(res.set("Connection", "close"), 411, texts.title, texts.lengthRequired);
    }
    const multipart = (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const limit = multipart && UPLOAD_PAGES.some((page) => page.test(req.path)) ? WEB_UPLOAD_BODY_LIMIT : WEB_FORM_BODY_LIMIT;
    if (/^\d{1,15}$/.test(declared) && Number(declared) <= limit) return next();
    // The body is not read: the connection closes after the answer.
    plainPage(res.set("Connection", "close"), 413, texts.title, texts.tooLarge);
  };
}
