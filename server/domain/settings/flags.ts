/**
 * Settings flags as the bank's staff manage them (issue 13 ADMIN; docs/ops.md "Settings flags";
 * spec 000 §6 "feature visibility depends on settings flags (overdraft, custom rate, payments
 * orders, demo)"): which flags exist, where each may be set (bank-wide only, or also per
 * organization), their defaults, and the functions that list and set them. `npm run bank --
 * setting:…` and /ops/settings call these; each mutation answers `{ before, after }` for the
 * staff audit log and takes the database or the caller's transaction.
 *
 * The readers are unchanged (./index.ts `getBooleanSetting`, `getOrganizationBooleanSetting`):
 * an organization's own row wins over the bank-wide one, which wins over the default. Only the
 * flags below can be set here, with the scope their readers honour: OVERDRAFT-ENABLED and
 * DEMO-MODE-ENABLED are read bank-wide only (ledger, /v1/settings/demo), so an organization
 * value would be stored and never read.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { organizations, organizationSettings, settings } from "../../db/schema/index.js";
import type { OpsSettingFlag } from "../../api/v1/contract.js";
import type { Change } from "../change.js";
import { DomainError, fieldError } from "../errors.js";
import {
  SETTING_DEMO_MODE_ENABLED,
  SETTING_EXCHANGE_CUSTOM_RATE_ENABLED,
  SETTING_OVERDRAFT_ENABLED,
  SETTING_PAYMENTS_ORDERS_ENABLED,
} from "./index.js";

type Db = Database | Tx;

/** A flag staff may set: its scope and its value when no row is stored (the readers' fallback). */
export interface FlagDefinition {
  key: string;
  scope: OpsSettingFlag["scope"];
  defaultValue: boolean;
}

/**
 * The flags of the back office, in the order the screen lists them. Keys and defaults are the
 * readers' (settings/index.ts; cards: CARDS-ORDERING-ENABLED, default true; PSP partners for cash
 * over the counter: PSP-PARTNERS-ENABLED, default true — written here as literals to keep this
 * module free of the cards and reference modules).
 */
export const FLAGS: readonly FlagDefinition[] = [
  { key: SETTING_PAYMENTS_ORDERS_ENABLED, scope: "BANK_AND_ORGANIZATION", defaultValue: false },
  { key: SETTING_EXCHANGE_CUSTOM_RATE_ENABLED, scope: "BANK_AND_ORGANIZATION", defaultValue: false },
  { key: SETTING_OVERDRAFT_ENABLED, scope: "BANK", defaultValue: false },
  { key: SETTING_DEMO_MODE_ENABLED, scope: "BANK", defaultValue: false },
  { key: "CARDS-ORDERING-ENABLED", scope: "BANK_AND_ORGANIZATION", defaultValue: true },
  { key: "PSP-PARTNERS-ENABLED", scope: "BANK", defaultValue: true },
];

/** One flag's values (contract OpsSettingFlag), `organizationValue` only when an organization is asked for. */
export type SettingFlag = OpsSettingFlag;

/**
 * Every flag of FLAGS with its bank-wide value and, with `organizationId`, the organization's own.
 * @throws DomainError NOT_FOUND when `organizationId` is given and no such organization exists
 */
export async function listSettingFlags(db: Db, opts: { organizationId?: string | null } = {}): Promise<SettingFlag[]> {
  const organizationId = opts.organizationId ? await existingOrganization(db, opts.organizationId) : null;
  const out: SettingFlag[] = [];
  for (const def of FLAGS) out.push(await flagState(db, def, organizationId));
  return out;
}

/**
 * Set a flag bank-wide (`organizationId` absent) or for one organization; for an organization,
 * `value` null removes its own value, so it follows the bank-wide one again.
 * @param input.key one of FLAGS
 * @param input.value true or false (null: only for an organization)
 * @returns before/after: the flag's state (for the organization when one is given)
 * @throws DomainError VALIDATION_FAILED on `key` (unknown), `organizationId` (flag is bank-wide
 *   only), `value` (null bank-wide, not a boolean); NOT_FOUND (organization)
 */
export async function setSettingFlag(
  db: Database,
  input: { key: string; value: boolean | null; organizationId?: string | null },
): Promise<Change<SettingFlag>> {
  const def = FLAGS.find((f) => f.key === input.key);
  if (!def) throw fieldError("key", "isFlag", `key must be one of ${FLAGS.map((f) => f.key).join(", ")}`);
  if (input.value !== null && typeof input.value !== "boolean")
    throw fieldError("value", "isBoolean", "value must be true or false");
  const perOrganization = !!input.organizationId;
  if (perOrganization && def.scope === "BANK")
    throw fieldError("organizationId", "isBankWide", `${def.key} is set bank-wide only`);
  if (!perOrganization && input.value === null) throw fieldError("value", "isBoolean", "value must be true or false");
  return db.transaction(async (tx) => {
    if (perOrganization) {
      const organizationId = await existingOrganization(tx, input.organizationId!, true);
      const before = await flagState(tx, def, organizationId);
      if (input.value === null)
        await tx
          .delete(organizationSettings)
          .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, def.key)));
      else
        await tx
          .insert(organizationSettings)
          .values({ organizationId, key: def.key, value: input.value })
          .onConflictDoUpdate({
            target: [organizationSettings.organizationId, organizationSettings.key],
            set: { value: input.value },
          });
      return { before, after: await flagState(tx, def, organizationId) };
    }
    await tx.insert(settings).values({ key: def.key, value: def.defaultValue }).onConflictDoNothing();
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, def.key)).for("update");
    const before = await flagState(tx, def, null);
    await tx.update(settings).set({ value: input.value }).where(eq(settings.key, def.key));
    return { before, after: await flagState(tx, def, null) };
  });
}

/** The state of one flag, bank-wide or for one organization. */
async function flagState(db: Db, def: FlagDefinition, organizationId: string | null): Promise<SettingFlag> {
  const [bank] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, def.key));
  const bankValue = typeof bank?.value === "boolean" ? bank.value : def.defaultValue;
  if (organizationId === null)
    return { key: def.key, scope: def.scope, defaultValue: def.defaultValue, bankValue, effective: bankValue };
  let organizationValue: boolean | null = null;
  if (def.scope === "BANK_AND_ORGANIZATION") {
    const [own] = await db
      .select({ value: organizationSettings.value })
      .from(organizationSettings)
      .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, def.key)));
    organizationValue = typeof own?.value === "boolean" ? own.value : null;
  }
  return {
    key: def.key,
    scope: def.scope,
    defaultValue: def.defaultValue,
    bankValue,
    organizationValue,
    effective: organizationValue ?? bankValue,
  };
}

/** The organization's id when it exists (optionally locked), else NOT_FOUND. */
async function existingOrganization(db: Db, id: string, lock = false): Promise<string> {
  if (!z.string().uuid().safeParse(id).success) throw new DomainError("NOT_FOUND", "Organization not found");
  const q = db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new DomainError("NOT_FOUND", "Organization not found");
  return row.id;
}
