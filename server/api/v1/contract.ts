/**
 * Wire contract of the banking API `/api/v1` (spec 000 §7, 001 §7).
 *
 * Types only: the web app imports these with `import type` (erased at build), so it
 * depends on the API's shapes and never on `server/domain` or the database.
 *
 * Conventions
 * - Money: decimal strings (`"1250.00"`), scaled to the currency (fiat 2, crypto per asset,
 *   see `Currency.scale`). Never JavaScript numbers.
 * - Currencies: ISO 4217 codes, or the asset ticker for crypto (`USDT`, `SOL`, ...).
 * - Times: ISO 8601 strings in UTC (`2026-11-22T13:49:55.000Z`).
 * - Lists: `{ data: T[], nextCursor: string | null }`; `take` defaults to 20 (spec 000 §9).
 * - Authentication: `Authorization: Bearer <accessToken>` on every call except the auth calls.
 * - Authorization: every call is checked against the caller's organizations. An
 *   `organizationId` the caller is not a member of answers 403; a resource id (account,
 *   payment, statement item) outside the caller's organizations answers 404, so existence
 *   does not leak.
 * - Money-moving calls carry an `Idempotency-Key` header (1..128 chars). A repeat with the
 *   same key and same body replays the first answer; the same key with another body is 409.
 */

export type Decimal = string;
export type IsoDateTime = string;

export type CurrencyCode = "GBP" | "EUR" | "USD" | "CNY" | "RUB" | "CAD" | "AED" | "USDT" | "USDC" | "EURC" | "SOL";

export type OrganizationType = "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
export type SignatureType = "NONE" | "SINGLE";
export type CompanyOfficialType = "MAIN_REPRESENTATIVE" | "DIRECTOR" | "SHAREHOLDER" | "UBO" | "OFFICIAL";
export type OtpChannel = "SMS" | "WHATSAPP";

// ---------------------------------------------------------------- errors

/** One field error (spec §5): `constraints` maps a stable rule id to an English message. */
export interface ApiFieldError {
  property: string;
  constraints: Record<string, string>;
}

/**
 * Every non-2xx answer. `message` is either a plain string or a list of field errors
 * (property `coreError` = form-level error). `code` is a stable machine code, e.g.
 * INVALID_CODE, CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED, INVALID_PASSWORD, RATE_LIMITED,
 * UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, IDEMPOTENCY_KEY_REUSED, INSUFFICIENT_FUNDS,
 * MFA_TOKEN_INVALID, PAYMENT_NOT_PENDING, PAYMENT_SETTLEMENT_CONFLICT, BENEFICIARY_STATUS_CONFLICT, CONTRACT_STATUS_CONFLICT,
 * VALIDATION_FAILED, SERVICE_BUSY (503: the process is drawing or receiving as much as it takes
 * at once; try again after `retryAfter` seconds).
 */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string | ApiFieldError[];
  /** Remaining tries for a one-time code, when relevant. */
  attemptsLeft?: number;
  /** Seconds to wait, with 429 and 503 (also sent as the Retry-After header). */
  retryAfter?: number;
}

// ---------------------------------------------------------------- auth (spec 000 §7)

/** POST /v1/auth/phone body. `phone` in E.164 (`+447700900001`). */
export interface AuthPhoneRequest {
  phone: string;
  channel?: OtpChannel;
}
/**
 * Answer of POST /v1/auth/phone and POST /v1/signatures/send-code.
 * `token` identifies the code challenge (not a secret by itself: the code is).
 * `debugCode` only when SMS_DEBUG_CODES=true (embedded/demo, never in production).
 * Unknown phones get the same answer shape (no account enumeration) but can never verify.
 */
export interface CodeChallenge {
  token: string;
  expiresAt: IsoDateTime;
  /** When a new code may be requested (60 s after sending, spec §9). */
  resendAvailableAt: IsoDateTime;
  channel: OtpChannel;
  debugCode?: string;
}
/** POST /v1/auth/verify-code body. 401 INVALID_CODE | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED. */
export interface VerifyCodeRequest {
  token: string;
  code: string;
}
export interface VerifyCodeResponse {
  token: string;
  passwordRequired: true;
}
/** POST /v1/auth/verify-password body (token from verify-code). 401 INVALID_PASSWORD. */
export interface VerifyPasswordRequest {
  token: string;
  password: string;
  /** The client's name for this device (≤ 100 characters), listed by GET /v1/devices. */
  deviceName?: string;
}
/** Answer of verify-password and refresh. Access ~15 min, refresh ~12 h, refresh rotates. */
export interface AuthTokens {
  accessToken: string;
  accessTokenExpiresAt: IsoDateTime;
  refreshToken: string;
  refreshTokenExpiresAt: IsoDateTime;
}
/** POST /v1/auth/refresh body. */
export interface RefreshRequest {
  refreshToken: string;
}
// POST /v1/auth/logout (bearer) → 204, revokes the session (its whole refresh family).
// Without a bearer, body { refreshToken } does the same (for an expired access token).

/**
 * POST /v1/auth/kept-forms body: the text fields of a form posted after the web session passed
 * its inactivity limit, kept for the same user's next login (30 min). The refresh token of the
 * session being ended is the credential. Answer 201 { kept: true } | 401 UNAUTHENTICATED.
 */
export interface KeptFormRequest {
  refreshToken: string;
  /** The web page posted to ("/identity/corporate/company"). */
  path: string;
  /** The posted text fields, in order: [name, value] (repeated names for checkbox groups). */
  fields: [string, string][];
}
/** POST /v1/auth/kept-forms/take (bearer) body { path } → the fields kept for that page, once; null when none. */
export interface KeptFormTaken {
  fields: [string, string][] | null;
}

// ---------------------------------------------------------------- users, organizations

export interface OrganizationSummary {
  id: string;
  type: OrganizationType;
  fullName: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: IsoDateTime;
  currentOfficial: { signatureType: SignatureType; companyOfficialType: CompanyOfficialType | null };
}

/**
 * GET /v1/clients-organizations/:organizationId (spec 001 §3 Organization) → the summary plus the
 * company number, the tariff with its fees and the custom fees (as GET …/fees), and the first
 * account (`fullNumber`: IBAN, else the account number), null without one | 403 (not a member).
 * CORPORATE only (spec 000 §3): the registered address fields (copied from the corporate
 * application at approval), every one null for the other types.
 */
export interface OrganizationDetail extends OrganizationSummary, OrganizationRegisteredAddress {
  companyNumber: string | null;
  tariff: { id: string; name: string; fees: TariffFee[] } | null;
  customFees: Fee[];
  account: { id: string; fullNumber: string; organizationId: string } | null;
}

/**
 * A corporate organization's registered address (spec 000 §3 Organization: registeredAddress1,
 * registeredCity, registeredPostalCode, and whether the business and correspondence addresses
 * are the registered one; plus line 2 and the ISO 3166 alpha-2 country the application collects).
 * Null fields when not known, and always for a non-CORPORATE organization.
 */
export interface OrganizationRegisteredAddress {
  registeredAddress1: string | null;
  registeredAddress2: string | null;
  registeredCity: string | null;
  registeredPostalCode: string | null;
  registeredCountryId: string | null;
  businessAddressSameAsRegistered: boolean | null;
  correspondenceAddressSameAsRegistered: boolean | null;
}

/**
 * One fee (spec 001 §3 Fee), as the fees tab shows it. Decimal strings: percentages as given
 * ("0.2" = 0.2 %), amounts at their currency's scale. `paymentKind`/`paymentType`/`currencyId`
 * say which payments it applies to (null type or currency: any).
 */
export interface Fee {
  feeId: string;
  /** As stored (bank data, English). */
  name: string;
  /**
   * A stable code of the name when it is one the bank words itself ("swift", "monthly-account",
   * "crypto-asset-currency" …; server/domain/fees/names.ts), for clients to translate; null for a
   * name staff typed, shown as stored.
   */
  nameCode: string | null;
  /** A payment kind, or SERVICE: the monthly service fee ('Regular fee'), charged whatever is paid. */
  paymentKind: PaymentKind | "SERVICE";
  paymentType: string | null;
  currencyId: string | null;
  feeAmountType: "PERCENT" | "FIXED";
  feePercentAmount: string | null;
  feePercentMinAmount: string | null;
  feePercentMaxAmount: string | null;
  feeFixedAmount: string | null;
  feeCurrencyId: string | null;
}

/**
 * A fee of the organization's tariff, as the organization's fees list it. `superseded`: a fee
 * agreed for the organization alone (`customFees`) applies instead on every payment this one
 * covers — same payment kind, and the custom fee's type and currency each any or this fee's own —
 * so the organization never pays it.
 */
export interface TariffFee extends Fee {
  superseded: boolean;
}

/** Back office (issue 13 ADMIN; server/domain/fees/admin.ts): a tariff with its fees and how many organizations are on it. */
export interface OpsTariff {
  id: string;
  name: string;
  isDefault: boolean;
  /** Organizations whose own tariff this is (the default tariff also serves those with none). */
  organizationCount: number;
  fees: Fee[];
}
/**
 * POST /api/v1/ops/fees: set (create or replace) the fee of a tariff or of one organization for
 * one payment kind, type and currency. Amounts are decimal strings; "" or null = none.
 */
export interface OpsSetFeeRequest {
  tariffId?: string | null;
  organizationId?: string | null;
  name: string;
  paymentKind: PaymentKind | "SERVICE" | "EXCHANGE";
  paymentType?: string | null;
  currencyId?: string | null;
  feeAmountType: "PERCENT" | "FIXED";
  feePercentAmount?: string | null;
  feePercentMinAmount?: string | null;
  feePercentMaxAmount?: string | null;
  feeFixedAmount?: string | null;
  feeCurrencyId?: string | null;
}
/** GET /api/v1/ops/organizations/:id/fees: what one organization pays and can be given. */
export interface OpsOrganizationFees {
  organization: { id: string; name: string; type: string; tariffId: string | null };
  /** The tariff in force (its own, else the default). */
  tariff: { id: string; name: string; fees: Fee[] } | null;
  customFees: Fee[];
}

/**
 * GET /v1/clients-organizations/:organizationId/fees: the organization's tariff (its own, else
 * the bank's default) with its fees, and the fees set for this organization alone, which take
 * precedence (spec 001 §3 Organization "tariff (id, name, fees), customFees"): a tariff fee a
 * custom fee replaces on every payment it covers is marked `superseded`.
 */
export interface OrganizationFees {
  /** The tariff's fees, each marked `superseded` when a custom fee replaces it for this organization. */
  tariff: { id: string; name: string; fees: TariffFee[] } | null;
  customFees: Fee[];
  /**
   * Monthly service fees not yet paid (the balance could not pay when they were charged; they are
   * collected when it can), oldest first. `month` "YYYY-MM"; `amount` at the currency's scale.
   */
  owed: { month: string; amount: string; currencyId: string }[];
}

/**
 * One signed-in device (GET /v1/devices; DELETE /v1/devices/:id logs it out): one login and its
 * refreshes. `name` as the client gave it at login (null when none); `lastUsedAt` is the latest
 * token issue (within 15 minutes of the last request); `current` marks the caller's own.
 */
