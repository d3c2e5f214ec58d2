/**
 * The supporting documents of a payment (name, size, download link), on the signing page and
 * the receipt. Links go to /payments/:paymentId/documents/:uploadId (`documents.$uploadId.tsx`),
 * plain links (a file, not a page: no client-side navigation).
 */
import { useTranslation } from "react-i18next";
import type { Upload } from "../../../../../server/api/v1/contract";
import { fileSizeParts } from "~/lib/file-size";
import styles from "../payments.module.css";

export function DocumentList({ paymentId, documents }: { paymentId: string; documents: readonly Upload[] }) {
  const { t } = useTranslation("payments");
  if (!documents.length) return <p data-testid="documents-none">{t("documents.none")}</p>;
  return (
    <ul className={styles.plainList} data-testid="documents">
      {documents.map((d) => {
        const size = fileSizeParts(d.size);
        return (
          <li key={d.id} data-testid="document">
            <a href={`/payments/${encodeURIComponent(paymentId)}/documents/${encodeURIComponent(d.id)}`} download={d.name}>
              {d.name}
            </a>{" "}
            <span>({t(`documents.${size.key}`, { value: size.value })})</span>
          </li>
        );
      })}
    </ul>
  );
}
