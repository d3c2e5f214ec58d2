/**
 * `npm run bank -- <command>`: staff decisions from the command line (see ./commands.ts for the
 * commands and `npm run bank -- --help` for the usage). Opens the database like
 * `npm run db:seed` does (DATABASE_URL, else the embedded PGlite in DATA_DIR, which belongs to
 * one process at a time: stop the server first), runs the command, prints the result. With
 * BANK_URL (and STAFF_API_TOKEN) set, the running server at BANK_URL runs it instead
 * (POST /api/staff/bank, server/staff/bank-endpoint.ts). `--staff <email>` (default
 * BANK_STAFF_EMAIL) names the staff user at the keyboard, locally and through BANK_URL alike.
 * Exit codes: 0 done, 1 refused by the bank's rules, 2 bad command line, 3 the embedded database
 * is open in another process (server/db/data-dir-lock.ts).
 */
import { config } from "../../server/config.js";
import { openDatabase } from "../../server/db/client.js";
import { DataDirInUseError } from "../../server/db/data-dir-lock.js";
import { DomainError } from "../../server/domain/errors.js";
import { parseBankArgs, runBankCommand, USAGE, UsageError, withStaffDefault } from "../../server/staff/commands.js";

// BANK_STAFF_EMAIL is read here only: the line sent to BANK_URL carries it as --staff.
const argv = withStaffDefault(process.argv.slice(2), process.env);
let cmd;
try {
  cmd = parseBankArgs(argv);
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(2);
}
if (cmd.command === "help") {
  console.log(USAGE);
  process.exit(0);
}

// A running server does the work when asked to (BANK_URL + STAFF_API_TOKEN): its embedded
// database cannot be opened by a second process.
if (process.env.BANK_URL) {
  const res = await fetch(new URL("/api/staff/bank", process.env.BANK_URL), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Staff ${process.env.STAFF_API_TOKEN ?? ""}` },
    body: JSON.stringify({ argv }),
  });
  const answer = (await res.json().catch(() => ({}))) as { output?: string; code?: string; message?: string };
  if (res.ok) {
    console.log(answer.output);
    process.exit(0);
  }
  console.error(`Refused (${answer.code ?? res.status}): ${answer.message ?? res.statusText}`);
  process.exit(res.status === 400 ? 2 : 1);
}

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(3);
});
let code = 0;
try {
  console.log(await runBankCommand(database.db, cmd));
} catch (err) {
  if (!(err instanceof DomainError)) throw err;
  const detail = typeof err.body === "string" ? err.body : err.body.flatMap((e) => Object.values(e.constraints)).join("; ");
  console.error(`Refused (${err.code}): ${detail}`);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