export interface Device {
  id: string;
  name: string | null;
  signedInAt: IsoDateTime;
  lastUsedAt: IsoDateTime;
  current: boolean;
}

/** GET /v1/users/whoami. `activeOrganization` follows the default-organization rule
 * (spec 001 §3: individual, else first corporate, else first company official). */
export interface WhoAmI {
  id: string;
  phone: string;
  email: string | null;
  status: "ACTIVE" | "BLOCKED";
  identified: boolean;
  profile: { firstName: string | null; lastName: string | null; dob: string | null; nationalityId: string | null };
  organizations: OrganizationSummary[];
  activeOrganization: OrganizationSummary | null;
  twilioAuthChannel: OtpChannel;
  /** True once an application's approval identified the person, until they close the
   * "you are verified" popup (POST /v1/users/verified-notice). */
  verifiedNoticeDue: boolean;
}

/** GET /v1/clients-organizations/check-invididual-recepient?phone= → 200 or 404 NOT_FOUND.
 * Name is shortened ("Oliver T.") so a phone lookup does not reveal full identities. */
export interface RecipientCheck {
  organizationId: string;
  displayName: string;
}

// ---------------------------------------------------------------- accounts

export interface Currency {
  id: CurrencyCode;
  name: string;
  description: string;
  scale: number;
  crypto: boolean;
}

/**
 * What a balance is (spec 000 §3 Balance "accountType"): CURRENT for a fiat currency, CRYPTO for a
 * crypto asset (its currency's `crypto`). One account holds both kinds; the kind decides what the
 * balance can do (cards and the bank's rails are fiat only; a crypto asset moves by
 * CRYPTO_ASSET_PAYMENT, exchange or between customers). docs/decisions.md "Balance fields".
 */
export type BalanceAccountType = "CURRENT" | "CRYPTO";

/**
 * One currency of an account (spec 000 §3 Balance). The spec's "amount / value" are two names of
 * one field: it is `amount` here, not sent twice (docs/decisions.md "Balance fields").
 */
export interface Balance {
  id: string;
  accountId: string;
  currencyId: CurrencyCode;
  /** The currency with its name and description (spec 000 §3 "currency (id as currencyId, name, description)"). */
  currency: Currency;
  /** CURRENT (fiat) or CRYPTO (crypto asset), from `currency.crypto`. */
  accountType: BalanceAccountType;
  /** Ledger balance (the spec's "amount / value"). */
  amount: Decimal;
  /** amount + overdraft headroom when overdraft applies. */
  available: Decimal;
  /**
   * Whether the overdraft applies: the global setting OVERDRAFT-ENABLED, the account's and the
   * balance's own switches all on (spec 000 §5). The web app shows the limit and `available`
   * exactly when this is true.
   */
  overdraftEnabled: boolean;
  /** The overdraft limit (major units), sent whether or not it applies. */
  overdraftValue: Decimal;
}

export interface Account {
  id: string;
  organizationId: string;
  name: string;
  number: string;
  fullNumber: string;
  /** Web path of the account page: `/accounts/{id}`. */
  path: string;
  iban: string | null;
  bic: string | null;
  sortCode: string | null;
  overdraftEnabled: boolean;
  createdAt: IsoDateTime;
  balances: Balance[];
  /**
   * The account's live cards (spec 000 §3 Account "cards"): status ORDERED, NEW, ACTIVE or FROZEN,
   * oldest first, each the Card of GET /v1/cards; CANCELED and VOID cards are left out (GET
   * /v1/cards?accountId= lists every status). Only cards of the caller's organizations, as the
   * cards endpoints (docs/decisions.md "Cards on an account").
   */
  cards: Card[];
}
// GET /v1/currencies?all=true → { data: Currency[] }
// GET /v1/currencies/base → Currency: the bank's base currency (GBP; docs/decisions.md "Base currency")
// GET /v1/accounts?organizationId=&all=true → { data: Account[] }
// GET /v1/accounts/:id → Account;  GET /v1/accounts/:id/balances → { data: Balance[] }

// ---------------------------------------------------------------- settings

export type ProviderPaymentTypeCode =
  | "SEPA_SCT"
  | "SEPA_SCT_INST"
  | "TARGET_2"
  | "FASTER_PAYMENT"
  | "BACS"
  | "SWIFT"
  | "FEDWIRE"
  | "CRYPTO_ASSET_PAYMENT"
  | "CASH_OVER_COUNTER";

export interface ProviderPaymentType {
  type: ProviderPaymentTypeCode;
  currencies: CurrencyCode[];
}

/** GET /v1/settings/payments. */
export interface PaymentsSettings {
  "PAYMENTS-ORDERS-ENABLED": boolean;
  paymentTypes: ProviderPaymentType[];
}
/**
 * Back office (issue 13 ADMIN; server/domain/settings/flags.ts): one settings flag, the bank-wide
 * value and, when asked for an organization and the flag has per-organization values, its own.
 */
export interface OpsSettingFlag {
  key: string;
  /** "BANK": bank-wide only; "BANK_AND_ORGANIZATION": an organization may have its own value. */
  scope: "BANK" | "BANK_AND_ORGANIZATION";
  /** The value when no row is stored. */
  defaultValue: boolean;
  /** The bank-wide value (stored, else the default). */
  bankValue: boolean;
  /** The organization's own value (null: it follows the bank-wide one); absent without an organization. */
  organizationValue?: boolean | null;
  /** What applies (to the organization when one was asked for). */
  effective: boolean;
}
/** POST /api/v1/ops/settings: set a flag bank-wide, or for one organization (value null: follow the bank). */
export interface OpsSetSettingRequest {
  key: string;
  value: boolean | null;
  organizationId?: string | null;
}
// GET /v1/settings/overdraft → { enabled: boolean }
/**
 * GET /v1/settings/turnstile (PUBLIC): whether the login forms carry a Cloudflare Turnstile
 * challenge and its site key. This bank does not use Turnstile: always `{ enabled: false,
 * siteKey: null }` (docs/decisions.md "Turnstile").
 */
export interface TurnstileSettings {
  enabled: boolean;
  /** The widget's public site key when enabled, else null. */
  siteKey: string | null;
}
/** GET /v1/settings/demo: whether demo mode (sample data under /demo for users not yet identified) is on. */
export interface DemoSettings {
  enabled: boolean;
}

/** GET /v1/payment-categories → { data: PaymentCategory[] }. */
export interface PaymentCategory {
  id: string;
  name: string;
}
export type WalletNetwork = "ETHEREUM" | "SOLANA";
/** GET /v1/casps → { data: Casp[] }: assets it takes, each on its network. */
export interface Casp {
  id: string;
  name: string;
  assets: { currencyId: CurrencyCode; network: WalletNetwork }[];
}
/** GET /v1/psp-partners?currencyId= → { data: PspPartner[] }. */
export interface PspPartner {
  id: string;
  name: string;
  currencyId: CurrencyCode;
  address: string | null;
}
/** GET /v1/settings/psp-partners: whether the customer chooses the partner (else the bank does). */
export interface PspPartnersSettings {
  enabled: boolean;
}
/**
 * GET /v1/settings/transactions-documents: when supporting documents are required for a
 * payment: always for the listed kinds, or from `thresholdAmount` (in the payment currency) up.
 */
export interface TransactionsDocumentsSettings {
  requiredKinds: PaymentKind[];
  thresholdAmount: Decimal | null;
  /** Accepted types and the size limit of one file (bytes). */
  allowedTypes: string[];
  maxFileSize: number;
}
/** POST /v1/uploads (multipart field `files`) → { data: Upload[] }. 400 'Identity.max-size-error' when too large. */
export interface Upload {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: IsoDateTime;
}
/** POST /v1/payments/:id/documents { uploadIds } → { data: string[] } (all the payment's document ids, in attach order). */
export interface AttachDocumentsRequest {
  uploadIds: string[];
}
/** GET/PUT/DELETE /v1/payment-drafts/:form (DELETE /v1/payment-drafts: all): a half-filled payment form (spec 000 §4 drafts). */
export interface PaymentDraft {
  form: string;
  organizationId: string;
  data: Record<string, string>;
  updatedAt: IsoDateTime;
}
// GET /v1/currencies?all=true → { data: Currency[] }

// ---------------------------------------------------------------- payments and signing

export type PaymentKind =
  "EURO" | "GBP" | "USD" | "INTERNATIONAL" | "INTERNAL" | "BETWEEN_ACCOUNTS" | "CRYPTO_ASSET_PAYMENT" | "CASH_OVER_COUNTER";

export type PaymentStatus = "AWAITING_SIGNATURE" | "COMPLETED" | "DECLINED" | "FAILED";

/** Fields every payment request carries, whatever its kind. */
export interface PaymentRequestBase {
  organizationId: string;
  accountId: string;
  currencyId: CurrencyCode;
  /** Decimal string at the currency's scale (2 for fiat, the asset's own scale for crypto). */
  amount: Decimal;
  /** Reference the payee sees (max 140 characters). */
  reference?: string;
  /** Purpose of payment (max 140); required by INTERNATIONAL, USD and CRYPTO_ASSET_PAYMENT. */
  purpose?: string;
  /** Id from GET /v1/payment-categories. */
  categoryId?: string;
  /** An APPROVED beneficiary of the organization: its fields fill what the request leaves out. */
  beneficiaryId?: string;
  /** An APPROVED contract of that beneficiary (400 on `contractId` otherwise: isApprovedContract). */
  contractId?: string;
}

