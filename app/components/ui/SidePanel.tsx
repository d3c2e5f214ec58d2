/**
 * Side panel (spec 000 §2 "side panel with title, close button, optional footer and
 * Escape-to-close"): a modal dialog over the page — at the inline end on desktop, a bottom sheet
 * on mobile (0.4 s ease-out, spec 000 §9; no animation under prefers-reduced-motion). Labelled by
 * its title; focus moves in, is trapped, and returns on close (ModalDialog). The header carries
 * `data-scrolled` (a shadow below it) while the body is scrolled more than 15 px (spec 000 §9;
 * lib/use-scrolled). Rendered
 * only with JavaScript: pages open it on top of a list whose links lead to full pages without it.
 */
import { useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useScrolledPast } from "~/lib/use-scrolled";
import { ModalDialog } from "./ModalDialog";
import styles from "./SidePanel.module.css";

export interface SidePanelProps {
  /** Heading of the panel; also its accessible name. */
  title: ReactNode;
  /** Close button, Escape (and the page's own way back). */
  onClose: () => void;
  children: ReactNode;
  /** Optional footer (actions, links), kept in view below the scrolling body. */
  footer?: ReactNode;
  /** Element to focus on close (default: the one focused before opening). */
  returnFocus?: () => HTMLElement | null;
  /** True while the body is loading (aria-busy). */
  busy?: boolean;
  testId?: string;
}

export function SidePanel({ title, onClose, children, footer, returnFocus, busy, testId }: SidePanelProps) {
  const { t } = useTranslation("common");
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const scrolled = useScrolledPast(bodyRef);
  return (
    <div className={styles.overlay}>
      <div className={styles.backdrop} aria-hidden="true" />
      <ModalDialog
        labelledBy={titleId}
        busy={busy}
        className={styles.panel}
        onClose={onClose}
        returnFocus={returnFocus}
        testId={testId}
      >
        <div className={styles.header} data-scrolled={scrolled ? "" : undefined}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t("side-panel.close")}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* Focusable so that a keyboard can scroll a long body (no focusable content of its own). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div ref={bodyRef} className={styles.body} tabIndex={0}>
          {children}
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </ModalDialog>
    </div>
  );
}
