/**
 * One process at a time per embedded database folder (DATA_DIR). PGlite keeps no lock of its
 * own: a second process opening the same folder (a second `npm start`, or `npm run bank` beside
 * a running server) writes the same PostgreSQL files and corrupts them, and the next start fails
 * with "Aborted()": the ledger is lost. So the folder has a lock file beside it, `<folder>.pid`
 * (`./data/pglite.pid` for the default DATA_DIR), holding the owner's process id for as long as
 * the folder is open, as PostgreSQL's own `postmaster.pid` does (PostgreSQL docs, "Creating a
 * Database Cluster"). Beside, not inside: PostgreSQL's initdb refuses a folder that is not empty,
 * so a lock file inside would stop a new bank from being created.
 *
 * A file left behind by a process that is gone (a crash, kill -9) is taken over. The process id
 * is checked with signal 0: a process that exists but belongs to another user (EPERM) counts as
 * running. A file naming this very process is stale too (a container restarts its process under
 * the same id) unless this process holds the folder open now. The one race left is PostgreSQL's
 * too: two processes taking over the same stale file in the same instant.
 */
import fs from "node:fs";
import path from "node:path";

/** The lock file of a data folder: beside it, the folder's name and `.pid`. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.pid`;
}

/** Folders (resolved paths) this process holds open. */
const held = new Set<string>();

/** Thrown when another process (or this one) holds the folder; `ownerPid` is that process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database ${dataDir} is open in process ${ownerPid} (a running server?). ` +
        "It belongs to one process at a time: stop that process first, or run staff commands inside " +
        "the server (BANK_URL and STAFF_API_TOKEN, see the README).",
    );
    this.name = "DataDirInUseError";
  }
}

/** Whether a process with this id exists (signal 0 checks without signalling). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The file's text, or "" when it is gone (released in between). */
function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/**
 * Take the folder for this process.
 * @param dataDir the PGlite data folder (its parent is created when missing)
 * @returns release: removes the lock file if it is still this process's (call after closing)
 * @throws DataDirInUseError when a running process holds the folder; fs errors (EACCES …)
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = lockFileOf(dir);
  if (held.has(dir)) throw new DataDirInUseError(dir, process.pid);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt === 5) throw error;
    }
    const owner = Number.parseInt(readOrEmpty(file), 10);
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && running(owner))
      throw new DataDirInUseError(dir, owner);
    // Left behind by a process that is gone (or unreadable): take it over.
    fs.rmSync(file, { force: true });
  }
  held.add(dir);
  return () => {
    held.delete(dir);
    if (Number.parseInt(readOrEmpty(file), 10) === process.pid) fs.rmSync(file, { force: true });
  };
}
