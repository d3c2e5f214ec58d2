/**
 * The caller's memberships are read once per API request, with the bearer token
 * (`withCallerMemberships`, ./access.ts). A domain module that writes `organization_members`
 * must call `forgetCallerMemberships()` after the write, or a later check in the same request
 * would still see the old memberships (an official just removed could act once more). This scan
 * makes that rule a failing test instead of a thing to remember: it lists every domain module
 * that inserts, updates or deletes `organizationMembers` through Drizzle and requires the call.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const domainRoot = path.resolve(__dirname, "..");
const WRITE = /\.(insert|update|delete)\(\s*organizationMembers\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Domain modules that write organization_members but never forget the caller's memberships. */
function modulesMissingForget(files: { name: string; text: string }[]): string[] {
  return files.filter((f) => WRITE.test(f.text) && !f.text.includes("forgetCallerMemberships()")).map((f) => f.name);
}

describe("writes to organization_members", () => {
  it("the scan sees a write without the forget call, and accepts one with it", () => {
    const write = "await tx.update(organizationMembers).set({ status: 'SUSPENDED' });";
    expect(modulesMissingForget([{ name: "a.ts", text: write }])).toEqual(["a.ts"]);
    expect(modulesMissingForget([{ name: "b.ts", text: `${write}\nforgetCallerMemberships();` }])).toEqual([]);
    expect(modulesMissingForget([{ name: "c.ts", text: "db.select().from(organizationMembers)" }])).toEqual([]);
  });

  it("every domain module that writes them forgets the caller's memberships read at authentication", () => {
    const files = sourceFiles(domainRoot).map((name) => ({
      name: path.relative(domainRoot, name),
      text: readFileSync(name, "utf8"),
    }));
    const writers = files.filter((f) => WRITE.test(f.text)).map((f) => f.name);
    // The scan finds the known writers (officials, application approval): it is not looking at nothing.
    expect(writers).toEqual(expect.arrayContaining(["organizations/officials.ts", "applications/review.ts"]));
    expect(modulesMissingForget(files)).toEqual([]);
  });
});
