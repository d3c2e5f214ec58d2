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
 * the same id) unless this process holds the folder open now. Taking over happens under a
 * second exclusive file, `<folder>.pid.takeover`: the taker re-reads the lock file there and
 * removes it only if it still holds the stale text it judged, so two processes taking over the
 * same stale file at once cannot both end up holding the folder (the second finds the first's
 * fresh lock and is refused). A takeover file left by a process that died in those few
 * microseconds is itself removed when its process is gone.
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

/** Block this thread for `ms` milliseconds (the lock is taken synchronously, at start). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Remove the lock file if it still holds `staleText`, under the takeover file (module doc).
 * @returns false when another process is taking over right now (the caller tries again)
 */
function removeIfStill(file: string, staleText: string, beforeRemove?: () => void): boolean {
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const taker = Number.parseInt(readOrEmpty(guard), 10);
    if (!(Number.isSafeInteger(taker) && taker > 0 && running(taker))) fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    beforeRemove?.();
    if (readOrEmpty(file) === staleText) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
  return true;
}

/**
 * Take the folder for this process.
 * @param dataDir the PGlite data folder (its parent is created when missing)
 * @param testHooks.beforeRemove tests only: runs under the takeover file, before the re-read
 *   (to play another process taking the folder over at that instant)
 * @returns release: removes the lock file if it is still this process's (call after closing)
 * @throws DataDirInUseError when a running process holds the folder; fs errors (EACCES …)
 */
export function lockDataDir(dataDir: string, testHooks: { beforeRemove?: () => void } = {}): () => void {
  const dir = path.resolve(dataDir);
  const file = lockFileOf(dir);
  if (held.has(dir)) throw new DataDirInUseError(dir, process.pid);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt === 20) throw error;
    }
    const text = readOrEmpty(file);
    const owner = Number.parseInt(text, 10);
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && running(owner))
      throw new DataDirInUseError(dir, owner);
    // Left behind by a process that is gone (or unreadable): take it over, unless another
    // process is doing so right now (then look again shortly: it may hold the folder by then).
    if (!removeIfStill(file, text, testHooks.beforeRemove)) pause(20);
  }
  held.add(dir);
  return () => {
    held.delete(dir);
    if (Number.parseInt(readOrEmpty(file), 10) === process.pid) fs.rmSync(file, { force: true });
  };
}