/** SEPA credit transfer, SEPA Instant or TARGET2 (EUR only). */
export interface EuroPaymentRequest extends PaymentRequestBase {
  kind: "EURO";
  /** Default SEPA_SCT. SEPA_SCT_INST is the INSTANT speed. */
  paymentType?: "SEPA_SCT" | "SEPA_SCT_INST" | "TARGET_2";
  beneficiaryName?: string;
  iban?: string;
  bic?: string;
}
/** UK Faster Payments or BACS (GBP only): sort code + 8-digit account number. */
export interface GbpPaymentRequest extends PaymentRequestBase {
  kind: "GBP";
  paymentType: "FASTER_PAYMENT" | "BACS";
  beneficiaryName?: string;
  /** 6 digits; "12-34-56" and "12 34 56" accepted. */
  sortCode?: string;
  /** 8 digits. */
  accountNumber?: string;
}
/** US Fedwire: ABA routing number (3-7-1 checksum), account number, beneficiary address. */
export interface UsdPaymentRequest extends PaymentRequestBase {
  kind: "USD";
  paymentType?: "FEDWIRE";
  beneficiaryName?: string;
  aba?: string;
  accountNumber?: string;
  address?: string;
  city?: string;
  postCode?: string;
  /** ISO 3166-1 alpha-2 of the beneficiary's address. */
  countryId?: string;
}
/** SWIFT in any currency the settings offer (spec 000 §3 Beneficiary fields). */
export interface InternationalPaymentRequest extends PaymentRequestBase {
  kind: "INTERNATIONAL";
  paymentType?: "SWIFT";
  beneficiaryName?: string;
  beneficiaryType?: "INDIVIDUAL" | "COMPANY";
  bic?: string;
  /** Required when the bank's country uses IBANs; else `accountNumber`. */
  iban?: string;
  accountNumber?: string;
  address?: string;
  city?: string;
  postCode?: string;
  countryId?: string;
  bankName?: string;
  bankAddress?: string;
  bankCountry?: string;
  useIntermediaryBank?: boolean;
  intermediaryBankName?: string;
  intermediaryBankBIC?: string;
  intermediaryBankAddress?: string;
  intermediaryBankCountry?: string;
  intermediaryBankCorrespondentAccount?: string;
}
/** Crypto-asset payment to a wallet held at a CASP (GET /v1/casps). */
export interface CryptoAssetPaymentRequest extends PaymentRequestBase {
  kind: "CRYPTO_ASSET_PAYMENT";
  paymentType?: "CRYPTO_ASSET_PAYMENT";
  beneficiaryName?: string;
  caspId?: string;
  /** Validated for the asset's network (Solana base58, Ethereum EIP-55). */
  walletAddress?: string;
}
/** Cash paid out over the counter by a PSP partner to a collector. */
export interface CashOverCounterRequest extends PaymentRequestBase {
  kind: "CASH_OVER_COUNTER";
  paymentType?: "CASH_OVER_COUNTER";
  /** From GET /v1/psp-partners?currencyId= (required when GET /v1/settings/psp-partners offers the choice). */
  pspPartnerId?: string;
  /** The collector's full name. */
  beneficiaryName?: string;
  /** The collector's phone (E.164). */
  collectorContact?: string;
}
/** To another customer of the bank, found by phone (individual) or company number (corporate). */
export interface InternalPaymentRequest extends PaymentRequestBase {
  kind: "INTERNAL";
  recipientPhone?: string;
  recipientCompanyNumber?: string;
}
/** Between two accounts of the same organization, same currency. */
export interface BetweenAccountsRequest extends PaymentRequestBase {
  kind: "BETWEEN_ACCOUNTS";
  toAccountId: string;
}

/**
 * POST /v1/payments (header Idempotency-Key). 201 Payment; replay 200 same Payment.
 * One shape per kind (discriminated on `kind`); field errors (400 VALIDATION_FAILED) use these
 * property names. Each kind's rules live in server/domain/payments/rails/<rail>.ts.
 * A payer without a signature duty (CORPORATE official with signatureType NONE)
 * gets the payment COMPLETED at once.
 */
export type CreatePaymentRequest =
  | EuroPaymentRequest
  | GbpPaymentRequest
  | UsdPaymentRequest
  | InternationalPaymentRequest
  | CryptoAssetPaymentRequest
  | CashOverCounterRequest
  | InternalPaymentRequest
  | BetweenAccountsRequest;

/** An amount in a currency (a fee). */
export interface MoneyAmount {
  amount: Decimal;
  currencyId: CurrencyCode;
}

/**
 * How a payee account is worded (`PayeeAccount.form`) and the parts each form has:
 * - ACCOUNT: `account` (an account number or IBAN: between own accounts, a SWIFT account number);
 * - IBAN: `iban` (in groups of four), `bic`;  ACCOUNT_BIC: `account`, `bic` (SWIFT without IBAN);
 * - SORT_CODE: `sortCode` (12-34-56), `account`;  ABA: `aba`, `account` (Fedwire);
 * - PHONE: `phone`;  COMPANY_NUMBER: `companyNumber` (internal transfer recipients);
 * - WALLET: `wallet`, `network`, `provider` (crypto-asset service provider);
 * - CASH: `partner`, `phone` (cash over the counter: the partner and the collector's phone).
 */
export type PayeeAccountForm =
  "ACCOUNT" | "IBAN" | "ACCOUNT_BIC" | "SORT_CODE" | "ABA" | "PHONE" | "COMPANY_NUMBER" | "WALLET" | "CASH";

/**
 * A payee's account in parts, for a client to word in its reader's language (the web app:
 * `payments:payee-account.<form>`, docs/decisions.md "The payee account in the reader's
 * language"); `payeeDescription` is the same in English. Values are already formatted as shown.
 */
export interface PayeeAccount {
  form: PayeeAccountForm;
  values: Record<string, string>;
}

/**
 * POST /v1/payments/check: the same body as POST /v1/payments (no Idempotency-Key); validates
 * it fully without creating anything. 200 PaymentCheck, or the same 400 field errors as create.
 */
export interface PaymentCheck {
  amount: Decimal;
  currencyId: CurrencyCode;
  paymentType: ProviderPaymentTypeCode | null;
  /** null: no fee applies. */
  fee: MoneyAmount | null;
  beneficiaryName: string;
  /** How the payee account reads, in English ("Sort code 12-34-56, account 12345678"). */
  payeeDescription: string;
  /** The same in parts, for a client to word in its reader's language. */
  payeeAccount: PayeeAccount;
}

export interface Payment {
  id: string;
  organizationId: string;
  kind: PaymentKind;
  paymentType: ProviderPaymentTypeCode | null;
  status: PaymentStatus;
  accountId: string;
  accountNumber: string;
  currencyId: CurrencyCode;
  /** Same as `sum` (spec name). */
  amount: Decimal;
  sum: Decimal;
  benificiaryFullName: string;
  beneficiaryAccount: string | null;
  /** How the payee account reads, in English ("IBAN DE89…, BIC DEUTDEFF"): the back office's and API clients' text. */
  payeeDescription: string;
  /** The same in parts, for a client to word in its reader's language (the web app's customer pages). */
  payeeAccount: PayeeAccount;
  /** The rail's payee details as validated (sortCode, aba, countryId, walletAddress …). */
  payeeDetails: Record<string, string | boolean | null>;
  reference: string | null;
  purpose: string | null;
  categoryId: string | null;
  fee: MoneyAmount | null;
  /** Supporting documents attached (POST /v1/payments/:id/documents). */
  documentIds: string[];
  createdAt: IsoDateTime;
  transferDate: IsoDateTime | null;
  signedAt: IsoDateTime | null;
  /**
   * Always true for a payment created now (every payment is signed with a one-time code); false
   * only on payments an official without a signature duty created before 2026-11-26, which
   * were posted at creation.
   */
  requiresSignature: boolean;
  /** Settlement of a payment on an external rail (null for in-house kinds and unposted payments). */
  settlement?: PaymentSettlement | null;
  /**
   * The remittance order the payment belongs to (spec 000 §3 Payment "paymentOrderId"); null when
   * it belongs to none — which is every payment today: a remittance order moves its money with its
   * own ledger transactions, never through a payment (docs/decisions.md "Remittance orders"), and
   * its statement items carry its id (StatementItem.paymentOrderId).
   */
  paymentOrderId: string | null;
}

/**
 * Settlement status of a posted payment on an external rail (server/domain/payments/settlement.ts):
 * PENDING (on the rail's clearing balance) → SETTLED (paid out) → REFUNDED (came back), or
 * PENDING → REJECTED (refused before it left: sum and fee back, payment FAILED); PENDING →
 * REFUNDED too (sent back before settlement at the payer's or beneficiary bank's request).
 */
export type SettlementStatus = "PENDING" | "SETTLED" | "REJECTED" | "REFUNDED";
export interface PaymentSettlement {
  status: SettlementStatus;
  /** Why the bank rejected or refunded it (REJECTED, REFUNDED). */
  reason: string | null;
  settledAt: IsoDateTime | null;
  /** When the sum came back to the payer (REJECTED, REFUNDED). */
  returnedAt: IsoDateTime | null;
}

/**
 * Staff (PAYMENTS role) view of an external payment: GET /v1/ops/payments?rail=&status=&cursor=&take=
 * (rail = payment kind of an external rail: EURO, GBP, USD, INTERNATIONAL, CRYPTO_ASSET_PAYMENT,
 * CASH_OVER_COUNTER; status = SettlementStatus, default PENDING) → OpsExternalPaymentList, newest first.
 * POST /v1/ops/payments/:id/settle {} | …/reject {reason} | …/refund {reason} → OpsExternalPayment;
 * 409 PAYMENT_SETTLEMENT_CONFLICT when the payment is not in a status the move starts from.
 */
export interface OpsExternalPayment extends Payment {
  organizationName: string;
  settlement: PaymentSettlement;
}
export type OpsExternalPaymentList = ListResponse<OpsExternalPayment>;

/**
 * POST /v1/ops/payments/incoming: credit a customer balance with a payment from another bank (an
 * ADDED item in their history). The balance is named by `balanceId`, or by `account` (account
 * number or IBAN, spaces ignored) and `currencyId`. `idempotencyKey` (8..100 characters): a
 * repeat with the same key and body answers the first posting (`replayed: true`); the same key
 * with another body → 409 IDEMPOTENCY_KEY_REUSED.
 */
export interface IncomingPaymentRequest {
  balanceId?: string;
  account?: string;
  currencyId?: string;
  amount: Decimal;
  payerName: string;
  payerAccount?: string;
  reference?: string;
  idempotencyKey: string;
}
export interface IncomingPayment {
  id: string;
  organizationId: string;
  organizationName: string;
  balanceId: string;
  accountNumber: string;
  currencyId: CurrencyCode;
  amount: Decimal;
  payerName: string;
  payerAccount: string | null;
  reference: string | null;
  ledgerTransactionId: string | null;
  createdBy: string;
  createdAt: IsoDateTime;
  /** True when this answer repeats an earlier posting with the same key. */
  replayed: boolean;
}
/**
 * GET /v1/payments?organizationId=&status=&take=20&cursor= (spec 000 §7; the unsigned list is
 * `status=AWAITING_SIGNATURE`, fetched with a cursor): newest first. `totalCount` is the number
 * of payments matching organizationId and status, all pages together (the signing tab's count).
 */
export interface PaymentList extends ListResponse<Payment> {
  totalCount: number;
}
// GET /v1/payments/:id → Payment
// DELETE /v1/payments/:id/decline → Payment (DECLINED); 409 PAYMENT_NOT_PENDING otherwise

/** POST /v1/signatures/send-code: code bound to these payments (PSD2 RTS Art. 5 dynamic
 * linking; the SMS names amount, currency and payee). Answer: CodeChallenge. */
export interface SendSignatureCodeRequest {
  /** At least one of paymentIds, paymentOrderIds (remittance orders) and fxRequestIds (FX rate requests), each 1..100 ids. */
  paymentIds?: string[];
  paymentOrderIds?: string[];
  fxRequestIds?: string[];
  mfa: "PHONE";
  channel: OtpChannel;
}
/** POST /v1/signatures/validate. 401 INVALID_CODE | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED. */
export interface ValidateSignatureCodeRequest {
  token: string;
  code: string;
}
/** MFA token valid only for the payments the code was sent for, until expiresAt, once each. */
export interface MfaToken {
  token: string;
  expiresAt: IsoDateTime;
}
/** POST /v1/payments/:id/sign → Payment (COMPLETED). 401 MFA_TOKEN_INVALID,
 * 400 INSUFFICIENT_FUNDS (then the payment stays AWAITING_SIGNATURE). */
export interface SignPaymentRequest {
  mfaToken: string;
  signedAt: IsoDateTime;
}

