/**
 * Live delivery of chat events (docs/chat.md "Gateway"): the domain announces what happened
 * through a `ChatPublisher`; the socket.io gateway (server/messaging) registers itself as the
 * publisher of the process, and without a gateway (API tests, the `npm run bank` CLI without
 * BANK_URL) the no-op publisher drops the events — everything is in the database anyway, and the
 * web app reloads on reconnection (spec 000 §4 "Chat connection").
 *
 * With several instances the gateway's Redis adapter carries each event to the sockets of every
 * instance, so the instance that wrote a message need not be the one the reader is connected to.
 */

/** Events sent to every socket subscribed to one channel. */
export type ChannelEvent = "message";
/** Events sent to every socket of one user. */
export type UserEvent = "data-new-channel" | "data-unread-messages-count" | "notification";

/** Where the domain sends live events. Calls never throw and never wait for delivery. */
export interface ChatPublisher {
  /** False for the no-op publisher: the domain then skips the queries that only feed events. */
  readonly live: boolean;
  /** Emit `event` to the room of channel `channelId` (sockets that subscribed to it). */
  toChannel(channelId: string, event: ChannelEvent, payload: unknown): void;
  /** Emit `event` to the room of user `userId` (every socket that user has open). */
  toUser(userId: string, event: UserEvent, payload: unknown): void;
  /**
   * Disconnect every socket user `userId` has open, on every instance (their rooms are left): the
   * user lost access (a membership suspended, sessions revoked, the user no longer ACTIVE). A
   * socket that reconnects is checked again: the handshake's token and ACTIVE status, then each
   * `subscribe` the channel's access.
   */
  disconnectUser(userId: string): void;
  /** Report a failure while preparing events (logged by the gateway; the request has succeeded). */
  error(err: unknown): void;
}

/** Drops every event. */
export const noopPublisher: ChatPublisher = {
  live: false,
  toChannel() {},
  toUser() {},
  disconnectUser() {},
  error() {},
};

let current: ChatPublisher = noopPublisher;

/**
 * Make `publisher` the process's publisher (the gateway does at start).
 * @returns a function restoring the previous one (the gateway calls it on close)
 */
export function setChatPublisher(publisher: ChatPublisher): () => void {
  const previous = current;
  current = publisher;
  return () => {
    if (current === publisher) current = previous;
  };
}

/** The process's publisher (no-op until a gateway registers). */
export function chatPublisher(): ChatPublisher {
  return current;
}

/**
 * Disconnect the open chat sockets of `userIds` (the publisher's `disconnectUser`) after they
 * lost access; call it after the change has committed. Never throws.
 */
export function disconnectChatUsers(userIds: readonly (string | null | undefined)[]): void {
  const publisher = current;
  for (const id of new Set(userIds)) {
    if (!id) continue;
    try {
      publisher.disconnectUser(id);
    } catch (err) {
      publisher.error(err);
    }
  }
}
