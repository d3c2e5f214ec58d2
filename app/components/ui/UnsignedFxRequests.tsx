/**
 * "Rate requests to sign" (spec 000 §2 home signing tab and the payments page's 'required to
 * sign' list, §4 signing flow; docs/decisions.md "Who may sign"): the organization's FX rate
 * requests awaiting a signature, grouped by creation day (FxRequestList), each with a "Sign" link
 * to its signing page (`/currency-exchange/requests/:id/sign`, which sends the code) for a member
 * who can sign, else the words that it waits for a signer. Nothing when there are none. With
 * `selectable` (the page has the batch form, UnsignedPayments `UnsignedBatchForm`), each request
 * has an `fxRequestId` checkbox of that form, to sign or decline it with the payments (spec 000
 * §4). Links and a plain form: works without JavaScript. `count` (all of them) above the shown ones adds a link to the
 * whole list (/currency-exchange/requests).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DayGroup } from "~/lib/date-groups";
import type { FxRequestView } from "~/lib/fx-requests.server";
import { FxRequestList } from "./FxRequestList";

export function UnsignedFxRequests({
  groups,
  count,
  canSign,
  selectable = false,
}: {
  groups: DayGroup<FxRequestView>[];
  /** How many requests await a signature in all (the groups may show fewer). */
  count: number;
  canSign: boolean;
  /** Whether each request gets a checkbox of the batch form. */
  selectable?: boolean;
}) {
  const { t } = useTranslation("exchange");
  const shown = groups.reduce((n, g) => n + g.items.length, 0);
  if (shown === 0) return null;
  return (
    <section aria-labelledby="fx-to-sign-title" data-testid="fx-to-sign">
      <h3 id="fx-to-sign-title">{t("requests.to-sign.title")}</h3>
      <FxRequestList groups={groups} idPrefix="fx-to-sign-day" canSign={canSign} selectable={selectable} />
      {count > shown ? (
        <p>
          <Link to="/currency-exchange/requests">{t("requests.to-sign.more")}</Link>
        </p>
      ) : null}
    </section>
  );
}
