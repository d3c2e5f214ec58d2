/**
 * Staff login for API tests of /api/v1/ops: the two real steps (email + password, then the
 * sandbox code the test server returns as `debugCode`). Seeded staff: server/seed/staff.ts.
 */
import { DEFAULT_PASSWORD } from "../../server/seed/factories.js";
import type { TestServer } from "./helpers.js";

/** Log a seeded (or created) staff user in; @returns the staff bearer token (`ops_…`). */
export async function staffLogin(s: TestServer, email: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const start = await s.call("POST", "/ops/auth/login", { body: { email, password } });
  if (start.status !== 200) throw new Error(`staff login ${email}: ${start.status} ${JSON.stringify(start.body)}`);
  const done = await s.call("POST", "/ops/auth/code", {
    body: { challengeId: start.body.challengeId, code: start.body.debugCode },
  });
  if (done.status !== 200) throw new Error(`staff code ${email}: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.token as string;
}
