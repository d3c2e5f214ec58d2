/**
 * A payment's first step when its "Pay from" balances could not be read (spec 000 §7 "a failed
 * list passes the server message on as its error"; docs/decisions.md "Failed lists"): in the
 * choice's place its label and the refused list's text, saying nothing can be sent without it
 * (ChoicesError), then the way back to /payments. `message` null or absent: the balances were read, only
 * `children` (another refused choice, e.g. the scheme) shows before the link.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChoicesError } from "~/components/forms/ChoicesError";

export function PayFromError({ message, children }: { message?: string | null; children?: ReactNode }) {
  const { t } = useTranslation("payments");
  return (
    <>
      {message ? <ChoicesError id="source" label={t("fields.from-balance")} message={message} required /> : null}
      {children}
      <p>
        <Link to="/payments">{t("common:placeholder.back-payments")}</Link>
      </p>
    </>
  );
}
