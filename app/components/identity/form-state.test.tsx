// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { identityForm, isDirty, markClean, markSettled, serializeDefaults, serializeForm, STEP_FORM_ID } from "./form-state";

afterEach(() => {
  document.body.innerHTML = "";
});

/** A step-like form, as the server renders it: defaults in the HTML attributes. */
function StepLikeForm() {
  return (
    <form id="f">
      <input type="hidden" name="csrf" defaultValue="token" />
      <input name="companyNumber" defaultValue="" />
      <input name="vatNumber" defaultValue="GB1" />
      <textarea name="notes" defaultValue="saved notes" />
      <select name="country" defaultValue="FR">
        <option value="GB">United Kingdom</option>
        <option value="FR">France</option>
      </select>
      <select name="size">
        <option value="S">Small</option>
        <option value="L">Large</option>
      </select>
      <input type="checkbox" name="sic" value="62012" defaultChecked />
      <input type="checkbox" name="sic" value="62020" />
      <input type="radio" name="listed" value="yes" />
      <input type="radio" name="listed" value="no" defaultChecked />
      <input type="file" name="upload" />
      <input name="off" defaultValue="x" disabled />
      <button type="submit" name="intent" value="continue">
        Save
      </button>
    </form>
  );
}

function mountServerHtml(): HTMLFormElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<StepLikeForm />);
  document.body.append(container);
  return container.querySelector("form")!;
}

describe("identity form state (unsaved changes, drafts)", () => {
  it("reads the server-rendered defaults in FormData's order and rules", () => {
    const form = mountServerHtml();
    expect(serializeDefaults(form)).toBe(serializeForm(form));
    expect(serializeDefaults(form)).toBe("companyNumber=&vatNumber=GB1&notes=saved+notes&country=FR&size=S&sic=62012&listed=no");
  });

  it("counts what was typed before the baseline was taken as a change (typed before hydration)", async () => {
    const form = mountServerHtml();
    // A slow phone: the applicant types and ticks before the JavaScript runs.
    form.querySelector<HTMLInputElement>("[name=companyNumber]")!.value = "01234567";
    form.querySelector<HTMLInputElement>("[name=sic][value='62020']")!.checked = true;
    // React hydrates the server HTML, then the step form records its baseline on mount.
    await act(async () => {
      hydrateRoot(form.parentElement!, <StepLikeForm />);
    });
    const hydrated = document.querySelector<HTMLFormElement>("#f")!;
    expect(hydrated.querySelector<HTMLInputElement>("[name=companyNumber]")!.value).toBe("01234567");
    markClean(hydrated);
    expect(isDirty(hydrated)).toBe(true);
    // Put back as rendered: clean again.
    hydrated.querySelector<HTMLInputElement>("[name=companyNumber]")!.value = "";
    hydrated.querySelector<HTMLInputElement>("[name=sic][value='62020']")!.checked = false;
    expect(isDirty(hydrated)).toBe(false);
  });

  it("an untouched form is clean; a change makes it dirty until it is settled", () => {
    const form = mountServerHtml();
    markClean(form);
    expect(isDirty(form)).toBe(false);
    form.querySelector<HTMLSelectElement>("[name=size]")!.value = "L";
    expect(isDirty(form)).toBe(true);
    markSettled(form);
    expect(isDirty(form)).toBe(false);
  });

  it("leaves out the CSRF token, the intent, files and disabled fields", () => {
    const form = mountServerHtml();
    markClean(form);
    form.querySelector<HTMLInputElement>("[name=csrf]")!.value = "other";
    form.querySelector<HTMLInputElement>("[name=off]")!.value = "changed";
    expect(isDirty(form)).toBe(false);
  });

  it("a form showing answers not saved yet (kept at an expiry, or refused) is dirty from the start, until settled", () => {
    const form = mountServerHtml();
    markClean(form, true);
    expect(isDirty(form)).toBe(true);
    markSettled(form);
    expect(isDirty(form)).toBe(false);
    markClean(form);
    expect(isDirty(form)).toBe(false);
  });

  it("the page's guarded form: the step form, else a form with data-identity-form (the company official's)", () => {
    expect(identityForm()).toBeNull();
    document.body.innerHTML = '<form data-identity-form=""><input name="firstName"></form>';
    expect(identityForm()).toBe(document.querySelector("form"));
    document.body.innerHTML = `<form data-identity-form=""></form><form id="${STEP_FORM_ID}"></form><div id="x"></div>`;
    expect(identityForm()?.id).toBe(STEP_FORM_ID);
  });
});
