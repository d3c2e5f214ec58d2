// Splits the browser spec files between the shards of tests/run-all.sh by their measured
// duration, so the shards end together. Playwright's own `--shard` cuts by test count: a
// file of a few long walks (a11y, reflow) weighs as little as a file of a few short checks, and
// one shard ran five minutes after the other.
//
//   node tests/e2e-shards.mjs <shard> <total>   prints shard <shard>'s spec files (1-based)
//   node tests/e2e-shards.mjs --record           rewrites tests/e2e/durations.json from the
//                                                last run's reports (tests/.tmp/e2e-results*.json)
//
// The split is longest first, each file to the shard with the least time so far (LPT), and the
// same on every machine for the same table. A spec file missing from the table (a new one)
// weighs the table's median until the next --record; a file in the table that no longer exists
// is ignored. Every spec file lands in exactly one shard.
import fs from "node:fs";
import path from "node:path";

const DIR = "tests/e2e";
const TABLE = path.join(DIR, "durations.json");

/** The spec files Playwright would run (testDir tests/e2e, *.spec.ts), sorted. */
function specFiles() {
  return fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
}

/** Seconds per spec file, summed over a run's reports (retries included: they cost time too). */
function measured() {
  const seconds = {};
  const reports = fs.readdirSync("tests/.tmp").filter((f) => /^e2e-results(-\d+)?\.json$/.test(f));
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const report of reports) {
    const json = JSON.parse(fs.readFileSync(path.join("tests/.tmp", report), "utf8"));
    for (const suite of json.suites ?? []) walk(suite, path.basename(suite.file ?? suite.title));
  }
  return seconds;
}

if (process.argv[2] === "--record") {
  const seconds = measured();
  const files = specFiles().filter((f) => seconds[f] !== undefined);
  if (files.length === 0) {
    console.error("no Playwright report in tests/.tmp: run the browser tests first");
    process.exit(1);
  }
  const table = Object.fromEntries(files.map((f) => [f, Math.max(1, Math.round(seconds[f]))]));
  fs.writeFileSync(TABLE, JSON.stringify(table, null, 2) + "\n");
  console.log(`${TABLE}: ${files.length} files, ${Object.values(table).reduce((a, b) => a + b, 0)} s`);
} else {
  const shard = Number(process.argv[2]);
  const total = Number(process.argv[3]);
  if (!(Number.isInteger(shard) && Number.isInteger(total) && shard >= 1 && shard <= total)) {
    console.error("usage: node tests/e2e-shards.mjs <shard> <total> | --record");
    process.exit(2);
  }
  const table = fs.existsSync(TABLE) ? JSON.parse(fs.readFileSync(TABLE, "utf8")) : {};
  const known = Object.values(table).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const files = specFiles()
    .map((file) => ({ file, seconds: table[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const load = Array.from({ length: total }, () => 0);
  const lists = Array.from({ length: total }, () => []);
  for (const { file, seconds } of files) {
    const i = load.indexOf(Math.min(...load));
    load[i] += seconds;
    lists[i].push(path.join(DIR, file));
  }
  console.log(lists[shard - 1].join("\n"));
}
