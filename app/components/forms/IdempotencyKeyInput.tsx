/**
 * Hidden `idempotencyKey` field of a money-moving form. The key is made in the loader
 * (crypto.randomUUID) and kept across a failed submission (repopulated without JS, untouched
 * DOM value with JS), so a double submit or back-and-resubmit sends the SAME key and the API
 * answers with the same payment.
 */
import { useField } from "remix-validated-form";

export function IdempotencyKeyInput({ fallback }: { fallback: string }) {
  const { defaultValue } = useField("idempotencyKey");
  return (
    <input
      type="hidden"
      name="idempotencyKey"
      defaultValue={typeof defaultValue === "string" && defaultValue ? defaultValue : fallback}
    />
  );
}
