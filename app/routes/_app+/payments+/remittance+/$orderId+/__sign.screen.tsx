/**
 * The confirmation screen of /payments/remittance/:orderId/sign (route module `sign.tsx` beside
 * it): what is sent (sum, payee, purpose, files), then the code and send/resend forms
 * (components/signing/CodeSigningForms). Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeSigningForms } from "~/components/signing/CodeSigningForms";
import { OrderDetails } from "./__order-details";
import styles from "../remittance.module.css";
import type { loader } from "./sign";

export default function SignOrderScreen() {
  const { order, challenge, defaultChannel } = useLoaderData<typeof loader>();
  const { t } = useTranslation("remittance");
  return (
    <>
      <h1>{t("sign.title")}</h1>
      <p>{t("sign.intro")}</p>
      <OrderDetails order={order} />
      <CodeSigningForms
        challenge={challenge}
        defaultChannel={defaultChannel}
        texts={{
          codeLabel: t("sign.code-label"),
          codeHint: t("sign.code-hint"),
          submit: t("sign.submit"),
          noCode: t("sign.no-code"),
          channel: t("sign.channel"),
          send: t("sign.send"),
        }}
        actionsClassName={styles.actions}
        sectionClassName={styles.section}
      />
    </>
  );
}
