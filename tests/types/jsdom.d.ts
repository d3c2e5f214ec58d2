/**
 * jsdom (a devDependency: vitest's DOM environment, and tests/e2e/served-form.ts, which parses
 * served pages with it): only the constructor and the window it makes. No @types package is
 * installed for it; the DOM types are TypeScript's own (lib "DOM").
 */
declare module "jsdom" {
  export class JSDOM {
    /** Parse `html` as the document at `url` (relative URLs, a form's `action`, resolve against it); no scripts run. */
    constructor(html?: string, options?: { url?: string; contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
