/**
 * Latency of the server-rendered home page (issue 5 §1): GET /home at `connections`
 * concurrent sessions, each connection logged in with its own session cookie of the demo
 * customer Oliver Thompson (+447700900001), driven by autocannon for `seconds` seconds.
 *
 * Percentiles are computed from every response time autocannon reports (its own summary has
 * no p95). A non-200 answer (e.g. a redirect to the login page) is counted and reported: the
 * figures are only meaningful when it is zero.
 */
import autocannon from "autocannon";
import type { Database } from "../../server/db/client.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { commitSession, getSession, setTokens } from "../../app/lib/session.server.js";
import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema/index.js";

export interface HomeResult {
  homeP50Ms: number;
  homeP95Ms: number;
  homeP99Ms: number;
  homeRequestsPerSec: number;
  /** Answers other than 200 (should be 0). */
  homeNon200: number;
}

/** The `q`-quantile (0..1) of sorted `values` (nearest rank). */
function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** `name=value` of a session cookie holding fresh API tokens for `userId`. */
async function sessionCookie(db: Database, userId: string): Promise<string> {
  const tokens = await createSession(db, userId);
  const session = await getSession(new Request("http://bench/"));
  setTokens(session, tokens);
  return (await commitSession(session)).split(";")[0];
}

/** GET `${origin}/home` under load (see module docstring). */
export async function homeLatency(
  db: Database,
  origin: string,
  opts: { connections: number; seconds: number },
): Promise<HomeResult> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, "+447700900001"));
  if (!user) throw new Error("Demo customer +447700900001 missing: the database must be seeded");
  const cookies: string[] = [];
  for (let i = 0; i < opts.connections; i++) cookies.push(await sessionCookie(db, user.id));

  // Warm up (i18n resources, JIT) and make sure the session is accepted.
  for (const cookie of cookies.slice(0, 5)) {
    const res = await fetch(`${origin}/home`, { headers: { cookie }, redirect: "manual" });
    await res.text();
    if (res.status !== 200) throw new Error(`GET /home answered ${res.status}, not 200: the bench's session is not accepted`);
  }

  const times: number[] = [];
  let non200 = 0;
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}/home`,
        connections: opts.connections,
        duration: opts.seconds,
        setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] }),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== 200) non200++;
    });
  });
  times.sort((a, b) => a - b);
  return {
    homeP50Ms: round1(quantile(times, 0.5)),
    homeP95Ms: round1(quantile(times, 0.95)),
    homeP99Ms: round1(quantile(times, 0.99)),
    homeRequestsPerSec: result.requests.average,
    homeNon200: non200 + result.errors + result.timeouts,
  };
}
