/**
 * Minimal i18next backend for the browser: `fetch(loadPath)` with `{{lng}}`/`{{ns}}` replaced.
 * Same URL scheme and options as i18next-http-backend (`backend.loadPath`), which it replaces on
 * the client because that package ships an XMLHttpRequest/fetch ponyfill (~6 KB gzip) and the
 * home page must stay within its JS budget (~110 KB gzip).
 */
import type { BackendModule, ReadCallback } from "i18next";

interface Options {
  /** e.g. `/locales/{{lng}}/{{ns}}.json?v=1` */
  loadPath: string;
}

/**
 * Build the URL of one namespace file.
 * @returns loadPath with `{{lng}}` and `{{ns}}` replaced (URI-encoded)
 */
export function localeUrl(loadPath: string, lng: string, ns: string): string {
  return loadPath.replace("{{lng}}", encodeURIComponent(lng)).replace("{{ns}}", encodeURIComponent(ns));
}

export const FetchBackend: BackendModule<Options> = {
  type: "backend",
  init(_services, backendOptions) {
    (this as unknown as { options: Options }).options = backendOptions;
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const { loadPath } = (this as unknown as { options: Options }).options;
    fetch(localeUrl(loadPath, language, namespace), { credentials: "same-origin" })
      .then((res) => {
        if (!res.ok) throw new Error(`locale ${language}/${namespace}: HTTP ${res.status}`);
        return res.json();
      })
      .then((data) => callback(null, data))
      .catch((error: Error) => callback(error, false));
  },
};
