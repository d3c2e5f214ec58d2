import { describe, expect, it } from "vitest";
import {
  connectionReducer,
  CROWDED_DELAY_MS,
  initialConnection,
  MAX_RECONNECT_ATTEMPTS,
  MAX_REFUSED_DELAY_MS,
  mayRetry,
  RECONNECT_DELAY_MS,
  refusedRetryDelay,
  type ConnectionEvent,
} from "./chat-connection";

const run = (...events: ConnectionEvent[]) => events.reduce(connectionReducer, initialConnection);

describe("chat connection states (spec 000 §4, §9)", () => {
  it("starts connecting and opens", () => {
    expect(initialConnection.status).toBe("connecting");
    expect(run({ type: "open" })).toMatchObject({ status: "open", everOpened: true, reloadNeeded: false });
  });

  it("falls to the unsupported view after the connect timeout, and still opens later", () => {
    expect(run({ type: "timeout" }).status).toBe("unsupported");
    expect(run({ type: "timeout" }, { type: "open" }).status).toBe("open");
  });

  it("ignores the timeout once open", () => {
    expect(run({ type: "open" }, { type: "timeout" }).status).toBe("open");
  });

  it("a refused first attempt stays connecting", () => {
    expect(run({ type: "close" }).status).toBe("connecting");
  });

  it("a drop closes; the reopen asks for a reload, once", () => {
    const closed = run({ type: "open" }, { type: "close" });
    expect(closed.status).toBe("closed");
    const reopened = connectionReducer(closed, { type: "open" });
    expect(reopened).toMatchObject({ status: "open", reloadNeeded: true, attempts: 0 });
    expect(connectionReducer(reopened, { type: "reloaded" }).reloadNeeded).toBe(false);
  });

  it("counts attempts and gives up after the most attempts", () => {
    let state = run({ type: "open" }, { type: "close" });
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS - 1; i++) state = connectionReducer(state, { type: "attempt" });
    expect(mayRetry(state)).toBe(true);
    state = connectionReducer(state, { type: "attempt" });
    expect(state.gaveUp).toBe(true);
    expect(mayRetry(state)).toBe(false);
    expect(connectionReducer(state, { type: "attempt" }).attempts).toBe(MAX_RECONNECT_ATTEMPTS);
  });

  it("attempts while open are not counted", () => {
    expect(run({ type: "open" }, { type: "attempt" }).attempts).toBe(0);
  });

  it('a limit refusal is named, and is not "this browser cannot connect" (docs/chat.md "Limits")', () => {
    const crowded = run({ type: "close" }, { type: "refused", message: "too-many-connections" }, { type: "timeout" });
    expect(crowded).toMatchObject({ status: "connecting", refusal: "too-many-connections" });
    const busy = run({ type: "open" }, { type: "close" }, { type: "refused", message: "rate-limited" });
    expect(busy).toMatchObject({ status: "closed", refusal: "rate-limited" });
    // Opening clears it; an expired token is no limit (the usual notices, the unsupported view on the timeout).
    expect(connectionReducer(busy, { type: "open" }).refusal).toBeNull();
    const unauthorized = run({ type: "refused", message: "too-many-connections" }, { type: "refused", message: "unauthorized" });
    expect(unauthorized.refusal).toBeNull();
    // A later attempt lost on the way (network, not the gateway): the limit's notice goes, and
    // before any open the timeout may show the unsupported view again.
    const lost = run({ type: "refused", message: "too-many-connections" }, { type: "close" }, { type: "unreachable" });
    expect(lost.refusal).toBeNull();
    expect(connectionReducer(lost, { type: "timeout" }).status).toBe("unsupported");
    expect(connectionReducer(busy, { type: "unreachable" })).toMatchObject({ status: "closed", refusal: null });
    expect(connectionReducer(initialConnection, { type: "unreachable" })).toBe(initialConnection);
    expect(connectionReducer(unauthorized, { type: "timeout" }).status).toBe("unsupported");
  });
});

describe('waits after a refused handshake (docs/chat.md "Limits")', () => {
  const low = () => 0;
  const high = () => 0.999999;

  it("unauthorized (and anything unknown): the usual 5 s", () => {
    expect(refusedRetryDelay("unauthorized", 3, undefined)).toBe(RECONNECT_DELAY_MS);
    expect(refusedRetryDelay("something else", 1, 30)).toBe(RECONNECT_DELAY_MS);
  });

  it("rate-limited: the gateway's retryAfter, plus up to half again at random; at least 5 s", () => {
    expect(refusedRetryDelay("rate-limited", 1, 40, low)).toBe(40_000);
    expect(refusedRetryDelay("rate-limited", 1, 40, high)).toBe(60_000);
    expect(refusedRetryDelay("rate-limited", 1, 1, low)).toBe(RECONNECT_DELAY_MS);
    // Without a usable retryAfter: the gateway's one-minute window.
    expect(refusedRetryDelay("rate-limited", 1, "soon", low)).toBe(60_000);
    expect(refusedRetryDelay("rate-limited", 1, 10 ** 9, low)).toBe(MAX_REFUSED_DELAY_MS);
  });

  it("too-many-connections: 30 s doubling per refusal in a row, at most 5 minutes, ±25 %", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 50].map((n) => refusedRetryDelay("too-many-connections", n, undefined, middle))).toEqual([
      CROWDED_DELAY_MS,
      60_000,
      120_000,
      240_000,
      MAX_REFUSED_DELAY_MS,
      MAX_REFUSED_DELAY_MS,
    ]);
    expect(refusedRetryDelay("too-many-connections", 1, undefined, low)).toBe(22_500);
    expect(refusedRetryDelay("too-many-connections", 1, undefined, high)).toBe(37_500);
  });
});