export interface SignatureRecord {
  id: string;
  createdAt: IsoDateTime;
  user: { profile: { firstName: string | null; lastName: string | null } };
}
/** GET /v1/payments/:id/signatures (spec 000 §7: "returned as edges of nodes"), oldest first. */
export interface SignaturePage {
  edges: { node: SignatureRecord }[];
}

// ---------------------------------------------------------------- beneficiaries (spec 000 §3, §4, §7)

/** Beneficiary payment types (spec 000 §3): which payment kinds may use the saved payee. */
export type BeneficiaryPaymentType = "LOCAL" | "INTERNATIONAL" | "INTERNAL" | "CRYPTO_ASSET_PAYMENT" | "CASH_OVER_COUNTER";
export type BeneficiaryType = "INDIVIDUAL" | "COMPANY";
/**
 * Spec 000 §4: a new beneficiary is DRAFT (APPROVED at once when GET /v1/settings/beneficiaries
 * says no approval is required); PUT …/status asks for UNDER_REVIEW; the bank's staff approve
 * (APPROVED) or reject (REJECTED, with `rejectionReason`); an edit of a REJECTED one makes it
 * DRAFT again. Only APPROVED beneficiaries can be paid (`beneficiaryId` of a payment).
 */
export type BeneficiaryStatus = "DRAFT" | "UNDER_REVIEW" | "REJECTED" | "APPROVED";

/**
 * A saved beneficiary (spec 000 §3). Payee fields are null where the payment type has none:
 * LOCAL EUR iban + bic; LOCAL GBP sortCode ("123456") + bankAccountNumber (8 digits); LOCAL USD
 * aba + bankAccountNumber + address, city, countryId; INTERNATIONAL bic, iban (IBAN countries) or
 * bankAccountNumber, address, city, postCode, countryId, bank and intermediary bank; INTERNAL
 * phone (E.164); CRYPTO_ASSET_PAYMENT caspId + walletAddress; CASH_OVER_COUNTER collectorContact
 * (E.164). IBANs in electronic format, BICs upper case, countries ISO 3166-1 alpha-2.
 */
export interface Beneficiary {
  id: string;
  organizationId: string;
  name: string;
  nickname: string | null;
  beneficiaryType: BeneficiaryType;
  paymentType: BeneficiaryPaymentType;
  currencyId: CurrencyCode;
  iban: string | null;
  bic: string | null;
  sortCode: string | null;
  aba: string | null;
  bankAccountNumber: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postCode: string | null;
  countryId: string | null;
  bankName: string | null;
  bankAddress: string | null;
  bankCountry: string | null;
  caspId: string | null;
  walletAddress: string | null;
  collectorContact: string | null;
  useIntermediaryBank: boolean;
  intermediaryBankName: string | null;
  intermediaryBankBIC: string | null;
  intermediaryBankAddress: string | null;
  intermediaryBankCountry: string | null;
  intermediaryBankCorrespondentAccount: string | null;
  contractId: string | null;
  status: BeneficiaryStatus;
  /** The staff's reason, while REJECTED; null otherwise. */
  rejectionReason: string | null;
  createdAt: IsoDateTime;
}

/**
 * POST /v1/beneficiaries body → 201 Beneficiary (DRAFT, or APPROVED when no approval is
 * required). 400 VALIDATION_FAILED with field errors named after these properties (constraint
 * ids: the field rules' codes, e.g. iban `invalid`, sortCode `format`, aba `checksum`, walletAddress
 * `checksum-missing`, phone `isPhone`); 403 when not a member of `organizationId`. Properties of
 * other payment types are ignored.
 */
export interface BeneficiaryInput {
  organizationId: string;
  /** At most 140 characters. */
  name: string;
  /** At most 70 characters. */
  nickname?: string;
  beneficiaryType: BeneficiaryType;
  paymentType: BeneficiaryPaymentType;
  /** LOCAL: EUR, GBP or USD. CRYPTO_ASSET_PAYMENT: an asset the CASP takes. */
  currencyId: CurrencyCode;
  iban?: string;
  bic?: string;
  sortCode?: string;
  aba?: string;
  bankAccountNumber?: string;
  phone?: string;
  address?: string;
  city?: string;
  postCode?: string;
  countryId?: string;
  bankName?: string;
  bankAddress?: string;
  bankCountry?: string;
  /** Id from GET /v1/casps. */
  caspId?: string;
  walletAddress?: string;
  collectorContact?: string;
  useIntermediaryBank?: boolean;
  intermediaryBankName?: string;
  intermediaryBankBIC?: string;
  intermediaryBankAddress?: string;
  intermediaryBankCountry?: string;
  intermediaryBankCorrespondentAccount?: string;
}

/**
 * PUT /v1/beneficiaries/:id body: every property again (a full replacement), without the
 * organization. → Beneficiary (DRAFT; APPROVED when no approval is required). Only DRAFT and
 * REJECTED beneficiaries can be changed (any, when no approval is required): else 409
 * BENEFICIARY_STATUS_CONFLICT. 404 outside the caller's organizations.
 */
export type BeneficiaryUpdate = Omit<BeneficiaryInput, "organizationId">;

/**
 * PUT /v1/beneficiaries/:id/status body: submit for review. DRAFT/REJECTED → UNDER_REVIEW
 * (APPROVED when no approval is required); UNDER_REVIEW answers as it is; APPROVED → 409
 * BENEFICIARY_STATUS_CONFLICT; any other status asked for → 400 on `status`.
 */
export interface BeneficiaryStatusRequest {
  status: "UNDER_REVIEW";
}

export interface BeneficiaryEdge {
  node: Beneficiary;
  /** Opaque: pass as `cursor` to get the beneficiaries after this one. */
  cursor: string;
}

/**
 * GET /v1/beneficiaries?organizationId=&search=&paymentType=&status=&take=&cursor= (spec 000 §7
 * "paginated edges"): newest first, take 1..100 (default 20). `search` matches name, nickname,
 * IBAN, account number, wallet address and phone (case-insensitive, part of the text).
 * 403 when not a member of `organizationId`.
 */
