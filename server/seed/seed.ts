/**
 * Demo and test data (idempotent: does nothing when any user exists).
 *
 * Creates reference data (currencies with their scale, settings, provider payment types for every
 * rail, payment categories, CASPs, PSP partners, the default tariff "Standard" and its fees),
 * the bank's system clearing accounts, five users (password `Bank-Demo-2026`, argon2id), their
 * organizations, accounts, balances and approved beneficiaries, and about 60 days of history
 * posted as real ledger transactions through `postTransaction` (so every balance equals the sum
 * of its postings). Users, organizations, accounts, beneficiaries and history go through the
 * shared factories (server/seed/factories.ts). Amounts are fixed literals — no Math.random — so
 * tests can rely on them:
 *
 *   +447700900001 Oliver Thompson, INDIVIDUAL: 'Main account' GBP 2500.00, EUR 31800.00, USD 900.00;
 *                 'Savings' GBP 5000.00, EUR 0.00; 'Crypto wallet' USDT 1500.000000, SOL 25.500000000
 *                 remittance orders enabled (organization setting PAYMENTS-ORDERS-ENABLED; off for the others)
 *   +447700900002 Amelia Clarke, MAIN_REPRESENTATIVE (SINGLE) of CORPORATE Northwind Trading Ltd:
 *                 'Operating account' GBP 48250.00 (overdraft 1000.00), EUR 9800.00; custom fee:
 *                 SWIFT 0.10 % (min 5.00, max 50.00); registered at 14 Wharf Road, Unit 3, Bristol BS1 4RN
 *   +447700900003 James Patel: INDIVIDUAL (GBP 1350.00) and MAIN_REPRESENTATIVE (SINGLE) of
 *                 CORPORATE Patel Consulting Ltd (GBP 7500.00, registered at 27 Deansgate,
 *                 Manchester M3 2BW);
 *                 asked to sign the profile agreement PROFILE_AGREEMENT_ID (banner on /home)
 *   +447700900004 Grace Hopper-Lee: registered, not identified, no organizations
 *   +447700900005 Ada Whitfield: identified, only a COMPANY_OFFICIAL (DIRECTOR) of a COMPANY_OFFICIAL
 *                 organization, no accounts (the official branches: no accounts column, no history)
 *   +447700900006 Daniel Hughes: second official (DIRECTOR, signatureType NONE) of Northwind Trading
 *                 Ltd: sees its payments and who signed them, cannot sign (corporate signatures,
 *                 issue 7). Northwind has two payments awaiting signature (GBP 1240.00 to Acme
 *                 Supplies Ltd, EUR 860.00 to Müller Logistik GmbH), created by Amelia; nothing
 *                 posted, so the balances above are unchanged.
 *
 * Demo cards (issue 12; last four digits only, no PAN or CVV; cards move no money): Oliver 'Everyday
 * Visa' •••• 4821 (GBP) and 'Travel Mastercard' •••• 7310 (EUR) ACTIVE on 'Main account', 'Savings
 * card' •••• 0934 FROZEN (prepaid) on 'Savings'; Northwind 'Company Mastercard' •••• 5567 ACTIVE and
 * 'Expenses Visa' ORDERED (no number yet); James 'Personal Visa' •••• 2048 ACTIVE (personal account).
 *
 * Back-office staff users (./staff.ts): admin@, onboarding@, payments@, support@, compliance@ops.example.
 */
import type { Database, Tx } from "../db/client.js";
import { seedStaffUsers } from "./staff.js";
import { and, eq } from "drizzle-orm";
import {
  applicationOfficials,
  applications,
  casps,
  currencies,
  organizationSettings,
  paymentCategories,
  providerPaymentTypes,
  pspPartners,
  settings,
  fees,
  tariffs,
  users,
} from "../db/schema/index.js";
import type { OperationType } from "../domain/ledger/index.js";
import { Decimal } from "../domain/ledger/money.js";
import { ensureSystemAccounts } from "../domain/ledger/system.js";
import { caspAssets, SETTING_PSP_PARTNERS_ENABLED } from "../domain/reference/index.js";
import { PROFILE_AGREEMENT_ID, seedOnboardingReference } from "./onboarding-reference.js";
import { requestAgreement } from "../domain/agreements/index.js";
import { DEFAULT_SERVICE_FEE_AMOUNT, ensureDefaultServiceFee } from "../domain/fees/service.js";
import { feeName } from "../domain/fees/names.js";
import { seedExchangeRates } from "../domain/exchange/index.js";
import {
  addMember,
  BANK_BIC,
  BANK_SORT_CODE,
  createAccount,
  createBeneficiary,
  createCard,
  createFee,
  createOrganization,
  createPendingPayment,
  createTariff,
  createUser,
  DEFAULT_PASSWORD,
  passwordHashFor,
  postExternal,
  type AccountCurrency,
  type FeeRuleInput,
  type CreateOrganizationInput,
} from "./factories.js";

