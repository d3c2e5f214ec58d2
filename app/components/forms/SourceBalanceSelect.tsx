/**
 * "Pay from" select of every payment form: one option per (account, currency) balance, the
 * value `accountId:currencyId` (lib/balance-sources.ts), so an impossible pair cannot be
 * submitted. Forms limited to one currency pass only those sources. An option of a balance with
 * an overdraft names the available funds and the limit (spec 000 §5).
 */
import { useTranslation } from "react-i18next";
import { type BalanceSource, useSourceLabel } from "~/lib/balance-sources";
import { ValidatedField } from "./ValidatedField";

export function SourceBalanceSelect({ sources, name = "source" }: { sources: readonly BalanceSource[]; name?: string }) {
  const { t } = useTranslation("payments");
  const label = useSourceLabel();
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
