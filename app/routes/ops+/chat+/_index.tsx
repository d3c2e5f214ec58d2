/**
 * /ops/chat — support: the customers' chat channels waiting for a reply, oldest wait first, each
 * with its customer and the staff's unread count (customer messages since the last staff reply);
 * and a search (GET `q`: a customer's name, phone or email) listing every channel of the matching
 * customers, waiting or not. Role SUPPORT. Works without JavaScript (plain GET form).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:chat.title" };

interface Waiting {
  channelId: string;
  channelType: string;
  title: string;
  owner: string;
  ownerName: string;
  waiting: number;
  lastCustomerMessage: string;
  lastAt: string;
}

interface Found {
  channelId: string;
  channelType: string;
  title: string;
  ownerName: string;
  updatedAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "SUPPORT");
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const queryError = q && (q.length < 2 || q.length > 100) ? "ops:chat.search-length" : null;
  // Each list the API refuses shows its error in its own place (spec 000 §7 failed lists): the
  // waiting channels, and the search results under the search form (which keeps what was typed).
  const [waiting, search] = await Promise.all([
    settleList(request, api.get<{ data: Waiting[] }>("/chat")),
    settleList(
      request,
      q && !queryError ? api.get<{ data: Found[] }>("/chat-search", { q }).then((r) => r.data) : Promise.resolve(null),
    ),
  ]);
  return json(
    {
      data: waiting.data?.data ?? [],
      waitingError: waiting.error,
      q,
      found: search.data,
      foundError: search.error,
      queryError,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsChat() {
  const { t } = useTranslation("ops");
  const { data, waitingError, q, found, foundError, queryError } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("chat.title")}</h1>
      {waitingError ? (
        <ListError message={waitingError} testId="ops-chat-channels-error" />
      ) : data.length === 0 ? (
        <p>{t("chat.none")}</p>
      ) : (
        <table className={styles.table} data-testid="ops-chat-channels">
          <caption className="visually-hidden">{t("chat.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chat.columns.customer")}</th>
              <th scope="col">{t("chat.columns.channel")}</th>
              <th scope="col">{t("chat.columns.unread")}</th>
              <th scope="col">{t("chat.columns.last")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.channelId} data-testid="ops-chat-channel" data-id={c.channelId}>
                <td>{c.ownerName}</td>
                <td>
                  <Link to={`/ops/chat/${c.channelId}`}>{c.title}</Link>
                </td>
                <td data-testid="ops-chat-unread">{c.waiting}</td>
                <td>
                  {c.lastCustomerMessage.slice(0, 80)}{" "}
                  <time dateTime={c.lastAt}>({c.lastAt.slice(0, 16).replace("T", " ")})</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t("chat.search")}</h2>
      <Form method="get" className={styles.form} role="search" aria-label={t("chat.search")}>
        <div className={styles.field}>
          <label htmlFor="ops-chat-q">{t("chat.search-label")}</label>
          <input
            id="ops-chat-q"
            className={styles.input}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={queryError ? "ops-chat-q-error" : undefined}
          />
          {queryError ? (
            <p id="ops-chat-q-error" className={styles.error}>
              {t(queryError)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("chat.search-submit")}
        </button>
      </Form>
      {foundError ? (
        <ListError message={foundError} testId="ops-chat-found-error" />
      ) : found ? (
        found.length === 0 ? (
          <p data-testid="ops-chat-found-none">{t("chat.search-none", { q })}</p>
        ) : (
          <table className={styles.table} data-testid="ops-chat-found">
            <caption>{t("chat.search-results", { q })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("chat.columns.customer")}</th>
                <th scope="col">{t("chat.columns.channel")}</th>
                <th scope="col">{t("chat.columns.last")}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((c) => (
                <tr key={c.channelId} data-testid="ops-chat-found-channel" data-id={c.channelId}>
                  <td>{c.ownerName}</td>
                  <td>
                    <Link to={`/ops/chat/${c.channelId}`}>{c.title}</Link>
                  </td>
                  <td>
                    <time dateTime={c.updatedAt}>{c.updatedAt.slice(0, 16).replace("T", " ")}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </>
  );
}
