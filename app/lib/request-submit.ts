/**
 * `form.requestSubmit(submitter)` where the browser has it, else the same through a click:
 * Safari has requestSubmit only from 16, and tier (a) of docs/decisions.md "Browsers we support"
 * includes Safari 15.4. Either way the form's submit event fires (so Remix's and
 * remix-validated-form's handlers run, with `submitter`'s name and value), and constraint
 * validation runs first — what a plain `form.submit()` would skip.
 *
 * @param form the form to submit
 * @param submitter one of the form's submit buttons, whose name/value go with the data; when
 *   absent a hidden submit button is added for the click and removed after it
 */
export function requestSubmit(form: HTMLFormElement, submitter?: HTMLButtonElement | HTMLInputElement | null): void {
  if (typeof form.requestSubmit === "function") {
    form.requestSubmit(submitter ?? undefined);
    return;
  }
  if (submitter) {
    submitter.click();
    return;
  }
  const button = document.createElement("button");
  button.type = "submit";
  button.hidden = true;
  form.appendChild(button);
  try {
    button.click();
  } finally {
    form.removeChild(button);
  }
}