export { BANK_BIC, BANK_SORT_CODE };
export const SEED_PASSWORD = DEFAULT_PASSWORD;
export const SEED_PHONES = {
  individual: "+447700900001",
  corporateOfficial: "+447700900002",
  both: "+447700900003",
  unidentified: "+447700900004",
  companyOfficial: "+447700900005",
  corporateSecondOfficial: "+447700900006",
  /** Not identified, with a corporate application half filled (issue 8): resumes at business-data. */
  corporateApplicant: "+447700900007",
  /** Not identified, no application yet (two more applicants: the onboarding e2e uses one each). */
  applicantPriya: "+447700900008",
  applicantOwen: "+447700900009",
  /** Not identified: the account-recovery browser tests set new passwords on these two (one each). */
  recoveryIsla: "+447700900010",
  recoveryNoah: "+447700900011",
  /** Not identified, no application: the back-office e2e (issue 13) submits one each and decides it in /ops. */
  opsApplicantMia: "+447700900012",
  opsApplicantLeo: "+447700900013",
  opsApplicantZoe: "+447700900014",
  opsApplicantSam: "+447700900015",
  /** Not identified, no application: the CSRF e2e approves one for them and closes /home's "verified" popup. */
  opsApplicantEve: "+447700900016",
  /**
   * Not identified, no application: the browser tests of starting an application (Back from the
   * second step, a double submit, the language switch on a step) use one each (JavaScript off; on).
   */
  startApplicantRavi: "+447700900017",
  startApplicantLena: "+447700900018",
  /**
   * Identified, only a company official (COMPANY_OFFICIAL organization, no accounts, no
   * application): the home page's invitation to open a personal account, until they apply.
   */
  officialKofi: "+447700900019",
  /**
   * Not identified, no application: the back-office browser tests of a new phone number change
   * their numbers (and back), one each (JavaScript off; on; the CSRF e2e).
   */
  phoneChangeBen: "+447700900020",
  phoneChangeCara: "+447700900021",
  phoneChangeNina: "+447700900022",
} as const;

const CURRENCIES = [
  { id: "GBP", name: "British pound", description: "Pound sterling", scale: 2, crypto: false },
  { id: "EUR", name: "Euro", description: "Euro", scale: 2, crypto: false },
  { id: "USD", name: "US dollar", description: "United States dollar", scale: 2, crypto: false },
  { id: "CNY", name: "Chinese yuan", description: "Renminbi yuan", scale: 2, crypto: false },
  { id: "RUB", name: "Russian rouble", description: "Russian rouble", scale: 2, crypto: false },
  { id: "CAD", name: "Canadian dollar", description: "Canadian dollar", scale: 2, crypto: false },
  { id: "AED", name: "UAE dirham", description: "United Arab Emirates dirham", scale: 2, crypto: false },
  { id: "USDT", name: "Tether", description: "Tether USD stablecoin", scale: 6, crypto: true },
  { id: "USDC", name: "USD Coin", description: "USD Coin stablecoin", scale: 6, crypto: true },
  { id: "EURC", name: "Euro Coin", description: "Euro Coin stablecoin", scale: 6, crypto: true },
  { id: "SOL", name: "Solana", description: "Solana native token", scale: 9, crypto: true },
];

/** Provider payment types and their currencies: every rail of the spec (000 §2) can be shown. */
const PAYMENT_TYPES: [string, string][] = [
  ["SEPA_SCT", "EUR"],
  ["SEPA_SCT_INST", "EUR"],
  ["TARGET_2", "EUR"],
  ["FASTER_PAYMENT", "GBP"],
  ["BACS", "GBP"],
  ["SWIFT", "USD"],
  ["SWIFT", "EUR"],
  ["SWIFT", "GBP"],
  ["SWIFT", "CNY"],
  ["SWIFT", "CAD"],
  ["SWIFT", "AED"],
  ["FEDWIRE", "USD"],
  ["CRYPTO_ASSET_PAYMENT", "USDT"],
  ["CRYPTO_ASSET_PAYMENT", "USDC"],
  ["CRYPTO_ASSET_PAYMENT", "EURC"],
  ["CRYPTO_ASSET_PAYMENT", "SOL"],
  ["CASH_OVER_COUNTER", "GBP"],
  ["CASH_OVER_COUNTER", "EUR"],
  ["CASH_OVER_COUNTER", "USD"],
  ["CASH_OVER_COUNTER", "AED"],
];

/** Payment categories offered on every payment form (GET /v1/payment-categories), in display order. */
const PAYMENT_CATEGORIES = [
  { id: "goods-and-services", name: "Goods and services" },
  { id: "salary-and-wages", name: "Salary and wages" },
  { id: "rent", name: "Rent" },
  { id: "invoice-payment", name: "Invoice payment" },
  { id: "family-support", name: "Family support" },
  { id: "investment", name: "Investment" },
  { id: "loan-repayment", name: "Loan repayment" },
  { id: "other", name: "Other" },
].map((c, i) => ({ ...c, position: (i + 1) * 10 }));

/** Crypto-asset service providers (GET /v1/casps); networks from server/rules/wallet.ts via the reference domain. */
const CASPS = [
  { id: "kraken-eu", name: "Payward Europe (Kraken)", assets: caspAssets(["USDT", "USDC", "EURC", "SOL"]) },
  { id: "bitstamp", name: "Bitstamp Europe", assets: caspAssets(["USDT", "USDC", "EURC"]) },
];

/** PSP partners paying cash over the counter (GET /v1/psp-partners): sample names and addresses. */
const PSP_PARTNERS = [
  {
    id: "northgate-cash-london",
    name: "Northgate Cash Services (sample)",
    currencyId: "GBP",
    address: "221 Example Road, London NW1 6XE",
  },
  {
    id: "pennine-money-manchester",
    name: "Pennine Money Point (sample)",
    currencyId: "GBP",
    address: "14 Sample Street, Manchester M1 1AA",
  },
  {
    id: "rive-gauche-cash-paris",
    name: "Rive Gauche Cash (sample)",
    currencyId: "EUR",
    address: "8 Rue de l'Exemple, 75006 Paris",
  },
  {
    id: "spree-bargeld-berlin",
    name: "Spree Bargeld Service (sample)",
    currencyId: "EUR",
    address: "Beispielstraße 5, 10115 Berlin",
  },
  {
    id: "hudson-cash-new-york",
    name: "Hudson Cash Pickup (sample)",
    currencyId: "USD",
    address: "350 Example Avenue, New York, NY 10001",
  },
  {
    id: "creek-exchange-dubai",
    name: "Creek Exchange Counter (sample)",
    currencyId: "AED",
    address: "Example Tower, Al Ras, Deira, Dubai",
  },
];

