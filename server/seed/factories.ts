/**
 * One small factory per entity, shared by the demo seed (server/seed/seed.ts) and the tests
 * (design note "Tests: a factory per entity for seed and tests").
 *
 * Conventions:
 * - `db` is a Database or a transaction (`Tx`); each factory writes through it.
 * - Money is a decimal string in major units ("100.00", "-5.00"), never a float; currencies
 *   are ISO 4217 codes (or asset tickers) that must exist in `currencies`.
 * - Defaults are unique per call (module counter with a random per-process base, or
 *   randomUUID), so many customers can be made in one database; phones default to
 *   +4477009NNNNN with NNNNN ≥ 10000, outside the +447700900xxx numbers the seed and tests use.
 * - Balances only move through real, balanced ledger transactions (`fund`, `postExternal`):
 *   `balances.amount` is never written directly.
 * - Reference data (currencies, settings) and the system accounts come from the seed; call
 *   the factories on a seeded database.
 */
import { randomInt } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { composeIBAN } from "ibantools";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../db/client.js";
import {
  accounts,
  balances,
  beneficiaries,
  cards,
  fees,
  organizationMembers,
  organizations,
  payments,
  tariffs,
  users,
} from "../db/schema/index.js";
import { postTransaction, type OperationType, type PostedTransaction } from "../domain/ledger/index.js";
import { Decimal } from "../domain/ledger/money.js";
import { systemBalanceId, type SystemCode } from "../domain/ledger/system.js";

type Db = Database | Tx;
export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type BalanceRow = typeof balances.$inferSelect;
export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type TariffRow = typeof tariffs.$inferSelect;
export type FeeRow = typeof fees.$inferSelect;
export type OrganizationKind = "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";

/** Password of every demo user and the factories' default password. */
export const DEFAULT_PASSWORD = "Bank-Demo-2026";
/** Our bank's identifiers: BIC and UK sort code (server/domain/bank-details.ts). */
export { BANK_BIC, BANK_SORT_CODE } from "../domain/bank-details.js";
import { BANK_BIC, BANK_SORT_CODE } from "../domain/bank-details.js";

// Unique defaults: a counter from a random per-process base (two processes on one database
// are unlikely to collide; one process never does).
let seq = 0;
const base = randomInt(0, 1_000_000);
const next = () => ++seq;

/** A fresh fictional UK mobile number: +4477009 followed by 5 digits in 10000–99999. */
export function uniquePhone(): string {
  return `+4477009${10_000 + ((base + next()) % 90_000)}`;
}

/** A fresh 8-digit account number in 90000000–99999999 (the seed uses 1000000N). */
export function uniqueAccountNumber(): string {
  return String(90_000_000 + ((base + next()) % 10_000_000));
}

const hashes = new Map<string, Promise<string>>();
/**
 * argon2id hash (PHC string) of `password`, memoised per process so tests making many users
 * hash once. For test and demo data only: memoised hashes share a salt.
 */
export function passwordHashFor(password: string = DEFAULT_PASSWORD): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hash(password);
    hashes.set(password, h);
  }
  return h;
}

export interface CreateUserInput {
  /** E.164; default `uniquePhone()`. */
  phone?: string;
  /** Plain password, hashed with argon2id (default DEFAULT_PASSWORD). Ignored when `passwordHash` is given. */
  password?: string;
  /** Precomputed argon2id PHC string (skips hashing). */
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  /** Default true (KYC passed). */
  identified?: boolean;
  email?: string | null;
  /** yyyy-mm-dd; default "1988-04-12". */
  dob?: string | null;
  /** ISO 3166-1 alpha-2; default "GB". */
  nationalityId?: string | null;
  /** ACTIVE | BLOCKED; default ACTIVE. */
  status?: string;
  otpChannel?: "SMS" | "WHATSAPP";
  createdAt?: Date;
}

