/**
 * Database schema (Drizzle, PostgreSQL dialect). Runs unchanged on PGlite and PostgreSQL.
 *
 * Money columns are `numeric(38, 18)`: exact, read back as strings, converted to decimal.js
 * in code; never JavaScript floats. Times are `timestamptz` (UTC).
 *
 * Ledger model (server/domain/ledger): every balance row below is a ledger account for one
 * currency. A `ledger_transactions` row groups `postings`; the signed posting amounts of one
 * transaction sum to zero per currency (double entry). A positive posting increases the
 * balance it hits. Customer balances belong to customer accounts; the bank's own
 * clearing/settlement balances belong to system accounts (`accounts.system = true`,
 * `organization_id` null), which may go negative.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  type AnyPgColumn,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** PostgreSQL `bytea` (PGlite and node-postgres both read it back as bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Reference: currencies and crypto assets with their display/ledger scale. */
export const currencies = pgTable("currencies", {
  id: text("id").primaryKey(), // ISO 4217 or asset ticker
  name: text("name").notNull(),
  description: text("description").notNull(),
  scale: integer("scale").notNull(),
  crypto: boolean("crypto").notNull().default(false),
});

/** Users who log in. `passwordHash` is argon2id (PHC string). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone").notNull(), // E.164
    email: text("email"),
    passwordHash: text("password_hash").notNull(),
    status: text("status").notNull().default("ACTIVE"), // ACTIVE | BLOCKED
    identified: boolean("identified").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    dob: text("dob"), // yyyy-mm-dd
    nationalityId: text("nationality_id"), // ISO 3166-1 alpha-2
    otpChannel: text("otp_channel").notNull().default("SMS"), // SMS | WHATSAPP
    /** When an application's approval first identified the person (null: identified otherwise, or not yet). */
    verifiedAt: ts("verified_at"),
    /** When the person closed the "you are verified" popup (spec 000 §2; null: not yet). */
    verifiedNoticeAt: ts("verified_notice_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_phone_uq").on(t.phone)],
);

/** Customers: INDIVIDUAL, CORPORATE or COMPANY_OFFICIAL organizations (spec 001 §3). */
export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey().defaultRandom(),
  type: text("type").notNull(),
  companyName: text("company_name"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  companyNumber: text("company_number"),
  /** The organization's tariff (spec 001 §3 Organization.tariff); null = the default tariff. */
  tariffId: uuid("tariff_id"),
  /**
   * CORPORATE only (spec 000 §3 Organization; null for others): the registered address and
   * whether the business and correspondence addresses are the same, copied from the corporate
   * application when it is approved (applications/review.ts); kept here so the back office can
   * change it later without touching the application.
   */
  registeredAddress1: text("registered_address1"),
  registeredAddress2: text("registered_address2"),
  registeredCity: text("registered_city"),
  registeredPostalCode: text("registered_postal_code"),
  registeredCountryId: text("registered_country_id"),
  businessAddressSameAsRegistered: boolean("business_address_same_as_registered"),
  correspondenceAddressSameAsRegistered: boolean("correspondence_address_same_as_registered"),
  createdAt: createdAt(),
});

/**
 * Membership of a user in an organization ("clients officials", spec 001 §3 "Company official"):
 * who may act and sign. Only APPROVED rows with a user count for access (organizations/access.ts).
 * An official a main representative adds before the person is an identified customer is an
 * invitation: `userId` null, status INVITED, the person in `phone`/`firstName`/`lastName`/`email`;
 * it is linked to the user with that phone once that user is identified (organizations/officials.ts).
 */
export const organizationMembers = pgTable(
  "organization_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: uuid("user_id").references(() => users.id),
    companyOfficialType: text("company_official_type"), // MAIN_REPRESENTATIVE | DIRECTOR | ...
    signatureType: text("signature_type").notNull().default("SINGLE"), // NONE | SINGLE
    status: text("status").notNull().default("APPROVED"), // INVITED | APPROVED | SUSPENDED
    /** Role in the company: free text (e.g. "Finance director"), ≤ 100. */
    position: text("position"),
    /** Share held, 0–100 with 2 decimals. */
    percentage: numeric("percentage", { precision: 5, scale: 2 }),
    natureOfControl: text("nature_of_control"), // DIRECT_CONTROL | INDIRECT_CONTROL
    /** The invited person (E.164 phone, names, e-mail) while `userId` is null. */
    phone: text("phone"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("org_members_uq").on(t.organizationId, t.userId),
    uniqueIndex("org_members_phone_uq").on(t.organizationId, t.phone),
    index("org_members_user_idx").on(t.userId),
  ],
);

/**
 * API sessions: opaque bearer tokens, stored as SHA-256 hashes; refresh rotates both. Each
 * rotation is a new row in the same `familyId` (one login = one family), so reuse of a
 * rotated refresh token and logout end exactly that chain, not the user's other devices.
 * A family is what the customer sees as a device (GET /v1/devices): login time, name, last use.
 */
export const apiSessions = pgTable(
  "api_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id").notNull().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    accessTokenHash: text("access_token_hash").notNull(),
    accessExpiresAt: ts("access_expires_at").notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull(),
    refreshExpiresAt: ts("refresh_expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    /**
     * When a refresh replaced this row (its refresh token was spent); null when it was never
     * refreshed. Its presence within `SESSION_POLICY.rotationGraceMs` lets the same refresh token
     * be presented again by a parallel request (domain/auth/sessions.ts "rotation grace").
     */
    rotatedAt: ts("rotated_at"),
    /** What the client called the device at login ("Chrome on Android"), copied on every rotation; null when not given. */
    deviceName: text("device_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("api_sessions_user_idx").on(t.userId),
    uniqueIndex("api_sessions_access_uq").on(t.accessTokenHash),
    uniqueIndex("api_sessions_refresh_uq").on(t.refreshTokenHash),
    index("api_sessions_family_idx").on(t.familyId),
  ],
);

