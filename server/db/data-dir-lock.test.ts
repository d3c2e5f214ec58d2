/**
 * The embedded database folder belongs to one process at a time (data-dir-lock.ts): a second
 * process is refused before it touches the files, a lock left by a dead process is taken over,
 * by one process only when several try at once.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DataDirInUseError, lockDataDir, lockFileOf } from "./data-dir-lock";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(lockFileOf(dir), { force: true });
  }
});

/** The id of a process that has exited (so no process runs under it, short of reuse). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("lockDataDir", () => {
  it("writes this process's id; a second open in this process is refused; release frees the folder", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), "utf8").trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it("a running process's lock is refused, naming it", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`open in process ${other.pid}`));
      // Refused without touching it.
      expect(fs.readFileSync(lockFileOf(dir), "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("a lock left by a process that is gone (kill -9), by this process's id (a restarted container) or unreadable is taken over", () => {
    for (const left of [`${deadPid()}\n`, `${process.pid}\n`, "garbage", ""]) {
      const dir = tempDir();
      fs.writeFileSync(lockFileOf(dir), left);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(lockFileOf(dir), "utf8").trim()).toBe(String(process.pid));
      release();
    }
  });

  it("two processes taking over one stale lock at once: the one that finds the other's fresh lock is refused", () => {
    const dir = tempDir();
    const file = lockFileOf(dir);
    fs.writeFileSync(file, `${deadPid()}\n`);
    // Another process (played by the parent, which is running) takes the folder over at the instant
    // between this process's judging the file stale and removing it.
    const other = process.ppid;
    let error: unknown;
    try {
      lockDataDir(dir, { beforeRemove: () => fs.writeFileSync(file, `${other}\n`) })();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as DataDirInUseError).ownerPid).toBe(other);
    expect(fs.readFileSync(file, "utf8")).toBe(`${other}\n`);
    expect(fs.existsSync(`${file}.takeover`)).toBe(false);
  });

  it("a takeover file left by a process that died taking over is cleared, and the stale lock taken over", () => {
    const dir = tempDir();
    const file = lockFileOf(dir);
    fs.writeFileSync(file, `${deadPid()}\n`);
    fs.writeFileSync(`${file}.takeover`, `${deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    expect(fs.existsSync(`${file}.takeover`)).toBe(false);
    release();
  });

  it("release leaves a lock that is no longer this process's alone", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(lockFileOf(dir), "1\n");
    release();
    expect(fs.readFileSync(lockFileOf(dir), "utf8")).toBe("1\n");
  });
});

describe("openDatabase on a folder", () => {
  it("a second process opening the folder is refused while the first holds it, and opens it after", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    const second = () =>
      spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("./server/db/client.ts").then(async (m) => { const h = await m.openDatabase({ dataDir: ${JSON.stringify(dir)} }); await h.close(); console.log("opened"); })`,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
    try {
      const refused = second();
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain(`open in process ${process.pid}`);
      // The first still works: nothing was written by the refused process.
      await expect(first.db.execute("SELECT 1 AS one")).resolves.toBeDefined();
    } finally {
      await first.close();
    }
    const opened = second();
    expect(opened.stdout).toContain("opened");
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  }, 120_000);
});
