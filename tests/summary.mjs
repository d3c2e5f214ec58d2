// Prints one closing line for the whole run, "tests: N passed, N failed[, N skipped]",
// added up from the JSON reports of vitest (unit, api) and Playwright.
import fs from "node:fs";

let passed = 0,
  failed = 0,
  skipped = 0;
for (const name of ["unit", "api"]) {
  const file = `tests/.tmp/${name}-results.json`;
  if (!fs.existsSync(file)) {
    failed += 1;
    console.log(`${name}: no report (did not run)`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const e2e = "tests/.tmp/e2e-results.json";
if (fs.existsSync(e2e)) {
  const s = JSON.parse(fs.readFileSync(e2e, "utf8")).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
} else {
  failed += 1;
  console.log("e2e: no report (did not run)");
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