/**
 * One-time codes for login (purpose LOGIN) and for signing (purpose SIGNATURE).
 * `codeHash` is an HMAC of the code; `attempts` counts wrong tries (5 invalidate it);
 * `usedAt` makes it single use. For SIGNATURE, `binding` holds the payment ids and the
 * hash of what they authorise (amount, currency, payee: PSD2 RTS Art. 5 dynamic linking).
 * Rows double as the rate-limit log (sends per phone and per IP in a window).
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").notNull(), // LOGIN | SIGNATURE
    userId: uuid("user_id").references(() => users.id),
    phone: text("phone").notNull(),
    ip: text("ip"),
    channel: text("channel").notNull().default("SMS"),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    verifiedAt: ts("verified_at"),
    usedAt: ts("used_at"),
    binding: jsonb("binding"),
    createdAt: createdAt(),
  },
  (t) => [index("otc_phone_created_idx").on(t.phone, t.createdAt), index("otc_ip_created_idx").on(t.ip, t.createdAt)],
);

/** MFA tokens from a validated signature code: valid for the bound payments only. */
export const mfaTokens = pgTable("mfa_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id),
  codeId: uuid("code_id")
    .notNull()
    .references(() => oneTimeCodes.id),
  paymentIds: jsonb("payment_ids").notNull().$type<string[]>(),
  bindingHash: text("binding_hash").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Customer and system accounts. One account holds balances in several currencies. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").references(() => organizations.id),
    system: boolean("system").notNull().default(false),
    systemCode: text("system_code"), // e.g. SEPA_CLEARING, SEED_FUNDING for system accounts
    name: text("name").notNull(),
    number: text("number").notNull().unique(),
    iban: text("iban"),
    bic: text("bic"),
    sortCode: text("sort_code"),
    overdraftEnabled: boolean("overdraft_enabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("accounts_org_idx").on(t.organizationId), index("accounts_system_code_idx").on(t.systemCode)],
);

/** A balance = one ledger account: (account, currency). `amount` is kept equal to the sum of its postings. */
export const balances = pgTable(
  "balances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: money("amount").notNull().default("0"),
    overdraftEnabled: boolean("overdraft_enabled").notNull().default(false),
    overdraftValue: money("overdraft_value").notNull().default("0"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("balances_account_currency_uq").on(t.accountId, t.currencyId)],
);

/** A ledger transaction: an atomic, balanced set of postings. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(), // PAYMENT | INCOMING | FEE | ...
    description: text("description"),
    paymentId: uuid("payment_id"),
    transferDate: ts("transfer_date").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_tx_payment_idx").on(t.paymentId)],
);

/** A posting: signed amount on one balance; positive increases the balance. */
export const postings = pgTable(
  "postings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    balanceId: uuid("balance_id")
      .notNull()
      .references(() => balances.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: money("amount").notNull(),
    balanceAfter: money("balance_after").notNull(),
    counterpartyName: text("counterparty_name"),
    counterpartyAccount: text("counterparty_account"),
    reference: text("reference"),
    operationType: text("operation_type").notNull().default("COMMON"),
    transferDate: ts("transfer_date").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("postings_balance_date_idx").on(t.balanceId, t.transferDate), index("postings_tx_idx").on(t.transactionId)],
);

/** Payments created by customers; posted to the ledger once signed. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    createdByUserId: uuid("created_by_user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    paymentType: text("payment_type"),
    status: text("status").notNull(), // AWAITING_SIGNATURE | COMPLETED | DECLINED | FAILED
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    debitBalanceId: uuid("debit_balance_id")
      .notNull()
      .references(() => balances.id),
    creditBalanceId: uuid("credit_balance_id").references(() => balances.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: money("amount").notNull(),
    beneficiaryId: uuid("beneficiary_id"),
    beneficiaryName: text("beneficiary_name").notNull(),
    beneficiaryAccount: text("beneficiary_account"),
    beneficiaryBic: text("beneficiary_bic"),
    /** Rail-specific payee details as validated by the rail (sort code, ABA, address, wallet …). */
    payeeDetails: jsonb("payee_details").$type<Record<string, string | boolean | null>>(),
    reference: text("reference"),
    /** Purpose of payment (required where the rail needs it) and the payment category id. */
    purpose: text("purpose"),
    categoryId: text("category_id"),
    contractId: uuid("contract_id"),
    /** Fee decided at creation (tariff or custom fee); posted with the payment as TRANSACTION_FEE. */
    feeAmount: money("fee_amount"),
    feeCurrencyId: text("fee_currency_id"),
    feeBalanceId: uuid("fee_balance_id"),
    feeLedgerTransactionId: uuid("fee_ledger_transaction_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    transferDate: ts("transfer_date"),
    signedAt: ts("signed_at"),
    /** False when the payer has no signature duty (official with signatureType NONE): posted at creation. */
    requiresSignature: boolean("requires_signature").notNull().default(true),
    /**
     * Settlement of a payment on an external rail (server/domain/payments/settlement.ts): null for
     * in-house payments and unposted ones; PENDING once posted (the sum waits on the rail's
     * clearing balance); SETTLED (paid out to the scheme or partner), REJECTED (refused before it
     * left: sum and fee back to the payer, status FAILED) or REFUNDED (came back: sum back).
     */
    settlementStatus: text("settlement_status"),
    /** Why staff rejected or refunded it (the customer sees it). */
    settlementReason: text("settlement_reason"),
    settledAt: ts("settled_at"),
    /** When the sum came back to the payer (REJECTED or REFUNDED). */
    returnedAt: ts("returned_at"),
    settlementLedgerTransactionId: uuid("settlement_ledger_transaction_id"),
    refundLedgerTransactionId: uuid("refund_ledger_transaction_id"),
    /** Staff actor of the last settlement decision (e.g. "staff:cli", "staff:<uuid>"). */
    settlementDecidedBy: text("settlement_decided_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_idempotency_uq").on(t.organizationId, t.idempotencyKey),
    index("payments_org_status_idx").on(t.organizationId, t.status, t.createdAt),
    index("payments_settlement_idx").on(t.settlementStatus, t.createdAt),
    // The statement item of a refund finds its payment (the bank's reason for the return).
    index("payments_refund_tx_idx").on(t.refundLedgerTransactionId),
  ],
);

