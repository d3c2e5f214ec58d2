/**
 * React 18's streamed HTML carries NUL padding where a multi-byte character meets a 2,048-byte
 * buffer's end; `htmlStream` removes it and nothing else (./html-stream.server.ts).
 */
import { PassThrough, type Readable } from "node:stream";
import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlStream, withoutNulPadding } from "./html-stream.server";

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
