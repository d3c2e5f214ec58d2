/**
 * Vitest's file order with the known long files first. Vitest's own order puts files it has no
 * timings for (a fresh clone, as in CI) largest first; the fuzzer's two files are a few lines
 * each (the suite is tests/api/fuzz.ts) but take most of the API phase, so started last they
 * left one fork fuzzing alone at the end (CI: 14.9 min against 10.9 with them first).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that take minutes: started before everything else, so the forks end together. */
const LONG = /[/\\]tests[/\\]api[/\\]fuzz-[^/\\]+\.test\.ts$/;

export class LongestFirstSequencer extends BaseSequencer {
  /** @returns the files in vitest's order, the LONG ones moved to the front */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}