/**
 * Payments that arrived from other banks, posted by staff to a customer balance as an ADDED
 * item (server/domain/payments/settlement.ts `postIncomingPayment`): INCOMING_CLEARING →
 * the customer. `idempotencyKey` is unique: a repeated submission answers the first posting.
 */
export const incomingPayments = pgTable(
  "incoming_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    balanceId: uuid("balance_id")
      .notNull()
      .references(() => balances.id),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: money("amount").notNull(),
    payerName: text("payer_name").notNull(),
    payerAccount: text("payer_account"),
    reference: text("reference"),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("incoming_payments_idempotency_uq").on(t.idempotencyKey),
    index("incoming_payments_created_idx").on(t.createdAt),
  ],
);

/**
 * Who signed a payment and when. `signedAt` is server time; `clientSignedAt` the time the
 * client declared. `mfaTokenId` records which MFA token was spent on this payment: the
 * unique (mfa_token_id, payment_id) index makes a token single use per payment.
 */
export const paymentSignatures = pgTable(
  "payment_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    signedAt: ts("signed_at").notNull(),
    clientSignedAt: ts("client_signed_at"),
    mfaTokenId: uuid("mfa_token_id").references(() => mfaTokens.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_signatures_token_payment_uq").on(t.mfaTokenId, t.paymentId),
    index("payment_signatures_payment_idx").on(t.paymentId),
  ],
);

/**
 * Saved beneficiaries (spec 000 §3, §4; server/domain/beneficiaries). Only APPROVED ones can be
 * picked for a payment. `rejectionReason` is the staff's reason for REJECTED; `deletedAt` marks a
 * beneficiary deleted while payments still name it (hidden everywhere, status no longer APPROVED).
 */
export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    nickname: text("nickname"),
    beneficiaryType: text("beneficiary_type").notNull(), // INDIVIDUAL | COMPANY
    paymentType: text("payment_type").notNull(), // LOCAL | INTERNATIONAL | INTERNAL | ...
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    iban: text("iban"),
    bic: text("bic"),
    sortCode: text("sort_code"),
    bankAccountNumber: text("bank_account_number"),
    aba: text("aba"),
    countryId: text("country_id"),
    bankName: text("bank_name"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    postCode: text("post_code"),
    bankAddress: text("bank_address"),
    bankCountry: text("bank_country"),
    caspId: text("casp_id"),
    walletAddress: text("wallet_address"),
    collectorContact: text("collector_contact"),
    useIntermediaryBank: boolean("use_intermediary_bank").notNull().default(false),
    intermediaryBankName: text("intermediary_bank_name"),
    intermediaryBankBIC: text("intermediary_bank_bic"),
    intermediaryBankAddress: text("intermediary_bank_address"),
    intermediaryBankCountry: text("intermediary_bank_country"),
    intermediaryBankCorrespondentAccount: text("intermediary_bank_correspondent_account"),
    contractId: uuid("contract_id"),
    status: text("status").notNull().default("DRAFT"),
    rejectionReason: text("rejection_reason"),
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [index("beneficiaries_org_created_idx").on(t.organizationId, t.createdAt, t.id)],
);

/** Bank-wide settings as key → JSON value (e.g. PAYMENTS-ORDERS-ENABLED, OVERDRAFT-ENABLED). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/** Payment types the bank's providers offer, with their currencies (drives the chooser). */
export const providerPaymentTypes = pgTable(
  "provider_payment_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
  },
  (t) => [uniqueIndex("ppt_type_currency_uq").on(t.type, t.currencyId)],
);