/** Insert a user who can log in with `phone` + password. Returns the users row. */
export async function createUser(db: Db, input: CreateUserInput = {}): Promise<UserRow> {
  const n = next();
  const [u] = await db
    .insert(users)
    .values({
      phone: input.phone ?? uniquePhone(),
      passwordHash: input.passwordHash ?? (await passwordHashFor(input.password)),
      firstName: input.firstName ?? "Test",
      lastName: input.lastName ?? `User ${n}`,
      identified: input.identified ?? true,
      email: input.email ?? null,
      dob: input.dob === undefined ? "1988-04-12" : input.dob,
      nationalityId: input.nationalityId === undefined ? "GB" : input.nationalityId,
      ...(input.status ? { status: input.status } : {}),
      ...(input.otpChannel ? { otpChannel: input.otpChannel } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return u;
}

export interface CreateOrganizationInput {
  type: OrganizationKind;
  /** CORPORATE default "Test Company N Ltd"; optional for the others. */
  companyName?: string | null;
  /** 8 digits; CORPORATE default derived from the counter. */
  companyNumber?: string | null;
  /** INDIVIDUAL / COMPANY_OFFICIAL holder's names. */
  firstName?: string | null;
  lastName?: string | null;
  /** CORPORATE: the registered address and the two "same as registered" flags (default none). */
  registered?: Pick<
    typeof organizations.$inferInsert,
    | "registeredAddress1"
    | "registeredAddress2"
    | "registeredCity"
    | "registeredPostalCode"
    | "registeredCountryId"
    | "businessAddressSameAsRegistered"
    | "correspondenceAddressSameAsRegistered"
  >;
  createdAt?: Date;
}

/** Insert an organization (customer). Returns the organizations row. */
export async function createOrganization(db: Db, input: CreateOrganizationInput): Promise<OrganizationRow> {
  const n = next();
  const corporate = input.type === "CORPORATE";
  const [o] = await db
    .insert(organizations)
    .values({
      type: input.type,
      companyName: input.companyName !== undefined ? input.companyName : corporate ? `Test Company ${n} Ltd` : null,
      companyNumber:
        input.companyNumber !== undefined
          ? input.companyNumber
          : corporate
            ? String(10_000_000 + ((base + n) % 89_999_999))
            : null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      ...(input.registered ?? {}),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return o;
}

export interface AddMemberInput {
  organizationId: string;
  userId: string;
  /** NONE (no signature duty: creates payments, a SINGLE member signs them) | SINGLE; default SINGLE. */
  signatureType?: "NONE" | "SINGLE";
  /** MAIN_REPRESENTATIVE | DIRECTOR | SHAREHOLDER | OFFICIAL, or null for INDIVIDUAL; default null. */
  companyOfficialType?: string | null;
  /** Default APPROVED. */
  status?: string;
  createdAt?: Date;
}

/** Make a user a member ("client official") of an organization. Returns the membership row. */
export async function addMember(db: Db, input: AddMemberInput): Promise<MemberRow> {
  const [m] = await db
    .insert(organizationMembers)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      signatureType: input.signatureType ?? "SINGLE",
      companyOfficialType: input.companyOfficialType ?? null,
      ...(input.status ? { status: input.status } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return m;
}

/** A currency of a new account: ISO code, or with an overdraft limit (decimal string, major units). */
export type AccountCurrency = string | { currencyId: string; overdraftValue?: string };

export interface CreateAccountInput {
  organizationId: string;
  /** Default "Account N". */
  name?: string;
  /** 8 digits; default `uniqueAccountNumber()`. */
  number?: string;
  /** Default: GB IBAN composed from BDEM + sortCode + number. */
  iban?: string;
  /** Default BANK_BIC. */
  bic?: string;
  /** 6 digits; default BANK_SORT_CODE. */
  sortCode?: string;
  /** One balance per entry, created in this order (amount 0; use `fund` to put money in). */
  currencies: AccountCurrency[];
  /** Account-level overdraft switch (a balance's overdraft applies only when this is true too). Default false. */
  overdraftEnabled?: boolean;
  /** Account createdAt; balance i gets createdAt + i × 600 ms (stable order). */
  createdAt?: Date;
}

export interface CreatedAccount {
  account: AccountRow;
  /** Balance rows keyed by currency code (amounts as created: "0"). */
  balances: Record<string, BalanceRow>;
}

/** Insert a customer account with one zero balance per currency. */
export async function createAccount(db: Db, input: CreateAccountInput): Promise<CreatedAccount> {
  const n = next();
  const number = input.number ?? uniqueAccountNumber();
  const sortCode = input.sortCode ?? BANK_SORT_CODE;
  const iban = input.iban ?? composeIBAN({ countryCode: "GB", bban: `BDEM${sortCode}${number}` });
  const [account] = await db
    .insert(accounts)
    .values({
      organizationId: input.organizationId,
      name: input.name ?? `Account ${n}`,
      number,
      iban,
      bic: input.bic ?? BANK_BIC,
      sortCode,
      overdraftEnabled: input.overdraftEnabled ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  const t0 = (input.createdAt ?? new Date()).getTime();
  const rows = input.currencies.length
    ? await db
        .insert(balances)
        .values(
          input.currencies.map((c, i) => {
            const { currencyId, overdraftValue } = typeof c === "string" ? { currencyId: c, overdraftValue: undefined } : c;
            return {
              accountId: account.id,
              currencyId,
              overdraftEnabled: Boolean(overdraftValue),
              overdraftValue: overdraftValue ?? "0",
              createdAt: new Date(t0 + i * 600),
            };
          }),
        )
        .returning()
    : [];
  return { account, balances: Object.fromEntries(rows.map((b) => [b.currencyId, b])) };
}

export interface PostExternalInput {
  balanceId: string;
  /** Signed decimal string in major units: + money arriving, − money leaving (card payment, fee). */
  amount: string;
  /** Who the money came from / went to, shown in the history. */
  counterpartyName: string;
  counterpartyAccount?: string | null;
  reference?: string | null;
  /** Default COMMON. */
  operationType?: OperationType;
  /** Value date; default now. */
  transferDate?: Date;
  /** Ledger kind; default INCOMING (+), FEE (− SERVICE_FEE) or OUTGOING (−). */
  kind?: string;
  /** Default reference ?? counterpartyName. */
  description?: string;
  /** Counterparty name on the clearing leg (the customer's name). */
  holderName?: string | null;
}

/**
 * Post a real, balanced ledger transaction between a customer balance and the bank's
 * EXTERNAL_CLEARING system account in the same currency (the funding side: money from / to
 * other banks). Respects the balance floor like any payment (400 INSUFFICIENT_FUNDS).
 */
export async function postExternal(db: Db, input: PostExternalInput): Promise<PostedTransaction> {
  const amount = new Decimal(input.amount);
  const operationType = input.operationType ?? "COMMON";
  const reference = input.reference ?? null;
  return (db as Database).transaction(async (tx) => {
    const [b] = await tx.select({ currencyId: balances.currencyId }).from(balances).where(eq(balances.id, input.balanceId));
    if (!b) throw new Error(`Unknown balance ${input.balanceId}`);
    const clearing = await systemBalanceId(tx, "EXTERNAL_CLEARING", b.currencyId);
    return postTransaction(tx, {
      kind: input.kind ?? (amount.gt(0) ? "INCOMING" : operationType === "SERVICE_FEE" ? "FEE" : "OUTGOING"),
      description: input.description ?? input.reference ?? input.counterpartyName,
      transferDate: input.transferDate,
      postings: [
        {
          balanceId: input.balanceId,
          amount,
          counterpartyName: input.counterpartyName,
          counterpartyAccount: input.counterpartyAccount ?? null,
          reference,
          operationType,
        },
        { balanceId: clearing, amount: amount.neg(), counterpartyName: input.holderName ?? null, reference, operationType },
      ],
    });
  });
}

export interface FundInput {
  balanceId: string;
  /** Positive decimal string in major units, e.g. "100.00". */
  amount: string;
  /** Default "Opening transfer". */
  counterpartyName?: string;
  reference?: string | null;
  /** Value date; default now. */
  transferDate?: Date;
  counterpartyAccount?: string | null;
  holderName?: string | null;
}

/** Put money on a balance: an INCOMING ledger transaction from EXTERNAL_CLEARING (see `postExternal`). */
export async function fund(db: Db, input: FundInput): Promise<PostedTransaction> {
  if (!new Decimal(input.amount).gt(0)) throw new Error(`fund needs a positive amount, got ${input.amount}`);
  return postExternal(db, { ...input, counterpartyName: input.counterpartyName ?? "Opening transfer" });
}

export interface CreateBeneficiaryInput {
  organizationId: string;
  /** Default "Beneficiary N". */
  name?: string;
  nickname?: string | null;
  /** INDIVIDUAL | COMPANY; default INDIVIDUAL. */
  beneficiaryType?: string;
  /** LOCAL | INTERNATIONAL | INTERNAL …; default LOCAL. */
  paymentType?: string;
  /** ISO 4217; default EUR (with a valid German IBAN/BIC unless given). */
  currencyId?: string;
  iban?: string | null;
  bic?: string | null;
  sortCode?: string | null;
  bankAccountNumber?: string | null;
  aba?: string | null;
  /** ISO 3166-1 alpha-2. */
  countryId?: string | null;
  bankName?: string | null;
  /** DRAFT | UNDER_REVIEW | APPROVED …; default APPROVED (only APPROVED ones can be paid). */
  status?: string;
}

/** Insert a saved beneficiary. Returns the beneficiaries row. */
export async function createBeneficiary(db: Db, input: CreateBeneficiaryInput): Promise<BeneficiaryRow> {
  const n = next();
  const currencyId = input.currencyId ?? "EUR";
  const euroDefaults = currencyId === "EUR" && input.iban === undefined && input.sortCode === undefined;
  const [b] = await db
    .insert(beneficiaries)
    .values({
      organizationId: input.organizationId,
      name: input.name ?? `Beneficiary ${n}`,
      nickname: input.nickname ?? null,
      beneficiaryType: input.beneficiaryType ?? "INDIVIDUAL",
      paymentType: input.paymentType ?? "LOCAL",
      currencyId,
      iban: input.iban ?? (euroDefaults ? "DE89370400440532013000" : null),
      bic: input.bic ?? (euroDefaults ? "COBADEFFXXX" : null),
      sortCode: input.sortCode ?? null,
      bankAccountNumber: input.bankAccountNumber ?? null,
      aba: input.aba ?? null,
      countryId: input.countryId ?? (euroDefaults ? "DE" : null),
      bankName: input.bankName ?? null,
      status: input.status ?? "APPROVED",
    })
    .returning();
  return b;
}

export interface CreateCustomerInput {
  /** Organization type; default INDIVIDUAL. */
  type?: OrganizationKind;
  /** E.164; default `uniquePhone()`. */
  phone?: string;
  password?: string;
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  /** Default true. */
  identified?: boolean;
  /** CORPORATE (default "Test Company N Ltd") or COMPANY_OFFICIAL company name. */
  companyName?: string;
  /** CORPORATE company number (default derived from the counter). */
  companyNumber?: string;
  /** Default SINGLE. */
  signatureType?: "NONE" | "SINGLE";
  /** Default MAIN_REPRESENTATIVE (CORPORATE), DIRECTOR (COMPANY_OFFICIAL), null (INDIVIDUAL). */
  companyOfficialType?: string | null;
  /**
   * Ending balances of one account, ISO code → decimal string, e.g. { GBP: "100.00", EUR: "0" }:
   * one balance per key, funded through `fund` when > 0. Default { GBP: "0" }, or no account
   * at all for COMPANY_OFFICIAL.
   */
  balances?: Record<string, string>;
  /** Default "Main account". */
  accountName?: string;
  /** Overdraft limits per currency (decimal strings); enables the account's overdraft. */
  overdrafts?: Record<string, string>;
}

export interface CreatedCustomer {
  user: UserRow;
  organization: OrganizationRow;
  member: MemberRow;
  /** Null when the customer has no account (COMPANY_OFFICIAL default). */
  account: AccountRow | null;
  /** Balance rows keyed by currency code, re-read after funding (amount as stored, numeric(38,18) string). */
  balances: Record<string, BalanceRow>;
  phone: string;
}

/**
 * A ready customer: user + organization + membership + (optionally) one funded account.
 * `await createCustomer(db, { type: "INDIVIDUAL", balances: { GBP: "100.00" } })`.
 */
export async function createCustomer(db: Db, input: CreateCustomerInput = {}): Promise<CreatedCustomer> {
  const type = input.type ?? "INDIVIDUAL";
  const user = await createUser(db, {
    phone: input.phone,
    password: input.password,
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    identified: input.identified,
  });
  const organization = await createOrganization(db, {
    type,
    companyName: input.companyName,
    ...(input.companyNumber ? { companyNumber: input.companyNumber } : {}),
    ...(type === "CORPORATE" ? {} : { firstName: user.firstName, lastName: user.lastName }),
  });
  const member = await addMember(db, {
    organizationId: organization.id,
    userId: user.id,
    signatureType: input.signatureType,
    companyOfficialType:
      input.companyOfficialType !== undefined
        ? input.companyOfficialType
        : type === "CORPORATE"
          ? "MAIN_REPRESENTATIVE"
          : type === "COMPANY_OFFICIAL"
            ? "DIRECTOR"
            : null,
  });
  const wanted = input.balances ?? (type === "COMPANY_OFFICIAL" ? null : { GBP: "0" });
  if (!wanted) return { user, organization, member, account: null, balances: {}, phone: user.phone };
  const overdrafts = input.overdrafts ?? {};
  const created = await createAccount(db, {
    organizationId: organization.id,
    name: input.accountName ?? "Main account",
    currencies: Object.keys(wanted).map((currencyId) => ({ currencyId, overdraftValue: overdrafts[currencyId] })),
    overdraftEnabled: Object.keys(overdrafts).length > 0,
  });
  const holder = organization.companyName ?? [user.firstName, user.lastName].filter(Boolean).join(" ");
  for (const [currencyId, amount] of Object.entries(wanted)) {
    if (new Decimal(amount).gt(0)) {
      await fund(db, {
        balanceId: created.balances[currencyId].id,
        amount,
        counterpartyName: holder,
        reference: "Opening transfer",
        holderName: holder,
      });
    }
  }
  const rows = await db.select().from(balances).where(eq(balances.accountId, created.account.id));
  return {
    user,
    organization,
    member,
    account: created.account,
    balances: Object.fromEntries(rows.map((b) => [b.currencyId, b])),
    phone: user.phone,
  };
}

export interface CreateTariffInput {
  /** Default "Tariff N". */
  name?: string;
  /** The tariff of every organization whose `tariff_id` is null; default false. */
  isDefault?: boolean;
  /** Organizations put on this tariff (`organizations.tariff_id`). */
  organizationIds?: string[];
  createdAt?: Date;
}

/** Insert a tariff (spec 001 §3 Organization.tariff) and optionally put organizations on it. Returns the tariffs row. */
export async function createTariff(db: Db, input: CreateTariffInput = {}): Promise<TariffRow> {
  const [t] = await db
    .insert(tariffs)
    .values({
      name: input.name ?? `Tariff ${next()}`,
      isDefault: input.isDefault ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  for (const organizationId of input.organizationIds ?? []) {
    await db.update(organizations).set({ tariffId: t.id }).where(eq(organizations.id, organizationId));
  }
  return t;
}

/**
 * What a fee charges and on which payments (spec 001 §3 Fee), without its owner. Amounts are
 * decimal strings in major units of their currency ("0.50"; "0.20" = 0.20 % for a percent);
 * currencies are ISO 4217 codes or asset tickers.
 */
export type FeeRuleInput = {
  /** Default "Fee N". */
  name?: string;
  /** Contract PaymentKind (EURO, GBP, USD, INTERNATIONAL, …). */
  paymentKind: string;
  /** Provider payment type (SEPA_SCT, SWIFT …); null/omitted = any. */
  paymentType?: string | null;
  /** Payment currency; null/omitted = any. */
  currencyId?: string | null;
  createdAt?: Date;
} & (
  | {
      feeAmountType: "PERCENT";
      /** Percent, e.g. "0.20". */
      feePercentAmount: string;
      /** In the payment currency; null/omitted = no floor / no ceiling. */
      feePercentMinAmount?: string | null;
      feePercentMaxAmount?: string | null;
    }
  | {
      feeAmountType: "FIXED";
      feeFixedAmount: string;
      /** Currency of the fixed amount; null/omitted = the payment currency. */
      feeCurrencyId?: string | null;
    }
);

/** A fee of a tariff (`tariffId`) or custom to one organization (`organizationId`): exactly one of the two. */
export type CreateFeeInput = FeeRuleInput &
  ({ tariffId: string; organizationId?: undefined } | { organizationId: string; tariffId?: undefined });

/** Insert a fee row (see `CreateFeeInput`; server/domain/fees decides which row applies). Returns the fees row. */
export async function createFee(db: Db, input: CreateFeeInput): Promise<FeeRow> {
  if (!input.tariffId === !input.organizationId) throw new Error("createFee needs exactly one of tariffId and organizationId");
  const percent = input.feeAmountType === "PERCENT" ? input : null;
  const fixed = input.feeAmountType === "FIXED" ? input : null;
  const [f] = await db
    .insert(fees)
    .values({
      tariffId: input.tariffId ?? null,
      organizationId: input.organizationId ?? null,
      name: input.name ?? `Fee ${next()}`,
      paymentKind: input.paymentKind,
      paymentType: input.paymentType ?? null,
      currencyId: input.currencyId ?? null,
      feeAmountType: input.feeAmountType,
      feePercentAmount: percent?.feePercentAmount ?? null,
      feePercentMinAmount: percent?.feePercentMinAmount ?? null,
      feePercentMaxAmount: percent?.feePercentMaxAmount ?? null,
      feeFixedAmount: fixed?.feeFixedAmount ?? null,
      feeCurrencyId: fixed?.feeCurrencyId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return f;
}

export type PaymentRow = typeof payments.$inferSelect;

export interface CreatePendingPaymentInput {
  organizationId: string;
  createdByUserId: string;
  accountId: string;
  /** The payer's balance (in `currencyId`) the payment will debit when signed. */
  debitBalanceId: string;
  currencyId: string;
  /** Decimal string in major units ("1240.00"). */
  amount: string;
  /** Payment kind (EURO, GBP, …) and provider type (SEPA_SCT, FASTER_PAYMENT, …). */
  kind: string;
  paymentType?: string | null;
  /** System clearing account the payment settles to when signed (SEPA_CLEARING, FPS_CLEARING, …). */
  clearing: SystemCode;
  beneficiaryName: string;
  beneficiaryAccount?: string | null;
  beneficiaryBic?: string | null;
  beneficiaryId?: string | null;
  /** The rail's payee details as its `resolve` stores them (pound: sortCode, accountNumber; SEPA: speed). */
  payeeDetails?: Record<string, string | boolean | null>;
  reference?: string | null;
  /** Default `seed-<random>`: unique per organization. */
  idempotencyKey?: string;
  /** Milliseconds precision (the list's cursor is a JavaScript date); default now. */
  createdAt?: Date;
}

/**
 * Insert a payment AWAITING_SIGNATURE without a fee, as POST /v1/payments leaves it for a payer
 * with a signature duty: nothing posted (balances untouched) until it is signed. For demo data
 * and tests that need a pending payment of a given organization without going through the API.
 */
export async function createPendingPayment(db: Db, input: CreatePendingPaymentInput): Promise<PaymentRow> {
  const [p] = await db
    .insert(payments)
    .values({
      organizationId: input.organizationId,
      createdByUserId: input.createdByUserId,
      kind: input.kind,
      paymentType: input.paymentType ?? null,
      status: "AWAITING_SIGNATURE",
      accountId: input.accountId,
      debitBalanceId: input.debitBalanceId,
      creditBalanceId: await systemBalanceId(db, input.clearing, input.currencyId),
      currencyId: input.currencyId,
      amount: new Decimal(input.amount).toFixed(),
      beneficiaryId: input.beneficiaryId ?? null,
      beneficiaryName: input.beneficiaryName,
      beneficiaryAccount: input.beneficiaryAccount ?? null,
      beneficiaryBic: input.beneficiaryBic ?? null,
      payeeDetails: input.payeeDetails ?? {},
      reference: input.reference ?? null,
      idempotencyKey: input.idempotencyKey ?? `seed-${randomInt(1e9)}-${next()}`,
      requestHash: "seed",
      requiresSignature: true,
      createdAt: new Date(Math.floor((input.createdAt ?? new Date()).getTime())),
    })
    .returning();
  return p;
}

export type CardRow = typeof cards.$inferSelect;

export interface CreateCardInput {
  organizationId: string;
  accountId: string;
  /** A currency the account has a balance in; default GBP. */
  currencyId?: string;
  holderUserId?: string | null;
  cardName?: string;
  /** Default "VISA". */
  paymentSystem?: "VISA" | "MASTERCARD";
  /** Default "BLUE". */
  color?: "BLUE" | "BLACK" | "SILVER";
  prepaid?: boolean;
  /** Default ACTIVE. */
  status?: "ACTIVE" | "NEW" | "CANCELED" | "ORDERED" | "FROZEN" | "VOID";
  /** The last four digits only (never a full number); default a random 4 digits, null when ORDERED. */
  lastFour?: string | null;
  /** Decimal strings in the card's currency; default 1000.00 / 5000.00. */
  dailyLimit?: string;
  monthlyLimit?: string;
  /** MM/YY; default 11/29, null when ORDERED. */
  expiresOn?: string | null;
  createdAt?: Date;
}

/**
 * A card on an account (server/domain/cards; no PAN, no CVV: only the last four digits). For the
 * seed and tests; customers order cards through POST /v1/cards/order.
 */
export async function createCard(db: Db, input: CreateCardInput): Promise<CardRow> {
  const status = input.status ?? "ACTIVE";
  const ordered = status === "ORDERED";
  const system = input.paymentSystem ?? "VISA";
  const [c] = await db
    .insert(cards)
    .values({
      organizationId: input.organizationId,
      accountId: input.accountId,
      currencyId: input.currencyId ?? "GBP",
      holderUserId: input.holderUserId ?? null,
      cardName: input.cardName ?? (system === "VISA" ? "Visa card" : "Mastercard"),
      lastFour: input.lastFour !== undefined ? input.lastFour : ordered ? null : String(randomInt(0, 10_000)).padStart(4, "0"),
      paymentSystem: system,
      color: input.color ?? "BLUE",
      prepaid: input.prepaid ?? false,
      status,
      dailyLimit: input.dailyLimit ?? "1000.00",
      monthlyLimit: input.monthlyLimit ?? "5000.00",
      deliveryMethod: ordered ? "POST" : null,
      expiresOn: input.expiresOn !== undefined ? input.expiresOn : ordered ? null : "11/29",
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return c;
}
