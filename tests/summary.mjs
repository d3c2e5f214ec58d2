// Prints the closing lines of the whole run: the name of every failed test (file and title, so a
// log cut to its last lines still says what failed), then "tests: N passed, N failed[, N skipped]",
// added up from the JSON reports of vitest (unit, api, process) and Playwright.
import fs from "node:fs";
import path from "node:path";

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
const relative = (file) => path.relative(process.cwd(), file);

for (const name of ["unit", "api", "process"]) {
  const file = `tests/.tmp/${name}-results.json`;
  if (!fs.existsSync(file)) {
    failed += 1;
    failures.push(`${name}: no report (did not run)`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) failures.push(`${name}: ${relative(suite.name)} › ${t.fullName}`);
    // A file that failed before any test ran (an import or a hook) has no failed test of its own.
    if (suite.status === "failed" && failedTests.length === 0) {
      failed += 1;
      failures.push(`${name}: ${relative(suite.name)} (${(suite.message ?? "failed").split("\n")[0]})`);
    }
  }
}

/** Walks a Playwright JSON report's nested suites, calling `visit(spec, titles)` on each spec. */
function eachSpec(suites, titles, visit) {
  for (const suite of suites ?? []) {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) visit(spec, here);
    eachSpec(suite.suites, here, visit);
  }
}

// One Playwright report per shard (tests/run-all.sh): e2e-results.json (port 3100), e2e-results-<port>.json.
const e2eReports = fs.existsSync("tests/.tmp")
  ? fs.readdirSync("tests/.tmp").filter((f) => /^e2e-results(-\d+)?\.json$/.test(f))
  : [];
for (const file of e2eReports) {
  const report = JSON.parse(fs.readFileSync(`tests/.tmp/${file}`, "utf8"));
  const s = report.stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
  eachSpec(report.suites, [], (spec, titles) => {
    const name = `tests/e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`;
    for (const t of spec.tests ?? []) {
      if (t.status === "unexpected") failures.push(`e2e: ${name}`);
      else if (t.status === "flaky") console.log(`flaky (passed on retry): ${name}`);
    }
  });
}
if (e2eReports.length === 0) {
  failed += 1;
  failures.push("e2e: no report (did not run)");
}
for (const line of failures) console.log(`FAILED ${line}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
