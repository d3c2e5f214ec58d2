/**
 * "Pay from" select of every payment form: one option per (account, currency) balance, the
 * value `accountId:currencyId` (lib/balance-sources.ts), so an impossible pair cannot be
 * submitted. Forms limited to one currency pass only those sources.
 */
import { useTranslation } from "react-i18next";
import { type BalanceSource, sourceLabel } from "~/lib/balance-sources";
import { ValidatedField } from "./ValidatedField";

export function SourceBalanceSelect({ sources, name = "source" }: { sources: readonly BalanceSource[]; name?: string }) {
  const { t, i18n } = useTranslation("payments");
  return (
    <ValidatedField as="select" name={name} label={t("fields.from-balance")} required>
      {sources.map((s) => (
        <option key={s.value} value={s.value}>
          {sourceLabel(s, i18n.language)}
        </option>
      ))}
    </ValidatedField>
  );
}
