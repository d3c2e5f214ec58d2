/**
 * The history list of /history (route module `history.tsx` beside it): the filter form with its
 * calendar, the day-grouped items with "more" appended through a fetcher, the item side panel
 * (__history.panel.tsx, a chunk fetched when first wanted) and the statement export form; its
 * behaviour is described in the route's docstring. A part of the page of its own in the browser
 * (lib/split-part.tsx): not loaded by an item's own page (/history/:itemId asked directly), and
 * until it is in on /history the server HTML works as without JavaScript (GET forms, plain
 * links). Rendered from a static import on the server (__history.server.ts).
 */
import {
  Form,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useParams,
  useSubmit,
} from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { DayGroups } from "~/components/ui/DayGroups";
import { ListError } from "~/components/ui/ListError";
import { PlaceholderRows } from "~/components/ui/Placeholder";
import { StatementRow } from "~/components/ui/StatementRow";
import { mergeDayGroups } from "~/lib/date-groups-merge";
import type { HistoryFilter } from "~/lib/history-filter";
import { HISTORY_DAY_MAX, HISTORY_DAY_MIN, historyDayRange, PERIODS } from "~/lib/history-periods";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { HistoryItemPanelProps } from "./__history.panel";
import { historyNavigation, itemIdOf } from "./__history.navigation";
import styles from "./history.module.css";
import type { loader } from "./history";

type ListData = Extract<SerializeFrom<typeof loader>, { itemPage: false }>;

/** The calendar (date-fns and all) is a chunk of its own, loaded when first wanted. */
const loadDateRangePicker = () => import("~/components/ui/DateRangePicker");
const DateRangePicker = lazy(loadDateRangePicker);

/** The item side panel is a chunk of its own, loaded when first opened (or a row is pointed at or focused). */
const loadItemPanel = () => import("./__history.panel");
const HistoryItemPanel = lazy<ComponentType<HistoryItemPanelProps>>(() =>
  loadItemPanel().catch(() => ({ default: ItemPageInFull })),
);

/** When the panel's chunk cannot load: the item's own page, loaded in full (as without JavaScript). */
function ItemPageInFull({ itemId }: HistoryItemPanelProps) {
  useEffect(() => window.location.assign(`/history/${encodeURIComponent(itemId)}`), [itemId]);
  return null;
}

/** Route id of the nested item route (its loader data titles the side panel). */
const ITEM_ROUTE_ID = "routes/_app+/history.$itemId";

/** One page loaded by "more": its day groups and the cursor after it. */
interface MorePage {
  groups: ListData["groups"];
  nextCursor: string | null;
}

/** Put the filter form's fields back to the URL's filter (after Back/Forward: they are uncontrolled). */
function resetFilterForm(form: HTMLFormElement, filter: HistoryFilter) {
  for (const radio of form.querySelectorAll<HTMLInputElement>("input[name=period]"))
    radio.checked = radio.value === filter.period;
  for (const name of ["from", "to", "currency"] as const) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = filter[name];
  }
}

/** The same list filter (the cursor aside). */
function sameFilter(a: HistoryFilter, b: HistoryFilter): boolean {
  return a.period === b.period && a.from === b.from && a.to === b.to && a.currency === b.currency;
}

/** A plain left click (not one that opens a new tab or window). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The list page's body, from the route's data (rendered by the route when that data is a list). */
export default function HistoryListPart() {
  const data = useLoaderData<typeof loader>();
  return data.itemPage || data.official ? null : <HistoryList data={data} />;
}

