/**
 * Tariffs and fees as the bank's staff manage them (issue 13 ADMIN; docs/ops.md "Tariffs and
 * fees"; spec 001 §3 Organization "tariff (id, name, fees), customFees", Fee): list tariffs,
 * create one, set or remove a fee of a tariff or of one organization (a custom fee, which wins
 * over the tariff: ./index.ts `findFee`), put an organization on a tariff. `npm run bank --
 * fee:…|tariff:…` and /ops/tariffs call these; each mutation answers `{ before, after }` for the
 * staff audit log and takes the database or the caller's transaction.
 *
 * A fee is keyed by its owner (tariff or organization), payment kind, provider payment type
 * (null = any) and payment currency (null = any): setting a fee with the key of an existing one
 * replaces it, otherwise adds it. The fee a payment carries is decided at its creation and stored
 * with it (docs/decisions.md), so a change applies from the next payment on.
 */
import { and, asc, count, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { currencies, fees, organizations, tariffs } from "../../db/schema/index.js";
import type { Fee, OpsOrganizationFees, OpsSetFeeRequest, OpsTariff } from "../../api/v1/contract.js";
import type { Change } from "../change.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { Decimal } from "../ledger/money.js";
import { RAILS } from "../payments/rails/index.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import { feeToWire, type FeeRow } from "./index.js";
import { escapeLike } from "../beneficiaries/index.js";
import { SERVICE_FEE_KIND } from "./service.js";

type Db = Database | Tx;

/** Kinds a fee can apply to: every payment kind (one per rail), the monthly service fee and currency exchange. */
export const FEE_KINDS = [...Object.keys(RAILS), SERVICE_FEE_KIND, "EXCHANGE"] as const;
/** Largest scale of any currency (SOL: 9): the decimals allowed when a fee names no currency. */
const MAX_SCALE = 9;

const optional = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((v) => (v ? v : null));
const uuidOrNull = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.string().uuid().nullable());

/** POST /api/v1/ops/fees body (contract OpsSetFeeRequest): shape only; the rules are in `setFee`. */
export const setFeeSchema = z
  .object({
    tariffId: uuidOrNull,
    organizationId: uuidOrNull,
    name: z.string().trim().min(1).max(100),
    paymentKind: z.enum(FEE_KINDS as unknown as [string, ...string[]]),
    paymentType: optional,
    currencyId: optional,
    feeAmountType: z.enum(["PERCENT", "FIXED"]),
    feePercentAmount: optional,
    feePercentMinAmount: optional,
    feePercentMaxAmount: optional,
    feeFixedAmount: optional,
    feeCurrencyId: optional,
  })
  .strict();

/**
 * Every tariff with its fees and the number of organizations on it; the default first, then by name.
 * @returns contract OpsTariff[] (fees ordered: service fee first, then kind, type, currency, name)
 */
export async function listTariffs(db: Db): Promise<OpsTariff[]> {
  const rows = await db
    .select({ id: tariffs.id, name: tariffs.name, isDefault: tariffs.isDefault })
    .from(tariffs)
    .orderBy(sql`${tariffs.isDefault} desc`, asc(tariffs.name), asc(tariffs.id));
  const counts = new Map(
    (await db.select({ tariffId: organizations.tariffId, n: count() }).from(organizations).groupBy(organizations.tariffId)).map(
      (r) => [r.tariffId, Number(r.n)],
    ),
  );
  const feeRows = await db
    .select()
    .from(fees)
    .where(isNull(fees.organizationId))
    .orderBy(...feeOrder());
  const scaleOf = await scaleLookup(db);
  return rows.map((t) => ({
    ...t,
    organizationCount: counts.get(t.id) ?? 0,
    fees: feeRows.filter((f) => f.tariffId === t.id).map((f) => feeToWire(f, scaleOf)),
  }));
}

/**
 * One organization's tariff in force and custom fees, for staff (no membership check: the
 * caller's role was checked by the ops router).
 * @throws DomainError NOT_FOUND when the organization does not exist
 */
