/**
 * Documents drawn off the event loop: a small, bounded pool of worker threads
 * (node:worker_threads) that run the pure drawings of ./render.ts (`RENDERERS`). The data is read
 * on the main thread; only the drawing — data and language in, bytes out — crosses to a worker,
 * so one customer's 5,000-item statement (160–650 ms of drawing, docs/performance.md "Documents
 * off the event loop") no longer holds up every other request of the process.
 *
 * Bounds (docs/decisions.md "Documents off the event loop"): at most `workers` threads, started
 * when first needed and kept; at most `queueLimit` drawings waiting for one; a drawing beyond that
 * is refused at once with 503 SERVICE_BUSY and `retryAfter` (never queued without bound); a
 * drawing that takes longer than `timeoutMs` ends its worker (a new one takes the next). A worker
 * that dies fails only the drawing it held.
 *
 * The worker is started through ./render-worker-boot.mjs, which registers tsx's loader when the
 * worker module is TypeScript: the process runs its TypeScript sources through tsx (`npm start`,
 * `npm run dev`, vitest), and Node 20 does not pass `--import tsx` on to worker threads.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { DomainError } from "../errors.js";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/index.js";
import type { DocumentKind, RENDERERS } from "./render.js";

/** The arguments of drawing `K`. */
export type DocumentArgs<K extends DocumentKind> = Parameters<(typeof RENDERERS)[K]>;

/** Seconds a refused caller is asked to wait (`Retry-After`): a few statements' drawing. */
export const DOCUMENT_RETRY_AFTER_SECONDS = 5;

/** What a worker answers to one drawing; `ready` once, when it has loaded the drawings. */
export type WorkerAnswer =
  { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string } | { ready: true };

/** What the pool sends a worker. */
export interface WorkerJob {
  id: number;
  kind: DocumentKind;
  args: unknown[];
}

interface Job {
  id: number;
  kind: DocumentKind;
  args: unknown[];
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  /** Stops listening to the caller's signal (once the job leaves the queue). */
  release?: () => void;
}

interface Slot {
  worker: Worker;
  /** The thread has loaded the drawings (its time to start does not count against a drawing's limit). */
  online: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface DocumentPoolOptions {
  /** Worker threads at most (≥ 1). */
  workers: number;
  /** Drawings waiting for a free worker at most (≥ 0); one more is refused with SERVICE_BUSY. */
  queueLimit: number;
  /** A drawing running longer than this (ms) ends its worker and fails (default 60 s). */
  timeoutMs?: number;
  /**
   * A worker not ready this long (ms) after it was given its first drawing is ended and the
   * drawing fails (default 30 s): a thread stuck loading its modules must not hold a slot forever.
   */
  startupTimeoutMs?: number;
  /** The worker's module (default ./render-worker.ts); tests give one of their own. */
  workerModule?: URL;
}

/** Default worker count: one per two cores (at least one), leaving the rest to the main thread and the database. */
export function defaultDocumentWorkers(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / 2));
}

/**
 * A bounded pool of drawing threads (see the module note).
 * `run` resolves with the document's bytes, or rejects: DomainError SERVICE_BUSY (503) when
 * `queueLimit` drawings already wait; the drawing's own error; a timeout or a dead worker.
 */
