/**
 * The supporting documents of a payment (name, size, download link), on the signing page and
 * the receipt. Links go to /payments/:paymentId/documents/:uploadId (`documents.$uploadId.tsx`),
 * plain links (a file, not a page: no client-side navigation).
 */
import { useTranslation } from "react-i18next";
import type { Upload } from "../../../../../server/api/v1/contract";
import styles from "../payments.module.css";

/** Bytes as people read them: "512 bytes", "12.3 KB", "4.5 MB" (1 KB = 1024 bytes). */
export function fileSizeParts(bytes: number): { key: "size-bytes" | "size-kb" | "size-mb"; value: string } {
  if (bytes < 1024) return { key: "size-bytes", value: String(bytes) };
  if (bytes < 1024 * 1024) return { key: "size-kb", value: (bytes / 1024).toFixed(1) };
  return { key: "size-mb", value: (bytes / (1024 * 1024)).toFixed(1) };
}

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
