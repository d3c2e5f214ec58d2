/**
 * The company official's pages (lib/identity-special-officials.server.ts): the refusal's
 * messages; the add/edit loader shows answers kept at a session expiry (under the add's key);
 * the action sends the add's key as Idempotency-Key and goes on to the unsaved-changes popup's
 * link once saved.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import i18next from "~/test-utils/i18n";

const KEY = "0b7f2c52-3d1e-4c47-9a57-3f3c2b1a0e11";
const state: { kept: FormData | null; keptRead: number; posts: { path: string; body: unknown; options: unknown }[] } = {
  kept: null,
  keptRead: 0,
  posts: [],
};
const application = {
  id: "app-1",
  type: "CORPORATE",
  editable: true,
  officials: [{ id: "o-1", role: "DIRECTOR", firstName: "Ada", lastName: "Byron", dob: "1980-12-10" }],
  steps: [{ id: "cof", status: "incomplete" }],
  mainRepresentative: null,
};
const PHONE = "+447700900004";
const api = {
  session: { get: (key: string) => (key === "phone" ? PHONE : undefined) },
  keptForm: () => {
    state.keptRead += 1;
    return state.kept;
  },
  headers: async () => new Headers(),
  post: async (path: string, body: unknown, options: unknown) => {
    state.posts.push({ path, body, options });
    return {};
  },
};

vi.mock("./identity-special.server", () => ({
  loadApplication: async () => ({ api, application }),
  identityT: async () => (key: string) => key,
  continueStep: vi.fn(),
  hrefOf: () => "/identity/corporate/cof?applicationId=app-1",
  savedStepErrors: () => ({}),
}));
vi.mock("./identity-reference.server", () => ({ cachedGet: async () => [], listData: () => [] }));
vi.mock("./i18next.server", () => ({
  default: { getLocale: async () => "en" },
  languageChoiceCookie: async (lng: unknown) => (lng === "de" ? "lng=de; Path=/" : null),
}));
vi.mock("./csrf.server", () => ({ verifyCsrf: async () => undefined }));

const { officialAction, officialFieldErrors, officialLoader } = await import("./identity-special-officials.server");
const { takeKeptForm } = await import("./kept-form.server");

const t = i18next.getFixedT("en", ["identity", "errors"]) as unknown as (k: string, o?: Record<string, unknown>) => string;

describe("officialFieldErrors (the company official's form)", () => {
  it("labels a date's message with the field's label and words the age for the official", () => {
    const errors = officialFieldErrors(t, {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [
        { property: "dob", constraints: { adult: "dob must be at least 18 years ago" } },
        { property: "percentage", constraints: { percentage: "percentage must be a percentage from 0 to 100" } },
      ],
    });
    expect(errors).toEqual({
      dob: "An official must be 18 or older",
      percentage: "Percentage of shares must be a percentage from 0 to 100",
    });
    expect(
      officialFieldErrors(t, {
        message: [{ property: "dob", constraints: { dateTooEarly: "dob must be on or after 1896-01-15" } }],
      }),
    ).toEqual({ dob: "Date of birth must be on or after 15.01.1896: check the year" });
  });
});

const page = (officialId: string, query = "") =>
  officialLoader(new Request(`http://bank.test/identity/corporate/cof/${officialId}?applicationId=app-1${query}`), officialId);

function kept(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("the official's add/edit page after a session expiry", () => {
  beforeEach(() => {
    state.kept = null;
    state.keptRead = 0;
    state.posts = [];
  });

  it("shows the answers kept at the expiry, unsaved, under the add's key they were posted with", async () => {
    state.kept = kept({ role: "UBO", firstName: "Kept", lastName: "Typed", idempotencyKey: KEY });
    const data = await (await page("new")).json();
    expect(data.kept).toBe(true);
    expect(data.values).toMatchObject({ role: "UBO", firstName: "Kept", lastName: "Typed", dob: "" });
    expect(data.creationKey).toBe(KEY);
  });

  it("an edit shows the kept answers in place of the saved ones, cleared fields included", async () => {
    state.kept = kept({ role: "DIRECTOR", firstName: "Ada", lastName: "Lovelace", dob: "" });
    const data = await (await page("o-1")).json();
    expect(data.kept).toBe(true);
    expect(data.values).toMatchObject({ firstName: "Ada", lastName: "Lovelace", dob: "" });
    expect(data.creationKey).toBeNull();
  });

  it("without kept answers: the saved official, and a new key per add form", async () => {
    const edit = await (await page("o-1")).json();
    expect(edit.kept).toBe(false);
    expect(edit.values).toMatchObject({ firstName: "Ada", lastName: "Byron", dob: "1980-12-10" });
    const add = await (await page("new")).json();
    expect(add.values).toEqual({});
    expect(add.creationKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(add.creationKey).not.toBe((await (await page("new")).json()).creationKey);
  });

  it("answers kept at a language switch are shown unsaved, without the expiry's notice", async () => {
    state.kept = kept({ role: "UBO", lastName: "Typed", idempotencyKey: KEY, _keptAtSwitch: "1" });
    const data = await (await page("new")).json();
    expect([data.kept, data.keptAtExpiry]).toEqual([true, false]);
    expect(data.values).toMatchObject({ role: "UBO", lastName: "Typed" });
    expect(data.creationKey).toBe(KEY);
    expect(data.identityNav.stepForm).toBe(true);
    state.kept = kept({ lastName: "Typed" });
    expect((await (await page("new")).json()).keptAtExpiry).toBe(true);
  });

  it("the removal's confirmation leaves kept answers for the form (not read there)", async () => {
    state.kept = kept({ firstName: "Kept" });
    await page("o-1", "&remove=1");
    expect(state.keptRead).toBe(0);
  });
});

describe("the official's add action", () => {
  beforeEach(() => {
    state.posts = [];
  });
  const post = (fields: Record<string, string>) =>
    officialAction(
      new Request("http://bank.test/identity/corporate/cof/new?applicationId=app-1", {
        method: "POST",
        body: new URLSearchParams({ csrf: "t", intent: "save", role: "DIRECTOR", firstName: "A", ...fields }),
      }),
      "new",
    );

  it("sends the form's key as the add's Idempotency-Key (a UUID only)", async () => {
    await post({ idempotencyKey: KEY });
    await post({ idempotencyKey: "not-a-uuid" });
    expect(state.posts.map((p) => p.options)).toEqual([{ idempotencyKey: KEY }, {}]);
    expect(state.posts[0].path).toBe("/clients-applications/corporates/app-1/company-officials");
  });

  it("the language switcher's post saves nothing: the form is kept for the page, in the chosen language", async () => {
    const res = await post({ idempotencyKey: KEY, lastName: "Lovelace", intent: "language", lng: "de" });
    expect(state.posts).toEqual([]);
    expect(res.headers.get("Location")).toBe("/identity/corporate/cof/new?applicationId=app-1");
    expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toContain("lng=de; Path=/");
    const next = new Request("http://bank.test/identity/corporate/cof/new?applicationId=app-1", {
      headers: { Cookie: cookies.map((c) => c.split(";")[0]).join("; ") },
    });
    const form = (await takeKeptForm(next, PHONE)).form;
    expect(form?.get("lastName")).toBe("Lovelace");
    expect(form?.get("idempotencyKey")).toBe(KEY);
  });

  it("goes on to the link the unsaved-changes popup held once saved; elsewhere only within the app", async () => {
    const held = await post({ idempotencyKey: KEY, returnTo: "/identity/corporate/services?applicationId=app-1" });
    expect(held.headers.get("Location")).toBe("/identity/corporate/services?applicationId=app-1");
    const away = await post({ idempotencyKey: KEY, returnTo: "https://elsewhere.example/" });
    expect(away.headers.get("Location")).toBe("/identity/corporate/cof?applicationId=app-1&notice=added");
    const none = await post({ idempotencyKey: KEY });
    expect(none.headers.get("Location")).toBe("/identity/corporate/cof?applicationId=app-1&notice=added");
  });
});