export interface BeneficiaryPage {
  edges: BeneficiaryEdge[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** GET /v1/settings/beneficiaries: whether the bank's staff approve new beneficiaries (default true). */
export interface BeneficiariesSettings {
  approvalRequired: boolean;
}
// GET /v1/beneficiaries/:id → Beneficiary | 404
// DELETE /v1/beneficiaries/:id → 204 | 404 (a beneficiary that payments name is kept, hidden, for their history)

// ---------------------------------------------------------------- beneficiary contracts and documents (spec 000 §3, §4, §7)

/** Contract statuses: the beneficiary's (spec 000 §3 "Beneficiary and contract status"). */
export type ContractStatus = BeneficiaryStatus;

/**
 * A contract with a saved beneficiary (spec 000 §3 "Contracts: id, name, beneficiaryId,
 * supporting documents, status"). Lifecycle as a beneficiary's (spec 000 §4): DRAFT →
 * PUT …/status UNDER_REVIEW → the bank's staff approve (APPROVED) or reject (REJECTED, with
 * `rejectionReason`); an edit of a DRAFT or REJECTED one makes it DRAFT again. APPROVED at once
 * when GET /v1/settings/beneficiaries says no approval is required. A payment to the beneficiary
 * may name an APPROVED contract (`contractId` of POST /v1/payments).
 */
export interface BeneficiaryContract {
  id: string;
  beneficiaryId: string;
  organizationId: string;
  name: string;
  /** The contract's own number or reference, as the customer knows it. */
  number: string | null;
  status: ContractStatus;
  /** The staff's reason, while REJECTED; null otherwise. */
  rejectionReason: string | null;
  /** Its supporting documents (BeneficiaryDocument ids), in attach order. */
  documentIds: string[];
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
}

/**
 * POST /v1/beneficiaries/:id/contracts body → 201 BeneficiaryContract (DRAFT; APPROVED when no
 * approval is required). PUT /v1/beneficiaries/:id/contracts/:contractId takes the same body (a
 * full replacement) → BeneficiaryContract (DRAFT again, reason cleared); only DRAFT and REJECTED
 * contracts can be changed (any, when no approval is required), else 409 CONTRACT_STATUS_CONFLICT.
 * 400 VALIDATION_FAILED on `name` (isNotEmpty, too_big) or `number` (too_big).
 */
export interface BeneficiaryContractInput {
  /** 1..140 characters. */
  name: string;
  /** At most 70 characters; empty or missing: none. */
  number?: string;
}

/**
 * PUT /v1/beneficiaries/:id/contracts/:contractId/status: submit for review. DRAFT/REJECTED →
 * UNDER_REVIEW (APPROVED when no approval is required); UNDER_REVIEW answers as it is; APPROVED
 * → 409 CONTRACT_STATUS_CONFLICT; any other status asked for → 400 on `status`.
 */
export type ContractStatusRequest = BeneficiaryStatusRequest;

/**
 * Categories of beneficiary and contract documents (GET
 * /v1/beneficiaries/documents/allowed-categories → { data: BeneficiaryDocumentCategory[] }):
 * the signed contract, an amendment to it, an invoice under it, the beneficiary's proof of
 * address, a company's registration extract, a bank's confirmation of the account, other.
 */
export type BeneficiaryDocumentCategory =
  | "CONTRACT"
  | "AGREEMENT_AMENDMENT"
  | "INVOICE"
  | "PROOF_OF_ADDRESS"
  | "COMPANY_REGISTRATION"
  | "BANK_ACCOUNT_CONFIRMATION"
  | "OTHER";

/** A supporting document of a beneficiary (contractId null) or of one of its contracts. */
export interface BeneficiaryDocument {
  id: string;
  beneficiaryId: string;
  contractId: string | null;
  category: BeneficiaryDocumentCategory;
  /** The upload (POST /v1/uploads) holding the file, and its name, type and size in bytes. */
  uploadId: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: IsoDateTime;
}

/**
 * POST /v1/beneficiaries/:id/documents body → { data: BeneficiaryDocument[] } (the documents of
 * these uploads). Uploads must be the beneficiary's organization's (POST /v1/uploads first).
 * With `contractId` (a contract of this beneficiary) they support that contract: it must be
 * DRAFT or REJECTED (a REJECTED one becomes DRAFT, reason cleared), else 409
 * CONTRACT_STATUS_CONFLICT. 400 on `uploadIds` (isOwnUpload, isAttached, arrayMaxSize),
 * `category` or `contractId` (isContract); 404 outside the caller's organizations.
 */
export interface AttachBeneficiaryDocumentsRequest {
  /** 1..10 upload ids. */
  uploadIds: string[];
  category: BeneficiaryDocumentCategory;
  contractId?: string;
}
// GET /v1/beneficiaries/:id/contracts → { data: BeneficiaryContract[] } (newest first) | 404
// GET /v1/beneficiaries/:id/contracts/:contractId → BeneficiaryContract | 404
// GET /v1/beneficiaries/:id/documents?contractId= → { data: BeneficiaryDocument[] } (attach order; all, or one contract's) | 404
// GET /v1/beneficiaries/:id/documents/:documentId/file → the bytes (Content-Type, attachment, nosniff, no-store) | 404

// ---------------------------------------------------------------- history

export type StatementStatus = "SENT" | "ADDED" | "REFUND";
export type OperationType = "COMMON" | "TRANSACTION_FEE" | "SERVICE_FEE" | "REFUND";
/**
 * Where a statement item's operation stands (spec 000 §3 "operationStatus", values of the spec's
 * Process status, spelled as the spec spells them: IN_PROCCESS is a wire value). PENDING: accepted,
 * waiting for the bank to start (a remittance order QUEUED, an FX rate request awaiting the bank's
 * decision); IN_PROCCESS: the bank is working on it (a payment on an external rail not yet settled,
 * a remittance order in PROC, AML or AML_DONE); COMPLETED: nothing more will happen to it (every
 * other item: internal payments, exchanges, fees, money in, refunds, and the operations above once
 * settled, accepted or rejected — a rejection's money back is its own REFUND item).
 * Rule: server/domain/statements/operation-status.ts; docs/decisions.md "Statement list item fields".
 */
export type OperationStatus = "PENDING" | "IN_PROCCESS" | "COMPLETED";

/** StatementItem.exchange: the currencies and rate of the exchange a statement item belongs to. */
export interface StatementItemExchange {
  fromCurrencyId: CurrencyCode;
  toCurrencyId: CurrencyCode;
  /** Units of toCurrencyId per 1 fromCurrencyId, e.g. "1.17" (no trailing zeros). */
  rate: Decimal;
}

/** One posting on a customer balance, as shown in the history (spec 000 §3). */
export interface StatementItem {
  id: string;
  transactionId: string;
  paymentId: string | null;
  /**
   * The counterparty's name (data, not an English label); null when there is none (e.g. a
   * SERVICE_FEE item): the web app titles items from operationType codes ('Regular fee').
   */
  title: string | null;
  status: StatementStatus;
  operationType: OperationType;
  /**
   * Kind of the ledger transaction the item belongs to: EXCHANGE (a currency exchange; no
   * title: the web app writes 'Currency exchange'), a payment kind (EURO, GBP, INTERNAL, …),
   * INCOMING, SERVICE_FEE, REMITTANCE, …
   */
  transactionKind: string;
  accountId: string;
  accountNumber: string;
  currencyId: CurrencyCode;
  /** Signed: negative for money out. */
  amount: Decimal;
  debitSum: Decimal;
  creditSum: Decimal;
  /** Balance of this currency right after the posting. */
  balanceAfter: Decimal;
  counterpartyFullName: string | null;
  counterpartyAccountNumber: string | null;
  /**
   * The payment reference: data a customer or payer wrote (a payment's or an incoming payment's
   * reference, also on its fee item and its refund), or the month a regular fee was charged for
   * ("2026-11", SERVICE_FEE). Null for the bank's own items whose ledger text is its English
   * bookkeeping (every leg of a currency exchange, of an FX rate request's hold, acceptance and
   * refund, their fee legs included): what that text said is in `exchange`, which the reader's
   * language renders (docs/decisions.md "The bank's own items speak the reader's language").
   */
  reference: string | null;
  /**
   * The exchange the item belongs to, on every leg of a currency exchange (fee legs too) and of an
   * FX rate request's hold, acceptance and refund: what was sold (fromCurrencyId), what was
   * bought (toCurrencyId) and the rate (units of toCurrencyId per 1 fromCurrencyId, a decimal
   * string without trailing zeros: the quote's customer rate, or the request's proposed rate),
   * e.g. { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate: "1.17" } → "GBP → EUR at 1.17"
   * ("GBP → EUR zu 1,17" in German). Null on every other item.
   */
  exchange: StatementItemExchange | null;
  transferDate: IsoDateTime;
  /** Where the item's operation stands (OperationStatus). */
  operationStatus: OperationStatus;
  /**
   * Payment category the payer chose (spec 000 §3 "categoryId"; GET /v1/payment-categories): only
   * on the payer's own items of the payment (the payee of an internal payment never sees it), null
   * otherwise.
   */
  categoryId: string | null;
  /**
   * The remittance order the item belongs to (its sum or its refund; spec 000 §3 "paymentOrderId",
   * the list's `paymentOrderId` filter), null otherwise.
   */
  paymentOrderId: string | null;
  /**
   * The fee charged with the item's payment (spec 000 §3 "feeAmount"; positive, at the scale of
   * feeCurrencyId), on the payer's own items of the payment (its sum and its TRANSACTION_FEE item,
   * on the balances it debited); null when the payment has no fee, the item belongs to no payment
   * (a refund is its own ledger transaction), or it is the money in of the payment (the payee of an
   * internal payment, the credited account of a payment between one's own accounts).
   */
  feeAmount: Decimal | null;
  /** Currency of feeAmount; null with it. */
  feeCurrencyId: CurrencyCode | null;
}
// GET /v1/statements-items?organizationId=&account=&currencyId=&transferDateFrom=&transferDateTo=&paymentOrderId=&parentId=&take=&cursor=
//   → { data: StatementItem[], nextCursor }, sorted by transferDate descending (cursor paging, no cap).
//   Every filter optional (spec 000 §7): without organizationId, the organization of `account`,
//   `paymentOrderId` or `parentId` (one of the caller's, else 404), else the caller's default
//   organization (whoami's activeOrganization; none → 403). One organization at a time, never mixed.
//   403 for a COMPANY_OFFICIAL organization (spec 000 §6: officials have no history).

/**
 * GET /v1/statements-items/:id → the item with the info block of spec 000 §3 | 404.
 * Fields absent for the item's kind (a card payment has no BIC) are null.
 */
export interface StatementItemDetail extends StatementItem {
  /**
   * When the bank recorded the item (spec 000 §3 info block "createdAt"): the posting's creation
   * time. `transferDate` is the date the money moved, which the history sorts by; the two differ
   * for an item booked with an earlier value date.
   */
  createdAt: IsoDateTime;
  /**
   * Purpose of payment as the customer wrote it: the payment's purpose, or the remittance order's
   * description; null for a payment given none and for the bank's own items (fees, exchanges,
   * incoming payments: their operation type, `reference` or `exchange` say what they are). Never
   * the ledger's bookkeeping line.
   */
  purpose: string | null;
  /**
   * On the item that gave money back (a rejected or refunded payment, a rejected remittance order):
   * the reason the bank gave, as its staff wrote it; null on every other item.
   */
  returnReason: string | null;
  /** The same as `purpose`: the spec's name (spec 000 §3 info block "info (purpose of payment)"). */
  info: string | null;
  /**
   * The payer's and the payee's account numbers of the item's movement (spec 000 §3 info block
   * "senderAccountNumber", "recipientAccountNumber"). Money out (amount < 0): the sender is the
   * customer's own account (`accountNumber`), the recipient the counterparty account as the payment
   * carries it (`counterpartyAccountNumber`); money in (amount > 0, a refund too): the other way
   * round. Null on the side the posting names no account: the bank's own side of a fee or an
   * exchange. Nothing beyond what the item already carries (docs/decisions.md "The spec's names on
   * the statement item").
   */
  senderAccountNumber: string | null;
  recipientAccountNumber: string | null;
  /**
   * The recipient's sort code (spec 000 §3 info block "sortCode"): money out, the payee's
   * (`counterpartySortCode`); money in, the customer's own account's (`accountSortCode`).
   */
  sortCode: string | null;
  /**
   * The recipient's BIC (spec 000 §3 info block "benificiaryBIC", spelled as the spec spells it):
   * money out, the payee's bank (`counterpartyBic`); money in, the customer's own account's BIC.
   */
  benificiaryBIC: string | null;
  /** The same as `glTransactionId` and `transactionId`: the spec's name (spec 000 §3 info block). */
  generalLedgerTransactionId: string;
  /** The customer's own account: IBAN and sort code (GBP) of the account row. */
  accountIban: string | null;
  accountSortCode: string | null;
  counterpartySortCode: string | null;
  counterpartyBic: string | null;
  /** Rail code of the payment (FPS, SEPA_SCT, SWIFT …), null when not a customer payment. */
  paymentType: string | null;
  /** The same as feeAmount (the name the item detail had first). */
  fee: Decimal | null;
  /** General-ledger transaction id (same as transactionId). */
  glTransactionId: string;
  /**
   * The item's ledger transaction (spec 000 §3 info block "generalLedgerTransaction
   * (debitAccountNumber, creditAccountNumber)"): the account debited and the account credited by
   * the item's posting and its counter-leg, as the ledger records them (`accounts.number`). A
   * customer account's number is given (the item's own, or the other customer's of an internal
   * payment); the bank's own ledger accounts (clearing, fee income, FX position …) are never
   * numbered to customers: null there, which the web app shows as "the bank's own account"
   * (docs/decisions.md "Ledger accounts on a statement item").
   */
  generalLedgerTransaction: StatementItemLedgerTransaction;
  /**
   * The payer (spec 000 §3 info block "senderAccount.clientName"): the name of the organization
   * holding the debited account (company name, or the person's first and last name); null when
   * the money came from the bank's own accounts (an incoming payment from another bank, a refund).
   */
  senderAccount: { clientName: string | null };
  /**
   * The item's category (categoryId) with its stored name (the web app shows its translation by
   * `id`, the stored name for a category it has no translation of); null without a category or
   * when the category no longer exists.
   */
  category: PaymentCategory | null;
  /** Beneficiary contract of the payment, if any (the same as `contract.id`). */
  contractId: string | null;
  /**
   * The payment's beneficiary contract (spec 000 §3 info block "contract (id, name,
   * beneficiaryId)"), only when it belongs to the item's own organization (the payee's item of
   * an internal payment never names the payer's contract) and its beneficiary is not deleted;
   * null otherwise.
   */
  contract: StatementItemContract | null;
}

/** Accounts of a statement item's ledger transaction (StatementItemDetail.generalLedgerTransaction). */
export interface StatementItemLedgerTransaction {
  /** Same as the item's transactionId. */
  id: string;
  /** Number of the debited ledger account; null for the bank's own account. */
  debitAccountNumber: string | null;
  /** Number of the credited ledger account; null for the bank's own account. */
  creditAccountNumber: string | null;
}

/** A beneficiary contract as a statement item names it (web page: /beneficiaries/{beneficiaryId}/contracts?contract={id}). */
export interface StatementItemContract {
  id: string;
  name: string;
  beneficiaryId: string;
}

/**
 * Statement export (GET /v1/statements-items/{pdf|csv}?organizationId=&currencyId=&transferDateFrom=&transferDateTo=&account=):
 * opening balance (sum of the balances' postings before the period), every item ascending,
 * closing balance; opening + Σ items = closing. 400 without currencyId; 403/404 as the list.
 */
export interface StatementExport {
  organizationId: string;
  currencyId: CurrencyCode;
  from: IsoDateTime | null;
  to: IsoDateTime | null;
  opening: Decimal;
  closing: Decimal;
  items: StatementItem[];
}

/**
 * GET /v1/accounts/:id/top-up?currencyId= → TopUpInstructions (…/top-up/pdf → the same as a PDF).
 * What a payer needs to fund that balance (docs/decisions.md "Top-up instructions").
 */
export interface TopUpInstructions {
  accountId: string;
  currencyId: CurrencyCode;
  beneficiaryName: string;
  bankName: string;
  /** One entry per rail: label code (LOCAL_GB, SEPA, FEDWIRE, SWIFT, INTERNAL) and its fields. */
  methods: { rail: string; fields: { name: string; value: string }[] }[];
  /** Reference the payer should quote (the account number). */
  reference: string;
}

export interface ListResponse<T> {
  data: T[];
  nextCursor: string | null;
}

// ---------------------------------------------------------------- remittance orders (spec 001 §3, §4, §7)

/**
 * Remittance order statuses (spec 001 §3, §4): PENDING awaits signature; signing makes it QUEUED;
 * the bank moves it QUEUED → PROC → AML → AML_DONE → ACCEPTED, or to REJECTED from any of
 * QUEUED..AML_DONE (the held sum is refunded). A member may decline a PENDING one (spec 000 §4):
 * REJECTED too, nothing held (RemittanceOrder.rejectedBy CUSTOMER). Active: QUEUED, PROC, AML,
 * AML_DONE, ACCEPTED.
 */
export type RemittanceOrderStatus = "PENDING" | "QUEUED" | "PROC" | "AML" | "AML_DONE" | "ACCEPTED" | "REJECTED";

/** Who collects the cash (docs/decisions.md "Remittance orders"): checked against an identity document at payout. */
export interface RemittancePayee {
  /** Full name as on the payee's identity document (1..140). */
  name: string;
  /** Street address (1..200). */
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2 of the payout country. */
  country: string;
  /** E.164 (spaces, dashes and brackets are dropped). */
  phone: string;
  /** Number of the identity document the payee will show (optional, 1..50). */
  documentNumber?: string | null;
}

/**
 * POST /v1/payments-orders (header Idempotency-Key, like POST /v1/payments) → 201
 * RemittanceOrder (PENDING, also when its creator has no signature duty: it waits for a signer), replay 200.
 * 403 when PAYMENTS-ORDERS-ENABLED is off for the organization (or not a member); 404 for an
 * account outside the caller's organizations; 400 field errors (sum with the amount rules at
 * the currency's scale, payee.*, uploadIds …); 409 IDEMPOTENCY_KEY_REUSED.
 */
export interface CreateRemittanceOrderRequest {
  organizationId: string;
  accountId: string;
  /** A fiat currency the account holds a balance in. */
  currencyId: CurrencyCode;
  /** Decimal string at the currency's scale. */
  sum: Decimal;
  payee: RemittancePayee;
  /** Purpose of the remittance (1..140). */
  description: string;
  /** Uploads (POST /v1/uploads) of the same organization, at most 10. */
  uploadIds?: string[];
}

export interface RemittanceOrder {
  id: string;
  organizationId: string;
  /** Same as createdAt (spec name). */
  orderCreatedAt: IsoDateTime;
  sum: Decimal;
  currencyId: CurrencyCode;
  currency: { id: CurrencyCode; name: string };
  status: RemittanceOrderStatus;
  accountId: string;
  accountNumber: string;
  payee: RemittancePayee;
  description: string | null;
  /** The bank's reason when REJECTED; "Declined by the customer before signing" when a member declined it. */
  rejectionReason: string | null;
  /**
   * Who rejected it, when REJECTED (else null): CUSTOMER when a member declined it before signing
   * (POST /v1/payments-orders/:id/decline: nothing was held), BANK for the bank's rejection (the
   * held sum refunded).
   */
  rejectedBy: "CUSTOMER" | "BANK" | null;
  signedAt: IsoDateTime | null;
  /** Attached files (download: GET /v1/payments-orders/:id/file/:uploadId). */
  files: Upload[];
}

/** One move of an order's status (its history). `by`: the customer (create, sign) or the bank. */
export interface RemittanceOrderEvent {
  fromStatus: RemittanceOrderStatus | null;
  toStatus: RemittanceOrderStatus;
  by: "CUSTOMER" | "BANK";
  reason: string | null;
  createdAt: IsoDateTime;
}

/** GET /v1/payments-orders/:id → the order with its history (oldest first) | 404. */
export interface RemittanceOrderDetail extends RemittanceOrder {
  history: RemittanceOrderEvent[];
}

export interface RemittanceOrderEdge {
  node: RemittanceOrder;
  cursor: string;
}

/**
 * GET /v1/payments-orders?organizationId=&all=true&status=&take=&cursor= : newest first,
 * cursor-paged edges. `status` one status or several separated by commas (e.g.
 * QUEUED,PROC,AML,AML_DONE,ACCEPTED for the active ones); `all=true` is accepted (the spec's
 * clients send it) and changes nothing. `totalCount`: how many orders the filter matches on all
 * pages. 403 when not a member of `organizationId`.
 */
export interface RemittanceOrderPage {
  edges: RemittanceOrderEdge[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
// POST /v1/payments-orders/:id/sign { mfaToken, signedAt } → RemittanceOrder (QUEUED) | 401 MFA_TOKEN_INVALID |
//   409 ORDER_STATUS_CONFLICT | 400 INSUFFICIENT_FUNDS (field sum) | 403 | 404
// POST /v1/payments-orders/:id/decline {} → RemittanceOrder (REJECTED, rejectedBy CUSTOMER; a repeat answers it
//   unchanged) | 404 | 409 ORDER_STATUS_CONFLICT (signed already, or rejected by the bank)
// GET /v1/payments-orders/:id/file/:uploadId → the file's bytes | 404

// ---------------------------------------------------------------- onboarding applications (spec 001 §2–§7, issue 8)
// Steps and fields are data: server/rules/applications/steps.ts (ids, kinds, options, error steps).

export type ApplicationType = "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
export type ApplicationStatus = "INCOMPLETE" | "READY_TO_REVIEW" | "REVIEW_IN_PROGRESS" | "ACCEPTED" | "DECLINED";
/** An answer: a string (dates yyyy-mm-dd, yes/no YES|NO, numbers as decimal strings) or a list (multi-choice). */
export type ApplicationAnswer = string | string[];

/** GET /v1/applications-schemes?all=true item (spec 001 §3 "Application scheme"). */
export interface ApplicationScheme {
  id: string;
  name: string;
  clientType: ApplicationType;
  /** NONE skips identity verification; SANDBOX is the embedded provider. */
  kycProvider: string;
  additionalQuestionsActive: boolean;
  suppliersEnabled: boolean;
  customersEnabled: boolean;
  /** Currencies of the first account opened on approval. */
  currencies: string[];
  documentCategories: string[];
  requiredDocumentCategories: string[];
}

/** State of one route step for the step list (spec 001 §2: active/disabled are the page's business). */
export interface ApplicationStepState {
  id: string;
  status: "complete" | "error" | "incomplete";
}

/** A person on a corporate application: the main representative or a cof entry. */
export interface ApplicationOfficial {
  id: string;
  role: "MAIN_REPRESENTATIVE" | "DIRECTOR" | "SHAREHOLDER" | "UBO";
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  dob: string | null;
  nationalityId: string | null;
  position: string | null;
  /** Share held, "0.00"–"100.00", or null. */
  percentage: string | null;
  natureOfControl: "DIRECT_CONTROL" | "INDIRECT_CONTROL" | null;
}

export interface ApplicationDocument {
  id: string;
  category: string;
  upload: Upload;
}

/**
 * An official of a CORPORATE organization (spec 001 §3 "Company official"; issue 10):
 * GET/POST /v1/clients-organizations/:id/clients-officials, PUT …/:officialId, PUT …/:officialId/status.
 * `status` INVITED (the person is not an identified customer yet: no access), APPROVED (acts for
 * the company), SUSPENDED (no access). The person's names, phone and e-mail are the customer's
 * own once linked, else the invitation's. `percentage`: share held, decimal string 0–100.
 */
export interface CompanyOfficial {
  id: string;
  organizationId: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  position: string | null;
  percentage: string | null;
  natureOfControl: NatureOfControl | null;
  status: OfficialStatus;
  signatureType: SignatureType;
  companyOfficialType: CompanyOfficialType | null;
  /** True for the caller's own row. */
  isCurrentUser: boolean;
  createdAt: IsoDateTime;
}
export type OfficialStatus = "INVITED" | "APPROVED" | "SUSPENDED";
export type NatureOfControl = "DIRECT_CONTROL" | "INDIRECT_CONTROL";

/** PUT …/clients-officials/:officialId: the role in the company (the person's details are their own). */
export interface UpdateCompanyOfficialRequest {
  position?: string | null;
  percentage?: string | null;
  natureOfControl?: NatureOfControl | null;
  signatureType: SignatureType;
  companyOfficialType: "MAIN_REPRESENTATIVE" | "DIRECTOR" | "SHAREHOLDER" | "UBO";
}
/** POST …/clients-officials: the person (phone in E.164) and the role. */
export interface CreateCompanyOfficialRequest extends UpdateCompanyOfficialRequest {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
}
/** PUT …/clients-officials/:officialId/status. */
export interface CompanyOfficialStatusRequest {
  status: "APPROVED" | "SUSPENDED";
}

/**
 * An agreement the bank asks the signed-in person to accept (spec 001 §7 "Agreements … for
 * profiles; unsigned agreements list"): GET /v1/agreements/unsigned, POST /v1/agreements/:id/sign.
 * File: GET /v1/agreements/:id/file.
 */
export interface ProfileAgreement {
  id: string;
  title: string;
  version: string;
  requestedAt: IsoDateTime;
  signedAt: IsoDateTime | null;
}

/** An agreement to read and sign (spec 001 §7 Agreements). File: GET /v1/agreements/:id/file. */
export interface ApplicationAgreement {
  id: string;
  title: string;
  version: string;
  /** Whose agreement: INDIVIDUAL, CORPORATE, MAIN_REPRESENTATIVE or COMPANY_OFFICIAL. */
  clientType: string;
  signedAt: IsoDateTime | null;
}

/** GET /v1/clients-applications?all=true item. `name`: company name, or the applicant's name. */
export interface ApplicationSummary {
  id: string;
  type: ApplicationType;
  status: ApplicationStatus;
  name: string | null;
  declineReason: string | null;
  /** Why the bank sent the application back for changes (status INCOMPLETE again); null otherwise. */
  changesRequested?: string | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  submittedAt: IsoDateTime | null;
}

/**
 * GET /v1/clients-applications/:id (the applicant only; 404 for anyone else). `answers` the
 * saved valid answers of the field steps (the main representative's fields included, for
 * CORPORATE); `drafts[step]` values typed but refused; `errors[step]` the field errors of the
 * step's last save or of a refused submit; `steps` the applicable steps in order.
 */
export interface Application extends ApplicationSummary {
  scheme: ApplicationScheme;
  answers: Record<string, ApplicationAnswer>;
  drafts: Record<string, Record<string, ApplicationAnswer>>;
  errors: Record<string, ApiFieldError[]>;
  steps: ApplicationStepState[];
  /** CORPORATE: the main representative (id used in /identity/corporate/{id}/cof-additional-infromation). */
  mainRepresentative: ApplicationOfficial | null;
  /** CORPORATE: directors, shareholders and UBOs (step cof). */
  officials: ApplicationOfficial[];
  documents: ApplicationDocument[];
  agreements: ApplicationAgreement[];
  verification: { provider: string; status: "NOT_STARTED" | "PENDING" | "COMPLETED" | "REJECTED" } | null;
  /** False once submitted: every write answers 409 APPLICATION_NOT_EDITABLE. */
  editable: boolean;
}

/**
 * Body of POST /v1/clients-applications/{individuals|corporates|company-officials} (create,
 * 201) and PUT …/{id} (update, 200): one step's values. The valid values are saved even when
 * others are refused; the answer is the Application, whose `errors[step]` lists the refused
 * ones (so the call succeeds: the applicant's work is saved). `partial`: "save and come back
 * later" (empty required fields are not errors). `agreementIds`: agreements signed with this
 * step (agreement steps). Special steps (identity-verification, cof, add-documents,
 * cof-agreements) take no values: the PUT checks their completion.
 * 409 APPLICATION_NOT_EDITABLE once submitted; 400 on an unknown step.
 * The create may carry an `Idempotency-Key` header (1..128 characters, the caller's own): a
 * repeat with that key saves the step into the application the key created (200) rather than
 * making another (a double submit of a first step); 409 IDEMPOTENCY_KEY_REUSED when the key
 * created an application of another type. `GET /v1/clients-applications?all=true&idempotencyKey=`
 * lists only the application created under that key.
 */
export interface SaveApplicationStepRequest {
  step: string;
  values?: Record<string, ApplicationAnswer>;
  partial?: boolean;
  agreementIds?: string[];
}
// PUT /v1/clients-applications/:id/drafts { step, values } → 204: what the applicant typed, unchecked
//   (sent when a page is left with JavaScript); shown back until the step is saved.
// POST /v1/clients-applications/corporates/:id/company-officials { values } → 201 ApplicationOfficial | 400 field errors
//   (optional Idempotency-Key header: a repeat with it saves into the official it added → 200 ApplicationOfficial)
// PUT  /v1/clients-applications/corporates/:id/company-officials/:officialId { values } → ApplicationOfficial | 400
// DELETE /v1/clients-applications/corporates/:id/company-officials/:officialId → 204
// GET  /v1/clients-applications/:id/documents/allowed-categories → { data: string[] }
// GET  /v1/clients-applications/:id/documents → { data: ApplicationDocument[] }
// POST /v1/clients-applications/:id/documents { category, uploadIds } → 201 { data: ApplicationDocument[] } | 400
// DELETE /v1/clients-applications/:id/documents/:documentId → 204
// GET  /v1/clients-applications/:id/documents/:documentId/file → the bytes
// GET  /v1/clients-applications/:id/agreements → { data: ApplicationAgreement[] }
// GET  /v1/agreements/:agreementId/file → the agreement's file (any signed-in user)
// GET  /v1/clients-applications/:id/sumsub-token → KycToken
// POST /v1/clients-applications/:id/verification/sandbox { outcome: "APPROVE" | "REJECT" } → Application (SANDBOX provider only)
// PUT  /v1/clients-applications/:id/submit → Application (READY_TO_REVIEW) | 400 field errors (each property
//   names its step: routeStepOf in server/rules/applications/steps.ts), also stored in `errors`

/** GET /v1/clients-applications/:id/sumsub-token: a short-lived token for the provider's web SDK. */
export interface KycToken {
  provider: string;
  token: string;
  expiresAt: IsoDateTime;
}

/** GET /v1/settings-clients-ranges?clientType= item: 'From X to Y', or 'Over X' when `to` is null. */
export interface ClientRange {
  id: string;
  type: string;
  from: Decimal;
  to: Decimal | null;
}
/** GET /v1/clients-activities, /v1/sources-of-funds, /v1/products?clientType=, /v1/delivery-channels?clientType= item. */
export interface ReferenceItem {
  id: string;
  name: string;
  description: string | null;
}
/** GET /v1/countries item (ISO 3166-1 alpha-2, name in the requested language: ?lang=). */
export interface Country {
  id: string;
  name: string;
}
/** GET /v1/sic-codes?take=40&search=&cursor= → { data: SicCode[], nextCursor } (UK SIC 2007 condensed). */
export interface SicCode {
  code: string;
  name: string;
}
/** GET /v1/settings/applications: which schemes new applications use, per type. */
export interface ApplicationsSettings {
  defaultSchemes: Record<ApplicationType, string>;
  /** Upload limits of application documents. */
  maxFileBytes: number;
  allowedExtensions: string[];
}
/** GET /v1/settings/clients-settings: client-side settings of the forms. */
export interface ClientsSettings {
  /** Minimum age of an applicant (spec 001 §5: 18). */
  minimumAge: number;
  textMaxLength: number;
  textareaMaxRows: number;
}

// ——— Currency exchange (issue 9; spec 000 §7 Exchange; server/domain/exchange) ———

/** POST /v1/exchange/calc body: the source balance (account + currency), the target currency, and EITHER sellAmount OR buyAmount. */
export interface ExchangeCalcRequest {
  accountId: string;
  fromCurrencyId: CurrencyCode;
  toCurrencyId: CurrencyCode;
  /** What is sold, in fromCurrencyId (decimal string at its scale). */
  sellAmount?: Decimal;
  /** What is bought, in toCurrencyId (decimal string at its scale). */
  buyAmount?: Decimal;
}
/** POST /v1/exchange body (with an Idempotency-Key header). */
export interface ExchangeRequest {
  quoteId: string;
}
/** QUOTED (valid until expiresAt), EXPIRED (never executed, re-quote), EXECUTED. */
export type ExchangeStatus = "QUOTED" | "EXPIRED" | "EXECUTED";
/** A quote (POST /v1/exchange/calc) and, once executed, the exchange (POST /v1/exchange, GET /v1/exchange/:id). */
export interface ExchangeQuote {
  id: string;
  organizationId: string;
  accountId: string;
  fromCurrencyId: CurrencyCode;
  toCurrencyId: CurrencyCode;
  /** Which amount the customer fixed. */
  fixedSide: "SELL" | "BUY";
  sellAmount: Decimal;
  buyAmount: Decimal;
  /** Units of toCurrency per 1 fromCurrency, spread included (12 decimals). */
  rate: Decimal;
  /** Fee in fromCurrency (debited besides sellAmount); null = free. */
  fee: MoneyAmount | null;
  /** The source balance after sellAmount + fee; the target balance after buyAmount (at quote time, or as posted once executed). */
  fromBalanceAfter: Decimal;
  toBalanceAfter: Decimal;
  /** The reference rates' date (YYYY-MM-DD) and source (ECB). */
  rateDate: string;
  rateSource: string;
  /** ISO 8601 UTC: after this the quote cannot be executed. */
  expiresAt: string;
  status: ExchangeStatus;
  /** ISO 8601 UTC, once executed. */
  executedAt: string | null;
  /** The ledger transaction, once executed. */
  transactionId: string | null;
}
/** GET /v1/exchange/rates: the reference rates in use (units per 1 EUR) and the spread. */
export interface ExchangeRates {
  base: "EUR";
  /** YYYY-MM-DD of the newest rate in force (ECB day, or a rate set by the bank's staff); null when none are loaded. */
  date: string | null;
  /** "ECB", or "ECB+BANK" when a rate set by the bank's staff replaces an ECB rate. */
  source: string;
  /** Percent taken off the mid rate (decimal string, e.g. "0.50"). */
  spreadPercent: Decimal;
  rates: { currencyId: CurrencyCode; unitsPerEur: Decimal }[];
}

// ——— Back office: rates (issue 13 ADMIN; docs/ops.md "Rates"; server/domain/exchange/bank-rates.ts) ———

/**
 * One card as the back office sees it (GET /v1/ops/cards?status=; docs/ops.md "Cards"):
 * `cardNumber` masked ("•••• 1234") or null while ORDERED; `actions` the bank's moves its status
 * allows now.
 */
/**
 * POST /v1/ops/customers/phone {phone, newPhone, reason} (role COMPLIANCE) → what changed: the
 * user, their old and new phone (E.164) and how many sessions were logged out.
 */
export interface OpsPhoneChange {
  userId: string;
  name: string;
  previousPhone: string;
  phone: string;
  sessionsRevoked: number;
}

/**
 * One customer (a user) found by GET /v1/ops/customers?q= (role COMPLIANCE; docs/ops.md "Customer
 * search"): the full phone (staff), identified or not, the login's status (ACTIVE | BLOCKED) and
 * every organization the person belongs to with its type and the person's role there
 * (`role`: MAIN_REPRESENTATIVE, DIRECTOR, SHAREHOLDER, UBO; null in their own INDIVIDUAL
 * organization) and the membership's status (APPROVED | SUSPENDED).
 */
export interface OpsFoundCustomer {
  userId: string;
  /** First and last name; null while the person has given none. */
  name: string | null;
  phone: string;
  email: string | null;
  identified: boolean;
  status: string;
  organizations: {
    id: string;
    type: OrganizationType;
    name: string;
    companyNumber: string | null;
    role: string | null;
    membershipStatus: string;
  }[];
}

/** GET /v1/ops/customers?q=&cursor=&take= → a page of customers, newest first; `nextCursor` null on the last page. */
export interface OpsCustomerSearch {
  data: OpsFoundCustomer[];
  nextCursor: string | null;
}

export interface OpsCard {
  id: string;
  cardName: string;
  cardNumber: string | null;
  /** MM/YY once issued. */
  expiresOn: string | null;
  status: CardStatus;
  paymentSystem: string;
  currencyId: string;
  deliveryMethod: string | null;
  replacesCardId: string | null;
  organizationId: string;
  organizationName: string;
  accountName: string;
  accountNumber: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  actions: ("issue" | "activate" | "cancel" | "void")[];
}

/** One currency on /ops/rates: its rate in force (units per 1 EUR) and where it comes from. */
export interface OpsRateLine {
  currencyId: string;
  /** Units of the currency per 1 EUR (decimal string, at most 12 decimals), or null: not quoted. */
  unitsPerEur: Decimal | null;
  /** "ECB", "BANK" (set by staff), "DERIVED" (EUR, pegs, crypto reference prices), or null (no rate). */
  source: string | null;
  /** YYYY-MM-DD of the rate in force, or null. */
  date: string | null;
  /** Whether staff may set this currency's rate (fiat, not EUR, not the pegged AED). */
  settable: boolean;
}
/** GET /api/v1/ops/rates. */
export interface OpsRates {
  date: string | null;
  spreadPercent: Decimal;
  /** USD per 1 SOL: the reference price SOL is quoted at (no market feed). */
  solPriceUsd: Decimal;
  rates: OpsRateLine[];
}
/** POST /api/v1/ops/rates: set a currency's rate (units per 1 EUR); confirmLargeChange for a change over 10 %. */
export interface OpsSetRateRequest {
  currencyId: string;
  unitsPerEur: Decimal;
  confirmLargeChange?: boolean;
}

// ——— FX rate requests (issue 9; spec 001 §3 "FX rate request", §4, §7, §9; server/domain/exchange/fx-requests.ts) ———

/** GET /v1/settings/exchange-custom-rate?organizationId= → whether FX rate requests are offered. */
export interface CustomRateSettings {
  enabled: boolean;
}
/**
 * POST /v1/exchange/fx-requests body (with an Idempotency-Key header): sell `sellAmount` of
 * fromCurrencyId from the account's balance at the customer's own `rate`.
 */
export interface CreateFxRequestRequest {
  organizationId: string;
  accountId: string;
  fromCurrencyId: CurrencyCode;
  toCurrencyId: CurrencyCode;
  /** The fixed sum, at fromCurrency's scale. */
  sellAmount: Decimal;
  /** Proposed rate: units of toCurrency per 1 fromCurrency, > 0, at most 12 decimals. */
  rate: Decimal;
}
/**
 * AWAITING_SIGNATURE (created, not signed: no money held), PENDING (signed, the sum held; label
 * Waiting), ACCEPTED (executed at the request's amounts), REJECTED (the hold returned),
 * DECLINED (a member declined it before anyone signed: nothing was held).
 */
export type FxRequestStatus = "AWAITING_SIGNATURE" | "PENDING" | "ACCEPTED" | "REJECTED" | "DECLINED";
/** An FX rate request (spec 001 §3). */
export interface FxRequest {
  id: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  status: FxRequestStatus;
  organizationId: string;
  accountId: string;
  senderAccountNumber: string;
  exchangeCurrencyFrom: { id: CurrencyCode; name: string; scale: number };
  exchangeCurrencyTo: { id: CurrencyCode; name: string; scale: number };
  /** The sold amount, in exchangeCurrencyFrom (its scale). */
  exchangeCurrencyFixedSum: Decimal;
  /** The bought amount, in exchangeCurrencyTo (its scale): fixed sum × proposed rate, half-even. */
  exchangeCurrencyFlexibleSum: Decimal;
  /** Flexible sum ÷ fixed sum, 14 decimals half-even (spec 001 §9; lists show 12, computed from the sums). */
  exchangeActualRate: Decimal;
  /** The rate as the customer proposed it. */
  proposedRate: Decimal;
  /** EXCHANGE fee in exchangeCurrencyFrom, held and charged besides the fixed sum; null = free. */
  fee: MoneyAmount | null;
  /** ISO 8601 UTC: when signed (the sum held), when the bank decided (or a member declined). */
  signedAt: string | null;
  decidedAt: string | null;
  /** Why the bank rejected it (REJECTED only). */
  decisionReason: string | null;
}
export interface FxRequestEdge {
  node: FxRequest;
  cursor: string;
}
/**
 * GET /v1/exchange/fx-requests?organizationId=&status=&cursor=&take= → requests newest first
 * (createdAt, then id): by default every status (AWAITING_SIGNATURE included); `status` (one or
 * several, comma-separated) lists only those, e.g. AWAITING_SIGNATURE for the signing lists.
 * `totalCount`: how many requests the filter matches on all pages. 403 when not a member of organizationId.
 */
export interface FxRequestPage {
  edges: FxRequestEdge[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
// POST /v1/exchange/fx-requests → 201 FxRequest (AWAITING_SIGNATURE, also without a signature duty: it waits for a signer) |
//   200 replay | 400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 403 (not a member; requests disabled) | 404 account | 409 IDEMPOTENCY_KEY_REUSED
// GET /v1/exchange/fx-requests/:id → FxRequest | 404
// POST /v1/signatures/send-code { fxRequestIds } → CodeChallenge | 404 | 403 | 409 FX_REQUEST_STATUS_CONFLICT
// POST /v1/exchange/fx-requests/:id/decline {} → FxRequest (DECLINED; a repeat answers it unchanged) | 404 |
//   409 FX_REQUEST_STATUS_CONFLICT (signed already)
// POST /v1/exchange/fx-requests/:id/sign { mfaToken, signedAt } → FxRequest (PENDING) | 401 MFA_TOKEN_INVALID |
//   409 FX_REQUEST_STATUS_CONFLICT | 400 INSUFFICIENT_FUNDS | 403 | 404

/** GET /v1/settings/whitelabel: the bank's white-label brand (server/domain/brand). */
export interface WhiteLabel {
  name: string;
  /** Same-origin URL of the logo (`/api/v1/settings/whitelabel/logo?v=…`), or null: show the name. */
  logoUrl: string | null;
  /** `#rrggbb`, each at least 4.5:1 against white. */
  colors: { primary: string; primaryDark: string };
  support: { email: string | null; phone: string | null };
  /** Changes whenever anything in the brand changes: cache key for the stylesheet and logo. */
  version: string;
}
// ---------------------------------------------------------------- cards (issue 12; spec 000 §3 Card, §4, §7)

/** Card status (spec 000 §3; moves: server/domain/cards/transitions.ts). */
export type CardStatus = "ACTIVE" | "NEW" | "CANCELED" | "ORDERED" | "FROZEN" | "VOID";
/** Card payment system (spec 000 §3 "VISA or Mastercard"); `scheme` is its short icon name. */
export type CardPaymentSystem = "VISA" | "MASTERCARD";
export type CardScheme = "visa" | "mc";
/** Card colours the bank issues (GET /v1/settings/cards `colors`). */
export type CardColor = "BLUE" | "BLACK" | "SILVER";
/** How an ordered card reaches the customer. */
export type CardDeliveryMethod = "POST" | "BRANCH";

/** Spending limits in the card's currency (decimal strings at the currency's scale). */
export interface CardLimits {
  daily: Decimal;
  monthly: Decimal;
}

/**
 * A card (spec 000 §3). Never carries a full card number or CVV: `cardNumber` is the masked
 * `•••• 1234` (null while ORDERED: show 'card ordered'), `lastFour` its digits.
 */
export interface Card {
  id: string;
  /** Web path of the card page: `/cards/{id}`. */
  path: string;
  organizationId: string;
  accountId: string;
  accountNumber: string;
  cardName: string;
  cardNumber: string | null;
  lastFour: string | null;
  status: CardStatus;
  paymentSystem: CardPaymentSystem;
  scheme: CardScheme;
  color: CardColor;
  prepaid: boolean;
  currencyId: CurrencyCode;
  currencyName: string;
  /** The balance the card spends from (the account's balance in `currencyId`). */
  balance: Decimal;
  limits: CardLimits;
  /** MM/YY once issued; null while ORDERED. */
  expiresOn: string | null;
  deliveryMethod: CardDeliveryMethod | null;
  /** The card this one replaces (ordered with ?cardId=), or null. */
  replacesCardId: string | null;
  createdAt: IsoDateTime;
}

/** GET /v1/settings/cards: what may be ordered (decisions: docs/decisions.md "Cards (issue 12)"). */
export interface CardsSettings {
  /** CARDS-ORDERING-ENABLED (organization override, else bank-wide; default true). */
  orderingEnabled: boolean;
  paymentSystems: CardPaymentSystem[];
  colors: CardColor[];
  deliveryMethods: CardDeliveryMethod[];
  /** Currencies a card may spend in (a balance of the account in one of them is needed). */
  currencies: CurrencyCode[];
  /** Whether a prepaid card may be ordered. */
  prepaidAvailable: boolean;
  /** Cards per account that are not CANCELED or VOID, at most. */
  maxCardsPerAccount: number;
  /** Limits a new card starts with, in its currency. */
  defaultLimits: CardLimits;
}

/** POST /v1/cards/order body (Idempotency-Key header, or `idempotencyKey` in the body). */
export interface OrderCardRequest {
  organizationId: string;
  accountId: string;
  currencyId: CurrencyCode;
  paymentSystem: CardPaymentSystem;
  color: CardColor;
  prepaid?: boolean;
  deliveryMethod: CardDeliveryMethod;
  /** ≤ 40 characters; default "<system> card". */
  cardName?: string;
  /** A replacement for this card (same account). */
  cardId?: string;
}
// GET /v1/cards?organizationId=&accountId= → { data: Card[] } (404 when the organization or account is not the caller's)
// GET /v1/cards/:id → Card | 404
// POST /v1/cards/order → 201 Card (ORDERED) | 200 replay | 400 VALIDATION_FAILED | 403 ordering disabled |
//   404 account/card | 409 IDEMPOTENCY_KEY_REUSED / CARD_STATUS_CONFLICT (replacing an ORDERED card) / CARD_LIMIT_REACHED
// POST /v1/cards/:id/freeze, /v1/cards/:id/unfreeze → Card | 404 | 409 CARD_STATUS_CONFLICT
// GET /v1/settings/cards?organizationId= → CardsSettings | 404 (not a member)
// ------------------------------------------------------------------ chat and notifications
// Issue 11; spec 000 §3, §7 Chat; docs/chat.md (the contract between the API, the gateway and the web app).

/** Channel types (spec 000 §3): QUESTION is a customer's "ask a question" request. */
export type ChannelType = "MAIN" | "NOTIFICATION" | "QUESTION" | "APPLICATION" | "TRANSACTION" | "DEMO";
/** Message content kinds. */
export type MessageContentType = "TEXT" | "DOCUMENT";

/** A chat message (spec 000 §3 Message). `readAt`: when the CALLER read it (own messages: their creation time). */
export interface ChatMessage {
  id: string;
  channelId: string;
  content: string;
  contentType: MessageContentType;
  createdAt: string;
  readAt: string | null;
  userId: string | null;
  employeeId: string | null;
  /** The customer who wrote it; null for staff and system messages. */
  author: { firstName: string | null; lastName: string | null } | null;
  documentId: string | null;
  document: { id: string; name: string } | null;
}

/** A chat channel (spec 000 §3 Chat channel), as the caller sees it. */
export interface ChatChannel {
  id: string;
  title: string;
  channelType: ChannelType;
  organizationId: string | null;
  createdAt: string;
  updatedAt: string;
  hasUnread: boolean;
  unreadCount: number;
  lastMessage: ChatMessage | null;
  application: { companyName: string | null; firstName: string | null; lastName: string | null } | null;
}

/**
 * A notification (spec 000 §3): a system message of the NOTIFICATION channel. `content` is plain
 * English (markdown without HTML); `key` and `params` (additive to docs/chat.md) let the web app
 * show a translation instead, e.g. key "Notifications.beneficiary-approved", params { name }.
 */
export interface ChatNotification {
  id: string;
  content: string;
  createdAt: string;
  readAt: string | null;
  key: string | null;
  params: Record<string, string> | null;
}

/** GET /channels. */
export interface ChannelList {
  data: ChatChannel[];
}
/** GET /channels/unread-messages-count: unread per channel of the owner, and their sum. */
export interface UnreadMessagesCount {
  data: Record<string, number>;
  total: number;
}
/** GET /channels/:id/messages (createdAt desc; `cursor` names the next, older page). */
export interface MessagePage {
  data: ChatMessage[];
  cursor: string | null;
}
/** GET /notifications. */
export interface NotificationPage {
  data: ChatNotification[];
  cursor: string | null;
}
/** GET /channels/:id/documents/:documentId. */
export interface ChatDocument {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: string;
}
/** POST /tokens/messaging: the socket's short-lived token. */
export interface MessagingToken {
  token: string;
  expiresAt: string;
}
