/**
 * /profile — the signed-in user's profile (spec 001 §2, §6; issue 10): name, phone and e-mail,
 * and when known the date of birth (dd.mm.yyyy) and nationality (the country named in the page's
 * language) (GET /v1/users/whoami; spec 000 §3 User profile), for an active CORPORATE
 * organization its company number, registered address and whether the business and
 * correspondence addresses are the same (GET /v1/clients-organizations/:id; spec 000 §3), and
 * the devices signed in to the bank (GET /v1/devices), each with its login time and last use.
 * Works without JavaScript:
 * - POST intent=delete-device deviceId=<id> → DELETE /v1/devices/:id (CSRF-checked) → back to
 *   /profile with a confirmation (PRG). Logging out the current device ends this session: the
 *   cookie is destroyed and the user lands on /auth/phone.
 * - POST intent=channel-start twilioAuthChannel=SMS|WHATSAPP → PATCH /v1/users/:id (a code is
 *   sent over the new channel; the challenge waits in the session) → /profile/code-channel.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CodeChallenge, Device, ListResponse, OrganizationDetail } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ListError } from "~/components/ui/ListError";
import { ApiError, type Api } from "~/lib/api.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { mapServerErrors, type Translate } from "~/lib/server-errors";
import { displayName, requireAppContext } from "~/lib/app-context.server";
import { countryName } from "~/lib/countries.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { formatDate, formatTime } from "~/lib/dates";
import { logoutRedirect } from "~/lib/session.server";
import styles from "./profile.module.css";

export const handle = { i18n: ["profile"], titleKey: "profile:title" };

/** The company's number, its registered address as display lines (country named in `lng`), and the two flags. */
function companyAddress(detail: OrganizationDetail, lng: string) {
  let country: string | null = detail.registeredCountryId;
  try {
    if (country) country = new Intl.DisplayNames([lng], { type: "region", fallback: "code" }).of(country) ?? country;
  } catch {
    // An id Intl does not know stays as it is.
  }
  const lines = detail.registeredAddress1
    ? [detail.registeredAddress1, detail.registeredAddress2, detail.registeredCity, detail.registeredPostalCode, country]
    : [];
  return {
    name: detail.fullName,
    number: detail.companyNumber,
    lines: lines.filter((l): l is string => Boolean(l)),
    businessSame: detail.businessAddressSameAsRegistered,
    correspondenceSame: detail.correspondenceAddressSameAsRegistered,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api, org } = await requireAppContext(request);
  const [devices, detail] = await Promise.all([
    // A list the API refuses: its error in the list's place (spec 000 §7; lib/list-errors.server.ts).
    settleList(request, api.get<ListResponse<Device>>("/devices")),
    org.type === "CORPORATE" ? api.get<OrganizationDetail>(`/clients-organizations/${encodeURIComponent(org.id)}`) : null,
  ]);
  const lng = await i18next.getLocale(request);
  const company = detail ? companyAddress(detail, lng) : null;
  const { dob, nationalityId } = user.profile;
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      name: displayName(user),
      phone: user.phone,
      email: user.email,
      // A calendar date (yyyy-mm-dd): read at UTC midnight so no zone moves it to another day.
      dob: dob ? formatDate(dob, "UTC") || null : null,
      nationality: nationalityId ? (countryName(nationalityId, lng) ?? nationalityId) : null,
      channel: user.twilioAuthChannel,
      devices: devices.data?.data ?? [],
      devicesError: devices.error,
      company,
      // Company users link (spec 001 §2, §6): only a main representative of a CORPORATE organization.
      companyUsers:
        org.type === "CORPORATE" && org.currentOfficial.companyOfficialType === "MAIN_REPRESENTATIVE"
          ? `/profile/companies/${encodeURIComponent(org.id)}/cof`
          : null,
      done: done === "device-deleted" || done === "channel-changed" ? done : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** intent=channel-start: ask the API for a code over the chosen channel, keep the challenge, go confirm it. */
async function startChannelChange(request: Request, userId: string, api: Api, form: FormData) {
  const channel = form.get("twilioAuthChannel");
  if (channel !== "SMS" && channel !== "WHATSAPP") throw new Response("Choose SMS or WHATSAPP", { status: 400 });
  try {
    const challenge = await api.request<CodeChallenge>("PATCH", `/users/${encodeURIComponent(userId)}`, {
      body: { twilioAuthChannel: channel },
    });
    api.session.set("codeChannel", {
      token: challenge.token,
      expiresAt: challenge.expiresAt,
      resendAvailableAt: challenge.resendAvailableAt,
      channel: challenge.channel,
      ...(challenge.debugCode ? { debugCode: challenge.debugCode } : {}),
    });
    api.touch();
    return redirect("/profile/code-channel", { headers: await api.headers() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const t = (await i18next.getFixedT(request, ["errors", "profile"])) as unknown as Translate;
    const mapped = mapServerErrors(error.body, ["twilioAuthChannel"], t, { codeFields: { RATE_LIMITED: "twilioAuthChannel" } });
    const message =
      error.status === 429 ? t("errors:Auth.rate-limited") : (mapped.fieldErrors.twilioAuthChannel ?? mapped.globalError);
    return json({ channelError: message }, { status: 400, headers: await api.headers() });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  if (form.get("intent") === "channel-start") return startChannelChange(request, user.id, api, form);
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
  // The button's name is its text, the device's name and when it signed in ("Log out Chrome on
  // Linux Signed in 29.11.2026 17:16 · last used …"): a screen reader listing the buttons told
  // several "Log out Chrome on Linux" apart by nothing.
  const ids = { button: `device-${device.id}-log-out`, name: `device-${device.id}-name`, meta: `device-${device.id}-meta` };
  return (
    <li className={styles.device} data-testid="device">
      <div>
        <strong id={ids.name}>{name}</strong>
        {device.current ? <span className={styles.current}> {t("devices.current")}</span> : null}
        <div className={styles.meta} id={ids.meta}>
          {t("devices.signed-in", { when: when(device.signedInAt) })} ·{" "}
          {t("devices.last-used", { when: when(device.lastUsedAt) })}
        </div>
      </div>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete-device" />
        <input type="hidden" name="deviceId" value={device.id} />
        <Button
          type="submit"
          variant="secondary"
          id={ids.button}
          aria-labelledby={device.current ? undefined : `${ids.button} ${ids.name} ${ids.meta}`}
        >
          {device.current ? t("devices.log-out-this") : t("devices.log-out")}
        </Button>
      </Form>
    </li>
  );
}

/** "Same as the registered address", "A different address", or "Not given" for a flag. */
function sameAs(t: (key: string) => string, same: boolean | null): string {
  return same === null ? t("details.none") : t(same ? "company.same" : "company.different");
}

/** The active company's registered address and whether its other addresses are the same. */
function CompanyAddress({ company }: { company: ReturnType<typeof companyAddress> }) {
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="profile-company">
      <h2 id="profile-company">{t("company.title")}</h2>
      <dl className={styles.details}>
        <dt>{t("company.name")}</dt>
        <dd>{company.name}</dd>
        {company.number ? (
          <>
            <dt>{t("company.number")}</dt>
            <dd dir="ltr" data-testid="company-number">
              {company.number}
            </dd>
          </>
        ) : null}
        <dt>{t("company.registered")}</dt>
        <dd>
          {company.lines.length ? (
            <address className={styles.address} data-testid="registered-address">
              {company.lines.map((line, i) => (
                <span key={i} dir="auto">
                  {line}
                  {i < company.lines.length - 1 ? <br /> : null}
                </span>
              ))}
            </address>
          ) : (
            t("details.none")
          )}
        </dd>
        <dt>{t("company.business")}</dt>
        <dd>{sameAs(t, company.businessSame)}</dd>
        <dt>{t("company.correspondence")}</dt>
        <dd>{sameAs(t, company.correspondenceSame)}</dd>
      </dl>
    </section>
  );
}

/** The one-time-code channel: the one in force and a form to switch (confirmed by a code sent over the new one). */
function CodeChannel({ channel, error }: { channel: "SMS" | "WHATSAPP"; error: string | null }) {
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="profile-channel">
      <h2 id="profile-channel">{t("channel.title")}</h2>
      <Form method="post">
        <AuthenticityTokenInput />
        <fieldset aria-describedby={error ? "channel-error" : "channel-hint"}>
          <legend>{t("channel.legend")}</legend>
          {(["SMS", "WHATSAPP"] as const).map((c) => (
            <label key={c} className={styles.choice}>
              <input type="radio" name="twilioAuthChannel" value={c} defaultChecked={c === channel} /> {t(`channel.name.${c}`)}
              {c === channel ? <span className={styles.current}> {t("channel.in-use")}</span> : null}
            </label>
          ))}
        </fieldset>
        <p id="channel-hint" className={styles.meta}>
          {t("channel.hint")}
        </p>
        {error ? (
          <p id="channel-error" className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" name="intent" value="channel-start" variant="secondary">
          {t("channel.submit")}
        </Button>
      </Form>
    </section>
  );
}

export default function Profile() {
  const { name, phone, email, dob, nationality, channel, devices, devicesError, done, companyUsers, company } =
    useLoaderData<typeof loader>();
  const failed = useActionData<{ channelError?: string | null }>();
  const { t } = useTranslation("profile");
  return (
    <>
      <h1>{t("title")}</h1>
      {done ? <Alert kind="success">{t(done === "channel-changed" ? "channel.changed" : "devices.deleted")}</Alert> : null}
      <section aria-labelledby="profile-details">
        <h2 id="profile-details">{t("details.title")}</h2>
        <dl className={styles.details}>
          <dt>{t("details.name")}</dt>
          <dd>{name}</dd>
          <dt>{t("details.phone")}</dt>
          <dd dir="ltr">{phone}</dd>
          <dt>{t("details.email")}</dt>
          <dd>{email ?? t("details.none")}</dd>
          {dob ? (
            <>
              <dt>{t("details.dob")}</dt>
              <dd dir="ltr" data-testid="dob">
                {dob}
              </dd>
            </>
          ) : null}
          {nationality ? (
            <>
              <dt>{t("details.nationality")}</dt>
              <dd data-testid="nationality">{nationality}</dd>
            </>
          ) : null}
        </dl>
        <p className={styles.hint} data-testid="phone-change">
          {t("details.phone-change")} <Link to="/chat">{t("details.phone-change-link")}</Link>
        </p>
      </section>
      {company ? <CompanyAddress company={company} /> : null}
      {companyUsers ? (
        <p>
          <Link to={companyUsers}>{t("cof.link")}</Link>
        </p>
      ) : null}
      <CodeChannel channel={channel} error={failed?.channelError ?? null} />
      <section aria-labelledby="profile-devices">
        <h2 id="profile-devices">{t("devices.title")}</h2>
        <p>{t("devices.intro")}</p>
        {devicesError ? (
          <ListError message={devicesError} testId="devices-error" />
        ) : (
          <ul className={styles.devices}>
            {devices.map((d) => (
              <DeviceRow key={d.id} device={d} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
