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
// One Playwright report per shard (tests/run-all.sh): e2e-results.json (port 3100), e2e-results-<port>.json.
const e2eReports = fs.existsSync("tests/.tmp")
  ? fs.readdirSync("tests/.tmp").filter((f) => /^e2e-results(-\d+)?\.json$/.test(f))
  : [];
for (const file of e2eReports) {
  const s = JSON.parse(fs.readFileSync(`tests/.tmp/${file}`, "utf8")).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
}
if (e2eReports.length === 0) {
  failed += 1;
  console.log("e2e: no report (did not run)");
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
