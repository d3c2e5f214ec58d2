/**
 * /ops/chat — support: the customers' chat channels waiting for a reply, oldest wait first, each
 * with the staff's unread count (customer messages since the last staff reply). Role SUPPORT.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:chat.title" };

interface Waiting {
  channelId: string;
  channelType: string;
  title: string;
  owner: string;
  waiting: number;
  lastCustomerMessage: string;
  lastAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "SUPPORT");
  const { data } = await api.get<{ data: Waiting[] }>("/chat");
  return json({ data }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OpsChat() {
  const { t } = useTranslation("ops");
  const { data } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("chat.title")}</h1>
      {data.length === 0 ? (
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
                <td>{c.owner}</td>
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
    </>
  );
}
