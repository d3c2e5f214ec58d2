/**
 * Served pages and their forms, read over HTTP instead of in a browser (the CSRF cases of
 * web-security-csrf.spec.ts): a page's HTML as the server renders it for a request client's
 * cookies (a browser context's `context.request` shares that context's cookie jar), parsed with
 * jsdom; its forms are filled through the DOM (`.value`, the selected option, `.checked`) and read
 * with the DOM's own `FormData` — the successful controls, ticked boxes, the selected option, the
 * controls outside the form that name it in their `form` attribute, the hidden `csrf` field —
 * which is what a browser without JavaScript posts for that form. No page is rendered, no
 * renderer process started: a served page costs a request and a parse, not a browser navigation.
 *
 * What this does not do, and is not for: layout, CSS visibility, scripts. A control hidden by CSS
 * is still found here; a test about what the user sees or what the page's script does belongs in
 * the browser.
 *
 * - `servedPage(request, url)` → `{ status, url, path, document }` (redirects followed)
 * - `one(root, selector)`, `all(root, selector)`, `withText(elements, text)`, `byTestId(root, id)`
 * - `byLabel(root, label)`, `buttonNamed(root, name)`, `linkNamed(root, name)`: a control as a
 *   user finds it (its label, its accessible name), one and only one; `buttonsNamed`, `linksNamed`: all
 * - `fill(control, value)`, `check(box)`, `selectValue(select, value)`, `selectByText(select, re)`,
 *   `selectIndex(select, i)`
 * - `formEntries(form)`: every entry, in order; `formFields(form)`: the fields, first value per
 *   name, as the CSRF cases post them
 * - `submitForm(request, form, { submitter, files })`: the form as the browser submits it (its
 *   method, action, encoding, every entry, the submit button's name and value), redirects
 *   followed → the page it lands on
 */
import type { APIRequestContext } from "@playwright/test";
import { JSDOM } from "jsdom";

/** A page as served: the answer's status, where it landed after redirects, and its parsed document. */
export interface ServedPage {
  status: number;
  /** The final URL (absolute), after redirects. */
  url: string;
  /** The final URL's path and query (`/payments/123/sign`, `/payments/internal?phone=…`). */
  path: string;
  document: Document;
}

/** Parse an answer's HTML as the document at `url`. */
function parse(status: number, url: string, html: string): ServedPage {
  const { window } = new JSDOM(html, { url });
  const u = new URL(url);
  return { status, url, path: u.pathname + u.search, document: window.document };
}

/**
 * GET `url` through `request` (its cookies; redirects followed, as a navigation does) and parse it.
 * Any status is returned as it is: a probe may read it (a page that is gone answers 404).
 */
export async function servedPage(request: APIRequestContext, url: string): Promise<ServedPage> {
  const res = await request.get(url);
  return parse(res.status(), res.url(), await res.text());
}

/** The element matching `selector` under `root` (the first, in document order); throws naming it when none does. */
export function one<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelector<Element>(selector);
  if (!found) throw new Error(`no element matches ${selector}${where(root)}`);
  return found as E;
}

/** Every element matching `selector` under `root`, in document order. */
export function all<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  return [...root.querySelectorAll<Element>(selector)] as E[];
}

/** Elements with `data-testid` = `id` under `root`. */
export function byTestId<E extends Element = HTMLElement>(root: ParentNode, id: string): E[] {
  return all<E>(root, `[data-testid="${id}"]`);
}