const swift = (currencyId: string | null, min: string, max: string): FeeRuleInput => ({
  name: currencyId ? feeName("swift-currency", currencyId) : feeName("swift"),
  paymentKind: "INTERNATIONAL",
  paymentType: "SWIFT",
  currencyId,
  feeAmountType: "PERCENT",
  feePercentAmount: "0.20",
  feePercentMinAmount: min,
  feePercentMaxAmount: max,
});
const cryptoAsset = (currencyId: string, min: string): FeeRuleInput => ({
  name: feeName("crypto-asset-currency", currencyId),
  paymentKind: "CRYPTO_ASSET_PAYMENT",
  paymentType: "CRYPTO_ASSET_PAYMENT",
  currencyId,
  feeAmountType: "PERCENT",
  feePercentAmount: "0.50",
  feePercentMinAmount: min,
});
/**
 * The currency exchange fee of the default tariff (server/domain/exchange): 0.10 % of the sold
 * amount, in the sold currency, no minimum (a minimum in one currency would not fit SOL or CNY).
 * Added to a default tariff that has no EXCHANGE fee yet on every start (databases seeded earlier).
 */
const EXCHANGE_FEE: FeeRuleInput = {
  name: feeName("exchange"),
  paymentKind: "EXCHANGE",
  feeAmountType: "PERCENT",
  feePercentAmount: "0.10",
};
/**
 * Fees of the default tariff "Standard" (server/domain/fees). SEPA_SCT, Faster Payments, internal
 * and between-accounts payments are free (no row): tests check exact balances after them.
 * SWIFT: 0.20 % with min 10 / max 100 in the payment currency, scaled up for CNY and AED (which
 * are worth much less per unit) by currency-specific rows.
 */
const STANDARD_FEES: FeeRuleInput[] = [
  {
    name: feeName("sepa-instant"),
    paymentKind: "EURO",
    paymentType: "SEPA_SCT_INST",
    currencyId: "EUR",
    feeAmountType: "FIXED",
    feeFixedAmount: "0.50",
    feeCurrencyId: "EUR",
  },
  {
    name: feeName("target2"),
    paymentKind: "EURO",
    paymentType: "TARGET_2",
    currencyId: "EUR",
    feeAmountType: "FIXED",
    feeFixedAmount: "10.00",
    feeCurrencyId: "EUR",
  },
  {
    name: feeName("bacs"),
    paymentKind: "GBP",
    paymentType: "BACS",
    currencyId: "GBP",
    feeAmountType: "FIXED",
    feeFixedAmount: "0.20",
    feeCurrencyId: "GBP",
  },
  {
    name: feeName("fedwire"),
    paymentKind: "USD",
    paymentType: "FEDWIRE",
    currencyId: "USD",
    feeAmountType: "FIXED",
    feeFixedAmount: "15.00",
    feeCurrencyId: "USD",
  },
  swift(null, "10.00", "100.00"),
  swift("CNY", "70.00", "700.00"),
  swift("AED", "40.00", "400.00"),
  cryptoAsset("USDT", "1"),
  cryptoAsset("USDC", "1"),
  cryptoAsset("EURC", "1"),
  cryptoAsset("SOL", "0.01"),
  {
    name: feeName("cash-over-counter"),
    paymentKind: "CASH_OVER_COUNTER",
    paymentType: "CASH_OVER_COUNTER",
    feeAmountType: "PERCENT",
    feePercentAmount: "1.00",
    feePercentMinAmount: "2.00",
  },
  EXCHANGE_FEE,
];

/**
 * A past monthly service fee in a seeded history: the default tariff's amount, so the history
 * shows what the fees tab lists ("Monthly account fee", server/domain/fees/service.ts).
 */
function monthlyFee(daysAgo: number): HistoryEvent {
  return { daysAgo, amount: `-${DEFAULT_SERVICE_FEE_AMOUNT}`, counterparty: "Monthly account fee", operationType: "SERVICE_FEE" };
}

/** One history event on a customer balance: signed amount, days before `now`. */
interface HistoryEvent {
  daysAgo: number;
  amount: string;
  counterparty: string;
  counterpartyAccount?: string;
  reference?: string;
  operationType?: OperationType;
}

export interface SeedOptions {
  /** Clock for the history dates (default: now). */
  now?: Date;
  /**
   * false: reference data only (currencies, settings, payment types, categories, CASPs, PSP
   * partners, the default tariff and its fees, the bank's system accounts),
   * no demo customers — what a production database gets (SEED_DEMO, server/config.ts).
   */
  demo?: boolean;
}

export interface SeedResult {
  seeded: boolean;
}

/**
 * Seed the database (see module doc). Returns `{ seeded: false }` when there is nothing to do:
 * users already exist (demo), or the currencies do (reference data only).
 */
