/**
 * A payment card's face and details list (spec 000 §3 Card, §4 "a card with status Ordered
 * shows 'card ordered' in place of the masked number"; a card without a number that is no
 * longer ordered shows "No card number": lib/card-number), shared by the card page (/cards/:id)
 * and the demo's (/demo/cards/:id). Only the masked number ever reaches it.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Card } from "../../../server/api/v1/contract";
import { cardNumberShown } from "~/lib/card-number";
import detailsList from "~/components/ui/DetailsList.module.css";
import styles from "~/routes/_app+/cards+/cards.module.css";
import { CardSchemeIcon } from "./CardSchemeIcon";
import { Money } from "./Money";

/** What the face and the details show: a real card, or a demo card (no account number). */
export type CardViewData = Pick<
  Card,
  "cardName" | "cardNumber" | "status" | "paymentSystem" | "color" | "prepaid" | "currencyId" | "balance" | "limits"
> & { expiresOn: string | null };

/** The masked number, 'Card ordered' (status ORDERED) or 'No card number' (spec 000 §4; lib/card-number). */
function CardNumberText({ card }: { card: Pick<CardViewData, "cardNumber" | "status"> }) {
  const { t } = useTranslation("cards");
  const shown = cardNumberShown(card);
  return <>{shown.kind === "number" ? shown.number : t(shown.kind === "ordered" ? "ordered-number" : "no-number")}</>;
}

/** The card's face: name, scheme icon, masked number (or 'card ordered'); dimmed when `inactive`. */
export function CardPlate({ card, inactive }: { card: CardViewData; inactive: boolean }) {
  const { t } = useTranslation("cards");
  return (
    <div
      className={`${styles.plate} ${styles[card.color] ?? ""} ${inactive ? styles.inactive : ""}`}
      data-testid="card-plate"
      data-color={card.color}
    >
      <div className={styles.plateTop}>
        <span>{card.cardName}</span>
        <CardSchemeIcon scheme={card.paymentSystem === "VISA" ? "visa" : "mc"} label={t(`system.${card.paymentSystem}`)} />
      </div>
      <div className={styles.plateNumber} data-testid="card-number">
        <CardNumberText card={card} />
      </div>
    </div>
  );
}

/** The card's details; `account` adds a link to the account the card spends from. */
export function CardDetails({ card, account }: { card: CardViewData; account?: { id: string; number: string } }) {
  const { t } = useTranslation("cards");
  return (
    <dl className={detailsList.details}>
      <dt>{t("status-label")}</dt>
      <dd data-testid="card-status" data-status={card.status}>
        {t(`status.${card.status}`)}
      </dd>
      <dt>{t("number")}</dt>
      <dd>
        <CardNumberText card={card} />
      </dd>
      <dt>{t("payment-system")}</dt>
      <dd>{t(`system.${card.paymentSystem}`)}</dd>
      <dt>{t("color-label")}</dt>
      <dd>{t(`color.${card.color}`)}</dd>
      <dt>{t("prepaid")}</dt>
      <dd>{card.prepaid ? t("prepaid-yes") : t("prepaid-no")}</dd>
      {account ? (
        <>
          <dt>{t("account")}</dt>
          <dd>
            <Link to={`/accounts/${account.id}`}>{account.number}</Link>
          </dd>
        </>
      ) : null}
      <dt>{t("balance")}</dt>
      <dd>
        <Money amount={card.balance} currency={card.currencyId} testId="card-balance" />
      </dd>
      <dt>{t("limit-daily")}</dt>
      <dd>
        <Money amount={card.limits.daily} currency={card.currencyId} />
      </dd>
      <dt>{t("limit-monthly")}</dt>
      <dd>
        <Money amount={card.limits.monthly} currency={card.currencyId} />
      </dd>
      {card.expiresOn ? (
        <>
          <dt>{t("expires")}</dt>
          <dd>{card.expiresOn}</dd>
        </>
      ) : null}
    </dl>
  );
}
