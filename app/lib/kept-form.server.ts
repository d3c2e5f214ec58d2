/**
 * What an applicant typed is not lost when the session ends under them (issue 8 "an applicant
 * must never lose what they typed"; the 5-minute inactivity limit, PSD2 RTS Art. 4(3)(b)).
 *
 * A long application step can take longer than the inactivity limit to fill, and typing is not
 * activity the server sees: the post that finally saves it meets an expired session
 * (`expiredRedirect`). The session is ended as before — nothing is saved with it — but the
 * posted fields are kept for the same person's next login, for 30 minutes, bound to the page:
 * - at the bank (POST /v1/auth/kept-forms, with the ending session's refresh token: any size
 *   the form post may have, up to 64 KiB), with only a sealed marker in this browser (who, which
 *   page, when) so that the page knows to take them back (POST /v1/auth/kept-forms/take);
 * - or, when the bank cannot take them (the session's refresh token no longer works, the API is
 *   unreachable), in this browser: encrypted (AES-256-GCM, the session key) in httpOnly cookies,
 *   at most `MAX_CHUNKS` cookies of `CHUNK_CHARS` (request headers stay far below Node's 16 KB
 *   limit); a larger form is then not kept.
 * After the same person logs in again, the login returns to that page and its loader shows the
 * kept answers, unsaved, with a notice: the applicant checks them and saves. Anyone else who
 * logs in on the same browser gets nothing (the cookies are dropped; the bank keeps a form per
 * user).
 *
 * The same keeping carries the company official's form across a language switch, which sends
 * that form along (`keepAcrossLanguageSwitch`: the API keeps no draft of an official), marked so
 * that its page shows the answers without the expiry's notice (in the cookies: a short form).
 *
 * Kept: the text fields of a form post to an application step (`/identity/…`), a payment form
 * (shown as its restored draft) or the beneficiary form, without the CSRF token, the intent and
 * files.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { config } from "./config.server";
import { decryptJson, encryptJson } from "./session.server";

/** How long kept answers wait for the next login, in seconds. */
export const KEPT_FORM_MAX_AGE_S = 30 * 60;
/** Cookie name prefix: `__kept0`, `__kept1`. */
const COOKIE = "__kept";
const CHUNK_CHARS = 3600;
/** The largest form body read for keeping (bytes): a long step's text, well within the API's 100 kB JSON limit. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_CHUNKS = 2;
/**
 * Field of a kept form that says it was kept at a language switch (`keepAcrossLanguageSwitch`),
 * not at an expiry: the page shows the answers without the expiry's notice (`keptAtLanguageSwitch`).
 */
const SWITCH_FIELD = "_keptAtSwitch";
/** Form fields never kept: the form's token, the button that sent it, the language switcher's choice. */
const NOT_KEPT = new Set(["csrf", "intent", "returnTo", "lng", SWITCH_FIELD]);

interface Kept {
  /** The phone number of the session the post met (E.164). */
  phone: string;
  /** The page the post was sent to (`keptPage`: path, and the application it names). */
  path: string;
  /** The posted text fields, in order (repeated names for checkbox groups); empty when `atBank`. */
  fields: [string, string][];
  /** When it was kept (epoch ms). */
  at: number;
  /** The fields are kept at the bank (POST /v1/auth/kept-forms), not in the cookies. */
  atBank?: true;
}

/** The fields a form keeps: [name, value] in order. */
export type KeptFields = [string, string][];

/**
 * Whether a form post to `pathname` is kept when it meets an expired session: the application
 * steps (their loader: identity-step.server.ts) and the company official's form of the cof step
 * (`officialLoader` in identity-special-officials.server.ts), the payment forms
 * (`paymentFormData`) and the beneficiary form (`keptValues` in
 * routes/_app+/beneficiaries+/__form.server.ts).
 */