/**
 * Reference data every bank database needs (currencies, settings, provider payment types,
 * payment categories, CASPs, PSP partners, the default tariff and its fees, system accounts,
 * and the onboarding reference data of ./onboarding-reference.ts: SIC codes, activities, sources
 * of funds, products, delivery channels, ranges, application schemes, agreements).
 * Idempotent (inserts skip what exists; the tariff only when there is no default tariff), and
 * run on every start, so a database seeded by an earlier version gains what was added since.
 */
export async function seedReferenceData(db: Database | Tx): Promise<void> {
  await db.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  await db
    .insert(settings)
    .values([
      { key: "PAYMENTS-ORDERS-ENABLED", value: false },
      { key: "OVERDRAFT-ENABLED", value: true },
      // FX rate requests are offered bank-wide (docs/decisions.md "FX rate requests"); an organization may be switched off.
      { key: "EXCHANGE-CUSTOM-RATE-ENABLED", value: true },
      { key: SETTING_PSP_PARTNERS_ENABLED, value: true },
      // Demo mode on, so a customer not yet identified can explore sample data (docs/decisions.md "Demo mode").
      { key: "DEMO-MODE-ENABLED", value: true },
    ])
    .onConflictDoNothing();
  await db
    .insert(providerPaymentTypes)
    .values(PAYMENT_TYPES.map(([type, currencyId]) => ({ type, currencyId })))
    .onConflictDoNothing();
  await db.insert(paymentCategories).values(PAYMENT_CATEGORIES).onConflictDoNothing();
  await db.insert(casps).values(CASPS).onConflictDoNothing();
  await db.insert(pspPartners).values(PSP_PARTNERS).onConflictDoNothing();
  const [hasDefault] = await db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.isDefault, true)).limit(1);
  if (!hasDefault) {
    const standard = await createTariff(db, { name: "Standard", isDefault: true });
    for (const fee of STANDARD_FEES) await createFee(db, { ...fee, tariffId: standard.id });
  } else {
    const [hasExchangeFee] = await db
      .select({ id: fees.id })
      .from(fees)
      .where(and(eq(fees.tariffId, hasDefault.id), eq(fees.paymentKind, "EXCHANGE")))
      .limit(1);
    if (!hasExchangeFee) await createFee(db, { ...EXCHANGE_FEE, tariffId: hasDefault.id });
  }
  await seedExchangeRates(db);
  await ensureSystemAccounts(
    db,
    CURRENCIES.map((c) => c.id),
  );
  await ensureDefaultServiceFee(db);
  await seedOnboardingReference(db);
}

/**
 * The demo corporate application of Tariq Mensah (README): company name and country, the main
 * representative's personal data and additional information saved and complete; everything
 * from identity verification on still to do.
 */
