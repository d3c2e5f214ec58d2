/**
 * jsdom (a devDependency: vitest's DOM environment, tests/e2e/served-form.ts, which parses
 * served pages with it, and app/lib/html-stream.server.test.tsx, which runs a page's inline
 * script in it): only the constructor and the window it makes. No @types package is
 * installed for it; the DOM types are TypeScript's own (lib "DOM").
 */
declare module "jsdom" {
  export class JSDOM {
    /**
     * Parse `html` as the document at `url` (relative URLs, a form's `action`, resolve against
     * it); no scripts run unless `runScripts` is "dangerously" (the document's inline scripts).
     */
    constructor(html?: string, options?: { url?: string; contentType?: string; runScripts?: "dangerously" | "outside-only" });
    readonly window: Window & typeof globalThis;
  }
}