export async function organizationFeesForStaff(db: Db, organizationId: string): Promise<OpsOrganizationFees> {
  const org = await findOrganization(db, organizationId);
  const [tariff] = await db
    .select({ id: tariffs.id, name: tariffs.name })
    .from(tariffs)
    .where(org.tariffId ? eq(tariffs.id, org.tariffId) : eq(tariffs.isDefault, true))
    .orderBy(tariffs.createdAt, tariffs.id)
    .limit(1);
  const scaleOf = await scaleLookup(db);
  const tariffFees = tariff
    ? await db
        .select()
        .from(fees)
        .where(and(eq(fees.tariffId, tariff.id), isNull(fees.organizationId)))
        .orderBy(...feeOrder())
    : [];
  const custom = await db
    .select()
    .from(fees)
    .where(eq(fees.organizationId, org.id))
    .orderBy(...feeOrder());
  return {
    organization: { id: org.id, name: orgName(org), type: org.type, tariffId: org.tariffId },
    tariff: tariff ? { ...tariff, fees: tariffFees.map((f) => feeToWire(f, scaleOf)) } : null,
    customFees: custom.map((f) => feeToWire(f, scaleOf)),
  };
}

/**
 * Create a tariff (not the default; organizations are put on it with `assignTariff`).
 * @param input.name 1 to 100 characters, unique (case-insensitive)
 * @returns before null, after the new tariff (no fees, no organizations)
 * @throws DomainError VALIDATION_FAILED on `name` (empty, too long, `isUnique`)
 */
export async function createTariff(db: Database, input: { name: string }): Promise<Change<OpsTariff | null>> {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name.length < 1 || name.length > 100) throw fieldError("name", "length", "name must be 1 to 100 characters");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tariffs:create'))`);
    const [clash] = await tx
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(sql`lower(${tariffs.name}) = lower(${name})`);
    if (clash) throw fieldError("name", "isUnique", "A tariff with this name exists");
    const [row] = await tx.insert(tariffs).values({ name }).returning();
    return { before: null, after: { id: row.id, name: row.name, isDefault: row.isDefault, organizationCount: 0, fees: [] } };
  });
}

/**
 * Put an organization on a tariff, or back on the default one (`tariffId` null). Its custom fees stay.
 * @returns before/after `{ organizationId, tariffId, tariffName }` (tariffId null: the default)
 * @throws DomainError NOT_FOUND (organization); VALIDATION_FAILED on `tariffId` (no such tariff)
 */
export async function assignTariff(
  db: Database,
  input: { organizationId: string; tariffId: string | null },
): Promise<Change<{ organizationId: string; tariffId: string | null; tariffName: string | null }>> {
  return db.transaction(async (tx) => {
    const org = await findOrganization(tx, input.organizationId, true);
    const tariff = input.tariffId === null ? null : await findTariff(tx, input.tariffId);
    const name = async (id: string | null) =>
      id === null ? null : ((await tx.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, id)))[0]?.name ?? null);
    const before = { organizationId: org.id, tariffId: org.tariffId, tariffName: await name(org.tariffId) };
    await tx
      .update(organizations)
      .set({ tariffId: tariff?.id ?? null })
      .where(eq(organizations.id, org.id));
    return { before, after: { organizationId: org.id, tariffId: tariff?.id ?? null, tariffName: tariff?.name ?? null } };
  });
}

/** The default tariff as a change records it. */
export interface DefaultTariff {
  tariffId: string | null;
  tariffName: string | null;
  /** Organizations without a tariff of their own: whose fees follow the default. */
  organizationsOnDefault: number;
}

/**
 * Make `tariffId` the bank's default tariff (the one every organization without a tariff of its
 * own pays: it reprices all of them from their next payment). The previous default is unmarked
 * in the same transaction (serialised by a lock), so exactly one tariff is the default after;
 * organizations put on a tariff explicitly keep theirs. Making the default the default again
 * changes nothing (before = after).
 * @returns before/after `{ tariffId, tariffName, organizationsOnDefault }`
 * @throws DomainError VALIDATION_FAILED on `tariffId` (isTariff: no such tariff)
 */
