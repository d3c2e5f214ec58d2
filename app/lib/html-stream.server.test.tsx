/**
 * React 18's streamed HTML carries NUL padding where a multi-byte character meets a 2,048-byte
 * buffer's end; `htmlStream` removes it and nothing else (./html-stream.server.ts).
 */
import { PassThrough, type Readable } from "node:stream";
import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlStream, modulePreloadScript, withoutNulPadding } from "./html-stream.server";

/** The page's bytes as React streams them (through `via`, if given). */
function render(lead: string, items: string[], via?: () => import("node:stream").Transform): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <main>
        <Suspense fallback="…">
          <p>{lead}</p>
          <ul>
            {items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </Suspense>
      </main>,
      {
        onAllReady() {
          const out = new PassThrough();
          const chunks: Buffer[] = [];
          const sink: Readable = via ? out.pipe(via()) : out;
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => resolve(Buffer.concat(chunks)));
          sink.on("error", reject);
          pipe(out);
        },
        onError: reject,
      },
    );
  });
}

describe("React's HTML stream without NUL padding", () => {
  it("drops at most three trailing NUL bytes of a chunk, nothing else", () => {
    const bytes = (...b: number[]) => Uint8Array.from(b);
    expect(withoutNulPadding(bytes(60, 112, 0, 0))).toEqual(bytes(60, 112));
    expect(withoutNulPadding(bytes(60, 0, 0, 0, 0))).toEqual(bytes(60, 0));
    expect(withoutNulPadding(bytes(60, 0, 112))).toEqual(bytes(60, 0, 112));
    expect(withoutNulPadding(bytes(60, 112))).toEqual(bytes(60, 112));
  });

  it("German text across the buffer boundaries: padded by React alone, clean and complete through htmlStream", async () => {
    let padded = 0;
    const items = Array.from({ length: 150 }, (_, i) => `Überweisung ${i} an Müller — 1.000 €`);
    for (let length = 1; length <= 12; length++) {
      const lead = "a".repeat(length);
      const raw = await render(lead, items);
      if (raw.includes(0)) padded++;
      const clean = (await render(lead, items, htmlStream)).toString("utf8");
      expect(clean.includes("\0")).toBe(false);
      for (const item of items) expect(clean).toContain(`<li>${item}</li>`);
    }
    // React 18 does pad in some of these (the bug this module exists for).
    expect(padded).toBeGreaterThan(0);
  });
});

/** `html` through htmlStream in chunks of `size` bytes (the last one shorter). */
function through(html: string, size: number, nonce = "abc123"): Promise<string> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(html, "utf8");
    const stream = htmlStream(nonce);
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    stream.on("end", () => resolve(Buffer.concat(out).toString("utf8")));
    stream.on("error", reject);
    for (let at = 0; at < bytes.length; at += size) stream.write(bytes.subarray(at, at + size));
    stream.end();
  });
}

describe("Remix's module preloads, only for a browser that runs scripts", () => {
  const page =
    '<!DOCTYPE html><html lang="de"><head><title>Überweisung</title></head><body><main>Müller — 1.000 €</main>' +
    '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>' +
    '<script nonce="abc123">window.__remixContext = {};</script><script nonce="abc123" type="module" async="">import "/build/entry.client-A.js";</script></body></html>';

  it("makes every preload inert and adds one nonce'd script before </body>, wherever the chunks are cut", async () => {
    for (const size of [1, 2, 3, 7, 16, 64, 4096]) {
      const html = await through(page, size);
      expect(html, `chunks of ${size}`).not.toContain('<link rel="modulepreload"');
      expect(html).toContain('<link rel="x-modulepreload" href="/build/entry.client-A.js"/>');
      expect(html).toContain('<link rel="x-modulepreload" href="/build/_shared/chunk-B.js"/>');
      expect(html.split("<script").length - 1).toBe(3);
      expect(html).toContain(`${modulePreloadScript("abc123")}</body></html>`);
      // Everything else byte for byte, the German text included.
      expect(html.replace(modulePreloadScript("abc123"), "").replaceAll("x-modulepreload", "modulepreload")).toBe(page);
    }
  });

  it("leaves a page without preloads as it was", async () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Straße</p></body></html>";
    for (const size of [1, 5, 4096]) expect(await through(plain, size)).toBe(plain);
  });

  it("the script, run in a document, puts real preloads in <head> for the inert links", async () => {
    const html = await through(page, 64);
    const { JSDOM } = await import("jsdom");
    const dom = new JSDOM(html, { runScripts: "dangerously" });
    const preloads = [...dom.window.document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute("href"),
    );
    expect(preloads).toEqual(["/build/entry.client-A.js", "/build/_shared/chunk-B.js"]);
    dom.window.close();
  });

  it("keeps only a nonce's own characters in the attribute", () => {
    expect(modulePreloadScript('x"><script>')).toMatch(/^<script nonce="xscript">/);
    expect(modulePreloadScript("")).toMatch(/^<script>/);
  });
});
