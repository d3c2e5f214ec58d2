// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { requestSubmit } from "./request-submit";

/** A form whose submit events are recorded (and stopped: jsdom does not navigate). */
function form(html: string) {
  document.body.innerHTML = `<form id="f">${html}</form>`;
  const f = document.getElementById("f") as HTMLFormElement;
  const seen: { submitter: string | null }[] = [];
  f.addEventListener("submit", (event) => {
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    seen.push({ submitter: submitter ? `${submitter.name}=${submitter.value}` : null });
  });
  return { f, seen };
}

/** As in Safari 15.4: the form has no requestSubmit. */
function withoutRequestSubmit(f: HTMLFormElement) {
  Object.defineProperty(f, "requestSubmit", { value: undefined, configurable: true });
}

describe("requestSubmit", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("uses the browser's requestSubmit where there is one, with the submitter", () => {
    const { f, seen } = form(`<button name="intent" value="later">Later</button>`);
    requestSubmit(f, f.querySelector("button"));
    expect(seen).toEqual([{ submitter: "intent=later" }]);
  });

  it("without requestSubmit (Safari 15.4), clicks the submitter: one submit event carrying it", () => {
    const { f, seen } = form(`<input name="code" value="1"><button name="intent" value="later">Later</button>`);
    withoutRequestSubmit(f);
    requestSubmit(f, f.querySelector("button"));
    expect(seen).toEqual([{ submitter: "intent=later" }]);
  });

  it("without requestSubmit and without a submitter, submits through a hidden button it removes after", () => {
    const { f, seen } = form(`<input name="code" value="1">`);
    withoutRequestSubmit(f);
    requestSubmit(f);
    expect(seen).toHaveLength(1);
    expect(f.querySelectorAll("button")).toHaveLength(0);
  });

  it("without requestSubmit, an invalid form is not submitted (constraint validation still runs)", () => {
    const { f, seen } = form(`<input name="code" required>`);
    withoutRequestSubmit(f);
    requestSubmit(f);
    expect(seen).toHaveLength(0);
  });
});
