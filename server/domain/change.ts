/**
 * What a staff decision changed: the state before and after, as the back office's audit log
 * stores them (docs/ops.md "Audit log": before/after jsonb). Domain functions of the staff area
 * answer it so the caller can record the entry in the same transaction.
 */
export interface Change<T> {
  /** The state before (null: it did not exist). */
  before: T;
  /** The state after (null: it no longer exists). */
  after: T;
}
