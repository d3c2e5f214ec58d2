/**
 * Entry of a document worker thread (./render-pool.ts): registers tsx's loader when the worker's
 * module is TypeScript (the process runs its sources through tsx, and Node 20 does not hand
 * `--import tsx` on to worker threads), then loads that module (`workerData.module`).
 */
import { workerData } from "node:worker_threads";

if (workerData.typescript) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(workerData.module);