export async function setDefaultTariff(db: Database, input: { tariffId: string }): Promise<Change<DefaultTariff>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tariffs:default'))`);
    const tariff = await findTariff(tx, input.tariffId);
    const [current] = await tx
      .select({ id: tariffs.id, name: tariffs.name })
      .from(tariffs)
      .where(eq(tariffs.isDefault, true))
      .orderBy(tariffs.createdAt, tariffs.id)
      .limit(1);
    const [{ n }] = await tx.select({ n: count() }).from(organizations).where(isNull(organizations.tariffId));
    const organizationsOnDefault = Number(n);
    await tx
      .update(tariffs)
      .set({ isDefault: sql`${tariffs.id} = ${tariff.id}` })
      .where(or(eq(tariffs.isDefault, true), eq(tariffs.id, tariff.id)));
    return {
      before: { tariffId: current?.id ?? null, tariffName: current?.name ?? null, organizationsOnDefault },
      after: { tariffId: tariff.id, tariffName: tariff.name, organizationsOnDefault },
    };
  });
}

/**
 * Set a fee (see the module doc: replaces the fee with the same owner, kind, type and currency,
 * else adds one). In force for the next payment (or exchange, or monthly run).
 *
 * Rules (each a field error, all reported at once):
 * - exactly one owner: `tariffId` (an existing tariff) or `organizationId` (an existing organization);
 * - `paymentType`: null, or one of the kind's provider types (RAILS); SERVICE and EXCHANGE have none;
 * - `currencyId`, `feeCurrencyId`: null or a currency of the bank; SERVICE applies to no payment
 *   currency and must be FIXED with a `feeCurrencyId`; an EXCHANGE fee is charged in the sold
 *   currency, so its `feeCurrencyId` is null (or the fee's `currencyId`);
 * - PERCENT: `feePercentAmount` 0 < p ≤ 100 with at most 6 decimals; `feePercentMinAmount` and
 *   `feePercentMaxAmount` optional, ≥ 0, at the payment currency's scale (9 decimals when the fee
 *   names no currency), min ≤ max; no fixed fields;
 * - FIXED: `feeFixedAmount` > 0 at the scale of `feeCurrencyId` (else `currencyId`, else 9); no percent fields.
 * @param input contract OpsSetFeeRequest (validated here with `setFeeSchema`)
 * @returns before (the replaced fee, or null) and after (the fee now in force), contract Fee
 * @throws DomainError VALIDATION_FAILED (field errors), NOT_FOUND (organization)
 */
