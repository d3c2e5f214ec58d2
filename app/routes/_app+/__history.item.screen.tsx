/**
 * The screen of /history/:itemId (route module `history.$itemId.tsx` beside it): the item's
 * info block, and as its own page the back link, title and receipt link. Loaded as its own chunk
 * in the browser (lib/split-screen.tsx), so the item page's first load stays within the
 * JavaScript budget; rendered from a static import on the server.
 */
import { Link, useLoaderData, useOutletContext } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReceiptLink, StatementItemDetails } from "~/components/ui/StatementItemDetails";
import { useItemTitle } from "~/components/ui/StatementRow";
import type { HistoryItemOutletContext, loader } from "./history.$itemId";

export default function HistoryItem() {
  const { item, back } = useLoaderData<typeof loader>();
  const context = useOutletContext<HistoryItemOutletContext | undefined>();
  const { t } = useTranslation("history");
  const title = useItemTitle()(item);
  // In the side panel, the panel shows the title, and the receipt link in its footer.
  if (context?.inPanel) return <StatementItemDetails item={item} />;
  return (
    <>
      <p>
        <Link to={back}>{t("item.back")}</Link>
      </p>
      <h1>{title}</h1>
      <StatementItemDetails item={item} />
      <p>
        <ReceiptLink itemId={item.id} accountId={item.accountId} />
      </p>
    </>
  );
}
