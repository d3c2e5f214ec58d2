/**
 * One person of an application on /ops/applications/:id (main representative, company officials):
 * codes by their names in the page's language (role, nature of control; the nationality's name
 * comes from the loader, whose country tables stay on the server), the date of birth and the
 * share in the page's formats ("25.5 %" / "25,5 %"). Empty answers are left out.
 */
import { useTranslation } from "react-i18next";
import type { ApplicationOfficial } from "../../../server/api/v1/contract";
import { formatDate } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { opsStyles as styles } from "./OpsShell";

export function OpsPerson({ p, nationalities }: { p: ApplicationOfficial; nationalities: Record<string, string> }) {
  const { t, i18n } = useTranslation("ops");
  const rows: [string, string | null][] = [
    ["role", t(`identity:officials.options.${p.role}`)],
    ["name", [p.firstName, p.lastName].filter(Boolean).join(" ") || null],
    ["email", p.email],
    ["phone", p.phone],
    // A calendar date, not an instant: read in UTC so no zone moves it a day.
    ["dob", p.dob ? formatDate(p.dob, "UTC") || p.dob : null],
    ["nationality", p.nationalityId ? (nationalities[p.nationalityId] ?? p.nationalityId) : null],
    ["position", p.position],
    ["percentage", p.percentage ? `${formatRate(p.percentage, i18n.language)} %` : null],
    ["control", p.natureOfControl ? t(`identity:officials.options.${p.natureOfControl}`) : null],
  ];
  return (
    <dl className={styles.dl}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className={styles.row}>
            <dt>{t(`application.person.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}
