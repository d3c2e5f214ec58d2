/**
 * The confirmation screen of /currency-exchange/requests/:requestId/sign (route module `sign.tsx`
 * beside it): the request as it goes to the bank (both sums, the rate, the fee; what signing
 * holds), then the code and send/resend forms (components/signing/CodeSigningForms). Loaded as its
 * own chunk in the browser (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeSigningForms } from "~/components/signing/CodeSigningForms";
import { RequestDetails } from "../__request-details";
import styles from "../../exchange.module.css";
import type { loader } from "./sign";

export default function SignFxRequestScreen() {
  const { fx, challenge, defaultChannel } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  return (
    <>
      <h1>{t("requests.sign.title")}</h1>
      <p>{t("requests.sign.intro")}</p>
      <RequestDetails request={fx} />
      <CodeSigningForms
        challenge={challenge}
        defaultChannel={defaultChannel}
        texts={{
          codeLabel: t("requests.sign.code-label"),
          codeHint: t("requests.sign.code-hint"),
          submit: t("requests.sign.submit"),
          noCode: t("requests.sign.no-code"),
          channel: t("requests.sign.channel"),
          send: t("requests.sign.send"),
        }}
        actionsClassName={styles.actions}
      />
      <p>
        <Link to="/currency-exchange/requests/new">{t("requests.sign.change")}</Link>
      </p>
    </>
  );
}