export function keepsFormOnExpiry(pathname: string): boolean {
  return (
    /^\/identity\/(individual|corporate|company-official)\//.test(pathname) ||
    /^\/payments\/(euro|(gbp|usd|internal|cash-over|casp|international)\/form)$/.test(pathname) ||
    /^\/beneficiaries\/(create|[0-9a-f-]{36}\/edit)$/.test(pathname)
  );
}

/**
 * The page kept answers belong to: the path, and the application an application step's query
 * names (`applicationId`), so answers typed for one company are never shown on the same step of
 * another application of the same person (opened first in another tab). Other query parameters
 * (Remix's, a notice, the beneficiary form's type) do not make another page.
 * @param url the URL of the post that was kept, or of the page being shown
 * @returns "/identity/corporate/company" or "/identity/corporate/company?applicationId=<uuid>"
 */
export function keptPage(url: URL): string {
  const applicationId = url.searchParams.get("applicationId");
  return applicationId && /^[0-9a-f-]{36}$/i.test(applicationId)
    ? `${url.pathname}?applicationId=${applicationId.toLowerCase()}`
    : url.pathname;
}

function cookieAttributes(maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${config().production ? "; Secure" : ""}`;
}

/** Set-Cookie values that remove every kept chunk. */
export function clearKeptForm(): string[] {
  return Array.from({ length: MAX_CHUNKS }, (_, i) => `${COOKIE}${i}=; ${cookieAttributes(0)}`);
}

/**
 * Keep the text fields of an expired session's form post (see module header).
 * @param request the POST (its body is read from a clone when still unread): an urlencoded form
 *   of at most 64 KiB with a Content-Length, else nothing is kept
 * @param phone the session's phone number; null: nothing is kept
 * @param csrfToken the session's form token: a post without it is not kept
 * @param keepAtBank hands the page's path and fields to the bank (POST /v1/auth/kept-forms with
 *   the session's refresh token); resolves false when the bank did not keep them. Absent (no
 *   tokens) or false: the fields go into the cookies when they fit.
 * @returns Set-Cookie values to add to the redirect to the login (empty when nothing is kept)
 */
export async function keepExpiredPost(
  request: Request,
  phone: string | null,
  csrfToken: string | null = null,
  keepAtBank?: (path: string, fields: KeptFields) => Promise<boolean>,
): Promise<string[]> {
  const url = new URL(request.url);
  if (request.method !== "POST" || !phone || !keepsFormOnExpiry(url.pathname) || request.bodyUsed) return [];
  const path = keptPage(url);
  // Only a plain form of a known, modest size is read (never a body of any size, never a file upload).
  const type = request.headers.get("Content-Type") ?? "";
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (!type.startsWith("application/x-www-form-urlencoded") || !(length > 0 && length <= MAX_BODY_BYTES)) return [];
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return [];
  }
  // The session's own form, as the action would have checked it (app/lib/csrf.server.ts).
  if (!csrfToken || form.get("csrf") !== csrfToken) return [];
  const fields = keptFields(form);
  if (!fields.length) return [];
  if (keepAtBank && (await keepAtBank(path, fields))) return sealKept({ phone, path, fields: [], at: Date.now(), atBank: true });
  return sealKept({ phone, path, fields, at: Date.now() });
}

/** The text fields of a form that are kept (without NOT_KEPT), in order. */
function keptFields(form: FormData): KeptFields {
  const fields: KeptFields = [];
  for (const [name, value] of form.entries()) if (typeof value === "string" && !NOT_KEPT.has(name)) fields.push([name, value]);
  return fields;
}

/**
 * Keep the text fields of a form posted with the language switcher (the company official's
 * form, which the API keeps no draft of: identity-special-officials.server.ts) for the page
 * that comes back in the chosen language: as at an expiry (this person, this page, once, 30
 * minutes), marked as kept at a switch (`keptAtLanguageSwitch`).
 * @param form the posted form (the CSRF token already checked)
 * @param phone the signed-in phone number (null: nothing is kept)
 * @param path the page the answers are shown on again (`keptPage` of its URL)
 * @returns Set-Cookie values for the redirect (empty when nothing is kept or the form is too large)
 */
export function keepAcrossLanguageSwitch(form: FormData, phone: string | null, path: string): string[] {
  const fields = keptFields(form);
  if (!phone || !fields.length) return [];
  return sealKept({ phone, path, fields: [...fields, [SWITCH_FIELD, "1"]], at: Date.now() });
}

/** Whether a kept form (`takeKeptForm`) was kept at a language switch rather than at an expiry. */
export function keptAtLanguageSwitch(form: FormData | null): boolean {
  return form?.get(SWITCH_FIELD) === "1";
}

/** The Set-Cookie values of kept answers (or of the marker of answers kept at the bank): sealed, in at most MAX_CHUNKS cookies; none when they do not fit. */
function sealKept(kept: Kept): string[] {
  if (!kept.fields.length && !kept.atBank) return [];
  const sealed = encryptJson(deflateRawSync(JSON.stringify(kept)).toString("base64"));
  if (sealed.length > CHUNK_CHARS * MAX_CHUNKS) return [];
  const chunks = Array.from({ length: MAX_CHUNKS }, (_, i) => sealed.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS));
  return chunks.map((chunk, i) =>
    chunk ? `${COOKIE}${i}=${chunk}; ${cookieAttributes(KEPT_FORM_MAX_AGE_S)}` : clearKeptForm()[i],
  );
}

function readCookie(header: string, name: string): string {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return "";
}

/**
 * The answers kept for this page and this person, once (see module header).
 * @param request a GET of the page (its cookies)
 * @param phone the signed-in phone number (null: nothing is returned)
 * @param takeAtBank takes the fields the bank kept for this user and page (POST
 *   /v1/auth/kept-forms/take; null when none); called only when the cookies say the bank keeps
 *   answers for this page and person
 * @returns `{ form, setCookie }`: the kept fields as FormData (null when none apply) and the
 *   Set-Cookie values removing the kept cookies (empty when there were none, or when the bank
 *   could not be asked: the marker stays for the next load)
 */
export async function takeKeptForm(
  request: Request,
  phone: string | null,
  takeAtBank?: (path: string) => Promise<KeptFields | null>,
): Promise<{ form: FormData | null; setCookie: string[] }> {
  const header = request.headers.get("Cookie") ?? "";
  const sealed = Array.from({ length: MAX_CHUNKS }, (_, i) => readCookie(header, `${COOKIE}${i}`)).join("");
  if (!sealed) return { form: null, setCookie: [] };
  const setCookie = clearKeptForm();
  const packed = decryptJson<string>(sealed);
  let kept: Kept | null = null;
  try {
    kept = packed ? (JSON.parse(inflateRawSync(Buffer.from(packed, "base64")).toString("utf8")) as Kept) : null;
  } catch {
    kept = null;
  }
  const path = keptPage(new URL(request.url));
  // This person's and still fresh: shown on its page, left for it elsewhere; anything else is dropped.
  const theirs = kept !== null && phone !== null && kept.phone === phone && Date.now() - kept.at <= KEPT_FORM_MAX_AGE_S * 1000;
  if (!kept || !theirs) return { form: null, setCookie };
  if (kept.path !== path) return { form: null, setCookie: [] };
  let fields = kept.fields;
  if (kept.atBank) {
    if (!takeAtBank) return { form: null, setCookie: [] };
    try {
      fields = (await takeAtBank(path)) ?? [];
    } catch (error) {
      // The session ended meanwhile (a redirect to the login) goes on; an unreachable bank leaves the marker for the next load.
      if (error instanceof Response) throw error;
      return { form: null, setCookie: [] };
    }
    if (!fields.length) return { form: null, setCookie };
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return { form, setCookie };
}