/**
 * Rate-limit counters (server/domain/rate-limit) when Redis is not configured: the table of
 * rate-limiter-flexible's Drizzle store. One row per key (`otp:ip:<ip>`, `recipient-lookup:user:<id>` …)
 * holding the points consumed in the current fixed window and when that window ends; each
 * consume is ONE atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent requests
 * in several processes can never all pass (design note "Limits hold under concurrency").
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: ts("expire"),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/** Tariffs (spec 001 §3 Organization.tariff): a named set of fees. One is the default. */
export const tariffs = pgTable("tariffs", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Fees (spec 001 §3 Fee): of a tariff (`tariffId`) or custom to one organization
 * (`organizationId`, overriding the tariff's fee for the same kind/type/currency). A fee applies
 * to payments of `paymentKind`, optionally only one provider type (`paymentType`) and one
 * payment currency (`currencyId`); null = any. PERCENT: `feePercentAmount` % of the amount, at
 * least `feePercentMinAmount`, at most `feePercentMaxAmount` (in the payment currency). FIXED:
 * `feeFixedAmount` in `feeCurrencyId` (null = the payment currency). See server/domain/fees.
 */
export const fees = pgTable(
  "fees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tariffId: uuid("tariff_id").references(() => tariffs.id),
    organizationId: uuid("organization_id").references(() => organizations.id),
    name: text("name").notNull(),
    paymentKind: text("payment_kind").notNull(),
    paymentType: text("payment_type"),
    currencyId: text("currency_id").references(() => currencies.id),
    feeAmountType: text("fee_amount_type").notNull(), // PERCENT | FIXED
    feePercentAmount: money("fee_percent_amount"),
    feePercentMinAmount: money("fee_percent_min_amount"),
    feePercentMaxAmount: money("fee_percent_max_amount"),
    feeFixedAmount: money("fee_fixed_amount"),
    feeCurrencyId: text("fee_currency_id").references(() => currencies.id),
    createdAt: createdAt(),
  },
  (t) => [index("fees_tariff_idx").on(t.tariffId), index("fees_org_idx").on(t.organizationId)],
);

/** Payment categories (GET /v1/payment-categories), offered on every payment form. */
export const paymentCategories = pgTable("payment_categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

/**
 * Crypto-asset service providers (GET /v1/casps): who receives a CRYPTO_ASSET_PAYMENT, the
 * assets they take and on which network (server/rules/wallet.ts validates addresses per network).
 */
export const casps = pgTable("casps", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Asset ticker → network, e.g. { "USDT": "ETHEREUM", "SOL": "SOLANA" }. */
  assets: jsonb("assets").$type<Record<string, string>>().notNull(),
});

/** Partners paying cash over the counter (GET /v1/psp-partners?currencyId=). */
export const pspPartners = pgTable(
  "psp_partners",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    address: text("address"),
  },
  (t) => [index("psp_partners_currency_idx").on(t.currencyId)],
);

/**
 * Uploaded files (POST /v1/uploads), stored in the database so every app process sees them
 * (PGlite and PostgreSQL alike). Served only to members of `organizationId`. The type is the
 * one found in the bytes (magic numbers), never the client's claim.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for an applicant's upload (onboarding documents): then only `userId` may read it. */
    organizationId: uuid("organization_id").references(() => organizations.id),
    /** The customer who uploaded it; null for a file staff sent (`staffUserId`): exactly one is set. */
    userId: uuid("user_id").references(() => users.id),
    /** The staff user who sent it (a back-office chat attachment, issue 13), else null. */
    staffUserId: uuid("staff_user_id").references((): AnyPgColumn => staffUsers.id),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_org_idx").on(t.organizationId),
    check("uploads_one_owner_ck", sql`(${t.userId} is null) <> (${t.staffUserId} is null)`),
  ],
);

/** Supporting documents attached to a payment (POST /v1/payments/:id/documents). */
export const paymentDocuments = pgTable(
  "payment_documents",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.uploadId] }), index("payment_documents_upload_idx").on(t.uploadId)],
);

/**
 * Half-filled payment forms, one per user and form (spec 000 §4 "Leaving /payments/ paths
 * clears the saved transfer drafts"; §9 draft keys euro, gbp, usd, …). Cleared on leaving
 * /payments/ paths and on logout.
 */
export const paymentDrafts = pgTable(
  "payment_drafts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    form: text("form").notNull(),
    organizationId: uuid("organization_id").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.form] })],
);

/**
 * Answers posted to a long form (an application step, a payment form, the beneficiary form)
 * after the web session had passed its inactivity limit (PSD2 RTS Art. 4(3)(b)): nothing was
 * saved with that session, but what the customer typed waits here for their next login
 * (server/domain/auth/kept-forms.ts). One per user (a later one replaces it), 30 minutes.
 * `path` is the web page the form was posted to; `fields` the posted text fields, in order.
 */
export const keptForms = pgTable("kept_forms", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  path: text("path").notNull(),
  fields: jsonb("fields").$type<[string, string][]>().notNull(),
  keptAt: ts("kept_at").notNull(),
});

/**
 * Contracts of a saved beneficiary (spec 000 §3 "Contracts: id, name, beneficiaryId, supporting
 * documents, status"; §4 statuses DRAFT, UNDER_REVIEW, REJECTED, APPROVED). A payment to the
 * beneficiary may name one (payments.contract_id). `rejectionReason` is the staff's reason.
 */
export const beneficiaryContracts = pgTable(
  "beneficiary_contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    beneficiaryId: uuid("beneficiary_id")
      .notNull()
      .references(() => beneficiaries.id),
    name: text("name").notNull(),
    /** The contract's own number or reference as the customer knows it (optional). */
    number: text("number"),
    status: text("status").notNull().default("DRAFT"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("beneficiary_contracts_beneficiary_idx").on(t.beneficiaryId, t.createdAt)],
);

/**
 * Supporting documents of a beneficiary or of one of its contracts (POST
 * /v1/beneficiaries/:id/documents after POST /v1/uploads). `category` is one of GET
 * /v1/beneficiaries/documents/allowed-categories.
 */
export const beneficiaryDocuments = pgTable(
  "beneficiary_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    beneficiaryId: uuid("beneficiary_id")
      .notNull()
      .references(() => beneficiaries.id),
    contractId: uuid("contract_id").references(() => beneficiaryContracts.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    category: text("category").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("beneficiary_documents_upload_uq").on(t.beneficiaryId, t.uploadId),
    index("beneficiary_documents_contract_idx").on(t.contractId),
    index("beneficiary_documents_upload_idx").on(t.uploadId),
  ],
);

/**
 * Settings of one organization that override the bank-wide `settings` row of the same key
 * (e.g. PAYMENTS-ORDERS-ENABLED on for one customer only).
 */
export const organizationSettings = pgTable(
  "organization_settings",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);

