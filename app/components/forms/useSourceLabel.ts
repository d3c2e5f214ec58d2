/**
 * The "Pay from" option text of a balance in the page's language (lib/balance-sources.ts
 * `sourceLabel`), naming the available funds and the overdraft limit where the balance's
 * overdraft applies (spec 000 §5; key `common:overdraft.option`).
 * @returns a function of a source → its option text
 */
import { useTranslation } from "react-i18next";
import { type BalanceSource, sourceLabel } from "~/lib/balance-sources";

type LabelledSource = Parameters<typeof sourceLabel>[0] & Pick<BalanceSource, "overdraft">;

export function useSourceLabel(): (source: LabelledSource) => string {
  const { t, i18n } = useTranslation("common");
  return (source) => sourceLabel(source, i18n.language, (values) => t("common:overdraft.option", values));
}
