/**
 * The chat connection's states (spec 000 §4 "Chat connection", §9), as a pure reducer the chat
 * popup drives from socket events:
 * - `connecting` from the start until the first open; after 10 s without one the popup shows the
 *   unsupported view (`timeout`), while attempts go on in the background;
 * - `open`: connected (subscribed to every channel);
 * - `closed`: the connection dropped (the not-connected notice); a reconnect is tried every 5 s,
 *   up to 1000 attempts, then the chat gives up (`gaveUp`);
 * - after an open that follows a close, `reloadNeeded` asks the popup to reload channels,
 *   messages and unread counts (spec 000 §4 "on reconnection after a close … reload");
 * - `refusal`: the gateway refused the last handshake for a reason the customer can act on or
 *   should know (`too-many-connections`: the chat is open in too many windows; `rate-limited`:
 *   too many connections from this network): the popup says so instead of the generic notices,
 *   and a known refusal is not "this browser cannot connect" (no unsupported view on the timeout).
 *   A later attempt that fails on the way (`unreachable`: network, proxy, no answer) ends it: the
 *   limit is no longer what keeps the chat closed, so the generic notices say what is.
 */

/** Connect timeout before the unsupported view (spec 000 §9). */
export const CONNECT_TIMEOUT_MS = 10_000;
/**
 * How long the popup waits for the gateway's acknowledgement of a message it sent over the socket
 * before posting the same message (same idempotency key) through the page's action over HTTP. 5 s:
 * a message and its acknowledgement are one round trip and a write, well under a second on a fast
 * line and a few seconds on a slow phone's 3G/EDGE; past 5 s the socket is more likely stuck (a
 * phone that changed networks keeps a dead socket for up to socket.io's ping interval plus
 * timeout, 45 s) than slow, and the key makes posting again safe (the server answers the message
 * it already saved). Waiting 10 s (the connect timeout, which this used to reuse) only kept a
 * customer on a bad line looking at a disabled Send button twice as long.
 * docs/chat.md "Posting from the popup", docs/decisions.md.
 */
export const ACK_TIMEOUT_MS = 5_000;
/** Delay between reconnect attempts (spec 000 §9). */
export const RECONNECT_DELAY_MS = 5_000;
/** Most reconnect attempts (spec 000 §9). */
export const MAX_RECONNECT_ATTEMPTS = 1000;
/** First wait after the gateway refused `too-many-connections` (doubling per refusal in a row). */
export const CROWDED_DELAY_MS = 30_000;
/** The longest wait between attempts after a refusal that asks the browser to slow down. */
export const MAX_REFUSED_DELAY_MS = 5 * 60_000;

/**
 * How long the popup waits before its next attempt after the gateway refused a handshake
 * (`connect_error`, docs/chat.md "Limits"); every attempt fetches a new messaging token first.
 * - `rate-limited` (too many handshakes from this address, an office behind one NAT after a
 *   deploy): the gateway's `retryAfter` (the end of its one-minute window; at least 5 s), plus up
 *   to half as much again at random, so the people behind one address do not all come back in
 *   the same second and spend the next window at once;
 * - `too-many-connections` (the user holds 20 sockets on that server: other tabs and devices): a
 *   slot frees only when one of them closes, so 30 s, doubling with each refusal in a row, at
 *   most 5 minutes, ±25 % at random;
 * - anything else (`unauthorized`: an expired or unknown token): the usual 5 s (spec 000 §9).
 * The popup stays usable meanwhile (loaders and the page's actions over HTTP); only live updates wait.
 * @param refusalsInARow refusals since the last open, this one included (1 for the first)
 * @param retryAfter the refusal's `data.retryAfter` (seconds), anything when absent
 */
export function refusedRetryDelay(message: string, refusalsInARow: number, retryAfter: unknown, random = Math.random): number {
  if (message === "rate-limited") {
    const seconds = typeof retryAfter === "number" && Number.isFinite(retryAfter) ? retryAfter : 60;
    const wait = Math.min(MAX_REFUSED_DELAY_MS, Math.max(RECONNECT_DELAY_MS, seconds * 1000));
    return Math.round(wait * (1 + random() / 2));
  }
  if (message === "too-many-connections") {
    const wait = Math.min(MAX_REFUSED_DELAY_MS, CROWDED_DELAY_MS * 2 ** Math.max(0, Math.min(refusalsInARow - 1, 10)));
    return Math.round(wait * (0.75 + random() / 2));
  }
  return RECONNECT_DELAY_MS;
}

export type ConnectionStatus = "connecting" | "open" | "closed" | "unsupported";

export interface ConnectionState {
  status: ConnectionStatus;
  /** Reconnect attempts since the last open. */
  attempts: number;
  /** Whether the connection was ever open (a later open is a reconnection). */
  everOpened: boolean;
  /** Channels, messages and counts should be reloaded (a reconnection happened). */
  reloadNeeded: boolean;
  /** No more attempts (MAX_RECONNECT_ATTEMPTS reached). */
  gaveUp: boolean;
  /** Why the gateway refused the last handshake, when it is a limit (docs/chat.md "Limits"); null otherwise. */
  refusal: ChatRefusal | null;
}

/** The gateway's refusals the popup explains (docs/chat.md "Limits"). */
export type ChatRefusal = "too-many-connections" | "rate-limited";

/** The refusal `message` of a `connect_error` as a ChatRefusal, or null for any other error. */
export function chatRefusal(message: string): ChatRefusal | null {
  return message === "too-many-connections" || message === "rate-limited" ? message : null;
}

export type ConnectionEvent =
  | { type: "open" }
  | { type: "close" }
  | { type: "timeout" }
  | { type: "attempt" }
  | { type: "reloaded" }
  /** The gateway refused a handshake (`connect_error` from the server): its message. */
  | { type: "refused"; message: string }
  /** A handshake failed before any gateway answered (`connect_error` of the transport). */
  | { type: "unreachable" };

export const initialConnection: ConnectionState = {
  status: "connecting",
  attempts: 0,
  everOpened: false,
  reloadNeeded: false,
  gaveUp: false,
  refusal: null,
};

/** The next state of the connection after `event`. */
export function connectionReducer(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case "open":
      return {
        status: "open",
        attempts: 0,
        everOpened: true,
        reloadNeeded: state.everOpened || state.reloadNeeded,
        gaveUp: false,
        refusal: null,
      };
    case "close":
      // Before any open, a refused attempt keeps "connecting" (or the unsupported view).
      if (!state.everOpened) return state;
      return state.status === "closed" ? state : { ...state, status: "closed" };
    case "timeout":
      // A refusal for a known reason is not "this browser cannot connect": its own notice stays.
      return state.status === "connecting" && !state.refusal ? { ...state, status: "unsupported" } : state;
    case "attempt": {
      if (state.status === "open" || state.gaveUp) return state;
      const attempts = state.attempts + 1;
      return { ...state, attempts, gaveUp: attempts >= MAX_RECONNECT_ATTEMPTS };
    }
    case "reloaded":
      return state.reloadNeeded ? { ...state, reloadNeeded: false } : state;
    case "refused": {
      const refusal = chatRefusal(event.message);
      return refusal === state.refusal ? state : { ...state, refusal };
    }
    case "unreachable":
      return state.refusal ? { ...state, refusal: null } : state;
  }
}

/** Whether another reconnect attempt may be made. */
export function mayRetry(state: ConnectionState): boolean {
  return state.status !== "open" && !state.gaveUp;
}