/**
 * Remittance orders (spec 001 §3 "Remittance order"; /v1/payments-orders). Created PENDING
 * (awaiting signature), signed like a payment, then moved by staff through QUEUED → PROC → AML
 * → AML_DONE → ACCEPTED or REJECTED (server/domain/remittance). `ledgerTransactionId` is the
 * posting that moved the money; `refundLedgerTransactionId` the one that gave it back.
 */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    createdByUserId: uuid("created_by_user_id")
      .notNull()
      .references(() => users.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    debitBalanceId: uuid("debit_balance_id")
      .notNull()
      .references(() => balances.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: money("amount").notNull(),
    payeeName: text("payee_name").notNull(),
    /** Payee details as validated (address, country, phone, document …). */
    payeeDetails: jsonb("payee_details").$type<Record<string, string | boolean | null>>(),
    description: text("description"),
    status: text("status").notNull().default("PENDING"),
    rejectionReason: text("rejection_reason"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    refundLedgerTransactionId: uuid("refund_ledger_transaction_id"),
    signedAt: ts("signed_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_orders_idempotency_uq").on(t.organizationId, t.idempotencyKey),
    index("payment_orders_org_status_idx").on(t.organizationId, t.status, t.createdAt),
    // A statement item finds its order by its ledger transaction (server/domain/statements).
    index("payment_orders_ledger_tx_idx").on(t.ledgerTransactionId),
    index("payment_orders_refund_tx_idx").on(t.refundLedgerTransactionId),
  ],
);

/** Files attached to a remittance order (GET /v1/payments-orders/:id/file/:uploadId). */
export const paymentOrderFiles = pgTable(
  "payment_order_files",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.uploadId] }), index("payment_order_files_upload_idx").on(t.uploadId)],
);

/** Who signed a remittance order and with which MFA token (single use per order). */
export const paymentOrderSignatures = pgTable(
  "payment_order_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    signedAt: ts("signed_at").notNull(),
    clientSignedAt: ts("client_signed_at"),
    mfaTokenId: uuid("mfa_token_id").references(() => mfaTokens.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_order_signatures_token_uq").on(t.mfaTokenId, t.orderId)],
);

/** Status history of a remittance order: every move, who made it (user or staff actor) and why. */
export const paymentOrderEvents = pgTable(
  "payment_order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("payment_order_events_order_idx").on(t.orderId, t.createdAt)],
);

// ---------------------------------------------------------------- onboarding (spec 001 §2–§7, issue 8)

/** UK SIC 2007 condensed list (Companies House; ../shared/data provenance in server/seed/data/README.md). */
export const sicCodes = pgTable("sic_codes", {
  code: text("code").primaryKey(), // five digits, or a section letter A–U
  name: text("name").notNull(),
  nameCy: text("name_cy"),
});

/**
 * Small reference lists of the application forms (spec 001 §3 "Other reference entities"):
 * kind CLIENT_ACTIVITY, SOURCE_OF_FUNDS, PRODUCT, DELIVERY_CHANNEL. `clientType` null = every
 * applicant type. Editable in the database; ordered by `position`.
 */
export const referenceItems = pgTable(
  "reference_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    clientType: text("client_type"),
    name: text("name").notNull(),
    description: text("description"),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("reference_items_kind_idx").on(t.kind, t.position)],
);

/**
 * Monthly range tiers (spec 001 §3 "Client range settings"): `type` one of the seven
 * MONTHLY_* types; `toValue` null for the last tier ('Over X'). Values are whole units of the
 * scheme's base currency (GBP) or counts.
 */
export const clientRanges = pgTable(
  "client_ranges",
  {
    id: text("id").primaryKey(),
    clientType: text("client_type").notNull(),
    type: text("type").notNull(),
    fromValue: money("from_value").notNull(),
    toValue: money("to_value"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("client_ranges_type_idx").on(t.clientType, t.type, t.position)],
);

/**
 * Application schemes (spec 001 §3 "Application scheme"): which steps, which KYC provider
 * (NONE skips identity verification), which currencies the first account opens with, which
 * document categories are asked for (and which of them are required).
 */
export const applicationSchemes = pgTable("application_schemes", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  clientType: text("client_type").notNull(),
  kycProvider: text("kyc_provider").notNull().default("NONE"),
  additionalQuestionsActive: boolean("additional_questions_active").notNull().default(false),
  suppliersEnabled: boolean("suppliers_enabled").notNull().default(false),
  customersEnabled: boolean("customers_enabled").notNull().default(false),
  currencies: jsonb("currencies").$type<string[]>().notNull(),
  documentCategories: jsonb("document_categories").$type<string[]>().notNull(),
  requiredDocumentCategories: jsonb("required_document_categories").$type<string[]>().notNull(),
  isDefault: boolean("is_default").notNull().default(false),
});

/** Agreements an applicant reads and signs (spec 001 §7 "Agreements: GET and sign … file download"). */
export const agreements = pgTable("agreements", {
  id: text("id").primaryKey(),
  clientType: text("client_type").notNull(),
  title: text("title").notNull(),
  version: text("version").notNull(),
  fileName: text("file_name").notNull(),
  mimeType: text("mime_type").notNull(),
  content: bytea("content").notNull(),
  position: integer("position").notNull().default(0),
});

