/**
 * Leadership for periodic jobs (server/db/leader.ts): one holder at a time on PostgreSQL, taken
 * over when the holder lets go; always the leader without a URL (PGlite). The PostgreSQL cases
 * run when TEST_DATABASE_URL is set (they only take an advisory lock; no table is touched).
 */
import { describe, expect, it } from "vitest";
import { advisoryKey, createLeadership } from "./leader.js";

describe("createLeadership", () => {
  it("without a database URL (PGlite, one process) always leads", async () => {
    const l = createLeadership({ name: "test-jobs" });
    expect(await l.holds()).toBe(true);
    await l.close();
  });

  it("derives a stable 64-bit key per job family", () => {
    expect(advisoryKey("periodic-jobs")).toBe(advisoryKey("periodic-jobs"));
    expect(advisoryKey("periodic-jobs")).not.toBe(advisoryKey("other-jobs"));
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)("on PostgreSQL one process leads; another takes over when it lets go", async () => {
    const name = `test-jobs-${process.pid}-${Date.now()}`;
    const first = createLeadership({ url, name });
    const second = createLeadership({ url, name });
    try {
      expect(await first.holds()).toBe(true);
      expect(await second.holds()).toBe(false);
      expect(await first.holds()).toBe(true); // keeps leading
      await first.close(); // like a process that stops or dies: its connection ends
      expect(await second.holds()).toBe(true);
      expect(await first.holds()).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
