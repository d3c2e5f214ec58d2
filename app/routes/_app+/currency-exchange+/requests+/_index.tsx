/**
 * /currency-exchange/requests — the organization's FX rate requests (spec 001 §2, §3, §7 GET
 * /v1/exchange/fx-requests): every status, newest first, grouped by creation day with 'Today'
 * headings, 20 a page ("Older requests" follows the cursor), each with its status and the rate at
 * 12 decimals, one awaiting a signature with its "Sign" link (or, for a member who cannot sign,
 * the words that it waits for a signer: docs/decisions.md "Who may sign"); a link to propose a
 * new rate. With JavaScript a request's details open in the side
 * panel (a bottom sheet on mobile; its page's loader data, as /history does); without, its page.
 * 404 when EXCHANGE-CUSTOM-RATE-ENABLED is off. A list the API refuses shows its error where the
 * list would be (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { FxRequestList } from "~/components/ui/FxRequestList";
import { ListError } from "~/components/ui/ListError";
import { SidePanel } from "~/components/ui/SidePanel";
// Server-only, from one module (its header says why).
import {
  firstPageOnBadCursor,
  i18next,
  listFxRequestGroups,
  requireAppContext,
  requireCustomRate,
  settleList,
  withoutCursor,
} from "./__requests.server";
import { canSign } from "~/lib/signing";
import styles from "../exchange.module.css";
import { RequestDetails } from "./__request-details";
import type { loader as detailLoader } from "./$requestId+/_index";

export const handle = { i18n: ["exchange", "history"], titleKey: "exchange:requests.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await requireCustomRate(api, org.id);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const { data: page, error: listError } = await settleList(
    request,
    listFxRequestGroups(api, org.id, 20, await i18next.getLocale(request), cursor).catch(
      firstPageOnBadCursor(api, cursor, withoutCursor(request.url)),
    ),
  );
  return json(
    { groups: page?.groups ?? [], next: page?.next ?? null, listError, canSign: canSign(org) },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function FxRequests() {
  const { groups, next, listError, canSign } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  const details = useFetcher<typeof detailLoader>();
  const [openId, setOpenId] = useState<string | null>(null);
  const show = (id: string) => {
    setOpenId(id);
    details.load(`/currency-exchange/requests/${id}`);
  };
  const shown = openId && details.data?.fx.id === openId ? details.data.fx : null;
  return (
    <>
      <h1>{t("requests.title")}</h1>
      <p>{t("requests.intro")}</p>
      <div className={styles.actions}>
        <Link to="/currency-exchange/requests/new" data-testid="new-fx-request">
          {t("requests.new-link")}
        </Link>
        <Link to="/currency-exchange">{t("requests.back-exchange")}</Link>
      </div>
      {listError ? (
        <ListError message={listError} testId="fx-error" />
      ) : groups.length === 0 ? (
        <p data-testid="fx-empty">{t("requests.empty")}</p>
      ) : (
        <FxRequestList groups={groups} idPrefix="fx-day" onOpen={show} canSign={canSign} />
      )}
      {openId ? (
        <SidePanel
          title={t("requests.detail-title")}
          onClose={() => setOpenId(null)}
          busy={!shown}
          footer={shown ? <Link to={`/currency-exchange/requests/${shown.id}`}>{t("requests.open-page")}</Link> : null}
          returnFocus={() => document.querySelector<HTMLElement>(`a[href="/currency-exchange/requests/${openId}"]`)}
          testId="fx-panel"
        >
          {shown ? <RequestDetails request={shown} /> : <p aria-live="polite">{t("requests.loading")}</p>}
        </SidePanel>
      ) : null}
      {next ? (
        <p>
          <Link to={`?cursor=${encodeURIComponent(next)}`}>{t("requests.more")}</Link>
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
