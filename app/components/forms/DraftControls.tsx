/**
 * Draft controls of a payment form (spec 000 §4 drafts; the applicant/customer never loses
 * what they typed):
 * - `SaveDraftButton`: a submit button with intent=save-draft. Without JavaScript the action
 *   keeps what was typed on the server and the page comes back filled from it. With JavaScript
 *   it sends the form in the background (client validation must not block a half-filled draft).
 * - `DraftAutosave`: with JavaScript, the form is saved in the background 1.5 s after the
 *   customer stops typing.
 * - `DraftNotice`: "draft saved" after a save, "restored" when the page was filled from a draft,
 *   "payment cancelled, details kept" when "Change details" reopened the form (the loader's
 *   `draftChanged`, lib/payments.server.ts `paymentFormData`), and "the active organization was
 *   switched to X" when it made the payment's organization the active one (`draftSwitchedTo`).
 * The form's own submit stays the default button (it comes first in the form).
 */
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";

/** The form's data with intent=save-draft, posted to the form's own action. */
function draftSubmission(form: HTMLFormElement): { data: FormData; action: string } {
  const data = new FormData(form);
  data.set("intent", "save-draft");
  return { data, action: form.getAttribute("action") ?? window.location.pathname + window.location.search };
}

export function DraftNotice({ restored }: { restored: boolean }) {
  const { t } = useTranslation("payments");
  const saved = (useActionData() as { draftSaved?: boolean } | undefined)?.draftSaved === true;
  const loaded = useLoaderData() as { draftChanged?: boolean; draftSwitchedTo?: string | null } | null;
  const changed = loaded?.draftChanged === true;
  const switchedTo = changed ? (loaded?.draftSwitchedTo ?? null) : null;
  if (saved) return <Alert kind="success">{t("draft.saved")}</Alert>;
  if (restored && changed)
    return (
      <>
        {switchedTo ? (
          <Alert testId="payment-changing-switched">{t("draft.changing-switched", { organization: switchedTo })}</Alert>
        ) : null}
        <Alert testId="payment-changing">{t("draft.changing")}</Alert>
      </>
    );
  if (restored) return <Alert>{t("draft.restored")}</Alert>;
  return null;
}

export function SaveDraftButton() {
  const { t } = useTranslation("payments");
  const fetcher = useFetcher<{ draftSaved?: boolean }>();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const { data, action } = draftSubmission(form);
    fetcher.submit(data, { method: "post", action });
  };
  return (
    <>
      <Button type="submit" name="intent" value="save-draft" variant="secondary" formNoValidate onClick={onClick}>
        {t("draft.save")}
      </Button>
      <span role="status">{fetcher.state === "idle" && fetcher.data?.draftSaved ? ` ${t("draft.saved")}` : ""}</span>
    </>
  );
}

/** Background save of the form `formId` after typing pauses (JavaScript only; renders nothing). */
export function DraftAutosave({ formId }: { formId: string }) {
  const fetcher = useFetcher();
  const submit = fetcher.submit;
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { data, action } = draftSubmission(form);
        submit(data, { method: "post", action });
      }, 1500);
    };
    // A submit supersedes a pending background save (it would land after the payment exists).
    const onSubmit = () => clearTimeout(timer);
    form.addEventListener("input", onInput);
    form.addEventListener("submit", onSubmit);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onInput);
      form.removeEventListener("submit", onSubmit);
    };
  }, [formId, submit]);
  return null;
}
