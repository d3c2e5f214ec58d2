/**
 * Where a list would be when its call failed (spec 000 §7 "a failed list passes the server
 * message on as its error"; lib/list-errors.server.ts makes the text): an error box saying the
 * list could not be shown (or `title`: what could not be shown, when it is not a list), then the
 * text. Rendered as text (React escapes it), no script needed.
 */
import { useTranslation } from "react-i18next";
import { Alert } from "./Alert";

export function ListError({ message, testId = "list-error", title }: { message: string; testId?: string; title?: string }) {
  const { t } = useTranslation("errors");
  return (
    <Alert kind="error" testId={testId}>
      <strong>{title ?? t("Lists.failed")}</strong> <span data-testid={`${testId}-message`}>{message}</span>
    </Alert>
  );
}