export async function setFee(db: Database, input: OpsSetFeeRequest): Promise<Change<Fee | null>> {
  const parsed = setFeeSchema.safeParse(input);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const f = parsed.data;
  const scales = new Map(
    (await db.select({ id: currencies.id, scale: currencies.scale }).from(currencies)).map((c) => [c.id, c.scale]),
  );
  const errors: { property: string; rule: string; message: string }[] = [];
  const err = (property: string, rule: string, message: string) => errors.push({ property, rule, message });

  if ((f.tariffId === null) === (f.organizationId === null))
    err("tariffId", "isOwner", "Give exactly one of tariffId and organizationId");
  const kind = f.paymentKind;
  const railTypes: readonly string[] = kind in RAILS ? RAILS[kind as keyof typeof RAILS].paymentTypes : [];
  if (f.paymentType !== null && !railTypes.includes(f.paymentType))
    err(
      "paymentType",
      "isPaymentType",
      railTypes.length
        ? `paymentType must be one of ${railTypes.join(", ")} (or empty: any)`
        : `${kind} fees have no paymentType`,
    );
  for (const key of ["currencyId", "feeCurrencyId"] as const)
    if (f[key] !== null && !scales.has(f[key]!)) err(key, "isCurrency", `${key} is not a currency of the bank`);
  if (kind === SERVICE_FEE_KIND) {
    if (f.currencyId !== null) err("currencyId", "isEmpty", "A service fee applies to no payment currency");
    if (f.feeAmountType !== "FIXED") err("feeAmountType", "isFixed", "A service fee is FIXED");
    else if (f.feeCurrencyId === null) err("feeCurrencyId", "isNotEmpty", "A service fee needs feeCurrencyId");
  }
  if (kind === "EXCHANGE" && f.feeCurrencyId !== null && f.feeCurrencyId !== f.currencyId)
    err("feeCurrencyId", "isSoldCurrency", "An exchange fee is charged in the sold currency: leave feeCurrencyId empty");

  const amount = (property: string, value: string | null, scale: number, opts: { allowZero?: boolean; max?: string } = {}) => {
    if (value === null) return null;
    const check = validateWireAmount(value, { scale, allowZero: opts.allowZero });
    if (!check.ok) {
      err(property, check.error, amountErrorText(check.error, property));
      return null;
    }
    if (opts.max && new Decimal(check.value).gt(opts.max)) {
      err(property, "max", `${property} must be at most ${opts.max}`);
      return null;
    }
    return check.value;
  };
  const values = {
    feePercentAmount: null as string | null,
    feePercentMinAmount: null as string | null,
    feePercentMaxAmount: null as string | null,
    feeFixedAmount: null as string | null,
    feeCurrencyId: null as string | null,
  };
  if (f.feeAmountType === "PERCENT") {
    const paymentScale = f.currencyId !== null ? (scales.get(f.currencyId) ?? MAX_SCALE) : MAX_SCALE;
    if (f.feePercentAmount === null) err("feePercentAmount", "required", "feePercentAmount should not be empty");
    values.feePercentAmount = amount("feePercentAmount", f.feePercentAmount, 6, { max: "100" });
    values.feePercentMinAmount = amount("feePercentMinAmount", f.feePercentMinAmount, paymentScale, { allowZero: true });
    values.feePercentMaxAmount = amount("feePercentMaxAmount", f.feePercentMaxAmount, paymentScale, { allowZero: true });
    if (
      values.feePercentMinAmount &&
      values.feePercentMaxAmount &&
      new Decimal(values.feePercentMinAmount).gt(values.feePercentMaxAmount)
    )
      err("feePercentMaxAmount", "isAtLeastMin", "feePercentMaxAmount must be at least feePercentMinAmount");
    for (const key of ["feeFixedAmount", "feeCurrencyId"] as const)
      if (f[key] !== null) err(key, "isEmpty", `A PERCENT fee has no ${key}`);
  } else {
    const feeCurrency = f.feeCurrencyId ?? f.currencyId;
    const scale = feeCurrency !== null ? (scales.get(feeCurrency) ?? MAX_SCALE) : MAX_SCALE;
    if (f.feeFixedAmount === null) err("feeFixedAmount", "required", "feeFixedAmount should not be empty");
    values.feeFixedAmount = amount("feeFixedAmount", f.feeFixedAmount, scale);
    values.feeCurrencyId = f.feeCurrencyId;
    for (const key of ["feePercentAmount", "feePercentMinAmount", "feePercentMaxAmount"] as const)
      if (f[key] !== null) err(key, "isEmpty", `A FIXED fee has no ${key}`);
  }
  if (errors.length) throw collect(errors);

  return db.transaction(async (tx) => {
    // The owner's row is locked: two settings of the same fee at once cannot both insert.
    if (f.tariffId !== null) {
      const [t] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.id, f.tariffId)).for("update");
      if (!t) throw fieldError("tariffId", "isTariff", "tariffId is not a tariff of the bank");
    } else await findOrganization(tx, f.organizationId!, true);
    const key = and(
      f.tariffId !== null
        ? and(eq(fees.tariffId, f.tariffId), isNull(fees.organizationId))
        : eq(fees.organizationId, f.organizationId!),
      eq(fees.paymentKind, kind),
      f.paymentType === null ? isNull(fees.paymentType) : eq(fees.paymentType, f.paymentType),
      f.currencyId === null ? isNull(fees.currencyId) : eq(fees.currencyId, f.currencyId),
    );
    const [existing] = await tx.select().from(fees).where(key).orderBy(fees.createdAt, fees.id).limit(1);
    const row = {
      name: f.name,
      feeAmountType: f.feeAmountType,
      ...values,
    };
    let saved: FeeRow;
    if (existing) {
      [saved] = await tx.update(fees).set(row).where(eq(fees.id, existing.id)).returning();
    } else {
      [saved] = await tx
        .insert(fees)
        .values({
          tariffId: f.tariffId,
          organizationId: f.organizationId,
          paymentKind: kind,
          paymentType: f.paymentType,
          currencyId: f.currencyId,
          ...row,
        })
        .returning();
    }
    const scaleOf = (id: string | null) => (id === null ? null : (scales.get(id) ?? null));
    return { before: existing ? feeToWire(existing, scaleOf) : null, after: feeToWire(saved, scaleOf) };
  });
}

/**
 * Remove a fee: payments it applied to fall back to the next source (a custom fee's tariff; a
 * tariff fee's less specific row), or are free.
 * @returns before (the fee) and after null
 * @throws DomainError NOT_FOUND when no fee has this id
 */
