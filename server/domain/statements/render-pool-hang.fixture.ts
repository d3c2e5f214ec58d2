/**
 * A document worker that never becomes ready (render-pool.test.ts): it loads, then waits forever
 * without posting `ready`, as a thread stuck loading its modules would.
 */
await new Promise(() => undefined);
export {};
