/**
 * The process's ceiling on upload bodies held in memory at once (docs/decisions.md "Upload bodies
 * in memory"): multipart bodies are read into memory (multer's memory storage: the files are
 * typed by their bytes and stored in the database), up to MAX_UPLOAD_FILES × MAX_UPLOAD_BYTES a
 * request. The per-user hourly cap (`RATE_LIMITS.uploadMegabytes`) does not bound what many users
 * send at the same moment; this does: a request reserves its body's size before it is read, and
 * one that would pass `UPLOADS_IN_FLIGHT_MB` is refused with 503 SERVICE_BUSY and Retry-After.
 */
import { ByteBudget } from "../../rules/byte-budget.js";
import { DomainError } from "../errors.js";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from "./index.js";

export { ByteBudget, type ReleaseBytes } from "../../rules/byte-budget.js";

/**
 * The most a multipart upload request can make the process hold (bytes): its files at one byte
 * over the limit each (multer stops a file there) and 64 KiB of text fields, part headers and
 * boundaries. A body declaring more, or no length (chunked), reserves this.
 */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_FILES * (MAX_UPLOAD_BYTES + 1) + 64 * 1024;

/** Seconds a refused uploader is asked to wait (Retry-After). */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** A process's upload ceiling of `megabytes` MiB (UPLOADS_IN_FLIGHT_MB, server/config.ts). */
export function uploadBudget(megabytes: number): ByteBudget {
  return new ByteBudget(megabytes * 1024 * 1024);
}

/**
 * The bytes an upload request reserves: its declared Content-Length, at most
 * MAX_UPLOAD_REQUEST_BYTES; MAX_UPLOAD_REQUEST_BYTES when it declares none (or nonsense).
 * @param contentLength the Content-Length header, as sent
 */
export function uploadReservation(contentLength: string | undefined | null): number {
  if (!contentLength || !/^\d{1,15}$/.test(contentLength.trim())) return MAX_UPLOAD_REQUEST_BYTES;
  return Math.min(Number(contentLength.trim()), MAX_UPLOAD_REQUEST_BYTES);
}

/** 503 SERVICE_BUSY: the process holds as many upload bytes as it takes; Retry-After UPLOAD_RETRY_AFTER_SECONDS. */
export function uploadsBusy(): DomainError {
  return new DomainError("SERVICE_BUSY", "Too many uploads are being received right now. Try again in a few seconds.", {
    retryAfter: UPLOAD_RETRY_AFTER_SECONDS,
  });
}