async function seedHalfFilledCorporateApplication(tx: Tx, userId: string, createdAt: Date): Promise<void> {
  const representative = {
    firstName: "Tariq",
    lastName: "Mensah",
    email: "tariq@example.com",
    dob: "1984-09-03",
    nationalityId: "GB",
    position: "Managing director",
  };
  const additional = {
    phone: SEED_PHONES.corporateApplicant,
    residentialAddressCountryId: "GB",
    residentialAddressCity: "Manchester",
    residentialAddressPostalCode: "M1 1AE",
    residentialAddressAddress1: "14 Piccadilly",
    politicallyExposed: "NO",
  };
  const [app] = await tx
    .insert(applications)
    .values({
      userId,
      type: "CORPORATE",
      schemeId: "corporate-default",
      answers: { companyName: "Mensah Textiles Ltd", countryOfIncorporationId: "GB", ...representative, ...additional },
      completedSteps: ["country-and-name", "personal-data", "cof-additional-infromation"],
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await tx.insert(applicationOfficials).values({
    applicationId: app.id,
    role: "MAIN_REPRESENTATIVE",
    ...representative,
    phone: additional.phone,
    answers: { ...representative, ...additional },
    createdAt,
  });
}

export async function seed(db: Database, opts: SeedOptions = {}): Promise<SeedResult> {
  const demo = opts.demo ?? true;
  const existing = demo
    ? await db.select({ id: users.id }).from(users).limit(1)
    : await db.select({ id: currencies.id }).from(currencies).limit(1);
  await db.transaction((tx) => seedReferenceData(tx));
  if (existing.length) return { seeded: false };
  const now = opts.now ?? new Date();
  const passwordHash = await passwordHashFor(SEED_PASSWORD);

  await db.transaction(async (tx) => {
    if (!demo) return;
    await seedStaffUsers(tx, passwordHash);

    let accountSeq = 0;
    const t0 = new Date(now.getTime() - 90 * 86_400_000); // creation times: 90 days ago, ordered
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

    const user = (phone: string, firstName: string, lastName: string, identified: boolean, minute: number) =>
      createUser(tx, {
        phone,
        passwordHash,
        firstName,
        lastName,
        identified,
        email: `${firstName.toLowerCase()}@example.com`,
        dob: "1988-04-12",
        nationalityId: "GB",
        createdAt: at(minute),
      });
    const org = (values: CreateOrganizationInput, minute: number) =>
      createOrganization(tx, { companyName: null, companyNumber: null, ...values, createdAt: at(minute) });
    const member = (
      organizationId: string,
      userId: string,
      companyOfficialType: string | null,
      signatureType: "NONE" | "SINGLE",
    ) => addMember(tx, { organizationId, userId, companyOfficialType, signatureType });
    const account = async (
      organizationId: string,
      name: string,
      currencyList: AccountCurrency[],
      minute: number,
      overdraftEnabled = false,
    ) => {
      accountSeq += 1;
      const created = await createAccount(tx, {
        organizationId,
        name,
        number: String(10_000_000 + accountSeq),
        currencies: currencyList,
        overdraftEnabled,
        createdAt: at(minute),
      });
      return {
        account: created.account,
        balance: Object.fromEntries(Object.entries(created.balances).map(([c, b]) => [c, b.id])) as Record<string, string>,
      };
    };

    // 1. Oliver Thompson: INDIVIDUAL, identified.
    const oliver = await user(SEED_PHONES.individual, "Oliver", "Thompson", true, 1);
    const oliverOrg = await org({ type: "INDIVIDUAL", firstName: "Oliver", lastName: "Thompson" }, 2);
    await member(oliverOrg.id, oliver.id, null, "SINGLE");
    const oliverMain = await account(oliverOrg.id, "Main account", ["GBP", "EUR", "USD"], 3);
    const oliverSavings = await account(oliverOrg.id, "Savings", ["GBP", "EUR"], 4);
    // Crypto assets at their own scale (USDT 6 decimals, SOL 9), for the crypto-asset (CASP) payments.
    const oliverCrypto = await account(oliverOrg.id, "Crypto wallet", ["USDT", "SOL"], 4.5);
    // Remittance orders are on for Oliver only (the bank-wide PAYMENTS-ORDERS-ENABLED stays false).
    await tx.insert(organizationSettings).values({ organizationId: oliverOrg.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });

    // 2. Amelia Clarke: official of Northwind Trading Ltd (CORPORATE, signatureType SINGLE).
    const amelia = await user(SEED_PHONES.corporateOfficial, "Amelia", "Clarke", true, 5);
    const northwind = await org(
      {
        type: "CORPORATE",
        companyName: "Northwind Trading Ltd",
        companyNumber: "09876543",
        registered: {
          registeredAddress1: "14 Wharf Road",
          registeredAddress2: "Unit 3",
          registeredCity: "Bristol",
          registeredPostalCode: "BS1 4RN",
          registeredCountryId: "GB",
          businessAddressSameAsRegistered: true,
          correspondenceAddressSameAsRegistered: true,
        },
      },
      6,
    );
    await member(northwind.id, amelia.id, "MAIN_REPRESENTATIVE", "SINGLE");
    // Northwind's negotiated SWIFT fee (a custom fee: it overrides the Standard tariff's SWIFT rows).
    await createFee(tx, {
      organizationId: northwind.id,
      name: feeName("swift-negotiated"),
      paymentKind: "INTERNATIONAL",
      paymentType: "SWIFT",
      feeAmountType: "PERCENT",
      feePercentAmount: "0.10",
      feePercentMinAmount: "5.00",
      feePercentMaxAmount: "50.00",
    });
    const northwindOps = await account(
      northwind.id,
      "Operating account",
      [{ currencyId: "GBP", overdraftValue: "1000" }, "EUR"],
      7,
      true,
    );

    // 3. James Patel: own INDIVIDUAL organization + CORPORATE Patel Consulting Ltd (he signs its payments).
    const james = await user(SEED_PHONES.both, "James", "Patel", true, 8);
    const patelConsulting = await org(
      {
        type: "CORPORATE",
        companyName: "Patel Consulting Ltd",
        companyNumber: "12345678",
        registered: {
          registeredAddress1: "27 Deansgate",
          registeredAddress2: null,
          registeredCity: "Manchester",
          registeredPostalCode: "M3 2BW",
          registeredCountryId: "GB",
          businessAddressSameAsRegistered: true,
          correspondenceAddressSameAsRegistered: false,
        },
      },
      9,
    );
    await member(patelConsulting.id, james.id, "MAIN_REPRESENTATIVE", "SINGLE");
    const patelConsultingAcc = await account(patelConsulting.id, "Business account", ["GBP"], 10);
    const jamesOrg = await org({ type: "INDIVIDUAL", firstName: "James", lastName: "Patel" }, 11);
    await member(jamesOrg.id, james.id, null, "SINGLE");
    const jamesAcc = await account(jamesOrg.id, "Personal account", ["GBP", "EUR"], 12);

    // 4. Grace Hopper-Lee: registered, not identified, no organizations.
    await user(SEED_PHONES.unidentified, "Grace", "Hopper-Lee", false, 13);

    // 4b. Tariq Mensah: not identified, a corporate application half filled (steps 1–3 of 14 saved).
    const tariq = await user(SEED_PHONES.corporateApplicant, "Tariq", "Mensah", false, 13);
    await seedHalfFilledCorporateApplication(tx, tariq.id, at(13));
    await user(SEED_PHONES.applicantPriya, "Priya", "Shah", false, 13);
    await user(SEED_PHONES.applicantOwen, "Owen", "Price", false, 13);
    await user(SEED_PHONES.recoveryIsla, "Isla", "Reid", false, 13);
    await user(SEED_PHONES.recoveryNoah, "Noah", "Baker", false, 13);
    await user(SEED_PHONES.opsApplicantMia, "Mia", "Turner", false, 13);
    await user(SEED_PHONES.opsApplicantLeo, "Leo", "Walsh", false, 13);
    await user(SEED_PHONES.opsApplicantZoe, "Zoe", "Hart", false, 13);
    await user(SEED_PHONES.opsApplicantSam, "Sam", "Reed", false, 13);
    await user(SEED_PHONES.opsApplicantEve, "Eve", "Moss", false, 13);
    await user(SEED_PHONES.startApplicantRavi, "Ravi", "Nair", false, 13);
    await user(SEED_PHONES.startApplicantLena, "Lena", "Fox", false, 13);
    await user(SEED_PHONES.phoneChangeBen, "Ben", "Carter", false, 13);
    await user(SEED_PHONES.phoneChangeCara, "Cara", "Lloyd", false, 13);
    await user(SEED_PHONES.phoneChangeNina, "Nina", "Brook", false, 13);

    // 5. Ada Whitfield: identified, only a company official (COMPANY_OFFICIAL organization, no accounts).
    const ada = await user(SEED_PHONES.companyOfficial, "Ada", "Whitfield", true, 14);
    const adaOrg = await org(
      { type: "COMPANY_OFFICIAL", firstName: "Ada", lastName: "Whitfield", companyName: "Harbour Robotics Ltd" },
      15,
    );
    await member(adaOrg.id, ada.id, "DIRECTOR", "SINGLE");
    const kofi = await user(SEED_PHONES.officialKofi, "Kofi", "Asante", true, 15);
    const kofiOrg = await org(
      { type: "COMPANY_OFFICIAL", firstName: "Kofi", lastName: "Asante", companyName: "Harbour Robotics Ltd" },
      15,
    );
    await member(kofiOrg.id, kofi.id, "DIRECTOR", "SINGLE");

    // 6. Daniel Hughes: Northwind's second official, without a signature right (signatureType NONE):
    // he sees the payments Amelia has to sign and, once she has, who signed them (issue 7).
    const daniel = await user(SEED_PHONES.corporateSecondOfficial, "Daniel", "Hughes", true, 16);
    await member(northwind.id, daniel.id, "DIRECTOR", "NONE");

    // Demo cards (issue 12): last four digits only, no PAN or CVV; they move no money, so the
    // balances below are untouched. Oliver: two ACTIVE on the main account (Visa GBP, Mastercard
    // EUR) and a FROZEN one on savings; Northwind: an ACTIVE Mastercard and an ORDERED Visa
    // (no number yet); James: an ACTIVE Visa on his personal account.
    const card = (values: Parameters<typeof createCard>[1], minute: number) =>
      createCard(tx, { ...values, createdAt: at(minute) });
    await card(
      {
        organizationId: oliverOrg.id,
        accountId: oliverMain.account.id,
        holderUserId: oliver.id,
        cardName: "Everyday Visa",
        lastFour: "4821",
        paymentSystem: "VISA",
        color: "BLUE",
        currencyId: "GBP",
        expiresOn: "08/29",
      },
      20,
    );
    await card(
      {
        organizationId: oliverOrg.id,
        accountId: oliverMain.account.id,
        holderUserId: oliver.id,
        cardName: "Travel Mastercard",
        lastFour: "7310",
        paymentSystem: "MASTERCARD",
        color: "BLACK",
        currencyId: "EUR",
        dailyLimit: "2000.00",
        monthlyLimit: "8000.00",
        expiresOn: "03/28",
      },
      21,
    );
    await card(
      {
        organizationId: oliverOrg.id,
        accountId: oliverSavings.account.id,
        holderUserId: oliver.id,
        cardName: "Savings card",
        lastFour: "0934",
        paymentSystem: "VISA",
        color: "SILVER",
        currencyId: "GBP",
        status: "FROZEN",
        prepaid: true,
        dailyLimit: "250.00",
        monthlyLimit: "1000.00",
        expiresOn: "12/27",
      },
      22,
    );
    await card(
      {
        organizationId: northwind.id,
        accountId: northwindOps.account.id,
        holderUserId: amelia.id,
        cardName: "Company Mastercard",
        lastFour: "5567",
        paymentSystem: "MASTERCARD",
        color: "BLACK",
        currencyId: "GBP",
        dailyLimit: "5000.00",
        monthlyLimit: "20000.00",
        expiresOn: "06/29",
      },
      23,
    );
    await card(
      {
        organizationId: northwind.id,
        accountId: northwindOps.account.id,
        holderUserId: amelia.id,
        cardName: "Expenses Visa",
        paymentSystem: "VISA",
        color: "BLUE",
        currencyId: "EUR",
        status: "ORDERED",
      },
      24,
    );
    await card(
      {
        organizationId: jamesOrg.id,
        accountId: jamesAcc.account.id,
        holderUserId: james.id,
        cardName: "Personal Visa",
        lastFour: "2048",
        paymentSystem: "VISA",
        color: "BLUE",
        currencyId: "GBP",
        expiresOn: "01/30",
      },
      25,
    );

    // Approved beneficiaries (real formats: valid IBAN/BIC, UK sort code + 8-digit account).
    for (const b of [
      {
        organizationId: oliverOrg.id,
        name: "Hans Müller",
        beneficiaryType: "INDIVIDUAL",
        paymentType: "LOCAL",
        currencyId: "EUR",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        countryId: "DE",
        bankName: "Commerzbank",
        status: "APPROVED",
      },
      {
        organizationId: oliverOrg.id,
        name: "Sarah Johnson",
        beneficiaryType: "INDIVIDUAL",
        paymentType: "LOCAL",
        currencyId: "GBP",
        sortCode: "200000",
        bankAccountNumber: "55779911",
        countryId: "GB",
        bankName: "Barclays Bank",
        status: "APPROVED",
      },
      {
        organizationId: oliverOrg.id,
        name: "Jean Dupont",
        beneficiaryType: "INDIVIDUAL",
        paymentType: "LOCAL",
        currencyId: "EUR",
        iban: "FR1420041010050500013M02606",
        bic: "PSSTFRPPPAR",
        countryId: "FR",
        bankName: "La Banque Postale",
        status: "UNDER_REVIEW",
      },
      {
        organizationId: northwind.id,
        name: "Müller Logistik GmbH",
        beneficiaryType: "COMPANY",
        paymentType: "LOCAL",
        currencyId: "EUR",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
        countryId: "DE",
        bankName: "Deutsche Kreditbank",
        status: "APPROVED",
      },
      {
        organizationId: northwind.id,
        name: "Acme Supplies Ltd",
        beneficiaryType: "COMPANY",
        paymentType: "LOCAL",
        currencyId: "GBP",
        sortCode: "309634",
        bankAccountNumber: "12345678",
        countryId: "GB",
        bankName: "Lloyds Bank",
        status: "APPROVED",
      },
    ]) {
      await createBeneficiary(tx, b);
    }

    // Northwind's unsigned list (issue 7): two payments Amelia created and has not signed yet.
    const pendingAt = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    await createPendingPayment(tx, {
      organizationId: northwind.id,
      createdByUserId: amelia.id,
      accountId: northwindOps.account.id,
      debitBalanceId: northwindOps.balance.GBP,
      currencyId: "GBP",
      amount: "1240.00",
      kind: "GBP",
      paymentType: "FASTER_PAYMENT",
      clearing: "FPS_CLEARING",
      beneficiaryName: "Acme Supplies Ltd",
      beneficiaryAccount: "12345678",
      payeeDetails: { sortCode: "309634", accountNumber: "12345678" },
      reference: "PO 7802",
      idempotencyKey: "seed-northwind-po-7802",
      createdAt: pendingAt(90),
    });
    await createPendingPayment(tx, {
      organizationId: northwind.id,
      createdByUserId: amelia.id,
      accountId: northwindOps.account.id,
      debitBalanceId: northwindOps.balance.EUR,
      currencyId: "EUR",
      amount: "860.00",
      kind: "EURO",
      paymentType: "SEPA_SCT",
      clearing: "SEPA_CLEARING",
      beneficiaryName: "Müller Logistik GmbH",
      beneficiaryAccount: "DE02120300000000202051",
      beneficiaryBic: "BYLADEM1001",
      payeeDetails: { speed: "REGULAR" },
      reference: "Freight October",
      idempotencyKey: "seed-northwind-freight-october",
      createdAt: pendingAt(60),
    });

    // ~60 days of history (fixed amounts; ending balances are the targets in the module doc).
    const groceries = ["64.32", "58.10", "71.45", "49.99", "66.80", "55.25", "73.10", "61.40", "52.75"];
    const oliverGbp: HistoryEvent[] = [
      { daysAgo: 54, amount: "2800.00", counterparty: "Acme Analytics Ltd", reference: "Salary" },
      { daysAgo: 24, amount: "2800.00", counterparty: "Acme Analytics Ltd", reference: "Salary" },
      {
        daysAgo: 52,
        amount: "-1450.00",
        counterparty: "Landmark Lettings",
        counterpartyAccount: "20-00-00 55779911",
        reference: "Rent",
      },
      {
        daysAgo: 22,
        amount: "-1450.00",
        counterparty: "Landmark Lettings",
        counterpartyAccount: "20-00-00 55779911",
        reference: "Rent",
      },
      { daysAgo: 48, amount: "-120.40", counterparty: "Octopus Energy", reference: "Direct debit" },
      { daysAgo: 18, amount: "-120.40", counterparty: "Octopus Energy", reference: "Direct debit" },
      monthlyFee(45),
      monthlyFee(15),
      { daysAgo: 10, amount: "12.99", counterparty: "Amazon UK", reference: "Refund", operationType: "REFUND" },
      ...groceries.map((amount, i) => ({
        daysAgo: 58 - i * 7,
        amount: `-${amount}`,
        counterparty: "Tesco Stores",
        reference: "Card payment",
      })),
    ];
    const oliverEur: HistoryEvent[] = [
      {
        daysAgo: 40,
        amount: "950.00",
        counterparty: "Hans Müller",
        counterpartyAccount: "DE89370400440532013000",
        reference: "Shared holiday",
      },
      {
        daysAgo: 12,
        amount: "600.00",
        counterparty: "Hans Müller",
        counterpartyAccount: "DE89370400440532013000",
        reference: "Concert tickets",
      },
      { daysAgo: 35, amount: "-84.20", counterparty: "Hotel Adlon Berlin", reference: "Card payment" },
      { daysAgo: 34, amount: "-23.50", counterparty: "Deutsche Bahn", reference: "Card payment" },
      {
        daysAgo: 20,
        amount: "-150.00",
        counterparty: "Hans Müller",
        counterpartyAccount: "DE89370400440532013000",
        reference: "SEPA transfer",
      },
    ];
    const oliverUsd: HistoryEvent[] = [
      { daysAgo: 45, amount: "1000.00", counterparty: "Upwork Global Inc", reference: "Freelance invoice 1042" },
      { daysAgo: 30, amount: "-65.99", counterparty: "Apple.com", reference: "Card payment" },
      { daysAgo: 18, amount: "-234.01", counterparty: "Amazon.com", reference: "Card payment" },
    ];
    const northwindGbp: HistoryEvent[] = [
      { daysAgo: 50, amount: "12500.00", counterparty: "Contoso Retail plc", reference: "INV-2031" },
      { daysAgo: 20, amount: "12500.00", counterparty: "Contoso Retail plc", reference: "INV-2058" },
      { daysAgo: 45, amount: "-8400.00", counterparty: "Payroll", reference: "Salaries" },
      { daysAgo: 15, amount: "-8400.00", counterparty: "Payroll", reference: "Salaries" },
      {
        daysAgo: 33,
        amount: "-2350.75",
        counterparty: "Acme Supplies Ltd",
        counterpartyAccount: "30-96-34 12345678",
        reference: "PO 7781",
      },
      monthlyFee(30),
      monthlyFee(1),
    ];
    const northwindEur: HistoryEvent[] = [
      {
        daysAgo: 38,
        amount: "4200.00",
        counterparty: "Fabrikam BV",
        counterpartyAccount: "NL91ABNA0417164300",
        reference: "Order 55",
      },
      {
        daysAgo: 27,
        amount: "-1250.00",
        counterparty: "Müller Logistik GmbH",
        counterpartyAccount: "DE02120300000000202051",
        reference: "Freight",
      },
    ];

    const histories: { balanceId: string; currencyId: string; holder: string; target: string; events: HistoryEvent[] }[] = [
      { balanceId: oliverMain.balance.GBP, currencyId: "GBP", holder: "Oliver Thompson", target: "2500.00", events: oliverGbp },
      { balanceId: oliverMain.balance.EUR, currencyId: "EUR", holder: "Oliver Thompson", target: "31800.00", events: oliverEur },
      { balanceId: oliverMain.balance.USD, currencyId: "USD", holder: "Oliver Thompson", target: "900.00", events: oliverUsd },
      {
        balanceId: oliverSavings.balance.GBP,
        currencyId: "GBP",
        holder: "Oliver Thompson",
        target: "5000.00",
        events: [{ daysAgo: 23, amount: "500.00", counterparty: "Oliver Thompson", reference: "Savings top-up" }],
      },
      {
        balanceId: oliverCrypto.balance.USDT,
        currencyId: "USDT",
        holder: "Oliver Thompson",
        target: "1500.00",
        events: [
          { daysAgo: 41, amount: "1000.00", counterparty: "Payward Europe (Kraken)", reference: "USDT deposit" },
          { daysAgo: 16, amount: "-250.00", counterparty: "Bitstamp Europe", reference: "USDT withdrawal" },
        ],
      },
      {
        balanceId: oliverCrypto.balance.SOL,
        currencyId: "SOL",
        holder: "Oliver Thompson",
        target: "25.50",
        events: [{ daysAgo: 37, amount: "20.00", counterparty: "Payward Europe (Kraken)", reference: "SOL deposit" }],
      },
      {
        balanceId: northwindOps.balance.GBP,
        currencyId: "GBP",
        holder: "Northwind Trading Ltd",
        target: "48250.00",
        events: northwindGbp,
      },
      {
        balanceId: northwindOps.balance.EUR,
        currencyId: "EUR",
        holder: "Northwind Trading Ltd",
        target: "9800.00",
        events: northwindEur,
      },
      {
        balanceId: jamesAcc.balance.GBP,
        currencyId: "GBP",
        holder: "James Patel",
        target: "1350.00",
        events: [
          { daysAgo: 40, amount: "1500.00", counterparty: "Patel Consulting Ltd", reference: "Dividend" },
          { daysAgo: 10, amount: "-300.00", counterparty: "British Airways", reference: "Card payment" },
        ],
      },
      {
        balanceId: patelConsultingAcc.balance.GBP,
        currencyId: "GBP",
        holder: "Patel Consulting Ltd",
        target: "7500.00",
        events: [
          { daysAgo: 28, amount: "3000.00", counterparty: "Initech Ltd", reference: "Consulting March" },
          { daysAgo: 14, amount: "-450.00", counterparty: "HMRC", reference: "VAT" },
        ],
      },
    ];
    for (const h of histories) await postHistory(tx, now, h);
    // James Patel has a new version of the payment services terms to sign (the /home banner).
    await requestAgreement(tx, SEED_PHONES.both, PROFILE_AGREEMENT_ID);
  });
  return { seeded: true };
}

/** Opening transfer 60 days ago sized so the balance ends at `target`, then the events in date order. */
async function postHistory(
  tx: Tx,
  now: Date,
  h: { balanceId: string; currencyId: string; holder: string; target: string; events: HistoryEvent[] },
): Promise<void> {
  const net = h.events.reduce((s, e) => s.plus(e.amount), new Decimal(0));
  const opening = new Decimal(h.target).minus(net);
  if (opening.lt(0)) throw new Error(`Seed history for ${h.holder} ${h.currencyId} needs a negative opening balance`);
  const events: HistoryEvent[] = [
    ...(opening.gt(0)
      ? [{ daysAgo: 60, amount: opening.toFixed(2), counterparty: h.holder, reference: "Opening transfer" }]
      : []),
    ...h.events,
  ].sort((a, b) => b.daysAgo - a.daysAgo);
  let i = 0;
  for (const e of events) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - e.daysAgo * 86_400_000);
    const transferDate = new Date(Math.min(day.getTime() + (9 * 60 + 17 * (i++ % 20)) * 60_000, now.getTime() - 60_000));
    await postExternal(tx, {
      balanceId: h.balanceId,
      amount: e.amount,
      counterpartyName: e.counterparty,
      counterpartyAccount: e.counterpartyAccount ?? null,
      reference: e.reference ?? null,
      operationType: e.operationType ?? "COMMON",
      transferDate,
      holderName: h.holder,
    });
  }
}
