/** Button with the app's variants; `type` is required so submit buttons are explicit. */
import type { ButtonHTMLAttributes } from "react";
import styles from "./Button.module.css";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  type: "submit" | "button";
  variant?: "primary" | "secondary" | "danger" | "link";
};

export function Button({ variant = "primary", className, ...rest }: ButtonProps) {
  return <button className={`${styles.button} ${styles[variant]} ${className ?? ""}`} {...rest} />;
}

/**
 * The classes of a button of `variant`, for a link that leads to a step rather than doing it
 * (e.g. "Decline", which opens its confirmation page): it looks like the buttons beside it.
 */
export function buttonClass(variant: NonNullable<ButtonProps["variant"]> = "primary"): string {
  return `${styles.button} ${styles[variant]} ${styles.asLink}`;
}
