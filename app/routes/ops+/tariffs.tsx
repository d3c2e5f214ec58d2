/**
 * /ops/tariffs?organizationId=&q= — tariffs and fees (role ADMIN; issue 13; docs/ops.md
 * "Tariffs and fees"): every tariff with its fees (remove one), create a tariff, set a fee of a
 * tariff — or, with an organization chosen (GET form `q`), a fee agreed for that organization
 * alone — and put the organization on a tariff; change which tariff is the default (a
 * confirmation box: it reprices every organization without a tariff of its own). A fee set with
 * the owner, kind, type and currency of an existing one replaces it; it applies from the next
 * payment. Plain POST forms (`intent` fee, remove, tariff, assign, default), CSRF checked first;
 * errors on their field, the form filled again.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Fee, OpsOrganizationFees, OpsTariff } from "../../../server/api/v1/contract";
import { OpsIntentForm, OpsNotices, OpsSelectField, OpsTextField, OrganizationSearch } from "~/components/ops/OpsForm";
import { opsStyles } from "~/components/ops/OpsShell";
import admin from "~/components/ops/OpsAdmin.module.css";
import { feeAmountText } from "~/components/ops/OpsNumbers";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { formErrorsOf, text, type FormErrors } from "~/lib/ops-forms.server";

const styles = { ...opsStyles, ...admin };

export const handle = { i18n: ["ops"], titleKey: "ops:admin.tariffs.title" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kinds a fee applies to (server/domain/fees/admin.ts FEE_KINDS). */
const KINDS = [
  "EURO",
  "GBP",
  "USD",
  "INTERNATIONAL",
  "INTERNAL",
  "BETWEEN_ACCOUNTS",
  "CRYPTO_ASSET_PAYMENT",
  "CASH_OVER_COUNTER",
  "SERVICE",
  "EXCHANGE",
];
const FEE_FIELDS = [
  "owner",
  "name",
  "paymentKind",
  "paymentType",
  "currencyId",
  "feeAmountType",
  "feeFixedAmount",
  "feeCurrencyId",
  "feePercentAmount",
  "feePercentMinAmount",
  "feePercentMaxAmount",
] as const;
const DONE = ["fee", "remove", "tariff", "assign", "default"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ADMIN");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const organizationId = UUID.test(params.get("organizationId") ?? "") ? params.get("organizationId")! : null;
  // The tariffs list and the organization search show their own error when the API refuses them;
  // the forms stay usable (spec 000 §7 failed lists).
  const [tariffsListed, foundListed] = await Promise.all([
    settleList(request, api.get<{ data: OpsTariff[] }>("/tariffs")),
    settleList(
      request,
      q
        ? api.get<{ data: { id: string; name: string; type: string }[] }>("/organizations", { q })
        : Promise.resolve({ data: [] }),
    ),
  ]);
  const tariffs = tariffsListed.data?.data ?? [];
  const found = foundListed.data?.data ?? [];
  // The chosen organization with its own fees: refused, its error where it would be, the tariffs
  // and the forms as without an organization (docs/decisions.md "Failed lists").
  const organizationListed = await settleList(
    request,
    organizationId ? api.get<OpsOrganizationFees>(`/organizations/${organizationId}/fees`) : Promise.resolve(null),
  );
  const organization = organizationListed.data;
  const done = params.get("done");
  return json(
    {
      tariffs,
      tariffsError: tariffsListed.error,
      q,
      found,
      foundError: foundListed.error,
      organization,
      organizationError: organizationListed.error,
      done: DONE.find((d) => d === done) ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { intent: string; errors: FormErrors; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "ADMIN");
  const form = await request.formData();
  const intent = text(form, "intent");
  const values: Record<string, string> = Object.fromEntries(
    [...FEE_FIELDS, "tariffName", "feeId", "organizationId", "tariffId", "defaultTariffId"].map((k) => [k, text(form, k)]),
  );
  const organizationId = UUID.test(values.organizationId) ? values.organizationId : null;
  const back = (done: string) =>
    redirect(`/ops/tariffs?done=${done}${organizationId ? `&organizationId=${organizationId}` : ""}`);
  const fail = (errors: FormErrors) => json<ActionData>({ intent, errors, values }, { status: 400 });
  const orNull = (v: string) => (v ? v.replace(",", ".") : null);
  try {
    if (intent === "fee") {
      const owner = values.owner;
      const forOrganization = owner === "organization" && organizationId;
      if (!forOrganization && !UUID.test(owner)) return fail({ fields: { owner: "ops:admin.errors.required" } });
      const fixed = values.feeAmountType === "FIXED";
      await api.post("/fees", {
        tariffId: forOrganization ? null : owner,
        organizationId: forOrganization ? organizationId : null,
        name: values.name,
        paymentKind: values.paymentKind,
        paymentType: values.paymentType ? values.paymentType.toUpperCase() : null,
        currencyId: values.currencyId ? values.currencyId.toUpperCase() : null,
        feeAmountType: fixed ? "FIXED" : "PERCENT",
        feeFixedAmount: fixed ? orNull(values.feeFixedAmount) : null,
        feeCurrencyId: fixed && values.feeCurrencyId ? values.feeCurrencyId.toUpperCase() : null,
        feePercentAmount: fixed ? null : orNull(values.feePercentAmount),
        feePercentMinAmount: fixed ? null : orNull(values.feePercentMinAmount),
        feePercentMaxAmount: fixed ? null : orNull(values.feePercentMaxAmount),
      });
    } else if (intent === "remove") {
      await api.post(`/fees/${encodeURIComponent(values.feeId)}/remove`);
    } else if (intent === "tariff") {
      if (!values.tariffName) return fail({ fields: { name: "ops:admin.errors.required" } });
      await api.post("/tariffs", { name: values.tariffName });
    } else if (intent === "default") {
      if (form.get("confirm") !== "on") return fail({ fields: { confirm: "ops:admin.errors.confirm-required" } });
      await api.post(`/tariffs/${encodeURIComponent(values.defaultTariffId)}/default`, { confirm: true });
    } else if (intent === "assign" && organizationId) {
      await api.post(`/organizations/${organizationId}/tariff`, {
        tariffId: values.tariffId === "default" ? null : values.tariffId,
      });
    } else return fail({ fields: {}, form: "ops:admin.errors.UNKNOWN" });
  } catch (error) {
    const e = formErrorsOf(error);
    // The API names the owner tariffId/organizationId; the form has one "owner" field.
    if (e.fields.tariffId) e.fields.owner = e.fields.tariffId;
    return fail(e);
  }
  return back(intent);
}

/** A fee's amount in words, in the page's number format (`feeAmountText`). */
function useFeeAmount() {
  const { t, i18n } = useTranslation("ops");
  return (f: Fee) => feeAmountText(f, t, i18n.language);
}

/** A table of fees, each with a remove form. */
function FeeTable({ fees, caption, organizationId }: { fees: Fee[]; caption: string; organizationId?: string }) {
  const { t } = useTranslation("ops");
  const amount = useFeeAmount();
  if (!fees.length) return <p>{t("admin.tariffs.no-fees")}</p>;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("admin.tariffs.fee-name")}</th>
          <th scope="col">{t("admin.tariffs.applies-to")}</th>
          <th scope="col">{t("admin.tariffs.amount")}</th>
          <th scope="col">{t("admin.tariffs.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {fees.map((f) => (
          <tr key={f.feeId} data-testid={`fee-${f.feeId}`}>
            <td>{f.name}</td>
            <td>
              {[
                f.paymentKind,
                f.paymentType ?? t("admin.tariffs.any-type"),
                f.currencyId ?? t("admin.tariffs.any-currency"),
              ].join(" / ")}
            </td>
            <td data-testid="fee-amount">{amount(f)}</td>
            <td>
              <OpsIntentForm action="/ops/tariffs" intent="remove">
                <input type="hidden" name="feeId" value={f.feeId} />
                {organizationId ? <input type="hidden" name="organizationId" value={organizationId} /> : null}
                <button type="submit" className={`${styles.button} ${styles.secondary}`}>
                  {t("admin.tariffs.remove", { name: f.name })}
                </button>
              </OpsIntentForm>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OpsTariffs() {
  const { t } = useTranslation("ops");
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fee = result?.intent === "fee" ? result : null;
  const tariffForm = result?.intent === "tariff" ? result : null;
  const defaultForm = result?.intent === "default" ? result : null;
  const others = data.tariffs.filter((x) => !x.isDefault);
  const org = data.organization;
  const v = fee?.values ?? {};
  const e = fee?.errors.fields ?? {};
  return (
    <>
      <h1>{t("admin.tariffs.title")}</h1>
      <OpsNotices doneKey={data.done ? `admin.tariffs.done.${data.done}` : null} formError={result?.errors.form} />

      {data.tariffsError ? <ListError message={data.tariffsError} testId="tariffs-error" /> : null}
      {data.tariffs.map((tariff) => (
        <section key={tariff.id} aria-labelledby={`tariff-${tariff.id}`} data-testid={`tariff-${tariff.name}`}>
          <h2 id={`tariff-${tariff.id}`}>
            {tariff.name}
            {tariff.isDefault ? ` (${t("admin.tariffs.default")})` : ""}
          </h2>
          <p>{t("admin.tariffs.organizations", { count: tariff.organizationCount })}</p>
          <FeeTable fees={tariff.fees} caption={tariff.name} organizationId={org?.organization.id} />
        </section>
      ))}

      <h2>{t("admin.tariffs.organization-title")}</h2>
      <OrganizationSearch action="/ops/tariffs" q={data.q} found={data.found} error={data.foundError} />
      {data.organizationError ? <ListError message={data.organizationError} testId="organization-error" /> : null}
      {org ? (
        <section aria-labelledby="org-heading" data-testid="organization">
          <h3 id="org-heading">{t("admin.tariffs.organization-heading", { name: org.organization.name })}</h3>
          <p>
            {t("admin.tariffs.on-tariff", {
              name: org.tariff?.name ?? "—",
            })}
            {org.organization.tariffId ? "" : ` (${t("admin.tariffs.default")})`}
          </p>
          <OpsIntentForm action="/ops/tariffs" intent="assign" className={styles.row}>
            <input type="hidden" name="organizationId" value={org.organization.id} />
            {data.tariffsError ? <ListError message={data.tariffsError} testId="assign-tariff-error" /> : null}
            <div className={styles.field}>
              <label htmlFor="assign-tariff">{t("admin.tariffs.assign-label")}</label>
              <select
                id="assign-tariff"
                name="tariffId"
                className={styles.input}
                defaultValue={org.organization.tariffId ?? "default"}
              >
                <option value="default">{t("admin.tariffs.the-default")}</option>
                {data.tariffs
                  .filter((x) => !x.isDefault)
                  .map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                    </option>
                  ))}
              </select>
            </div>
            <button type="submit" className={styles.button} data-testid="assign">
              {t("admin.tariffs.assign")}
            </button>
          </OpsIntentForm>
          <h4>{t("admin.tariffs.custom-fees")}</h4>
          <FeeTable fees={org.customFees} caption={t("admin.tariffs.custom-fees")} organizationId={org.organization.id} />
        </section>
      ) : null}

      <h2>{t("admin.tariffs.set-fee-title")}</h2>
      <p>{t("admin.tariffs.set-fee-intro")}</p>
      <OpsIntentForm action="/ops/tariffs" intent="fee" className={styles.form} noValidate testId="fee-form">
        {org ? <input type="hidden" name="organizationId" value={org.organization.id} /> : null}
        {data.tariffsError ? <ListError message={data.tariffsError} testId="fee-owner-error" /> : null}
        <OpsSelectField id="fee-owner" name="owner" label={t("admin.tariffs.owner")} defaultValue={v.owner ?? ""} error={e.owner}>
          {data.tariffs.map((x) => (
            <option key={x.id} value={x.id}>
              {t("admin.tariffs.owner-tariff", { name: x.name })}
            </option>
          ))}
          {org ? (
            <option value="organization">{t("admin.tariffs.owner-organization", { name: org.organization.name })}</option>
          ) : null}
        </OpsSelectField>
        <OpsTextField id="fee-name" name="name" label={t("admin.tariffs.fee-name")} error={e.name} value={v.name} />
        <OpsSelectField
          id="fee-paymentKind"
          name="paymentKind"
          label={t("admin.tariffs.kind")}
          defaultValue={v.paymentKind ?? "EURO"}
          error={e.paymentKind}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </OpsSelectField>
        <OpsTextField
          id="fee-paymentType"
          name="paymentType"
          label={t("admin.tariffs.type")}
          hint={t("admin.tariffs.type-hint")}
          error={e.paymentType}
          value={v.paymentType}
        />
        <OpsTextField
          id="fee-currencyId"
          name="currencyId"
          label={t("admin.tariffs.currency")}
          hint={t("admin.tariffs.currency-hint")}
          error={e.currencyId}
          value={v.currencyId}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t("admin.tariffs.amount-type")}</legend>
          <label>
            <input type="radio" name="feeAmountType" value="FIXED" defaultChecked={(v.feeAmountType ?? "FIXED") === "FIXED"} />{" "}
            {t("admin.tariffs.fixed")}
          </label>
          <OpsTextField
            id="fee-feeFixedAmount"
            name="feeFixedAmount"
            label={t("admin.tariffs.fixed-amount")}
            error={e.feeFixedAmount}
            value={v.feeFixedAmount}
          />
          <OpsTextField
            id="fee-feeCurrencyId"
            name="feeCurrencyId"
            label={t("admin.tariffs.fee-currency")}
            hint={t("admin.tariffs.fee-currency-hint")}
            error={e.feeCurrencyId}
            value={v.feeCurrencyId}
          />
          <label>
            <input type="radio" name="feeAmountType" value="PERCENT" defaultChecked={v.feeAmountType === "PERCENT"} />{" "}
            {t("admin.tariffs.percent")}
          </label>
          <OpsTextField
            id="fee-feePercentAmount"
            name="feePercentAmount"
            label={t("admin.tariffs.percent-amount")}
            error={e.feePercentAmount}
            value={v.feePercentAmount}
          />
          <OpsTextField
            id="fee-feePercentMinAmount"
            name="feePercentMinAmount"
            label={t("admin.tariffs.percent-min")}
            error={e.feePercentMinAmount}
            value={v.feePercentMinAmount}
          />
          <OpsTextField
            id="fee-feePercentMaxAmount"
            name="feePercentMaxAmount"
            label={t("admin.tariffs.percent-max")}
            error={e.feePercentMaxAmount}
            value={v.feePercentMaxAmount}
          />
        </fieldset>
        <button type="submit" className={styles.button} data-testid="set-fee">
          {t("admin.tariffs.set-fee")}
        </button>
      </OpsIntentForm>

      {others.length ? (
        <>
          <h2>{t("admin.tariffs.default-title")}</h2>
          <p>{t("admin.tariffs.default-intro")}</p>
          <OpsIntentForm action="/ops/tariffs" intent="default" className={styles.form} noValidate testId="default-form">
            <OpsSelectField
              id="default-tariff"
              name="defaultTariffId"
              label={t("admin.tariffs.default-label")}
              defaultValue={defaultForm?.values.defaultTariffId ?? ""}
              error={defaultForm?.errors.fields.tariffId}
            >
              {others.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </OpsSelectField>
            <div className={styles.field}>
              <label>
                <input
                  type="checkbox"
                  name="confirm"
                  aria-invalid={defaultForm?.errors.fields.confirm ? true : undefined}
                  aria-describedby={defaultForm?.errors.fields.confirm ? "default-confirm-error" : undefined}
                />{" "}
                {t("admin.tariffs.default-confirm")}
              </label>
              {defaultForm?.errors.fields.confirm ? (
                <p id="default-confirm-error" className={styles.error} data-testid="confirm-error">
                  {t(defaultForm.errors.fields.confirm)}
                </p>
              ) : null}
            </div>
            <button type="submit" className={styles.button} data-testid="make-default">
              {t("admin.tariffs.make-default")}
            </button>
          </OpsIntentForm>
        </>
      ) : null}

      <h2>{t("admin.tariffs.new-title")}</h2>
      <OpsIntentForm action="/ops/tariffs" intent="tariff" className={styles.form} noValidate>
        <OpsTextField
          id="tariff-name"
          name="tariffName"
          label={t("admin.tariffs.new-name")}
          error={tariffForm?.errors.fields.name}
          value={tariffForm?.values.tariffName}
        />
        <button type="submit" className={styles.button}>
          {t("admin.tariffs.create")}
        </button>
      </OpsIntentForm>
    </>
  );
}
