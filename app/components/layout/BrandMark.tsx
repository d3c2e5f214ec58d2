/**
 * The bank's white-label mark: its logo (alt text: the bank's name) or, without a logo, the name.
 * Reads the brand from the root loader (app/lib/brand.server.ts); the i18n `brand` text is the
 * fallback when the API has never answered.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { WhiteLabel } from "../../../server/api/v1/contract";

/** The brand from the root loader, or null. */
export function useBrand(): WhiteLabel | null {
  return useRouteLoaderData<{ brand: WhiteLabel | null }>("root")?.brand ?? null;
}

/** The bank's name: the brand's, else the translated fallback. */
export function useBankName(): string {
  const { t } = useTranslation();
  return useBrand()?.name ?? t("common:brand");
}

export function BrandMark() {
  const brand = useBrand();
  const name = useBankName();
  return brand?.logoUrl ? <img src={brand.logoUrl} alt={name} height={32} /> : <>{name}</>;
}

/** The bank's support contacts from the brand (nothing when none is set). */
export function SupportContacts() {
  const { t } = useTranslation();
  const support = useBrand()?.support;
  if (!support?.email && !support?.phone) return null;
  return (
    <p>
      {t("common:support.title")} {support.email ? <a href={`mailto:${support.email}`}>{support.email}</a> : null}
      {support.email && support.phone ? " · " : null}
      {support.phone ? (
        <a href={`tel:${support.phone}`} dir="ltr">
          {support.phone}
        </a>
      ) : null}
    </p>
  );
}
