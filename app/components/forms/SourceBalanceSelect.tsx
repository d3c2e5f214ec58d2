/**
 * "Pay from" select of every payment form: one option per (account, currency) balance, the
 * value `accountId:currencyId` (lib/balance-sources.ts), so an impossible pair cannot be
 * submitted. Forms limited to one currency pass only those sources. An option of a balance with
 * an overdraft names the available funds and the limit (spec 000 §5).
 */
import { useActionData } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { type BalanceSource, sourceScales, useSourceLabel } from "~/lib/balance-sources";
import { scaleOfSource } from "~/lib/currency-scales";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { ValidatedChoicesError, ValidatedField } from "./ValidatedField";

export function SourceBalanceSelect({
  sources,
  name = "source",
  error = null,
}: {
  sources: readonly BalanceSource[];
  name?: string;
  /** The failed accounts list's text (settleList), or null. */
  error?: string | null;
}) {
  const { t } = useTranslation("payments");
  const label = useSourceLabel();
  if (error) return <ValidatedChoicesError id={name} label={t("fields.from-balance")} message={error} required />;
  return (
    <ValidatedField as="select" name={name} label={t("fields.from-balance")} required>
      {sources.map((s) => (
        <option key={s.value} value={s.value}>
          {label(s)}
        </option>
      ))}
    </ValidatedField>
  );
}

/**
 * The decimals allowed for the amount of the form `formId`: the scale of the currency of the
 * balance chosen in its "Pay from" select (`source`; spec 000 §5, e.g. USDT 6, GBP 2), starting
 * from the choice just submitted (a form refused by its action), `initial` (a draft's choice) or
 * the first balance, and following the select (pass
 * `onChange` to the form; a choice made before hydration is adopted). Also returns the currency
 * scales of `sources`, for the form's validator.
 */
export function useSourceScale(formId: string, sources: readonly BalanceSource[], initial?: string | null) {
  const submitted = useActionData<{ repopulateFields?: { source?: unknown } }>()?.repopulateFields?.source;
  const [selected, setSelected] = useState(
    (typeof submitted === "string" ? submitted : null) ?? initial ?? sources[0]?.value ?? "",
  );
  useAdoptChoices(formId, { source: selected }, (_, answer) => setSelected(answer));
  const scales = useMemo(() => sourceScales(sources), [sources]);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name === "source") setSelected(target.value);
  };
  return { scale: scaleOfSource(selected, scales), scales, onChange };
}
