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
