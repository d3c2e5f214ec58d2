/**
 * The server-rendered HTML stream without React 18's NUL padding.
 *
 * React 18.3's streaming renderer (renderToPipeableStream) encodes HTML into 2,048-byte buffers;
 * when a multi-byte UTF-8 character (ü, ß, Arabic letters, €) would straddle a buffer's end it
 * stops short and still sends the whole buffer, so up to 3 unwritten NUL bytes end that chunk
 * (facebook/react#24985, fixed in React 19 by facebook/react#26228). A NUL in HTML is a parse
 * error: ignored in text, turned into U+FFFD in an attribute. Every German or Arabic page can hit
 * it. The application never writes a NUL itself (the API refuses NUL characters in every text
 * field: server/api/v1/input-guard.ts), so NUL bytes at the end of a chunk are always padding.
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

/** A pass-through for React's HTML stream that drops each chunk's NUL padding (module rules). */
export function htmlStream(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, withoutNulPadding(chunk));
    },
  });
}
