/**
 * The api project's global setup (vitest.config.ts): seeds the run's databases once, before any
 * test process starts, and hands them to the tests (./seeded-databases.ts); removes them after.
 */
import type { TestProject } from "vitest/node";
import { prepareSeededDatabases } from "./seeded-databases.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { seeded, cleanup } = await prepareSeededDatabases(process.env.TEST_DATABASE_URL);
  project.provide("seededDatabases", seeded);
  return cleanup;
}
