/**
 * A document worker thread (./render-pool.ts): draws each job it is sent with ./render.ts
 * (`RENDERERS[kind](...args)`) and answers its bytes (the buffer transferred, not copied back),
 * or the error's message. One job at a time: the pool sends the next after the answer. It says
 * `ready` once its drawings are loaded (the pool's time limit counts from then).
 */
import { parentPort } from "node:worker_threads";
import { RENDERERS } from "./render.js";
import type { WorkerAnswer, WorkerJob } from "./render-pool.js";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs only as a worker thread (render-pool.ts)");

port.on("message", async ({ id, kind, args }: WorkerJob) => {
  let answer: WorkerAnswer;
  try {
    const render = RENDERERS[kind] as (...a: unknown[]) => Promise<Buffer>;
    const drawn = await render(...args);
    // A copy of its own: a small Buffer may be a slice of Node's shared pool, which cannot be transferred.
    const bytes = new Uint8Array(drawn.byteLength);
    bytes.set(drawn);
    answer = { id, ok: true, bytes };
    port.postMessage(answer, [bytes.buffer]);
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    port.postMessage(answer);
  }
});

const ready: WorkerAnswer = { ready: true };
port.postMessage(ready);
