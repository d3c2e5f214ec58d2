/**
 * The ADMIN decisions of the back office, audited (issue 13; docs/ops.md "ADMIN"): rates and
 * the spread, tariffs and fees, settings flags. Each runs the domain function
 * (server/domain/exchange/bank-rates.ts, server/domain/fees/admin.ts,
 * server/domain/settings/flags.ts — the same as `npm run bank -- rate:…|tariff:…|fee:…|setting:…`)
 * inside one transaction with its audit entry, whose before/after are the function's own. The
 * actor is a staff user (/ops) or the command line (`CLI_ACTOR`, server/staff/admin-commands.ts).
 */
import type { Database } from "../../db/client.js";
import type { OpsSetFeeRequest } from "../../api/v1/contract.js";
import type { Change } from "../change.js";
import { clearBankRate, setBankRate, setSolPrice, setSpread } from "../exchange/bank-rates.js";
import { assignTariff, createTariff, getFee, removeFee, setDefaultTariff, setFee } from "../fees/admin.js";
import { setSettingFlag } from "../settings/flags.js";
import { auditActor, recordStaffAction, type StaffActor } from "./audit.js";

/** Run `fn` and record its change as `action` on `subjectType`/`subjectId(change)`, in one transaction. */
async function audited<T>(
  db: Database,
  actor: StaffActor,
  action: string,
  subjectType: string,
  fn: (tx: Database) => Promise<Change<T>>,
  subjectId: (c: Change<T>) => string | null,
): Promise<Change<T>> {
  return db.transaction(async (tx) => {
    const change = await fn(tx as unknown as Database);
    const json = (v: T) => (v === null || v === undefined ? null : (JSON.parse(JSON.stringify(v)) as Record<string, unknown>));
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action,
      subjectType,
      subjectId: subjectId(change),
      before: json(change.before),
      after: json(change.after),
    });
    return change;
  });
}

/** Set a currency's rate (bank-rates.ts `setBankRate`), audited as `rate.set` on `currency`. */
export const setRateAsStaff = (db: Database, actor: StaffActor, input: Parameters<typeof setBankRate>[1]) =>
  audited(
    db,
    actor,
    "rate.set",
    "currency",
    (tx) => setBankRate(tx, input),
    (c) => c.after.currencyId,
  );

/** Withdraw a currency's bank rate (`clearBankRate`), audited as `rate.clear`. */
export const clearRateAsStaff = (db: Database, actor: StaffActor, input: { currencyId: string }) =>
  audited(
    db,
    actor,
    "rate.clear",
    "currency",
    (tx) => clearBankRate(tx, input),
    (c) => c.after.currencyId,
  );

/** Set the spread (`setSpread`), audited as `rate.spread` on `setting` EXCHANGE-SPREAD-PERCENT. */
export const setSpreadAsStaff = (db: Database, actor: StaffActor, input: { percent: string }) =>
  audited(
    db,
    actor,
    "rate.spread",
    "setting",
    (tx) => setSpread(tx, input),
    () => "EXCHANGE-SPREAD-PERCENT",
  );

/** Set the SOL reference price (`setSolPrice`), audited as `rate.sol-price` on `setting` SOL-REFERENCE-PRICE-USD. */
export const setSolPriceAsStaff = (db: Database, actor: StaffActor, input: { priceUsd: string }) =>
  audited(
    db,
    actor,
    "rate.sol-price",
    "setting",
    (tx) => setSolPrice(tx, input),
    () => "SOL-REFERENCE-PRICE-USD",
  );

/** Create a tariff (`createTariff`), audited as `tariff.create`. */
export const createTariffAsStaff = (db: Database, actor: StaffActor, input: { name: string }) =>
  audited(
    db,
    actor,
    "tariff.create",
    "tariff",
    (tx) => createTariff(tx, input),
    (c) => c.after?.id ?? null,
  );

/** Make a tariff the default one (`setDefaultTariff`), audited as `tariff.default` on the new default. */
export const setDefaultTariffAsStaff = (db: Database, actor: StaffActor, input: { tariffId: string }) =>
  audited(
    db,
    actor,
    "tariff.default",
    "tariff",
    (tx) => setDefaultTariff(tx, input),
    (c) => c.after.tariffId,
  );

/** Put an organization on a tariff (`assignTariff`), audited as `tariff.assign` on the organization. */
export const assignTariffAsStaff = (
  db: Database,
  actor: StaffActor,
  input: { organizationId: string; tariffId: string | null },
) =>
  audited(
    db,
    actor,
    "tariff.assign",
    "organization",
    (tx) => assignTariff(tx, input),
    (c) => c.after.organizationId,
  );

/** Set a fee (`setFee`), audited as `fee.set` on the fee. */
export const setFeeAsStaff = (db: Database, actor: StaffActor, input: OpsSetFeeRequest) =>
  audited(
    db,
    actor,
    "fee.set",
    "fee",
    (tx) => setFee(tx, input),
    (c) => c.after?.feeId ?? null,
  );

/** Remove a fee (`removeFee`), audited as `fee.remove` (before: the fee with its owner). */
export async function removeFeeAsStaff(db: Database, actor: StaffActor, input: { feeId: string }) {
  const owner = await getFee(db, input.feeId);
  return audited(
    db,
    actor,
    "fee.remove",
    "fee",
    async (tx) => {
      const c = await removeFee(tx, input);
      return {
        before: c.before ? { ...c.before, tariffId: owner.tariffId, organizationId: owner.organizationId } : null,
        after: null,
      };
    },
    () => input.feeId,
  );
}

/** Set a settings flag (`setSettingFlag`), audited as `setting.set` on the organization or the bank. */
export const setSettingAsStaff = (
  db: Database,
  actor: StaffActor,
  input: { key: string; value: boolean | null; organizationId?: string | null },
) =>
  audited(
    db,
    actor,
    "setting.set",
    input.organizationId ? "organization" : "setting",
    (tx) => setSettingFlag(tx, input),
    () => input.organizationId || input.key,
  );
