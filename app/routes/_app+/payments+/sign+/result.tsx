/**
 * /payments/sign/result?ids=a,b&orders=…&fx=…&failed=id:CODE,…&back=… — the outcome of a batch
 * signing (issue 7 "Signing lists"; spec 000 §4): which payments, remittance orders and FX rate
 * requests were signed (their state now) and which were not, with the reason the API gave
 * (insufficient funds, supporting document required, no longer waiting, …), each linking to its
 * own page (/payments/:id, /payments/remittance/:id, /currency-exchange/requests/:id); then what
 * is still to sign (payments, remittance orders and FX rate requests, ticked into one batch form
 * as on the lists) and the latest operations (grouped by day). With JavaScript the
 * page reloads its data about 3 s and 7 s after it opened (spec 000 §4: the unsigned list after
 * 3 s, the history after 7 s); without it, the page already shows the state after signing.
 * Reasons are read from the URL but only known API codes are shown, and only for payments that
 * are not signed now. A list the API refuses (the still-to-sign lists, the latest operations)
 * shows its error in its place, the outcome of the signing as usual (spec 000 §7 "a failed list
 * passes the server message on as its error"; lib/list-errors.server, as on /payments). The
 * page's body is a split screen (./__result.screen.tsx).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ListResponse, PaymentList, PaymentsSettings, StatementItem } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { groupByDay } from "~/lib/date-groups";
import { fxRequestsToSign } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
import { codeMessageKey } from "~/lib/server-errors";
import { canSign } from "~/lib/signing";
import { splitScreen } from "~/lib/split-screen";
import { SIGN_REFRESH_MS, useRevalidateAfter } from "~/lib/use-revalidate-after";
import { loadSelection, selectionFromUrl, type BatchItem } from "../__selection.server";
// Server-only: in the browser the screen (the outcome and the lists) is a chunk of its own.
import { Screen } from "./__result.screen.server";

export const handle = {
  i18n: ["payments", "signing", "history", "remittance", "exchange"],
  titleKey: "signing:result.title",
};

/** Where each kind's statuses are named. */
const STATUS_KEYS: Record<BatchItem["kind"], string> = {
  payment: "payments:status",
  order: "remittance:status",
  fx: "exchange:requests.status",
};

/** Why an item of the batch is not signed: the API's code for it, else its state or status. */
function reasonKey(item: BatchItem, code: string | undefined): string {
  const key = codeMessageKey(code);
  if (key) return key;
  if (item.state === "declined") return "signing:result.declined";
  if (item.state === "waiting") return "signing:result.still-waiting";
  return `${STATUS_KEYS[item.kind]}.${item.status}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const lng = await i18next.getLocale(request);
  const { back, ...selection } = selectionFromUrl(request);
  const ids = [...selection.ids, ...selection.orders, ...selection.fx];
  const failed = new Map(
    (new URL(request.url).searchParams.get("failed") ?? "")
      .split(",")
      .map((pair) => pair.split(":") as [string, string | undefined])
      .filter(([id, code]) => ids.includes(id) && code),
  );
  const official = org.type === "COMPANY_OFFICIAL";
  const [selected, unsignedListed, historyListed, fxListed, ordersListed] = await Promise.all([
    loadSelection(api, selection).then((s) => s.items),
    settleList(request, api.get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20 })),
    settleList(
      request,
      official
        ? Promise.resolve(null)
        : api.get<ListResponse<StatementItem>>("/statements-items", { organizationId: org.id, take: 5 }),
    ),
    // Still to sign: the remittance orders and FX rate requests too, as on the lists (spec 000 §2).
    settleList(request, fxRequestsToSign(api, org.id, lng)),
    settleList(
      request,
      remittanceOrdersToSign(
        api,
        org.id,
        api
          .get<PaymentsSettings>("/settings/payments", { organizationId: org.id })
          .then((s) => s["PAYMENTS-ORDERS-ENABLED"] === true),
      ),
    ),
  ]);
  const unsigned: PaymentList = unsignedListed.data ?? { data: [], nextCursor: null, totalCount: 0 };
  const fxToSign = fxListed.data ?? { groups: [], count: 0 };
  const ordersToSign = ordersListed.data ?? { orders: [], count: 0 };
  const history = historyListed.data;
  const slim = (i: BatchItem) => ({
    id: i.id,
    kind: i.kind,
    name: i.name,
    fx: i.fx,
    amount: i.amount,
    currencyId: i.currencyId,
    href: i.href,
  });
  return json(
    {
      back,
      signed: selected.filter((i) => i.state === "signed").map(slim),
      notSigned: selected
        .filter((i) => i.state !== "signed")
        .map((p) => ({ ...slim(p), reason: reasonKey(p, failed.get(p.id)) })),
      unsigned: unsigned.data,
      unsignedError: unsignedListed.error,
      fxToSign: fxToSign.groups,
      fxToSignCount: fxToSign.count,
      fxToSignError: fxListed.error,
      ordersToSign: ordersToSign.orders,
      ordersToSignCount: ordersToSign.count,
      ordersToSignError: ordersListed.error,
      unsignedMore: unsigned.nextCursor
        ? `${back}${back.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(unsigned.nextCursor)}`
        : null,
      canSign: canSign(org),
      organizationName: org.fullName,
      official,
      // The latest operations grouped by day, as every transaction list (spec 000 §2 Layout).
      history: groupByDay(history?.data ?? [], (i) => i.transferDate, lng),
      historyError: historyListed.error,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The page's body, a split screen; the refreshes after signing are timed from the route's mount. */
const ResultScreen = splitScreen(Screen, () => import("./__result.screen"));

export default function BatchSignResult() {
  useRevalidateAfter([SIGN_REFRESH_MS.unsigned, SIGN_REFRESH_MS.history]);
  return <ResultScreen />;
}

export const ErrorBoundary = RouteErrorBoundary;