/**
 * Onboarding applications (spec 001 §3 "Application statuses and kinds"): INDIVIDUAL,
 * CORPORATE or COMPANY_OFFICIAL, status INCOMPLETE → READY_TO_REVIEW (submit) →
 * REVIEW_IN_PROGRESS → ACCEPTED | DECLINED. `answers` holds the valid answers of every field
 * step (field name → string | string[]); `drafts` what the applicant typed that was not valid
 * yet, per step (so a refused value survives a closed browser); `errors` the field errors of
 * the last save per step; `completedSteps` the steps saved without errors.
 */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type").notNull(),
    status: text("status").notNull().default("INCOMPLETE"),
    schemeId: text("scheme_id")
      .notNull()
      .references(() => applicationSchemes.id),
    answers: jsonb("answers").$type<Record<string, string | string[]>>().notNull().default({}),
    drafts: jsonb("drafts").$type<Record<string, Record<string, string | string[]>>>().notNull().default({}),
    errors: jsonb("errors")
      .$type<Record<string, { property: string; constraints: Record<string, string> }[]>>()
      .notNull()
      .default({}),
    completedSteps: jsonb("completed_steps").$type<string[]>().notNull().default([]),
    /** Identity verification with the scheme's KYC provider: { provider, applicantId, status, completedAt }. */
    verification: jsonb("verification").$type<Record<string, string | null>>(),
    declineReason: text("decline_reason"),
    /** Why staff sent the application back for changes (status INCOMPLETE again); cleared on the next submission. */
    changesRequested: text("changes_requested"),
    /** The organization approval created. */
    organizationId: uuid("organization_id").references(() => organizations.id),
    submittedAt: ts("submitted_at"),
    decidedAt: ts("decided_at"),
    /**
     * The Idempotency-Key its create call carried (the web app's first-step form: `?new=<key>`),
     * unique per user: a repeated create with it saves into this application instead of making
     * another one, and the first step's address finds it again (docs/decisions.md "Starting an
     * application").
     */
    creationKey: text("creation_key"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("applications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("applications_creation_key_uq").on(t.userId, t.creationKey),
  ],
);

/**
 * People of a corporate application (spec 001 §3 "Company official"): the main representative
 * (step personal-data, id in the cof-additional-infromation URL) and the directors,
 * shareholders and UBOs of step cof. `percentage` is the share held (0–100, 2 decimals).
 */
export const applicationOfficials = pgTable(
  "application_officials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id),
    role: text("role").notNull(), // MAIN_REPRESENTATIVE | DIRECTOR | SHAREHOLDER | UBO
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    dob: text("dob"),
    nationalityId: text("nationality_id"),
    position: text("position"),
    percentage: numeric("percentage", { precision: 5, scale: 2 }),
    natureOfControl: text("nature_of_control"), // DIRECT_CONTROL | INDIRECT_CONTROL
    answers: jsonb("answers").$type<Record<string, string | string[]>>().notNull().default({}),
    /**
     * The Idempotency-Key of the call that added the official (the web form's hidden key): a
     * repeat with it saves into this official instead of adding another (a double submit).
     * Unique per application; null for officials added without one and the main representative.
     */
    creationKey: text("creation_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("application_officials_app_idx").on(t.applicationId, t.createdAt),
    uniqueIndex("application_officials_creation_key_uq").on(t.applicationId, t.creationKey),
  ],
);

/** Documents of an application by category (spec 001 §3 document categories), after POST /v1/uploads. */
export const applicationDocuments = pgTable(
  "application_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    category: text("category").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("application_documents_upload_uq").on(t.applicationId, t.uploadId),
    index("application_documents_upload_idx").on(t.uploadId),
  ],
);

/** Agreements signed for an application (who, when). */
export const applicationAgreements = pgTable(
  "application_agreements",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id),
    agreementId: text("agreement_id")
      .notNull()
      .references(() => agreements.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    signedAt: ts("signed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.agreementId] })],
);

/**
 * Agreements the bank asks an existing customer to accept (spec 001 §7 "Agreements … for
 * profiles; unsigned agreements list"): one row per user and agreement version (`agreementId`
 * names one version; `version` is copied at signing). `signedAt` null = still to sign.
 */
export const userAgreements = pgTable(
  "user_agreements",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    agreementId: text("agreement_id")
      .notNull()
      .references(() => agreements.id),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    signedAt: ts("signed_at"),
    signedVersion: text("signed_version"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agreementId] })],
);

/**
 * Monthly service fees (issue 9 "Fees": SERVICE_FEE items titled 'Regular fee'). One row per
 * organization, month and fee: the unique key is what makes the monthly run charge once, however
 * often and in however many processes it runs. `status` CHARGED (posted: `ledgerTransactionId`)
 * or OWED (the balance could not pay without going below its floor: nothing posted, the amount
 * is owed).
 */
export const serviceFeeCharges = pgTable(
  "service_fee_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** The month charged, "YYYY-MM" (UTC). */
    month: text("month").notNull(),
    feeId: uuid("fee_id")
      .notNull()
      .references(() => fees.id),
    /** The balance charged (null when the organization has no balance in the fee currency: OWED). */
    balanceId: uuid("balance_id").references(() => balances.id),
    amount: money("amount").notNull(),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    /** CHARGED | OWED. */
    status: text("status").notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("service_fee_charges_once_uq").on(t.organizationId, t.month, t.feeId)],
);
/**
 * FX rate requests (issue 9; spec 001 §3 "FX rate request", §4; server/domain/exchange/fx-requests.ts):
 * the customer proposes a rate for selling `sellAmount` (the fixed sum, from-currency) and buying
 * `buyAmount` (the flexible sum, to-currency, = sellAmount × proposedRate rounded half-even to the
 * to-currency's scale). Created AWAITING_SIGNATURE; signing holds sellAmount + feeAmount on the
 * FX_PENDING system balance (`holdTransactionId`) and makes it PENDING; the bank then ACCEPTs
 * (executed at this request's amounts: `settleTransactionId`) or REJECTs (hold returned:
 * `refundTransactionId`, `decisionReason`), once (row lock + status guard).
 */