function HistoryList({ data }: { data: ListData }) {
  const { filter, errors, currencies, currenciesError, groups, nextCursor, listError } = data;
  const { t } = useTranslation("history");
  // A day outside 1920–2050 is refused with a message naming the range.
  const dayError = (key: string | undefined) => (key ? t(key, historyDayRange()) : undefined);
  const hydrated = useIsHydrated();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const openItemId = useParams().itemId ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The search of the list shown (under the panel too), for shouldRevalidate and the placeholders.
  const [listSearch, setListSearch] = useState(location.search);
  if (!openItemId && listSearch !== location.search) setListSearch(location.search);
  useEffect(() => {
    historyNavigation.panelListSearch = listSearch;
    return () => {
      historyNavigation.panelListSearch = null;
    };
  }, [listSearch]);

  // Not on the first render: what was typed before hydration stays.
  const rendered = useRef(false);
  useEffect(() => {
    if (rendered.current && navigationType === "POP" && formRef.current) resetFilterForm(formRef.current, filter);
    rendered.current = true;
  }, [location.key, navigationType, filter]);

  // "More" with JavaScript: the next pages are appended (fetcher), until the list itself changes.
  const more = useFetcher<typeof loader>();
  const [pages, setPages] = useState({ base: data, extra: [] as MorePage[], seen: more.data });
  let shown = pages;
  if (pages.base !== data) {
    shown = { base: data, extra: [], seen: more.data };
    setPages(shown);
  } else if (more.data && more.data !== pages.seen && !more.data.itemPage && !more.data.official) {
    // A page fetched for another filter (changed while it loaded) is dropped.
    const page = more.data;
    const extra = sameFilter(page.filter, filter)
      ? [...pages.extra, { groups: page.groups, nextCursor: page.nextCursor }]
      : pages.extra;
    shown = { ...pages, extra, seen: page };
    setPages(shown);
  }
  const allGroups = useMemo(() => mergeDayGroups([groups, ...shown.extra.map((p) => p.groups)]), [groups, shown.extra]);
  const cursor = shown.extra.length ? shown.extra[shown.extra.length - 1].nextCursor : nextCursor;
  // A "more" page the API refused (for this filter): its error under the pages shown.
  const moreError =
    more.data && !more.data.itemPage && !more.data.official && sameFilter(more.data.filter, filter) ? more.data.listError : null;
  const appended = shown.extra.length ? shown.extra[shown.extra.length - 1].groups.reduce((n, g) => n + g.items.length, 0) : 0;

  // After "more", focus moves to the first item added.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.querySelectorAll<HTMLElement>("[data-testid=statement-item] a")[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown.extra.length]);

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (!cursor || !isPlainClick(event)) return;
    event.preventDefault();
    focusIndex.current = allGroups.reduce((n, g) => n + g.items.length, 0);
    more.load(`/history?${pageParams(filter, cursor)}`);
  }

  // Placeholders while another list loads (a filter change), or the next page.
  const target = navigation.state === "loading" ? navigation.location : null;
  const listLoading = Boolean(target && target.pathname === "/history" && target.search !== listSearch);
  const moreLoading = more.state === "loading";

  // Side panel: the nested item route, opened over the list (or loading into it).
  const pendingItemId = target ? itemIdOf(target.pathname) : null;
  const panelItemId = pendingItemId ?? openItemId;
  const itemData = useMatches().find((m) => m.id === ITEM_ROUTE_ID)?.data as { item?: StatementItemDetail } | undefined;
  const item = !pendingItemId && itemData?.item?.id === openItemId ? itemData?.item : undefined;
  function closePanel() {
    // Opened by a click on the list: back to it. Else (still loading, or no list entry before it): replace.
    if (openItemId && (location.state as { historyPanel?: boolean } | null)?.historyPanel) navigate(-1);
    else {
      historyNavigation.closingPendingPanel = !openItemId;
      navigate(`/history${listSearch}`, { replace: true, preventScrollReset: true });
    }
  }

  // Calendar for the custom range (with JavaScript; the date inputs remain).
  const [picking, setPicking] = useState<{ from: string; to: string } | null>(null);
  function fieldOf(name: string) {
    return formRef.current?.elements.namedItem(name) as HTMLInputElement | null;
  }
  function applyRange(from: string, to: string) {
    const [fromField, toField] = [fieldOf("from"), fieldOf("to")];
    if (fromField) fromField.value = from;
    if (toField) toField.value = to;
    if (!from || !to || !formRef.current) return;
    const custom = formRef.current.querySelector<HTMLInputElement>("input[name=period][value=custom]");
    if (custom) custom.checked = true;
    submit(formRef.current, { preventScrollReset: true });
  }
  function applyNow(event: { currentTarget: HTMLInputElement | HTMLSelectElement }) {
    if (event.currentTarget.form) submit(event.currentTarget.form, { preventScrollReset: true });
  }

  return (
    <>
      <h1>{t("title")}</h1>
      <Form method="get" className={styles.filters} aria-labelledby="filters-title" ref={formRef} preventScrollReset>
        <h2 id="filters-title" className="visually-hidden">
          {t("filters")}
        </h2>
        <fieldset className={styles.periods}>
          <legend>{t("period.legend")}</legend>
          {PERIODS.map((p) => (
            <label key={p}>
              <input
                type="radio"
                name="period"
                value={p}
                defaultChecked={filter.period === p}
                // A preset applies at once with JavaScript; custom dates wait for both days.
                onChange={p === "custom" ? undefined : applyNow}
              />{" "}
              {t(`period.${p}`)}
            </label>
          ))}
        </fieldset>
        {/* Only for "Custom dates": hidden by CSS (:has) until it is chosen, so a phone sees the
            list sooner; shown, with its hint, where :has() is not supported. */}
        <div className={styles.dates} data-testid="custom-dates">
          <p id="dates-hint" className={styles.datesHint}>
            {t("custom-hint")}
          </p>
          <div className={styles.datesRow}>
            <Field
              name="from"
              label={t("from")}
              type="date"
              min={HISTORY_DAY_MIN}
              max={HISTORY_DAY_MAX}
              defaultValue={filter.from}
              error={dayError(errors.from)}
              sharedHintId="dates-hint"
            />
            <Field
              name="to"
              label={t("to")}
              type="date"
              min={HISTORY_DAY_MIN}
              max={HISTORY_DAY_MAX}
              defaultValue={filter.to}
              error={dayError(errors.to)}
              sharedHintId="dates-hint"
            />
          </div>
        </div>
        {/* The calendar needs scripts: its line is in the page from the first paint, hidden until
            hydrated, so the filters below it do not move under a tap (none without JavaScript). */}
        <p className={hydrated ? undefined : "until-hydrated"} data-testid="calendar-line">
          <Button
            type="button"
            variant="secondary"
            data-testid="calendar-open"
            onPointerEnter={() => void loadDateRangePicker()}
            onFocus={() => void loadDateRangePicker()}
            onClick={() => setPicking({ from: fieldOf("from")?.value ?? "", to: fieldOf("to")?.value ?? "" })}
          >
            {t("calendar")}
          </Button>
        </p>
        {picking ? (
          <Suspense fallback={null}>
            <DateRangePicker from={picking.from} to={picking.to} onChange={applyRange} onClose={() => setPicking(null)} />
          </Suspense>
        ) : null}
        {currenciesError ? (
          <>
            {/* The currencies could not be read: the filter already applied is kept, none can be chosen. */}
            <ChoicesError id="currency" label={t("currency")} message={currenciesError} />
            {filter.currency ? <input type="hidden" name="currency" value={filter.currency} /> : null}
          </>
        ) : (
          <Field as="select" name="currency" label={t("currency")} defaultValue={filter.currency} onChange={applyNow}>
            <option value="">{t("all-currencies")}</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Field>
        )}
        <Button type="submit">{t("apply")}</Button>
      </Form>

      <p role="status" className="visually-hidden">
        {listLoading || moreLoading ? t("loading") : appended ? t("loaded", { count: appended }) : ""}
      </p>
      <div ref={listRef} aria-busy={listLoading || moreLoading} data-testid="history-list">
        {listLoading ? (
          <ul className={styles.items}>
            <PlaceholderRows testId="history-placeholder" />
          </ul>
        ) : listError ? (
          <ListError message={listError} testId="history-error" />
        ) : allGroups.length === 0 ? (
          // Dates the filter refuses read no list: say so, not that the period has no operations.
          <p data-testid="history-empty">{errors.from || errors.to ? t("dates-invalid") : t("empty")}</p>
        ) : (
          <DayGroups
            groups={allGroups}
            idPrefix="day"
            level={2}
            listClassName={styles.items}
            renderItem={(i) => (
              <StatementRow
                key={i.id}
                item={i}
                href={`/history/${i.id}`}
                linkProps={{
                  state: { historyPanel: true },
                  preventScrollReset: true,
                  onPointerEnter: preloadItemPanel,
                  onFocus: preloadItemPanel,
                }}
              />
            )}
          />
        )}
        {moreLoading && !listLoading ? (
          <ul className={styles.items}>
            <PlaceholderRows testId="history-placeholder" />
          </ul>
        ) : null}
        {moreError && !moreLoading && !listLoading ? <ListError message={moreError} testId="history-more-error" /> : null}
      </div>
      {cursor && !listLoading ? (
        <p>
          <Link to={`?${pageParams(filter, cursor)}`} className={styles.more} data-testid="history-more" onClick={loadMore}>
            {t("more")}
          </Link>
        </p>
      ) : null}

      {panelItemId ? (
        <Suspense fallback={null}>
          <HistoryItemPanel
            itemId={panelItemId}
            item={item}
            loading={Boolean(pendingItemId)}
            showItem={Boolean(item || (!pendingItemId && openItemId))}
            onClose={closePanel}
            returnFocus={() => listRef.current?.querySelector<HTMLElement>(`a[href="/history/${panelItemId}"]`) ?? null}
          />
        </Suspense>
      ) : null}

      <Form
        method="get"
        action="/history/statement"
        reloadDocument
        className={`${styles.filters} ${styles.export}`}
        aria-labelledby="export-title"
      >
        <h2 id="export-title">{t("export.title")}</h2>
        <input type="hidden" name="statementPeriod" value={filter.period} />
        <input type="hidden" name="statementFrom" value={filter.from} />
        <input type="hidden" name="statementTo" value={filter.to} />
        {currenciesError ? (
          // A statement is of one currency: without the choice there is nothing to ask for (no format, no button).
          <ChoicesError id="export-currency" label={t("currency")} message={currenciesError} required />
        ) : (
          <Field
            as="select"
            id="export-currency"
            name="statementCurrency"
            label={t("currency")}
            defaultValue={filter.currency || currencies[0]}
            required
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Field>
        )}
        {currenciesError ? null : (
          <>
            <Field as="select" id="export-format" name="format" label={t("export.format")} defaultValue="pdf">
              <option value="pdf">PDF</option>
              <option value="csv">CSV</option>
              <option value="xlsx">Excel (XLSX)</option>
            </Field>
            <p className={styles.hint}>{t("export.hint")}</p>
            <Button type="submit">{t("export.submit")}</Button>
          </>
        )}
      </Form>
    </>
  );
}

/** Start fetching the item panel's chunk (a row pointed at or focused: it may be opened next). */
function preloadItemPanel() {
  void loadItemPanel().catch(() => {});
}

/** URL parameters of the current filter with another page's cursor. */
function pageParams(filter: { period: string; from: string; to: string; currency: string }, cursor: string): string {
  const p = new URLSearchParams({ period: filter.period });
  if (filter.period === "custom") {
    p.set("from", filter.from);
    p.set("to", filter.to);
  }
  if (filter.currency) p.set("currency", filter.currency);
  p.set("cursor", cursor);
  return p.toString();
}
