/**
 * Wrap a page in the signed-in layout when layout data is given, else in a centred card
 * (pages reachable both signed in and out: 404, permission denied).
 */
import type { ReactNode } from "react";
import type { Account, OrganizationType } from "../../../server/api/v1/contract";
import { AppShell } from "./AppShell";
import styles from "./CardPage.module.css";
import { BrandMark } from "./BrandMark";

export interface MaybeShellProps {
  shell: { userName: string; orgType: OrganizationType; accounts: Account[] } | null;
  children: ReactNode;
}

export function MaybeShell({ shell, children }: MaybeShellProps) {
  if (shell) {
    return (
      <AppShell userName={shell.userName} accounts={shell.accounts} showAccounts={shell.orgType !== "COMPANY_OFFICIAL"}>
        {children}
      </AppShell>
    );
  }
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>
          <BrandMark />
        </p>
        {children}
      </div>
    </main>
  );
}