export class DocumentRenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly workerModule: URL;
  private readonly timeoutMs: number;
  private readonly startupTimeoutMs: number;

  constructor(private readonly options: DocumentPoolOptions) {
    if (!(options.workers >= 1) || !(options.queueLimit >= 0)) throw new Error("DocumentRenderPool: workers ≥ 1, queueLimit ≥ 0");
    this.workerModule = options.workerModule ?? new URL("./render-worker.ts", import.meta.url);
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.startupTimeoutMs = options.startupTimeoutMs ?? 30_000;
  }

  /** Drawings running and waiting now (for tests and logs). */
  get load(): { running: number; waiting: number; workers: number } {
    let running = 0;
    for (const s of this.slots) if (s.job) running++;
    return { running, waiting: this.queue.length, workers: this.slots.size };
  }

  /**
   * Draw document `kind` from `args` in a worker thread.
   * @param signal the caller's: when it aborts while the drawing waits (the client went away),
   *   the drawing leaves the queue unstarted; one already running finishes (its worker is not
   *   restarted for it) and its bytes are dropped by the caller
   * @returns the document's bytes
   * @throws DomainError SERVICE_BUSY (`retryAfter` DOCUMENT_RETRY_AFTER_SECONDS) when the queue is full;
   *   `DocumentAbortedError` when `signal` aborted first; Error when the drawing fails, times
   *   out, or the pool is closed
   */
  run<K extends DocumentKind>(kind: K, args: DocumentArgs<K>, signal?: AbortSignal): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The document pool is closed"));
    if (signal?.aborted) return Promise.reject(new DocumentAbortedError());
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { id: this.nextId++, kind, args: [...args], resolve, reject };
      const slot = this.freeSlot();
      if (slot) return this.dispatch(slot, job);
      if (this.queue.length >= this.options.queueLimit) return reject(documentsBusy());
      this.queue.push(job);
      if (!signal) return;
      const leave = () => {
        const at = this.queue.indexOf(job);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(new DocumentAbortedError());
      };
      signal.addEventListener("abort", leave, { once: true });
      job.release = () => signal.removeEventListener("abort", leave);
    });
  }

  /**
   * Whether a drawing asked for now would be taken (a free or startable worker, or room in the
   * queue): checked before the data of a long document is read, so a full pool refuses before
   * the expensive query rather than after it. A later `run` may still be refused.
   */
  hasRoom(): boolean {
    if (this.closed) return false;
    for (const s of this.slots) if (!s.job) return true;
    return this.slots.size < this.options.workers || this.queue.length < this.options.queueLimit;
  }

  /** End every worker; drawings running or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.release?.();
      job.reject(new Error("The document pool is closed"));
    }
    await Promise.all([...this.slots].map((s) => this.retire(s, new Error("The document pool is closed"))));
  }

  /** An idle worker, else a new one while under `workers`, else null. */
  private freeSlot(): Slot | null {
    for (const s of this.slots) if (!s.job) return s;
    if (this.slots.size >= this.options.workers) return null;
    return this.spawn();
  }

  private spawn(): Slot {
    const typescript = this.workerModule.pathname.endsWith(".ts");
    const worker = new Worker(new URL("./render-worker-boot.mjs", import.meta.url), {
      workerData: { module: this.workerModule.href, typescript },
      // The worker's own output would interleave with the process's log lines: it has none.
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, online: false, job: null, timer: null };
    this.slots.add(slot);
    worker.on("message", (answer: WorkerAnswer) => {
      if (!("ready" in answer)) return this.settle(slot, answer);
      slot.online = true;
      // The start is over: the drawing's own time limit begins.
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      this.startTimer(slot);
    });
    worker.on("error", (error) => void this.retire(slot, error));
    worker.on("exit", (code) => void this.retire(slot, new Error(`The document worker stopped (exit code ${code})`)));
    worker.unref();
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    job.release?.();
    slot.job = job;
    // A worker at work keeps the process alive (a script awaiting its document); an idle one does not.
    slot.worker.ref();
    this.startTimer(slot);
    const message: WorkerJob = { id: job.id, kind: job.kind, args: job.args };
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      // Data structured clone cannot carry: the caller's mistake, not the worker's.
      slot.job = null;
      this.idle(slot);
      job.reject(error as Error);
    }
  }

  /**
   * The running drawing's time limit, from when its worker is online; until then the worker's
   * time to start (`startupTimeoutMs`).
   */
  private startTimer(slot: Slot): void {
    const job = slot.job;
    if (!job || slot.timer) return;
    if (!slot.online) {
      slot.timer = setTimeout(
        () => void this.retire(slot, new Error(`The document worker did not start within ${this.startupTimeoutMs} ms`)),
        this.startupTimeoutMs,
      );
      return;
    }
    slot.timer = setTimeout(
      () => void this.retire(slot, new Error(`Drawing ${job.kind} took over ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
  }

  private settle(slot: Slot, answer: Exclude<WorkerAnswer, { ready: true }>): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    slot.job = null;
    this.idle(slot);
    if (answer.ok) job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else job.reject(new Error(answer.message));
  }

  /** The slot is free: take the next waiting drawing, or let the process exit without it. */
  private idle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const next = this.queue.shift();
    if (next && this.slots.has(slot)) return this.dispatch(slot, next);
    slot.worker.unref();
    if (next) this.startNext(next);
  }

  private startNext(job: Job): void {
    const slot = this.freeSlot();
    if (slot) this.dispatch(slot, job);
    else this.queue.unshift(job);
  }

  /** Remove a worker (dead, timed out, or closing): its drawing fails; a waiting one gets a new worker. */
  private async retire(slot: Slot, reason: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    job?.reject(reason);
    const next = this.closed ? undefined : this.queue.shift();
    if (next) this.startNext(next);
    await slot.worker.terminate();
  }
}

/**
 * A waiting drawing given up because its caller's signal aborted (the client closed the
 * connection): nobody is left to answer. `name` is "AbortError", as fetch and streams name theirs.
 */
export class DocumentAbortedError extends Error {
  constructor() {
    super("The document was no longer wanted: its request ended before the drawing started");
    this.name = "AbortError";
  }
}

/** 503 SERVICE_BUSY: the pool draws and queues as many documents as it takes. */
function documentsBusy(): DomainError {
  return new DomainError("SERVICE_BUSY", "Too many documents are being prepared right now. Try again in a few seconds.", {
    retryAfter: DOCUMENT_RETRY_AFTER_SECONDS,
  });
}

let shared: DocumentRenderPool | undefined;

function sharedPool(): DocumentRenderPool {
  shared ??= new DocumentRenderPool({
    workers: config.DOCUMENT_WORKERS ?? defaultDocumentWorkers(),
    queueLimit: config.DOCUMENT_QUEUE_LIMIT,
  });
  return shared;
}

/**
 * Refuse early when the process's pool could not take a drawing now (before reading a
 * statement's up to 5,000 items). @throws DomainError SERVICE_BUSY (503, Retry-After)
 */
export function ensureDocumentRoom(): void {
  if (!sharedPool().hasRoom()) throw documentsBusy();
}

/**
 * Let one document request of `userId` in, before its data is read: it counts against the
 * user's `RATE_LIMITS.documents` (60 in 10 minutes), and one to be drawn (`drawn`: a PDF or
 * XLSX, not a CSV) is refused while the pool is full.
 * @throws DomainError RATE_LIMITED (429, retryAfter) past the user's limit; SERVICE_BUSY (503)
 */
export async function admitDocument(db: Database, userId: string, opts: { drawn: boolean; relaxed?: boolean }): Promise<void> {
  await consumeRateLimit(db, RATE_LIMITS.documents(userId), { relaxed: opts.relaxed });
  if (opts.drawn) ensureDocumentRoom();
}

/**
 * Draw document `kind` from `args` in the process's pool (`DOCUMENT_WORKERS` threads,
 * `DOCUMENT_QUEUE_LIMIT` waiting; server/config.ts), created on first use.
 * @param signal given up while it still waits when this aborts (the API passes `clientGone(res)`)
 * @returns the document's bytes
 * @throws DomainError SERVICE_BUSY (503, Retry-After) when the pool's queue is full;
 *   `DocumentAbortedError` when `signal` aborted first; Error when drawing fails
 */
export function drawDocument<K extends DocumentKind>(kind: K, args: DocumentArgs<K>, signal?: AbortSignal): Promise<Buffer> {
  return sharedPool().run(kind, args, signal);
}
