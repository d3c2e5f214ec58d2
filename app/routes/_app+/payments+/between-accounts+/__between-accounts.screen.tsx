/**
 * The transfer form of /payments/between-accounts (route module
 * `_index.tsx` beside it; its zod schema, shared with the route's action, is
 * ./__between-accounts.schema.ts). Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a
 * static import on the server.
 *
 * "From" offers every balance, so the amount is checked at the chosen balance's currency scale
 * (spec 000 §5; USDT 6, SOL 9, GBP 2): the validator is made for the balances' scales
 * (`betweenValidator(scales)`), by the screen and by the action alike.
 */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect, useSourceScale } from "~/components/forms/SourceBalanceSelect";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import type { BalanceSource } from "~/lib/balance-sources";
import { perScales } from "~/lib/currency-scales";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./_index";
import { PayFromError } from "../__pay-from-error";

export const FIELDS = ["source", "toAccountId", "amount", "reference"] as const;

export const FORM_ID = "between-accounts-form";

/**
 * The form's rules (./__between-accounts.schema.ts) for these currency scales, loaded when the
 * form is first used (lib/lazy-validator.ts); one per set of scales.
 */
const lazyBetween = perScales((scales) =>
  lazyValidator(() => import("./__between-accounts.schema").then((m) => m.betweenValidator(scales))),
);

export default function BetweenAccountsScreen() {
  const { sources, sourcesError, targets, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("between.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <p>{t("between.intro")}</p>
      {/* Both accounts come from the refused list: its error instead of the form (nothing to send). */}
      {sourcesError ? (
        <PayFromError message={sourcesError} />
      ) : (
        <BetweenAccountsForm sources={sources} targets={targets} idempotencyKey={idempotencyKey} />
      )}
    </>
  );
}

/** The transfer form (the balances, the target accounts and the amount). */
function BetweenAccountsForm({
  sources,
  targets,
  idempotencyKey,
}: {
  sources: readonly BalanceSource[];
  targets: readonly { id: string; label: string }[];
  idempotencyKey: string;
}) {
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const { scale, scales, onChange } = useSourceScale(FORM_ID, sources);
  return (
    <ValidatedForm
      id={FORM_ID}
      // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
      data-unsaved-guard
      validator={lazyBetween(scales)}
      method="post"
      action="/payments/between-accounts"
      noValidate={hydrated}
      onChange={onChange}
    >
      <ValidatedErrorSummary order={FIELDS} />
      <AuthenticityTokenInput />
      <IdempotencyKeyInput fallback={idempotencyKey} />
      <SourceBalanceSelect sources={sources} />
      <ValidatedField as="select" name="toAccountId" label={t("fields.to-account")} required defaultValue={targets[1]?.id}>
        {targets.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
      </ValidatedField>
      <PaymentFormEnd scale={scale} />
    </ValidatedForm>
  );
}