export const fxRequests = pgTable(
  "fx_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    createdByUserId: uuid("created_by_user_id")
      .notNull()
      .references(() => users.id),
    fromCurrencyId: text("from_currency_id")
      .notNull()
      .references(() => currencies.id),
    toCurrencyId: text("to_currency_id")
      .notNull()
      .references(() => currencies.id),
    /** The fixed sum: what the customer sells, in fromCurrencyId. */
    sellAmount: money("sell_amount").notNull(),
    /** The flexible sum: what the customer buys, in toCurrencyId. */
    buyAmount: money("buy_amount").notNull(),
    /** The rate the customer proposed: units of toCurrencyId per 1 fromCurrencyId, as entered (≤ 12 decimals). */
    proposedRate: money("proposed_rate").notNull(),
    /** EXCHANGE fee of the tariff at creation, in fromCurrencyId (0 when none). */
    feeAmount: money("fee_amount").notNull().default("0"),
    /** AWAITING_SIGNATURE, PENDING, ACCEPTED, REJECTED or DECLINED (by a member, before signing). */
    status: text("status").notNull().default("AWAITING_SIGNATURE"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    holdTransactionId: uuid("hold_transaction_id").references(() => ledgerTransactions.id),
    settleTransactionId: uuid("settle_transaction_id").references(() => ledgerTransactions.id),
    refundTransactionId: uuid("refund_transaction_id").references(() => ledgerTransactions.id),
    signedAt: ts("signed_at"),
    decidedAt: ts("decided_at"),
    /** Who decided: a staff actor ("staff:cli:alice"), or the member who declined ("user:<id>"). */
    decidedBy: text("decided_by"),
    decisionReason: text("decision_reason"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fx_requests_idempotency_uq").on(t.organizationId, t.idempotencyKey),
    index("fx_requests_org_created_idx").on(t.organizationId, t.createdAt),
    // A statement item finds the request its hold belongs to (server/domain/statements).
    index("fx_requests_hold_tx_idx").on(t.holdTransactionId),
    // The statement item of a rejected request's refund finds its request (the bank's reason).
    index("fx_requests_refund_tx_idx").on(t.refundTransactionId),
    // The statement item of an accepted request's exchange finds its request (currencies and rate).
    index("fx_requests_settle_tx_idx").on(t.settleTransactionId),
  ],
);

/** Who signed an FX rate request and with which MFA token (a token signs a request once). */
export const fxRequestSignatures = pgTable(
  "fx_request_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => fxRequests.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    signedAt: ts("signed_at").notNull(),
    clientSignedAt: ts("client_signed_at"),
    mfaTokenId: uuid("mfa_token_id").references(() => mfaTokens.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("fx_request_signatures_token_uq").on(t.mfaTokenId, t.requestId)],
);

/**
 * Payment cards (issue 12; spec 000 §3 Card, §4 card states; server/domain/cards). A card spends
 * from one balance of an account (`accountId` + `currencyId`): its balance is that ledger
 * balance, so a card holds no money of its own. The full card number (PAN) and the CVV are
 * NEVER stored: only `lastFour` (null while ORDERED: the processor has not issued a number yet).
 * Status: ACTIVE, NEW, CANCELED, ORDERED, FROZEN, VOID (rules: server/domain/cards/transitions.ts).
 * Limits are money in the card's currency (`numeric`, decimal strings in code).
 * An order made with an Idempotency-Key is unique per (organization, key); `requestHash` tells a
 * replay from a reuse with another body. `replacesCardId`: the card this one was ordered to replace.
 */
export const cards = pgTable(
  "cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    /** The cardholder (a member of the organization); null = the organization itself. */
    holderUserId: uuid("holder_user_id").references(() => users.id),
    /** Name printed/shown for the card, e.g. "Everyday card" (≤ 40). */
    cardName: text("card_name").notNull(),
    /** Last four digits of the PAN; null until issued (ORDERED). Never the full number. */
    lastFour: text("last_four"),
    paymentSystem: text("payment_system").notNull(), // VISA | MASTERCARD
    color: text("color").notNull(), // BLUE | BLACK | SILVER (CARD_COLORS)
    prepaid: boolean("prepaid").notNull().default(false),
    status: text("status").notNull().default("ORDERED"),
    /** Spending limits in the card's currency (decimal, scaled to it). */
    dailyLimit: money("daily_limit").notNull(),
    monthlyLimit: money("monthly_limit").notNull(),
    /** How the ordered card reaches the customer: POST | BRANCH (null for cards not ordered here). */
    deliveryMethod: text("delivery_method"),
    replacesCardId: uuid("replaces_card_id"),
    /** Expiry as MM/YY once issued (null while ORDERED). */
    expiresOn: text("expires_on"),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    orderedByUserId: uuid("ordered_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("cards_account_idx").on(t.accountId),
    index("cards_org_idx").on(t.organizationId),
    uniqueIndex("cards_idempotency_uq").on(t.organizationId, t.idempotencyKey),
    // Four digits or nothing: a full card number cannot be stored here even by mistake.
    check("cards_last_four_ck", sql`${t.lastFour} is null or ${t.lastFour} ~ '^[0-9]{4}$'`),
  ],
);

/*
 * Chat and notifications tables (issue 11; spec 000 §3 "Chat channel, Message, Notification",
 * §7 Chat; docs/chat.md; server/domain/chat).
 *
 * - `chat_channels`: a conversation owned by ONE organization (`organizationId`) or, for a user
 *   without an organization (an applicant), by that user (`userId`, `organizationId` null).
 *   `ownerKey` is "org:<uuid>" or "user:<uuid>"; `singletonType` is the channel type for MAIN and
 *   NOTIFICATION (one per owner: unique (owner_key, singleton_type), so concurrent first lists
 *   create one with ON CONFLICT DO NOTHING) and null for the others (NULLs never conflict).
 * - `chat_messages`: written by a customer (`userId`), staff (`employeeId`, free text such as
 *   "staff:cli") or the system (both null: notifications, whose `contentKey`/`contentParams` let
 *   the web app translate them). `createdAt` is set by the server in milliseconds (the cursor and
 *   batch-read compare it with client-sent ISO times). `idempotencyKey` + `requestHash`: a
 *   retried POST answers the first message (unique per channel and user; NULL keys never conflict).
 * - `chat_message_reads`: which user read which message and when (per-user read state).
 * - `chat_documents`: a file attached to a channel: an upload (server/domain/uploads) and the
 *   name the customer gave it.
 */

/** A chat channel (spec 000 §3 Chat channel). */
export const chatChannels = pgTable(
  "chat_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").references(() => organizations.id),
    userId: uuid("user_id").references(() => users.id),
    /** "org:<organizationId>" or "user:<userId>": the owner in one column (indexes, unique singletons). */
    ownerKey: text("owner_key").notNull(),
    channelType: text("channel_type").notNull(), // MAIN | NOTIFICATION | QUESTION | APPLICATION | TRANSACTION | DEMO
    /** `channelType` for MAIN and NOTIFICATION (one per owner), else null. */
    singletonType: text("singleton_type"),
    title: text("title").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_channels_singleton_uq").on(t.ownerKey, t.singletonType),
    index("chat_channels_owner_idx").on(t.ownerKey, t.updatedAt),
  ],
);

