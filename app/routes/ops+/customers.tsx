/**
 * /ops/customers — a customer's new phone number (role COMPLIANCE; docs/ops.md "Customers";
 * docs/decisions.md "Changing the phone number"): after the customer's identity was checked
 * again, staff enter the current number, the new one and how identity was checked (the audit's
 * reason). POST /api/v1/ops/customers/phone: every device of the customer is logged out, codes
 * not yet used expire, the customer's chat is told. A plain form (CSRF first), errors on their
 * field, the form filled again; after the change a notice (PRG).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpsPhoneChange } from "../../../server/api/v1/contract";
import { OpsIntentForm, OpsTextField } from "~/components/ops/OpsForm";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { text } from "~/lib/ops-forms.server";

export const handle = { i18n: ["ops"], titleKey: "ops:customers.title" };

/** Constraint ids of the API's field errors with their own message (ops:customers.errors.<id>). */
const KNOWN = new Set(["isPhoneNumber", "isDifferent", "isUnique"]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "COMPLIANCE");
  const params = new URL(request.url).searchParams;
  const sessions = Number(params.get("sessions"));
  const done = params.get("done") === "phone" && Number.isInteger(sessions) && sessions >= 0 ? { sessions } : null;
  return json({ done }, { headers: { "Cache-Control": "private, no-store" } });
}

type ActionData = { values: Record<"phone" | "newPhone" | "reason", string>; fields: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "COMPLIANCE");
  const form = await request.formData();
  const values = { phone: text(form, "phone"), newPhone: text(form, "newPhone"), reason: text(form, "reason") };
  const fail = (fields: Record<string, string>) => json<ActionData>({ values, fields }, { status: 400 });
  const missing = Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => !v)
      .map(([k]) => [k, "ops:customers.errors.required"]),
  );
  if (Object.keys(missing).length) return fail(missing);
  let change: OpsPhoneChange;
  try {
    change = await api.post<OpsPhoneChange>("/customers/phone", values);
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    if (error.body.code === "NOT_FOUND") return fail({ phone: "ops:customers.errors.not-found" });
    if (error.body.code === "VALIDATION_FAILED" && Array.isArray(error.body.message)) {
      const fields: Record<string, string> = {};
      for (const e of error.body.message) {
        const rule = Object.keys(e.constraints)[0] ?? "";
        fields[e.property] = `ops:customers.errors.${KNOWN.has(rule) ? rule : "invalid"}`;
      }
      return fail(fields);
    }
    throw error;
  }
  return redirect(`/ops/customers?done=phone&sessions=${change.sessionsRevoked}`);
}

export default function OpsCustomersPage() {
  const { t } = useTranslation("ops");
  const { done } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <h1>{t("customers.title")}</h1>
      {done ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t("customers.done", { count: done.sessions })}
        </p>
      ) : null}
      <h2>{t("customers.phone-title")}</h2>
      <p>{t("customers.phone-intro")}</p>
      <OpsIntentForm action="/ops/customers" intent="phone" className={styles.form} noValidate testId="phone-change">
        <OpsTextField
          id="current-phone"
          name="phone"
          label={t("customers.phone")}
          hint={t("customers.phone-hint")}
          error={data?.fields.phone}
          value={data?.values.phone}
        />
        <OpsTextField
          id="new-phone"
          name="newPhone"
          label={t("customers.new-phone")}
          hint={t("customers.phone-hint")}
          error={data?.fields.newPhone}
          value={data?.values.newPhone}
        />
        <OpsTextField
          id="phone-reason"
          name="reason"
          label={t("customers.reason")}
          hint={t("customers.reason-hint")}
          error={data?.fields.reason}
          value={data?.values.reason}
        />
        <button type="submit" className={styles.button} data-testid="change-phone">
          {t("customers.submit")}
        </button>
      </OpsIntentForm>
    </>
  );
}