/** Text as a reader gets it: whitespace runs as one space, trimmed. */
export function textOf(el: Element | null | undefined): string {
  return (el?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The elements whose text contains `text` (case-insensitive, as Playwright's `hasText`) or matches it. */
export function withText<E extends Element>(elements: E[], text: string | RegExp): E[] {
  return elements.filter((e) => matches(textOf(e), text));
}

function matches(value: string, wanted: string | RegExp): boolean {
  const v = value.replace(/\s+/g, " ").trim();
  return typeof wanted === "string" ? v.toLowerCase().includes(wanted.toLowerCase()) : wanted.test(v);
}

/** " on <url>" for an error message, when `root` belongs to a served page. */
function where(root: ParentNode): string {
  const doc = (root as Node).ownerDocument ?? (root as Document);
  return doc?.URL ? ` on ${doc.URL}` : "";
}

/**
 * Exactly one of `found`; else an error naming what was looked for. Where several match the
 * words, the one whose name is exactly those words wins (as Playwright's `exact`).
 */
function theOne<E extends Element>(found: { el: E; name: string }[], what: string, wanted: string | RegExp, root: ParentNode): E {
  const unique = [...new Map(found.map((f) => [f.el, f])).values()];
  if (unique.length === 1) return unique[0].el;
  if (unique.length > 1 && typeof wanted === "string") {
    const exact = unique.filter((f) => f.name.toLowerCase() === wanted.toLowerCase());
    if (exact.length === 1) return exact[0].el;
  }
  const names = unique.map((f) => JSON.stringify(f.name)).join(", ");
  throw new Error(
    `${unique.length ? `${unique.length} ${what}s` : `no ${what}`} named ${String(wanted)}${where(root)}${names ? `: ${names}` : ""}`,
  );
}

/**
 * The form control labelled `label` under `root`: by a `<label>` (its text), `aria-labelledby` or
 * `aria-label` (a string matches as a case-insensitive part of the name, as Playwright's
 * `getByLabel`). Exactly one must match.
 */
export function byLabel<E extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string | RegExp): E {
  const doc = (root as Node).ownerDocument ?? (root as Document);
  const found: { el: E; name: string }[] = [];
  for (const l of all<HTMLLabelElement>(doc, "label")) {
    const control = l.control;
    if (control && matches(textOf(l), label)) found.push({ el: control as unknown as E, name: textOf(l) });
  }
  for (const el of all<E>(doc, "[aria-labelledby]")) {
    const name = (el.getAttribute("aria-labelledby") ?? "")
      .split(/\s+/)
      .map((id) => textOf(doc.getElementById(id)))
      .join(" ");
    if (matches(name, label)) found.push({ el, name });
  }
  for (const el of all<E>(doc, "[aria-label]")) {
    const name = el.getAttribute("aria-label") ?? "";
    if (matches(name, label)) found.push({ el, name });
  }
  return theOne(
    found.filter((f) => root.contains(f.el)),
    "control",
    label,
    root,
  );
}

/** The accessible name of a button or link: `aria-label`, else its text (an input button: its value). */
function accessibleName(el: Element): string {
  const aria = el.getAttribute("aria-label");
  if (aria) return aria.trim();
  if (el instanceof el.ownerDocument.defaultView!.HTMLInputElement) return el.value;
  return textOf(el);
}

/** The buttons named `name` under `root` (their text, value or `aria-label`). */
export function buttonsNamed(root: ParentNode, name: string | RegExp): HTMLButtonElement[] {
  return all<HTMLButtonElement>(root, "button, input[type=submit], input[type=button]").filter((el) =>
    matches(accessibleName(el), name),
  );
}

/** The button named `name` under `root`. Exactly one must match. */
export function buttonNamed(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  return theOne(
    buttonsNamed(root, name).map((el) => ({ el, name: accessibleName(el) })),
    "button",
    name,
    root,
  );
}

/** The links named `name` under `root` (their text or `aria-label`). */
export function linksNamed(root: ParentNode, name: string | RegExp): HTMLAnchorElement[] {
  return all<HTMLAnchorElement>(root, "a[href]").filter((el) => matches(accessibleName(el), name));
}

/** The link named `name` under `root`. Exactly one must match. */
export function linkNamed(root: ParentNode, name: string | RegExp): HTMLAnchorElement {
  return theOne(
    linksNamed(root, name).map((el) => ({ el, name: accessibleName(el) })),
    "link",
    name,
    root,
  );
}

/** What a user cannot change: a disabled or read-only control (Playwright's `fill` and `check` refuse it too). */
function assertEditable(control: Element, what: string): void {
  if (control.matches(":disabled")) throw new Error(`${what} is disabled: ${control.outerHTML.slice(0, 200)}`);
  if (control.hasAttribute("readonly")) throw new Error(`${what} is read-only: ${control.outerHTML.slice(0, 200)}`);
}

/** Type `value` into a text box or text area (replacing what it held). */
export function fill(control: Element, value: string): void {
  const w = control.ownerDocument.defaultView!;
  const textual =
    control instanceof w.HTMLTextAreaElement ||
    (control instanceof w.HTMLInputElement &&
      !["checkbox", "radio", "file", "submit", "button", "hidden", "image", "reset"].includes(control.type));
  if (!textual) throw new Error(`not a text box: ${control.outerHTML.slice(0, 200)}`);
  assertEditable(control, "the text box");
  (control as HTMLInputElement).value = value;
  if ((control as HTMLInputElement).value !== value)
    throw new Error(`${JSON.stringify(value)} is not a value of ${control.outerHTML.slice(0, 200)}`);
}

/** Tick a check box or choose a radio button. */
export function check(control: Element): void {
  const w = control.ownerDocument.defaultView!;
  if (!(control instanceof w.HTMLInputElement) || !["checkbox", "radio"].includes(control.type))
    throw new Error(`not a check box or radio button: ${control.outerHTML.slice(0, 200)}`);
  assertEditable(control, "the box");
  control.checked = true;
}

function asSelect(control: Element): HTMLSelectElement {
  const w = control.ownerDocument.defaultView!;
  if (!(control instanceof w.HTMLSelectElement)) throw new Error(`not a select: ${control.outerHTML.slice(0, 200)}`);
  assertEditable(control, "the select");
  return control;
}

function choose(select: HTMLSelectElement, option: HTMLOptionElement | undefined, wanted: string): void {
  if (!option) throw new Error(`no option ${wanted} in select[name=${select.name}]${where(select)}`);
  if (option.disabled) throw new Error(`option ${wanted} is disabled in select[name=${select.name}]`);
  option.selected = true;
}

/** Choose the option whose value is `value`. */
export function selectValue(control: Element, value: string): void {
  const select = asSelect(control);
  choose(
    select,
    [...select.options].find((o) => o.value === value),
    `with value ${JSON.stringify(value)}`,
  );
}

/** Choose the first option whose text matches `text` (a string: the whole text, as Playwright's `{ label }`). */
export function selectByText(control: Element, text: RegExp | string): void {
  const select = asSelect(control);
  const hit = [...select.options].find((o) => (typeof text === "string" ? textOf(o) === text : text.test(textOf(o))));
  choose(select, hit, `with text ${String(text)}`);
}

/** Choose the option at `index`. */
export function selectIndex(control: Element, index: number): void {
  const select = asSelect(control);
  choose(select, select.options[index], `number ${index}`);
}

/** The form's entries as the browser builds them (the DOM's `FormData`, in order), with the submit button's when it has a name. */
export function formEntries(form: HTMLFormElement, submitter?: Element): [string, FormDataEntryValue][] {
  const w = form.ownerDocument.defaultView!;
  if (!(form instanceof w.HTMLFormElement)) throw new Error(`not a form: ${(form as Element).outerHTML.slice(0, 200)}`);
  const list = [...new w.FormData(form)];
  if (submitter) {
    const button = submitter as HTMLButtonElement;
    if (button.form !== form) throw new Error(`the button is not one of the form's: ${button.outerHTML.slice(0, 200)}`);
    if (button.name) list.push([button.name, button.value]);
  }
  return list;
}

/** The form's fields, first value per name (files left out): what the CSRF cases post. */
export function formFields(form: HTMLFormElement, submitter?: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of formEntries(form, submitter)) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

/** A file for a file input of a multipart form. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Submit `form` as a browser without JavaScript does: its method and action, every entry in order
 * (URL-encoded, or multipart for `enctype="multipart/form-data"`, where `files` gives a file
 * input's chosen files by its name), `submitter`'s name and value when it has a name; redirects
 * followed (a 302 or 303 after a POST is fetched with GET, as a browser does).
 * @returns the page it lands on
 */
export async function submitForm(
  request: APIRequestContext,
  form: HTMLFormElement,
  { submitter, files = {} }: { submitter?: Element; files?: Record<string, FilePayload> } = {},
): Promise<ServedPage> {
  const list = formEntries(form, submitter);
  const method = (form.getAttribute("method") ?? "get").toLowerCase();
  const action = form.action; // absolute: resolved against the served page's URL (its own when no action is given)
  if (method !== "post") {
    const url = new URL(action);
    url.search = new URLSearchParams(list.filter((e): e is [string, string] => typeof e[1] === "string")).toString();
    return servedPage(request, url.toString());
  }
  let res;
  if (form.enctype === "multipart/form-data") {
    const multipart = new FormData();
    for (const [k, v] of list) {
      if (typeof v === "string") multipart.append(k, v);
      else if (files[k])
        multipart.append(k, new Blob([new Uint8Array(files[k].buffer)], { type: files[k].mimeType }), files[k].name);
      else multipart.append(k, new Blob([]), ""); // no file chosen: an empty part, as a browser sends
    }
    res = await request.post(action, { multipart });
  } else {
    const body = new URLSearchParams(list.map(([k, v]) => [k, typeof v === "string" ? v : (v as File).name])).toString();
    res = await request.post(action, { data: body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  }
  return parse(res.status(), res.url(), await res.text());
}
