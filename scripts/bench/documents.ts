/**
 * `npm run bench:documents`: figures, not a test. How long drawing the largest statement the bank
 * allows (MAX_STATEMENT_ITEMS operations) keeps this process's event loop from serving anyone
 * else: for each document language and each output (PDF, XLSX, CSV), the wall time of one render
 * and the longest event-loop delay seen while it ran (`perf_hooks.monitorEventLoopDelay`, 1 ms
 * resolution; the max is the longest stretch another request would have waited), plus a
 * receipt PDF for scale — drawn on the main thread (`inline`, as before 2026-11-29) and through
 * the worker pool the API uses (`pool`, server/domain/statements/render-pool.ts; its first
 * drawing also starts the worker). Prints one line per figure (or one JSON line with `--json`).
 * Environment: BENCH_DOC_ITEMS (default MAX_STATEMENT_ITEMS), BENCH_DOC_RUNS (default 3; the
 * best and worst run are both printed).
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { MAX_STATEMENT_ITEMS } from "../../server/domain/statements/index.js";
import type { DocumentLanguage } from "../../server/domain/statements/document-i18n.js";
import {
  renderReceiptPdf,
  renderStatementCsv,
  renderStatementPdf,
  renderStatementXlsx,
} from "../../server/domain/statements/render.js";
import { DocumentRenderPool } from "../../server/domain/statements/render-pool.js";
import { syntheticReceipt, syntheticStatement } from "./statement-fixture.js";

const ITEMS = Number(process.env.BENCH_DOC_ITEMS ?? MAX_STATEMENT_ITEMS);
const RUNS = Number(process.env.BENCH_DOC_RUNS ?? 3);

interface Figure {
  document: string;
  where: "inline" | "pool";
  lang: DocumentLanguage;
  bytes: number;
  wallMs: number[];
  maxLoopDelayMs: number[];
}

/** Run `render` RUNS times, each under a fresh event-loop delay histogram. */
async function measure(
  document: string,
  where: Figure["where"],
  lang: DocumentLanguage,
  render: () => Promise<Buffer> | string,
): Promise<Figure> {
  const f: Figure = { document, where, lang, bytes: 0, wallMs: [], maxLoopDelayMs: [] };
  for (let r = 0; r < RUNS; r++) {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    // Let the histogram's timer arm before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const t0 = performance.now();
    const out = await render();
    f.wallMs.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    h.disable();
    f.maxLoopDelayMs.push(h.max / 1e6);
    f.bytes = out.length;
  }
  return f;
}

const statement = syntheticStatement(ITEMS);
const receipt = syntheticReceipt();

const pool = new DocumentRenderPool({ workers: 1, queueLimit: 4 });
const figures: Figure[] = [];
for (const lang of ["en", "ar"] as const) {
  const args = [statement, "Oliver Thompson", "Bank", lang] as const;
  const receiptArgs = [receipt, "Oliver Thompson", "Bank", lang] as const;
  figures.push(await measure(`statement.pdf (${ITEMS} items)`, "inline", lang, () => renderStatementPdf(...args)));
  figures.push(await measure(`statement.pdf (${ITEMS} items)`, "pool", lang, () => pool.run("statementPdf", [...args])));
  figures.push(await measure(`statement.xlsx (${ITEMS} items)`, "inline", lang, () => renderStatementXlsx(...args)));
  figures.push(await measure(`statement.xlsx (${ITEMS} items)`, "pool", lang, () => pool.run("statementXlsx", [...args])));
  figures.push(await measure("receipt.pdf", "inline", lang, () => renderReceiptPdf(...receiptArgs)));
  figures.push(await measure("receipt.pdf", "pool", lang, () => pool.run("receiptPdf", [...receiptArgs])));
}
figures.push(await measure(`statement.csv (${ITEMS} items)`, "inline", "en", () => renderStatementCsv(statement)));
await pool.close();

const round = (n: number) => Math.round(n * 10) / 10;
if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify(figures.map((f) => ({ ...f, wallMs: f.wallMs.map(round), maxLoopDelayMs: f.maxLoopDelayMs.map(round) }))),
  );
} else {
  for (const f of figures)
    console.log(
      `${f.document.padEnd(28)} ${f.lang} ${f.where.padEnd(6)}  ${String(Math.round(f.bytes / 1024)).padStart(6)} KB  wall ${Math.min(...f.wallMs).toFixed(0)}–${Math.max(...f.wallMs).toFixed(0)} ms  event loop blocked up to ${Math.min(...f.maxLoopDelayMs).toFixed(0)}–${Math.max(...f.maxLoopDelayMs).toFixed(0)} ms`,
    );
}
