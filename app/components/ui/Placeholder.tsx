/**
 * Loading placeholders (spec 000 §2/§9: "3 on mobile, 6 on desktop"): grey rows in the shape of a
 * list row, hidden from assistive technology (the list carries aria-busy and the page announces
 * the loading in words). Shown only with JavaScript, while a list loads or changes.
 */
import styles from "./Placeholder.module.css";

/** One grey bar; `size` sets its inline size. */
export function Placeholder({ size = "full" }: { size?: "full" | "half" | "short" }) {
  return <span className={`${styles.bar} ${styles[size]}`} aria-hidden="true" />;
}

/**
 * Placeholder rows as list items (`<li>`): `mobile` of them on narrow screens, `desktop` from 768 px.
 * @param testId marks each row (tests count them)
 */
export function PlaceholderRows({ mobile = 3, desktop = 6, testId }: { mobile?: number; desktop?: number; testId?: string }) {
  return (
    <>
      {Array.from({ length: Math.max(mobile, desktop) }, (_, i) => (
        <li
          key={i}
          className={`${styles.row} ${i >= mobile ? styles.desktopOnly : ""} ${i >= desktop ? styles.mobileOnly : ""}`}
          aria-hidden="true"
          data-testid={testId}
        >
          <span className={styles.text}>
            <Placeholder size="half" />
            <Placeholder size="short" />
          </span>
          <Placeholder size="short" />
        </li>
      ))}
    </>
  );
}