export async function removeFee(db: Database, input: { feeId: string }): Promise<Change<Fee | null>> {
  if (!z.string().uuid().safeParse(input.feeId).success) throw new DomainError("NOT_FOUND", "Fee not found");
  const scaleOf = await scaleLookup(db);
  const [gone] = await db.delete(fees).where(eq(fees.id, input.feeId)).returning();
  if (!gone) throw new DomainError("NOT_FOUND", "Fee not found");
  return { before: feeToWire(gone, scaleOf), after: null };
}

/** The fee `feeId` (contract Fee) and its owner, or NOT_FOUND. */
export async function getFee(db: Db, feeId: string): Promise<Fee & { tariffId: string | null; organizationId: string | null }> {
  if (!z.string().uuid().safeParse(feeId).success) throw new DomainError("NOT_FOUND", "Fee not found");
  const [row] = await db.select().from(fees).where(eq(fees.id, feeId));
  if (!row) throw new DomainError("NOT_FOUND", "Fee not found");
  return { ...feeToWire(row, await scaleLookup(db)), tariffId: row.tariffId, organizationId: row.organizationId };
}

/** The order fees are listed in (as the customer's fees tab). */
function feeOrder() {
  return [sql`(${fees.paymentKind} = 'SERVICE') desc`, fees.paymentKind, fees.paymentType, fees.currencyId, fees.name, fees.id];
}

async function scaleLookup(db: Db): Promise<(id: string | null) => number | null> {
  const scales = new Map(
    (await db.select({ id: currencies.id, scale: currencies.scale }).from(currencies)).map((c) => [c.id, c.scale]),
  );
  return (id) => (id === null ? null : (scales.get(id) ?? null));
}

type OrgRow = typeof organizations.$inferSelect;

/** The organization, optionally locked; NOT_FOUND when it does not exist (or the id is not a uuid). */
async function findOrganization(db: Db, id: string, lock = false): Promise<OrgRow> {
  if (!z.string().uuid().safeParse(id).success) throw new DomainError("NOT_FOUND", "Organization not found");
  const q = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new DomainError("NOT_FOUND", "Organization not found");
  return row;
}

/** The tariff, or a field error on `tariffId`. */
async function findTariff(db: Db, id: string): Promise<{ id: string; name: string }> {
  const [row] = z.string().uuid().safeParse(id).success
    ? await db.select({ id: tariffs.id, name: tariffs.name }).from(tariffs).where(eq(tariffs.id, id))
    : [];
  if (!row) throw fieldError("tariffId", "isTariff", "tariffId is not a tariff of the bank");
  return row;
}

/**
 * Organizations whose company, first or last name contains `q` (case-insensitive; all when
 * empty), by name, at most 20: the organization picker of /ops/tariffs and /ops/settings.
 */
export async function searchOrganizations(
  db: Db,
  q: string,
): Promise<{ id: string; name: string; type: string; tariffId: string | null }[]> {
  const like = q.trim() ? `%${escapeLike(q.trim())}%` : null;
  const rows = await db
    .select()
    .from(organizations)
    .where(
      like
        ? or(ilike(organizations.companyName, like), ilike(organizations.firstName, like), ilike(organizations.lastName, like))
        : undefined,
    )
    .orderBy(asc(organizations.companyName), asc(organizations.lastName), asc(organizations.id))
    .limit(20);
  return rows.map((o) => ({ id: o.id, name: orgName(o), type: o.type, tariffId: o.tariffId }));
}

/** How staff screens name an organization: the company name, else the person's name. */
export function orgName(o: Pick<OrgRow, "companyName" | "firstName" | "lastName">): string {
  return o.companyName ?? ([o.firstName, o.lastName].filter(Boolean).join(" ") || "—");
}

/** Field errors → one VALIDATION_FAILED (first rule per property). */
function collect(errors: { property: string; rule: string; message: string }[]): DomainError {
  const by = new Map<string, Record<string, string>>();
  for (const e of errors) by.set(e.property, { ...(by.get(e.property) ?? {}), [e.rule]: e.message });
  return new DomainError(
    "VALIDATION_FAILED",
    [...by].map(([property, constraints]) => ({ property, constraints })),
  );
}
