/**
 * Downloads of stored files through the web app (resource routes: a payment's supporting
 * document, a beneficiary's or contract's document). The bytes are streamed from an API file
 * call with its Content-Type and Content-Disposition (attachment, RFC 6266 name) and
 * `Cache-Control: private, no-store`; `X-Content-Type-Options: nosniff` comes with every answer
 * of the server (helmet, server/app.ts: set here too it would be sent twice). A file the caller
 * may not see is a small translated 404 page (a resource route has no layout to render): in the
 * page's language and direction, with the app's global styles.
 */
import globalStyles from "~/styles/global.css";
import { directionOf } from "~/i18n";
import { ApiError, type Api } from "./api.server";
import i18next from "./i18next.server";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The small page a resource route answers instead of a file: in the request's language and its
 * direction (`lang`, `dir="rtl"` for Arabic), with the app's global styles (its font, colours and
 * link focus; the page has no layout), a heading, a message and a link back.
 * @param texts already translated, unescaped; `alert`: the message is announced (role="alert")
 * @returns the HTML document
 */
async function plainPage(
  request: Request,
  texts: { title: string; message: string; backHref: string; backText: string; alert?: boolean },
): Promise<string> {
  const lng = await i18next.getLocale(request);
  const title = escapeHtml(texts.title);
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(lng)}" dir="${directionOf(lng)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
    (globalStyles ? `<link rel="stylesheet" href="${escapeHtml(globalStyles)}">` : "") +
    `<title>${title}</title></head><body><main class="error-page"><h1>${title}</h1>` +
    `<p${texts.alert ? ' role="alert"' : ""}>${escapeHtml(texts.message)}</p>` +
    `<p><a href="${escapeHtml(texts.backHref)}">${escapeHtml(texts.backText)}</a></p></main></body></html>`
  );
}

/**
 * 404 as a plain, translated page with a link back.
 * @param back.href where the link goes; back.key its text (an i18n key, e.g. "payments:documents.back")
 * @param headers the API client's headers (rotated tokens), completed here
 */
export async function fileNotFound(request: Request, back: { href: string; key: string }, headers: Headers): Promise<Response> {
  const ns = back.key.includes(":") ? back.key.split(":")[0] : "common";
  const t = (await i18next.getFixedT(request, ["common", ns])) as unknown as (k: string) => string;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  const page = await plainPage(request, {
    title: t("common:not-found.title"),
    message: t("common:not-found.text"),
    backHref: back.href,
    backText: t(back.key),
  });
  return new Response(page, { status: 404, headers });
}

/**
 * Stream the file the API answers at `apiPath` (e.g. `/uploads/:id/file`).
 * @returns the download response, or null when the API answers 404 or 400 (not the caller's,
 *   unknown, malformed id): the route answers `fileNotFound` then
 * @throws anything else (redirects for an expired session, 5xx)
 */
export async function streamApiFile(api: Api, apiPath: string): Promise<Response | null> {
  let file: Response;
  try {
    file = await api.request<Response>("GET", apiPath, { raw: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
  // Content-Length is not passed on: fetch may have decoded a compressed answer.
  const headers = await api.headers({
    "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
    "Content-Disposition": file.headers.get("Content-Disposition") ?? "attachment",
    "Cache-Control": "private, no-store",
  });
  return new Response(file.body, { status: 200, headers });
}

/**
 * A failed download as a plain, translated page: the API's message when it sent one (ApiError),
 * else `messageKey` or 'Internal Server Error. Try Again' (history:download.failed); the API
 * drawing as many documents as it takes at once (503 SERVICE_BUSY) is 'busy, try again in a few
 * seconds' (history:download.busy), status 503 with the API's Retry-After; the user's document
 * limit (429 RATE_LIMITED) is 'try again in a few minutes' (history:download.rate-limited), 429
 * with Retry-After.
 * Redirects (an expired session) are rethrown. Status: the API's 4xx or 503, else 500.
 */
export async function downloadFailed(
  request: Request,
  error: unknown,
  back: { href: string; key: string },
  headers: Headers,
  messageKey?: string,
): Promise<Response> {
  if (error instanceof Response) throw error;
  const ns = back.key.includes(":") ? back.key.split(":")[0] : "common";
  const t = (await i18next.getFixedT(request, ["common", "history", "errors", ns])) as unknown as (
    k: string,
    o?: { defaultValue: string },
  ) => string;
  const raw = error instanceof ApiError && error.status < 500 ? error.body.message : undefined;
  // Each refusal in the page's language where the web app has words for it (errors:constraints.<id>).
  const apiMessage = Array.isArray(raw)
    ? raw
        .flatMap((f) => Object.entries(f.constraints).map(([id, text]) => t(`errors:constraints.${id}`, { defaultValue: text })))
        .join(" ")
    : raw;
  const busy = error instanceof ApiError && error.status === 503 && error.body.code === "SERVICE_BUSY";
  const limited = error instanceof ApiError && error.status === 429 && error.body.code === "RATE_LIMITED";
  const message = busy
    ? t("history:download.busy")
    : limited
      ? t("history:download.rate-limited")
      : apiMessage || t(messageKey ?? "history:download.failed");
  const status = busy ? 503 : error instanceof ApiError && error.status < 500 ? error.status : messageKey ? 400 : 500;
  if (busy || limited) headers.set("Retry-After", String(error.body.retryAfter ?? 5));
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  const page = await plainPage(request, {
    title: t("history:download.title"),
    message,
    backHref: back.href,
    backText: t(back.key),
    alert: true,
  });
  return new Response(page, { status, headers });
}
