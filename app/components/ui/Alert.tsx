/** Status/alert box for page-level messages (role=alert for errors, role=status otherwise). */
import type { ReactNode } from "react";
import styles from "./Alert.module.css";

export function Alert({
  kind = "info",
  children,
  testId,
}: {
  kind?: "info" | "error" | "success";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`${styles.alert} ${styles[kind]}`} role={kind === "error" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}
