/**
 * A document worker that never becomes ready (render-pool.test.ts): it loads, then stays alive
 * without posting `ready`, as a thread stuck loading its modules would.
 */
setInterval(() => undefined, 60_000);
export {};
