/**
 * /profile — the signed-in user's profile (spec 001 §2, §6; issue 10): name, phone and e-mail
 * (GET /v1/users/whoami), and the devices signed in to the bank (GET /v1/devices), each with its
 * login time and last use. Works without JavaScript:
 * - POST intent=delete-device deviceId=<id> → DELETE /v1/devices/:id (CSRF-checked) → back to
 *   /profile with a confirmation (PRG). Logging out the current device ends this session: the
 *   cookie is destroyed and the user lands on /auth/phone.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Device, ListResponse } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ApiError } from "~/lib/api.server";
import { displayName, requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { formatDate, formatTime } from "~/lib/dates";
import { logoutRedirect } from "~/lib/session.server";
import styles from "./profile.module.css";

export const handle = { i18n: ["profile"], titleKey: "profile:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireAppContext(request);
  const devices = await api.get<ListResponse<Device>>("/devices");
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      name: displayName(user),
      phone: user.phone,
      email: user.email,
      devices: devices.data,
      done: done === "device-deleted" ? done : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  if (form.get("intent") !== "delete-device") throw new Response("Unknown action", { status: 400 });
  const deviceId = String(form.get("deviceId") ?? "");
  const current = (await api.get<ListResponse<Device>>("/devices")).data.find((d) => d.current)?.id;
  try {
    await api.del(`/devices/${encodeURIComponent(deviceId)}`);
  } catch (error) {
    // Already logged out elsewhere (404): the list simply no longer shows it.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (deviceId === current) throw await logoutRedirect(api.session);
  return redirect("/profile?done=device-deleted", { headers: await api.headers() });
}

function when(iso: string): string {
  return `${formatDate(iso)} ${formatTime(iso)}`;
}

function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation("profile");
  const name = device.name ?? t("devices.unnamed");
  return (
    <li className={styles.device} data-testid="device">
      <div>
        <strong>{name}</strong>
        {device.current ? <span className={styles.current}> {t("devices.current")}</span> : null}
        <div className={styles.meta}>
          {t("devices.signed-in", { when: when(device.signedInAt) })} ·{" "}
          {t("devices.last-used", { when: when(device.lastUsedAt) })}
        </div>
      </div>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete-device" />
        <input type="hidden" name="deviceId" value={device.id} />
        <Button type="submit" variant="secondary" aria-label={device.current ? undefined : t("devices.log-out-named", { name })}>
          {device.current ? t("devices.log-out-this") : t("devices.log-out")}
        </Button>
      </Form>
    </li>
  );
}

export default function Profile() {
  const { name, phone, email, devices, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <>
      <h1>{t("title")}</h1>
      {done ? <Alert kind="success">{t("devices.deleted")}</Alert> : null}
      <section aria-labelledby="profile-details">
        <h2 id="profile-details">{t("details.title")}</h2>
        <dl className={styles.details}>
          <dt>{t("details.name")}</dt>
          <dd>{name}</dd>
          <dt>{t("details.phone")}</dt>
          <dd dir="ltr">{phone}</dd>
          <dt>{t("details.email")}</dt>
          <dd>{email ?? t("details.none")}</dd>
        </dl>
      </section>
      <section aria-labelledby="profile-devices">
        <h2 id="profile-devices">{t("devices.title")}</h2>
        <p>{t("devices.intro")}</p>
        <ul className={styles.devices}>
          {devices.map((d) => (
            <DeviceRow key={d.id} device={d} />
          ))}
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