/** A file attached to a channel (POST /v1/channels/:id/documents). */
export const chatDocuments = pgTable(
  "chat_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => chatChannels.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    name: text("name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("chat_documents_channel_idx").on(t.channelId), index("chat_documents_upload_idx").on(t.uploadId)],
);

/** A message of a channel (spec 000 §3 Message; a notification is a message of a NOTIFICATION channel). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => chatChannels.id),
    userId: uuid("user_id").references(() => users.id),
    employeeId: text("employee_id"),
    content: text("content").notNull(),
    contentType: text("content_type").notNull(), // TEXT | DOCUMENT
    documentId: uuid("document_id").references(() => chatDocuments.id),
    /** System notifications: a translation key (e.g. "Notifications.beneficiary-approved") and its values. */
    contentKey: text("content_key"),
    contentParams: jsonb("content_params").$type<Record<string, string>>(),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_channel_created_idx").on(t.channelId, t.createdAt),
    uniqueIndex("chat_messages_idempotency_uq").on(t.channelId, t.userId, t.idempotencyKey),
  ],
);

/** Per-user read state: `userId` read `messageId` at `readAt`. */
export const chatMessageReads = pgTable(
  "chat_message_reads",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => chatChannels.id),
    readAt: ts("read_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("chat_message_reads_user_channel_idx").on(t.userId, t.channelId),
  ],
);

// ------------------------------------------------------------------ back office (/ops, issue 13)

/**
 * Staff users of the back office (docs/ops.md "Who may do what"): not customers, never in
 * `users`. `email` is stored lower-cased (unique); `roles` is a JSON array of ONBOARDING,
 * COMPLIANCE, PAYMENTS, SUPPORT, ADMIN; `disabledAt` set = cannot log in, sessions stop working.
 */
export const staffUsers = pgTable("staff_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  phone: text("phone").notNull(),
  passwordHash: text("password_hash").notNull(),
  roles: jsonb("roles").$type<string[]>().notNull().default([]),
  disabledAt: ts("disabled_at"),
  createdAt: createdAt(),
});

/**
 * Staff login challenges: email + password passed, a one-time code sent to the staff phone.
 * Separate from `one_time_codes`, so a staff code can never be taken as a customer code or the
 * reverse. `codeHash` HMAC-SHA256 (see server/domain/ops/auth.ts), `attempts` wrong tries (5 end
 * it, decided under the row lock), `usedAt` single use. `staffUserId` null: the email or the
 * password was wrong; the challenge has the same shape but can never verify.
 */
export const staffLoginChallenges = pgTable(
  "staff_login_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffUserId: uuid("staff_user_id").references(() => staffUsers.id),
    email: text("email").notNull(),
    ip: text("ip"),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_login_challenges_email_idx").on(t.email, t.createdAt)],
);

/**
 * Staff sessions: only the SHA-256 of the bearer token is stored. Idle limit 15 min
 * (`idleExpiresAt`, pushed forward on use), absolute 8 h (`absoluteExpiresAt`).
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffUserId: uuid("staff_user_id")
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text("token_hash").notNull(),
    idleExpiresAt: ts("idle_expires_at").notNull(),
    absoluteExpiresAt: ts("absolute_expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_sessions_token_uq").on(t.tokenHash), index("staff_sessions_staff_idx").on(t.staffUserId)],
);

/**
 * The append-only audit log of every staff action (docs/ops.md "Audit log"): a trigger
 * (migration 0016) raises on UPDATE and DELETE. `staffUserId` null only for a failed login of
 * an unknown email. `before`/`after`: the subject's status and relevant fields.
 */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull().defaultNow(),
    staffUserId: uuid("staff_user_id").references(() => staffUsers.id),
    /** Where the action came from: `ops` (the back office, its staff API) or `cli` (`npm run bank`). */
    source: text("source").$type<"ops" | "cli">().notNull().default("ops"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    reason: text("reason"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index("staff_audit_log_at_idx").on(t.at),
    index("staff_audit_log_staff_idx").on(t.staffUserId, t.id),
    index("staff_audit_log_subject_idx").on(t.subjectType, t.subjectId, t.id),
    check("staff_audit_log_source_ck", sql`${t.source} in ('ops', 'cli')`),
  ],
);

export * from "./exchange.js";
