/**
 * A folder's files, for the scripts that read the build (check-browsers, build/precompress).
 */
import fs from "node:fs";
import path from "node:path";

/**
 * Every file under `dir` (recursively) whose path `keep` accepts, sorted.
 * @param dir a folder path; @param keep called with each file's path (`dir` joined with its relative path)
 * @throws when `dir` cannot be read
 */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (keep(p)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
