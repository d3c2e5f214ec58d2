/**
 * Back button (spec 000 §2, §9): goes to the given link (`to`); without one it goes to the
 * previous page when the history holds more than 2 entries, else to `fallback`. The server
 * renders a plain link to `to ?? fallback`, so it works without JavaScript; with JavaScript a
 * click takes the history step when the rule says so (lib/layout-widgets.ts backTarget).
 */
import { Link, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { backTarget } from "~/lib/layout-widgets";

export interface BackButtonProps {
  /** The page's own back link; when given it is always followed. */
  to?: string;
  /** Where to go without a link and without enough history (and without JavaScript). */
  fallback: string;
  /** Visible text (default common:back). */
  label?: string;
  className?: string;
}

export function BackButton({ to, fallback, label, className }: BackButtonProps) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const target = backTarget({ to, fallback, historyLength: window.history.length });
    if ("history" in target) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to={to ?? fallback} onClick={onClick} className={className} data-testid="back-button">
      {label ?? t("back")}
    </Link>
  );
}
