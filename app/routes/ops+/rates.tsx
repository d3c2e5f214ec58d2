/**
 * /ops/rates — exchange rates (role ADMIN; issue 13; docs/ops.md "Rates"): every currency's rate
 * in force (units per 1 EUR), its source (ECB, BANK = set by staff, DERIVED) and date; set a
 * currency's rate (a change over 10 % needs the confirmation box), withdraw a rate staff set,
 * set the spread and the SOL reference price (USD per SOL: SOL has no market feed). Plain POST
 * forms (`intent` set, clear, spread, sol), CSRF checked first; errors on
 * their field, the form filled again.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import type { OpsRates } from "../../../server/api/v1/contract";
import { OpsIntentForm, OpsNotices, OpsSelectField, OpsTextField } from "~/components/ops/OpsForm";
import { OpsRate } from "~/components/ops/OpsNumbers";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { formErrorsOf, text, type FormErrors } from "~/lib/ops-forms.server";

export const handle = { i18n: ["ops"], titleKey: "ops:admin.rates.title" };

const DONE = ["set", "clear", "spread", "sol"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ADMIN");
  // Rates the API refuses: the error in the table's place and in the set form's currency choice;
  // the spread and SOL forms stay usable (spec 000 §7 failed lists).
  const listed = await settleList(request, api.get<OpsRates>("/rates"));
  const rates: OpsRates = listed.data ?? { date: null, spreadPercent: "", solPriceUsd: "", rates: [] };
  const done = new URL(request.url).searchParams.get("done");
  return json(
    { rates, ratesError: listed.error, done: DONE.find((d) => d === done) ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { intent: string; errors: FormErrors; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "ADMIN");
  const form = await request.formData();
  const intent = text(form, "intent");
  const values = {
    currencyId: text(form, "currencyId"),
    unitsPerEur: text(form, "unitsPerEur"),
    percent: text(form, "percent"),
    priceUsd: text(form, "priceUsd"),
  };
  const fail = (errors: FormErrors) => json<ActionData>({ intent, errors, values }, { status: 400 });
  try {
    if (intent === "set") {
      if (!values.unitsPerEur) return fail({ fields: { unitsPerEur: "ops:admin.errors.required" } });
      await api.post("/rates", {
        currencyId: values.currencyId,
        unitsPerEur: values.unitsPerEur.replace(",", "."),
        confirmLargeChange: form.get("confirmLargeChange") === "on",
      });
    } else if (intent === "clear") {
      await api.post(`/rates/${encodeURIComponent(values.currencyId)}/clear`);
    } else if (intent === "spread") {
      if (!values.percent) return fail({ fields: { percent: "ops:admin.errors.required" } });
      await api.post("/rates/spread", { percent: values.percent.replace(",", ".") });
    } else if (intent === "sol") {
      if (!values.priceUsd) return fail({ fields: { priceUsd: "ops:admin.errors.required" } });
      await api.post("/rates/sol", { priceUsd: values.priceUsd.replace(",", ".") });
    } else return fail({ fields: {}, form: "ops:admin.errors.UNKNOWN" });
  } catch (error) {
    return fail(formErrorsOf(error));
  }
  return redirect(`/ops/rates?done=${intent}`);
}

export default function OpsRatesPage() {
  const { t } = useTranslation("ops");
  const { rates, ratesError, done } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const mine = (intent: string) => (data?.intent === intent ? data : null);
  const set = mine("set");
  const spread = mine("spread");
  const sol = mine("sol");
  return (
    <>
      <h1>{t("admin.rates.title")}</h1>
      <p>{t("admin.rates.intro", { date: rates.date ?? "—" })}</p>
      <OpsNotices doneKey={done ? `admin.rates.done.${done}` : null} formError={data?.errors.form} />
      {ratesError ? (
        <ListError message={ratesError} testId="rates-error" />
      ) : (
        <table className={styles.table} data-testid="rates">
          <caption className="visually-hidden">{t("admin.rates.table")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.rates.currency")}</th>
              <th scope="col">{t("admin.rates.units-per-eur")}</th>
              <th scope="col">{t("admin.rates.source")}</th>
              <th scope="col">{t("admin.rates.date")}</th>
              <th scope="col">{t("admin.rates.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rates.rates.map((r) => (
              <tr key={r.currencyId} data-testid={`rate-${r.currencyId}`}>
                <th scope="row">{r.currencyId}</th>
                <td>{r.unitsPerEur ? <OpsRate rate={r.unitsPerEur} /> : "—"}</td>
                <td>{r.source ? t(`admin.rates.sources.${r.source}`) : t("admin.rates.no-rate")}</td>
                <td>{r.date ?? "—"}</td>
                <td>
                  {r.source === "BANK" ? (
                    <OpsIntentForm action="/ops/rates" intent="clear">
                      <input type="hidden" name="currencyId" value={r.currencyId} />
                      <button type="submit" className={`${styles.button} ${styles.secondary}`}>
                        {t("admin.rates.clear", { currency: r.currencyId })}
                      </button>
                    </OpsIntentForm>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t("admin.rates.set-title")}</h2>
      <OpsIntentForm action="/ops/rates" intent="set" className={styles.form} noValidate>
        {ratesError ? (
          <ListError message={ratesError} testId="rate-currency-error" />
        ) : (
          <OpsSelectField
            id="rate-currency"
            name="currencyId"
            label={t("admin.rates.currency")}
            defaultValue={set?.values.currencyId ?? ""}
            error={set?.errors.fields.currencyId}
          >
            {rates.rates
              .filter((r) => r.settable)
              .map((r) => (
                <option key={r.currencyId} value={r.currencyId}>
                  EUR/{r.currencyId}
                </option>
              ))}
          </OpsSelectField>
        )}
        <OpsTextField
          inputMode="decimal"
          id="rate-value"
          name="unitsPerEur"
          label={t("admin.rates.units-per-eur")}
          hint={t("admin.rates.units-hint")}
          error={set?.errors.fields.unitsPerEur}
          value={set?.values.unitsPerEur}
        />
        <div className={styles.field}>
          <label>
            <input type="checkbox" name="confirmLargeChange" /> {t("admin.rates.confirm")}
          </label>
        </div>
        <button type="submit" className={styles.button} data-testid="set-rate">
          {t("admin.rates.set")}
        </button>
      </OpsIntentForm>

      <h2>{t("admin.rates.spread-title")}</h2>
      <OpsIntentForm action="/ops/rates" intent="spread" className={styles.form} noValidate>
        <OpsTextField
          inputMode="decimal"
          id="spread"
          name="percent"
          label={t("admin.rates.spread")}
          hint={t("admin.rates.spread-hint")}
          error={spread?.errors.fields.percent}
          value={spread?.values.percent ?? rates.spreadPercent}
        />
        <button type="submit" className={styles.button} data-testid="set-spread">
          {t("admin.rates.set-spread")}
        </button>
      </OpsIntentForm>

      <h2>{t("admin.rates.sol-title")}</h2>
      <OpsIntentForm action="/ops/rates" intent="sol" className={styles.form} noValidate>
        <OpsTextField
          inputMode="decimal"
          id="sol-price"
          name="priceUsd"
          label={t("admin.rates.sol")}
          hint={t("admin.rates.sol-hint")}
          error={sol?.errors.fields.priceUsd}
          value={sol?.values.priceUsd ?? rates.solPriceUsd}
        />
        <button type="submit" className={styles.button} data-testid="set-sol-price">
          {t("admin.rates.set-sol")}
        </button>
      </OpsIntentForm>
    </>
  );
}
