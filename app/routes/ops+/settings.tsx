/**
 * /ops/settings?organizationId=&q= — settings flags (role ADMIN; issue 13; docs/ops.md "Settings
 * flags"): each flag's bank-wide value with a form to switch it; find an organization (GET
 * form, `q`) and set its own value of the flags that have one (on, off, or follow the bank).
 * Plain POST forms (hidden key, value, organizationId), CSRF checked first.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpsOrganizationFees, OpsSettingFlag } from "../../../server/api/v1/contract";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { OpsNotices, OrganizationSearch, type FoundOrganization } from "~/components/ops/OpsForm";
import { opsStyles } from "~/components/ops/OpsShell";
import admin from "~/components/ops/OpsAdmin.module.css";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { formErrorsOf, text } from "~/lib/ops-forms.server";

const styles = { ...opsStyles, ...admin };

export const handle = { i18n: ["ops"], titleKey: "ops:admin.settings.title" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ADMIN");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const organizationId = UUID.test(params.get("organizationId") ?? "") ? params.get("organizationId")! : null;
  // The flag lists and the organization search show their own error when the API refuses them
  // (spec 000 §7 failed lists).
  const [bank, own, found] = await Promise.all([
    settleList(request, api.get<{ data: OpsSettingFlag[] }>("/settings")),
    settleList(
      request,
      organizationId ? api.get<{ data: OpsSettingFlag[] }>("/settings", { organizationId }) : Promise.resolve(null),
    ),
    settleList(request, q ? api.get<{ data: FoundOrganization[] }>("/organizations", { q }) : Promise.resolve({ data: [] })),
  ]);
  // The organization's name for the heading only: refused, the heading names the id instead (its
  // flags above show their own error when they are refused too).
  const named = await settleList(
    request,
    organizationId ? api.get<OpsOrganizationFees>(`/organizations/${organizationId}/fees`) : Promise.resolve(null),
  );
  const organization = named.data?.organization ?? null;
  return json(
    {
      flags: bank.data?.data ?? [],
      flagsError: bank.error,
      q,
      found: found.data?.data ?? [],
      foundError: found.error,
      organizationId,
      organization,
      own: own.data?.data ?? null,
      ownError: own.error,
      done: params.get("done") === "1",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "ADMIN");
  const form = await request.formData();
  const key = text(form, "key");
  const raw = text(form, "value");
  const organizationId = text(form, "organizationId") || null;
  if (raw !== "true" && raw !== "false" && raw !== "inherit") return json({ form: "ops:admin.errors.UNKNOWN" }, { status: 400 });
  try {
    await api.post("/settings", { key, value: raw === "inherit" ? null : raw === "true", organizationId });
  } catch (error) {
    const e = formErrorsOf(error);
    return json({ form: e.form ?? Object.values(e.fields)[0] ?? "ops:admin.errors.UNKNOWN" }, { status: 400 });
  }
  return redirect(`/ops/settings?done=1${organizationId ? `&organizationId=${organizationId}` : ""}`);
}

/** One small form that sets `key` to `value` (bank-wide, or for `organizationId`). */
function SetFlag(props: {
  flagKey: string;
  value: "true" | "false" | "inherit";
  organizationId?: string;
  label: string;
  testId: string;
}) {
  return (
    <Form method="post" action="/ops/settings" className={styles.inline}>
      <OpsCsrfInput />
      <input type="hidden" name="key" value={props.flagKey} />
      <input type="hidden" name="value" value={props.value} />
      {props.organizationId ? <input type="hidden" name="organizationId" value={props.organizationId} /> : null}
      <button type="submit" className={`${styles.button} ${styles.secondary}`} data-testid={props.testId}>
        {props.label}
      </button>
    </Form>
  );
}

export default function OpsSettings() {
  const { t } = useTranslation("ops");
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const onOff = (v: boolean) => t(v ? "admin.settings.on" : "admin.settings.off");
  return (
    <>
      <h1>{t("admin.settings.title")}</h1>
      <OpsNotices doneKey={data.done ? "admin.settings.done" : null} formError={failed?.form} />
      <h2>{t("admin.settings.bank-title")}</h2>
      {data.flagsError ? (
        <ListError message={data.flagsError} testId="bank-flags-error" />
      ) : (
        <table className={styles.table} data-testid="bank-flags">
          <caption className="visually-hidden">{t("admin.settings.bank-title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.settings.flag")}</th>
              <th scope="col">{t("admin.settings.value")}</th>
              <th scope="col">{t("admin.settings.scope")}</th>
              <th scope="col">{t("admin.settings.change")}</th>
            </tr>
          </thead>
          <tbody>
            {data.flags.map((f) => (
              <tr key={f.key} data-testid={`flag-${f.key}`}>
                <th scope="row">
                  {t(`admin.settings.flags.${f.key}`)}
                  <br />
                  <code>{f.key}</code>
                </th>
                <td data-testid="value">{onOff(f.bankValue)}</td>
                <td>{t(`admin.settings.scopes.${f.scope}`)}</td>
                <td>
                  <SetFlag
                    flagKey={f.key}
                    value={f.bankValue ? "false" : "true"}
                    label={t(f.bankValue ? "admin.settings.turn-off" : "admin.settings.turn-on")}
                    testId={`toggle-${f.key}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t("admin.settings.organization-title")}</h2>
      <OrganizationSearch action="/ops/settings" q={data.q} found={data.found} error={data.foundError} />
      {data.ownError ? <ListError message={data.ownError} testId="organization-flags-error" /> : null}
      {data.own && data.organizationId ? (
        <>
          <h3>{t("admin.settings.organization-heading", { name: data.organization?.name ?? data.organizationId })}</h3>
          <table className={styles.table} data-testid="organization-flags">
            <caption className="visually-hidden">{t("admin.settings.organization-title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.settings.flag")}</th>
                <th scope="col">{t("admin.settings.own-value")}</th>
                <th scope="col">{t("admin.settings.in-force")}</th>
                <th scope="col">{t("admin.settings.change")}</th>
              </tr>
            </thead>
            <tbody>
              {data.own
                .filter((f) => f.scope === "BANK_AND_ORGANIZATION")
                .map((f) => (
                  <tr key={f.key} data-testid={`org-flag-${f.key}`}>
                    <th scope="row">{t(`admin.settings.flags.${f.key}`)}</th>
                    <td data-testid="own">
                      {f.organizationValue == null ? t("admin.settings.follows-bank") : onOff(f.organizationValue)}
                    </td>
                    <td data-testid="effective">{onOff(f.effective)}</td>
                    <td>
                      <SetFlag
                        flagKey={f.key}
                        value="true"
                        organizationId={data.organizationId!}
                        label={t("admin.settings.set-on")}
                        testId={`on-${f.key}`}
                      />
                      <SetFlag
                        flagKey={f.key}
                        value="false"
                        organizationId={data.organizationId!}
                        label={t("admin.settings.set-off")}
                        testId={`off-${f.key}`}
                      />
                      {f.organizationValue != null ? (
                        <SetFlag
                          flagKey={f.key}
                          value="inherit"
                          organizationId={data.organizationId!}
                          label={t("admin.settings.inherit")}
                          testId={`inherit-${f.key}`}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </>
      ) : null}
    </>
  );
}
