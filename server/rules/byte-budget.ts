/**
 * A counting semaphore measured in bytes: how much of something (upload bodies read into memory)
 * one process holds at once. Pure (no I/O, no timers), so the API (server/api/v1/uploads.ts,
 * through server/domain/uploads) and the web app's upload forms (app/lib/uploads.server.ts) use
 * the same rule. Nothing waits: a reservation that does not fit is refused at once, and the
 * caller answers "try again" (503 with Retry-After) instead of queueing bodies in memory.
 * docs/decisions.md "Upload bodies in memory".
 */

/** What `tryAcquire` grants: call it once the bytes are no longer held (more calls do nothing). */
export type ReleaseBytes = () => void;

export class ByteBudget {
  private held = 0;
  private holders = 0;

  /**
   * @param limit bytes held at once at most (a positive safe integer)
   * @throws RangeError for another limit
   */
  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit <= 0)
      throw new RangeError(`ByteBudget: limit must be a positive integer, got ${limit}`);
  }

  /** Bytes reserved now. */
  get inFlight(): number {
    return this.held;
  }

  /** Reservations not yet released. */
  get reservations(): number {
    return this.holders;
  }

  /**
   * Reserve `bytes` if they fit under the limit with what is held already. A single reservation
   * larger than the whole limit is granted only while nothing else is held (it could never fit
   * otherwise; alone it is still bounded by the caller's own per-request limit).
   * @param bytes a non-negative safe integer
   * @returns the release (idempotent), or null when the bytes do not fit now
   * @throws RangeError for a negative, fractional or unsafe `bytes`
   */
  tryAcquire(bytes: number): ReleaseBytes | null {
    if (!Number.isSafeInteger(bytes) || bytes < 0)
      throw new RangeError(`ByteBudget: bytes must be a non-negative integer, got ${bytes}`);
    const fits = this.held + bytes <= this.limit || (this.holders === 0 && this.held === 0);
    if (!fits) return null;
    this.held += bytes;
    this.holders++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= bytes;
      this.holders--;
    };
  }
}
