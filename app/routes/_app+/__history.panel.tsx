/**
 * The history list's side panel for one item (history.tsx): the item's title, the nested item
 * route (history.$itemId.tsx, `inPanel`) or placeholders while it loads, and the receipt link.
 * A chunk of its own in the browser, fetched when a panel first opens (or when a row is pointed
 * at or focused), so /history's first load does not carry the panel, its dialog and focus
 * handling. Never server-rendered: an item's URL asked directly is the item's own page, with or
 * without JavaScript.
 */
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { PlaceholderRows } from "~/components/ui/Placeholder";
import { SidePanel } from "~/components/ui/SidePanel";
import { ReceiptLink } from "~/components/ui/StatementItemDetails";
import { useItemTitle } from "~/components/ui/StatementRow";
import type { HistoryItemOutletContext } from "./history.$itemId";
import styles from "./history.module.css";

/** What the list passes to its item panel. */
export interface HistoryItemPanelProps {
  /** The item shown or loading (its row gets the focus back on close). */
  itemId: string;
  /** The item's data once its route has loaded it. */
  item: StatementItemDetail | undefined;
  /** True while the item's route loads. */
  loading: boolean;
  /** Show the item route (else placeholders). */
  showItem: boolean;
  onClose: () => void;
  /** The element to focus on close. */
  returnFocus: () => HTMLElement | null;
}

/** The side panel of an item over the history list. */
export default function HistoryItemPanel({ item, loading, showItem, onClose, returnFocus }: HistoryItemPanelProps) {
  const { t } = useTranslation("history");
  const itemTitle = useItemTitle();
  return (
    <SidePanel
      title={item ? itemTitle(item) : t("item.title")}
      onClose={onClose}
      busy={loading}
      footer={item ? <ReceiptLink itemId={item.id} accountId={item.accountId} /> : null}
      returnFocus={returnFocus}
      testId="history-panel"
    >
      {showItem ? (
        <Outlet context={{ inPanel: true } satisfies HistoryItemOutletContext} />
      ) : (
        <ul className={styles.items}>
          <PlaceholderRows testId="panel-placeholder" />
        </ul>
      )}
    </SidePanel>
  );
}
