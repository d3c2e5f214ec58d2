/**
 * `npm run verify:ledger -- --self-test`: proves the checks in ./checks.ts bite.
 *
 * `selfTest(db, ctx)` applies one corruption at a time inside a database transaction, runs the
 * checks in that transaction, and rolls it back; each corruption must make its named check fail.
 * Prints one line per corruption. Returns true when every corruption was detected (the
 * database is unchanged either way).
 */
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../server/db/client.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { runChecks, type CheckContext } from "./checks.js";

class Rollback extends Error {}

interface Corruption {
  name: string;
  /** The check that must fail. */
  caughtBy: string;
  apply: (tx: Tx, ctx: CheckContext) => Promise<CheckContext | void>;
}

const one = async <T>(tx: Tx, q: ReturnType<typeof sql>): Promise<T> =>
  ((await tx.execute(q)) as unknown as { rows: T[] }).rows[0];

/** A completed payment of the run, with its ledger transaction and balances. */
async function completedPayment(tx: Tx, ctx: CheckContext) {
  return one<{ id: string; ltx: string; debit: string; credit: string; currency: string; key: string }>(
    tx,
    sql`SELECT id, ledger_transaction_id AS ltx, debit_balance_id AS debit, credit_balance_id AS credit,
               currency_id AS currency, idempotency_key AS key
          FROM payments WHERE organization_id = ${ctx.organizationId} AND status = 'COMPLETED'
           AND kind = 'BETWEEN_ACCOUNTS' ORDER BY created_at LIMIT 1`,
  );
}

/** Insert a balanced two-leg transaction and move both balances, like a correct ledger would. */
async function post(tx: Tx, from: string, to: string, currency: string, amount: string, paymentId: string | null = null) {
  const t = await one<{ id: string }>(
    tx,
    sql`INSERT INTO ledger_transactions (kind, payment_id) VALUES ('PAYMENT', ${paymentId}) RETURNING id`,
  );
  for (const [balance, signed] of [
    [from, `-${amount}`],
    [to, amount],
  ]) {
    await tx.execute(sql`UPDATE balances SET amount = amount + ${signed}::numeric WHERE id = ${balance}`);
    await tx.execute(sql`INSERT INTO postings (transaction_id, balance_id, currency_id, amount, balance_after)
                         SELECT ${t.id}, id, currency_id, ${signed}::numeric, amount FROM balances WHERE id = ${balance}`);
  }
}

const corruptions: Corruption[] = [
  {
    name: "one posting without its counter-leg (balance moved with it)",
    caughtBy: "zero-sum",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      await tx.execute(sql`UPDATE balances SET amount = amount + 0.01 WHERE id = ${p.credit}`);
      await tx.execute(sql`INSERT INTO postings (transaction_id, balance_id, currency_id, amount, balance_after)
                           SELECT ${p.ltx}, id, currency_id, 0.01, amount FROM balances WHERE id = ${p.credit}`);
    },
  },
  {
    name: "a balance nudged by 0.01 without a posting",
    caughtBy: "balance-sum",
    apply: async (tx, ctx) => {
      const [id] = [...ctx.startAmounts.keys()];
      await tx.execute(sql`UPDATE balances SET amount = amount + 0.01 WHERE id = ${id}`);
    },
  },
  {
    name: "a balanced transfer taking a balance without overdraft below zero",
    caughtBy: "floor",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      const b = await one<{ id: string; amount: string; od: boolean }>(
        tx,
        sql`SELECT b.id, b.amount::text AS amount, a.overdraft_enabled AS od FROM balances b JOIN accounts a ON a.id = b.account_id
             WHERE b.id IN (${p.debit}, ${p.credit}) AND a.overdraft_enabled = false LIMIT 1`,
      );
      const other = b.id === p.debit ? p.credit : p.debit;
      // Take everything plus 5.00: the ledger stays balanced, only the floor is broken.
      await post(tx, b.id, other, p.currency, new Decimal(b.amount).plus(5).toFixed());
    },
  },
  {
    name: "a completed payment posted a second time",
    caughtBy: "idempotency",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      await post(tx, p.debit, p.credit, p.currency, "0.01", p.id);
    },
  },
  {
    name: "a completed payment without its signature (posted without a one-time code)",
    caughtBy: "idempotency",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      await tx.execute(sql`DELETE FROM payment_signatures WHERE payment_id = ${p.id}`);
    },
  },
  {
    name: "a completed payment signed a second time (a signature without an MFA token)",
    caughtBy: "idempotency",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      await tx.execute(sql`INSERT INTO payment_signatures (payment_id, user_id, signed_at)
                           VALUES (${p.id}, ${ctx.userId}, now())`);
    },
  },
  {
    name: "money arriving from a system account without a payment",
    caughtBy: "conservation",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      const system = await one<{ id: string }>(
        tx,
        sql`SELECT b.id FROM balances b JOIN accounts a ON a.id = b.account_id
             WHERE a.system = true AND b.currency_id = ${p.currency} LIMIT 1`,
      );
      await post(tx, system.id, p.credit, p.currency, "10.00");
    },
  },
  {
    name: "a replay answered with another payment's id",
    caughtBy: "idempotency",
    apply: async (tx, ctx) => {
      const p = await completedPayment(tx, ctx);
      const other = await one<{ id: string }>(
        tx,
        sql`SELECT id FROM payments WHERE organization_id = ${ctx.organizationId} AND id <> ${p.id} LIMIT 1`,
      );
      return {
        ...ctx,
        keys: ctx.keys.map((k) => (k.key === p.key ? { ...k, paymentIds: [...k.paymentIds, other.id] } : k)),
      };
    },
  },
];

/** Apply each corruption in a rolled-back transaction and require its check to fail. */
export async function selfTest(db: Database, ctx: CheckContext): Promise<boolean> {
  let allCaught = true;
  console.log("self-test: corrupting the ledger in rolled-back transactions");
  for (const c of corruptions) {
    let failed: string[] = [];
    try {
      await db.transaction(async (tx) => {
        const corrupted = (await c.apply(tx, ctx)) ?? ctx;
        failed = (await runChecks(tx, corrupted)).filter((r) => !r.ok).map((r) => r.name);
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) {
        console.log(`  ERROR ${c.name}: ${(err as Error).message}`);
        allCaught = false;
        continue;
      }
    }
    const caught = failed.includes(c.caughtBy);
    allCaught &&= caught;
    console.log(`  ${caught ? "caught " : "MISSED "} ${c.name} → ${failed.length ? failed.join(", ") : "no check failed"}`);
  }
  return allCaught;
}
