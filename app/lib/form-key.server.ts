/**
 * The idempotency key of a form that creates one thing at a time, kept in the session until what
 * it created is done (docs/decisions.md "Back-and-resubmit of a payment form", "FX rate request
 * form: back-and-resubmit", "Card order form: back-and-resubmit"). A new key per page load would
 * let a customer who went Back (the page reloads: no-store) or used a second tab and sent the same
 * details again create a second one; with the kept key the API replays the first (same key and
 * body → the same answer) and refuses other details (409 IDEMPOTENCY_KEY_REUSED).
 *
 * One slot per form in the session: { key, organizationId, madeId? }. The key is released (a new
 * one made) when:
 * - what it made is no longer open (`open` answers null: signed, declined, issued, unreadable);
 * - the customer starts another with the form's `?after=<madeId>` link;
 * - the active organization is another one (the API scopes keys per organization, and what the
 *   key made belongs to the first);
 * - the session ends.
 * Used by the remittance order form, the FX rate request form and the card order form. Payment
 * forms keep one key per form kind (lib/payments.server.ts `paymentFormKey`).
 */
import type { Api } from "~/lib/api.server";
import type { KeptFormKey } from "~/lib/session.server";

/** The session slots of the forms using a kept key. */
export type FormKeySlot = "remittanceKey" | "fxRequestKey" | "cardOrderKey";

export type { KeptFormKey };

/**
 * The form's key for `organizationId`: the session's while what it made is still open, else a new
 * one (stored in the slot).
 * @param open reads what the key made (its id) and answers it while still open, else null; a
 *   lost session's redirect (a thrown Response) passes through
 * @param releaseAfter the form's `?after=`: the id whose key the customer releases to start another
 * @returns the key, and what it made while still open (null for a fresh or unused key)
 */
export async function keptFormKey<T>(
  api: Api,
  slot: FormKeySlot,
  organizationId: string,
  releaseAfter: string | null,
  open: (madeId: string) => Promise<T | null>,
): Promise<{ key: string; open: T | null }> {
  const current = api.session.get(slot);
  if (current && current.organizationId === organizationId) {
    if (!current.madeId) return { key: current.key, open: null };
    if (current.madeId !== releaseAfter) {
      const made = await open(current.madeId);
      if (made) return { key: current.key, open: made };
    }
  }
  const key = crypto.randomUUID();
  api.session.set(slot, { key, organizationId });
  api.touch();
  return { key, open: null };
}

/** Remember what the form's key `key` made in `organizationId` (its id; see `keptFormKey`). */
export function rememberFormKey(api: Api, slot: FormKeySlot, organizationId: string, key: string, madeId: string): void {
  api.session.set(slot, { key, organizationId, madeId });
  api.touch();
}

/** The id of what the session says `key` made in this slot, or null when it does not know the key. */
export function madeWithKey(api: Api, slot: FormKeySlot, key: string): string | null {
  const current = api.session.get(slot);
  return current?.madeId && current.key === key ? current.madeId : null;
}

/**
 * `read`'s answer, or null when the API refuses it (gone, not the caller's); a lost session's
 * redirect (a thrown Response) passes through.
 */
export function readOrNull<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof Response) throw error;
    return null;
  });
}
