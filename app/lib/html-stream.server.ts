/**
 * The server-rendered HTML stream as the browser gets it: without React 18's NUL padding, and
 * with Remix's module preloads fetched only by a browser that will run the modules.
 *
 * NUL padding. React 18.3's streaming renderer (renderToPipeableStream) encodes HTML into
 * 2,048-byte buffers; when a multi-byte UTF-8 character (ü, ß, Arabic letters, €) would straddle
 * a buffer's end it stops short and still sends the whole buffer, so up to 3 unwritten NUL bytes
 * end that chunk (facebook/react#24985, fixed in React 19 by facebook/react#26228). A NUL in
 * HTML is a parse error: ignored in text, turned into U+FFFD in an attribute. Every German or
 * Arabic page can hit it. The application never writes a NUL itself (the API refuses NUL
 * characters in every text field: server/api/v1/input-guard.ts), so NUL bytes at the end of a
 * chunk are always padding.
 *
 * Module preloads. Remix's `<Scripts>` writes one `<link rel="modulepreload">` per chunk of the
 * page's JavaScript (18 on /auth/phone, 36 on /payments/gbp, up to 120 KB gzip). A browser
 * fetches those as it parses, scripts allowed or not: a customer with JavaScript off downloaded
 * every chunk of a page and ran none. Here each link leaves the stream inert
 * (`rel="x-modulepreload"`: a keyword browsers ignore, the element and its `href` kept, so React
 * hydrates the same elements it rendered; production React does not compare attributes, and
 * Remix removes them once hydrated), and one inline script with the page's CSP nonce, at the end
 * of `<body>` (after Remix's own scripts, whose modules run only once the document is parsed),
 * turns them into real preloads in `<head>`. With scripts on, the chunks are fetched as early as
 * before (the script runs as the parser reaches it, before any module starts); with scripts off,
 * nothing is fetched. React 18 tolerates extra nodes at the end of `<body>` and `<head>` when it
 * hydrates (browser extensions put them there), so neither the script nor the new links upset
 * hydration. docs/decisions.md "A page without JavaScript downloads no JavaScript".
 */
import { Transform } from "node:stream";

/** Longest padding: a UTF-8 character is at most 4 bytes, so at most 3 are left unwritten. */
const MAX_PADDING = 3;

/**
 * Bytes of `chunk` without its trailing NUL padding (at most MAX_PADDING bytes).
 * @param chunk one chunk as React wrote it
 */
export function withoutNulPadding(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < MAX_PADDING && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** The link React writes for Remix's `<Scripts>` (no crossOrigin given: root.tsx). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="/g;
/** What a preload becomes in the stream: the same element, a keyword no browser acts on. */
export const INERT_MODULE_PRELOAD = "x-modulepreload";

/**
 * The inline script that turns the inert links into preloads in `<head>` (ES5: it runs in every
 * browser that runs scripts; one without modules ignores `modulepreload` anyway).
 */
export function modulePreloadScript(nonce: string): string {
  const attribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, "")}"` : "";
  return (
    `<script${attribute}>(function(d){var l=d.querySelectorAll('link[rel="${INERT_MODULE_PRELOAD}"]');` +
    `for(var i=0;i<l.length;i++){var p=d.createElement("link");p.rel="modulepreload";` +
    `p.href=l[i].getAttribute("href");d.head.appendChild(p)}})(document)</script>`
  );
}

/**
 * A pass-through for React's HTML stream (module rules): drops each chunk's NUL padding, makes
 * the module preloads inert and adds the script that restores them before the first `</body>`.
 * The text is handled as latin1, one byte per character, so multi-byte UTF-8 passes through
 * unchanged; a tag cut between two chunks is held back until its `>` arrives.
 * @param nonce the response's CSP nonce (the script carries it), "" when there is none
 */
export function htmlStream(nonce = ""): Transform {
  let held = "";
  let preloads = false;
  let bodyClosed = false;
  const rewrite = (text: string): string => {
    let out = text.replace(MODULE_PRELOAD, () => {
      preloads = true;
      return `<link rel="${INERT_MODULE_PRELOAD}" href="`;
    });
    if (!bodyClosed) {
      const end = out.indexOf("</body>");
      if (end >= 0) {
        bodyClosed = true;
        if (preloads) out = out.slice(0, end) + modulePreloadScript(nonce) + out.slice(end);
      }
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + Buffer.from(withoutNulPadding(chunk)).toString("latin1");
      // A tag still open at the chunk's end waits for the rest (its `>` comes in a later chunk).
      const open = text.lastIndexOf("<");
      const cut = open >= 0 && text.indexOf(">", open) < 0 ? open : text.length;
      held = text.slice(cut);
      callback(null, Buffer.from(rewrite(text.slice(0, cut)), "latin1"));
    },
    flush(callback) {
      callback(null, held ? Buffer.from(rewrite(held), "latin1") : undefined);
    },
  });
}
