/**
 * Demo mode's sample data (spec 000 §1, §9 "Demo data: sample GBP, EUR, USD balances"; docs/
 * decisions.md "Demo mode (issue 12)"). STATIC data made here, in the web app: one account with
 * GBP, EUR and USD balances, two demo cards (masked numbers only), a few history items, sample
 * beneficiaries and a sample company. Nothing here calls the banking API, so nothing a demo user
 * does can reach a ledger. Amounts are decimal strings (as on the wire), never floats. Dates
 * are relative to `now`, so the day groups read 'Today', yesterday's date and so on.
 */
import type {
  Account,
  Balance,
  CardColor,
  CardPaymentSystem,
  CardStatus,
  CurrencyCode,
  StatementItemDetail,
} from "../../server/api/v1/contract";
import { compareDecimalStrings, looksLikeThousandsComma, normaliseAmountInput, validateAmount } from "../../server/rules/amount";

/** A demo card: what the card page shows; the number is masked (`•••• 1234`), there is no other. */
export interface DemoCard {
  id: string;
  path: string;
  accountId: string;
  cardName: string;
  cardNumber: string;
  status: CardStatus;
  paymentSystem: CardPaymentSystem;
  color: CardColor;
  prepaid: boolean;
  currencyId: CurrencyCode;
  balance: string;
  limits: { daily: string; monthly: string };
  expiresOn: string;
}

/** A sample saved payee (the fields the demo list shows). */
export interface DemoBeneficiary {
  id: string;
  name: string;
  nickname: string | null;
  beneficiaryType: "INDIVIDUAL" | "COMPANY";
  paymentType: "LOCAL" | "SEPA" | "SWIFT";
  currencyId: CurrencyCode;
  /** Account as shown: IBAN, or sort code and account number. */
  account: string;
}

/** A sample company of the profile's companies list (spec 001 §2: visible in demo mode). */
export interface DemoCompany {
  id: string;
  fullName: string;
  type: "CORPORATE";
  officials: { name: string; role: "MAIN_REPRESENTATIVE" | "DIRECTOR"; status: "ACTIVE" }[];
}

/** Everything a demo page can show. */
export interface DemoData {
  accounts: (Omit<Account, "cards"> & { cards: Pick<DemoCard, "id" | "path" | "cardName" | "cardNumber" | "status">[] })[];
  cards: DemoCard[];
  history: StatementItemDetail[];
  beneficiaries: DemoBeneficiary[];
  companies: DemoCompany[];
}

/** The demo account's id (not a real account: no API knows it). */
export const DEMO_ACCOUNT_ID = "demo-account";

/** The sample balances (spec 000 §9): GBP, EUR and USD. */
export const DEMO_BALANCES: Readonly<Record<"GBP" | "EUR" | "USD", string>> = {
  GBP: "2450.00",
  EUR: "1320.50",
  USD: "980.00",
};

const CURRENCY_NAMES = { GBP: "Pound sterling", EUR: "Euro", USD: "US dollar" } as const;

/** Mask a card's last four digits the way the bank shows every card number. */
export function maskCardNumber(lastFour: string): string {
  if (!/^\d{4}$/.test(lastFour)) throw new Error("last four digits expected");
  return `•••• ${lastFour}`;
}

function balance(currencyId: "GBP" | "EUR" | "USD"): Balance {
  return {
    id: `demo-balance-${currencyId.toLowerCase()}`,
    accountId: DEMO_ACCOUNT_ID,
    currencyId,
    currency: { id: currencyId, name: currencyId, description: CURRENCY_NAMES[currencyId], scale: 2, crypto: false },
    accountType: "CURRENT",
    amount: DEMO_BALANCES[currencyId],
    available: DEMO_BALANCES[currencyId],
    overdraftEnabled: false,
    overdraftValue: "0.00",
  };
}

const CARDS: DemoCard[] = [
  {
    id: "demo-visa",
    path: "/demo/cards/demo-visa",
    accountId: DEMO_ACCOUNT_ID,
    cardName: "Demo Visa",
    cardNumber: maskCardNumber("4821"),
    status: "ACTIVE",
    paymentSystem: "VISA",
    color: "BLUE",
    prepaid: false,
    currencyId: "GBP",
    balance: DEMO_BALANCES.GBP,
    limits: { daily: "1000.00", monthly: "5000.00" },
    expiresOn: "09/29",
  },
  {
    id: "demo-mastercard",
    path: "/demo/cards/demo-mastercard",
    accountId: DEMO_ACCOUNT_ID,
    cardName: "Demo Mastercard",
    cardNumber: maskCardNumber("7310"),
    status: "FROZEN",
    paymentSystem: "MASTERCARD",
    color: "BLACK",
    prepaid: true,
    currencyId: "EUR",
    balance: DEMO_BALANCES.EUR,
    limits: { daily: "500.00", monthly: "2000.00" },
    expiresOn: "03/28",
  },
];

/**
 * [id, title, currency, signed amount, balance after, days ago, hour, purpose, counterparty
 * account, payment type, payment category id].
 */
type Row = [
  string,
  string | null,
  "GBP" | "EUR" | "USD",
  string,
  string,
  number,
  number,
  string,
  string | null,
  string | null,
  string | null,
];
const HISTORY: Row[] = [
  ["demo-op-1", "Corner Café", "GBP", "-4.50", "2450.00", 0, 9, "Card payment", null, null, null],
  ["demo-op-2", "Acme Payroll Ltd", "GBP", "1850.00", "2454.50", 1, 8, "Salary", "20-00-00 12345678", "FPS", null],
  [
    "demo-op-3",
    "Green Energy plc",
    "GBP",
    "-72.30",
    "604.50",
    2,
    14,
    "Electricity bill",
    "40-11-22 87654321",
    "FPS",
    "invoice-payment",
  ],
  [
    "demo-op-4",
    "Hotel Alpenblick",
    "EUR",
    "-240.00",
    "1320.50",
    3,
    18,
    "Two nights",
    "DE89370400440532013000",
    "SEPA_SCT",
    "goods-and-services",
  ],
  ["demo-op-5", "Maria Rossi", "EUR", "300.00", "1560.50", 5, 11, "Shared trip", "IT60X0542811101000000123456", "SEPA_SCT", null],
  [
    "demo-op-6",
    "Harbor Books Inc.",
    "USD",
    "-19.99",
    "980.00",
    6,
    16,
    "Books",
    "021000021 000123456789",
    "FEDWIRE",
    "goods-and-services",
  ],
  ["demo-op-7", null, "USD", "-1.00", "999.99", 9, 7, "Regular fee", null, null, null],
];

/** Stored names of the demo items' categories (the web app shows their translations by id). */
const CATEGORY_NAMES: Record<string, string> = {
  "invoice-payment": "Invoice payment",
  "goods-and-services": "Goods and services",
};

/** Holder of the demo account: the sender of its outgoing items. */
const DEMO_HOLDER = "Alex Demo";

function historyItem(
  [id, title, currencyId, amount, balanceAfter, daysAgo, hour, purpose, counterparty, paymentType, categoryId]: Row,
  now: Date,
): StatementItemDetail {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour, 15));
  const incoming = !amount.startsWith("-");
  const fee = title === null;
  return {
    id,
    transactionId: `${id}-tx`,
    paymentId: null,
    title,
    status: incoming ? "ADDED" : "SENT",
    operationType: fee ? "SERVICE_FEE" : "COMMON",
    transactionKind: fee ? "SERVICE_FEE" : incoming ? "INCOMING" : (paymentType ?? "CARD"),
    accountId: DEMO_ACCOUNT_ID,
    accountNumber: "DEMO 0001",
    currencyId,
    amount,
    debitSum: incoming ? "0.00" : amount.slice(1),
    creditSum: incoming ? amount : "0.00",
    balanceAfter,
    counterpartyFullName: title,
    counterpartyAccountNumber: counterparty,
    reference: null,
    exchange: null,
    transferDate: date.toISOString(),
    operationStatus: "COMPLETED",
    paymentOrderId: null,
    feeAmount: null,
    createdAt: date.toISOString(),
    purpose,
    info: purpose,
    returnReason: null,
    senderAccountNumber: incoming ? counterparty : "DEMO 0001",
    recipientAccountNumber: incoming ? "DEMO 0001" : counterparty,
    sortCode: null,
    benificiaryBIC: null,
    generalLedgerTransactionId: `${id}-tx`,
    accountIban: null,
    accountSortCode: null,
    counterpartySortCode: null,
    counterpartyBic: null,
    paymentType,
    fee: null,
    feeCurrencyId: null,
    glTransactionId: `${id}-tx`,
    // The other side of a demo item is always outside the bank: the bank's own clearing account.
    generalLedgerTransaction: {
      id: `${id}-tx`,
      debitAccountNumber: incoming ? null : "DEMO 0001",
      creditAccountNumber: incoming ? "DEMO 0001" : null,
    },
    senderAccount: { clientName: incoming ? null : DEMO_HOLDER },
    categoryId,
    category: categoryId ? { id: categoryId, name: CATEGORY_NAMES[categoryId] ?? categoryId } : null,
    contractId: null,
    contract: null,
  };
}

const BENEFICIARIES: DemoBeneficiary[] = [
  {
    id: "demo-ben-1",
    name: "Acme Supplies Ltd",
    nickname: "Acme",
    beneficiaryType: "COMPANY",
    paymentType: "LOCAL",
    currencyId: "GBP",
    account: "20-00-00 55779911",
  },
  {
    id: "demo-ben-2",
    name: "Maria Rossi",
    nickname: null,
    beneficiaryType: "INDIVIDUAL",
    paymentType: "SEPA",
    currencyId: "EUR",
    account: "IT60X0542811101000000123456",
  },
  {
    id: "demo-ben-3",
    name: "Harbor Books Inc.",
    nickname: "Books",
    beneficiaryType: "COMPANY",
    paymentType: "SWIFT",
    currencyId: "USD",
    account: "US64SVBKUS6S3300958879",
  },
];

const COMPANIES: DemoCompany[] = [
  {
    id: "demo-company",
    fullName: "Demo Trading Ltd",
    type: "CORPORATE",
    officials: [
      { name: "Alex Demo", role: "MAIN_REPRESENTATIVE", status: "ACTIVE" },
      { name: "Sam Example", role: "DIRECTOR", status: "ACTIVE" },
    ],
  },
];

/**
 * The sample data of demo mode (fresh objects on each call: pages may not change shared data).
 * @param now reference time of the history dates (default: now)
 */
export function demoData(now: Date = new Date()): DemoData {
  const cards = CARDS.map((c) => ({ ...c, limits: { ...c.limits } }));
  return {
    accounts: [
      {
        id: DEMO_ACCOUNT_ID,
        organizationId: "demo-organization",
        name: "Demo account",
        number: "DEMO 0001",
        fullNumber: "DEMO 0001",
        path: "/demo/home",
        iban: null,
        bic: null,
        sortCode: null,
        overdraftEnabled: false,
        createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
        balances: [balance("GBP"), balance("EUR"), balance("USD")],
        cards: cards.map(({ id, path, cardName, cardNumber, status }) => ({ id, path, cardName, cardNumber, status })),
      },
    ],
    cards,
    history: HISTORY.map((row) => historyItem(row, now)),
    beneficiaries: BENEFICIARIES.map((b) => ({ ...b })),
    companies: COMPANIES.map((c) => ({ ...c, officials: c.officials.map((o) => ({ ...o })) })),
  };
}

/** What a demo payment form asks for, as submitted. */
export interface DemoPaymentInput {
  payee: string;
  currencyId: string;
  amount: string;
}

/**
 * Check a demo payment with the rules a real one would meet: a payee name, a demo currency, the
 * shared amount rules (server/rules/amount.ts, spec 000 §5: a comma becomes a dot, no leading dot
 * or zero, at most 2 decimals, more than 0, at most 1e16) and no more than the sample balance.
 * Pure: it sends nothing.
 * @returns `errors`: field → error key (`demo:errors.*`, `errors:amount.<code>` for the amount
 *   rules), empty when valid; `amount`: the amount normalised ("12,50" → "12.50"), as typed
 *   otherwise normalised as far as it goes
 */
export function validateDemoPayment(input: DemoPaymentInput): { errors: Record<string, string>; amount: string } {
  const errors: Record<string, string> = {};
  const payee = input.payee.trim();
  if (!payee) errors.payee = "demo:errors.payee-required";
  else if (payee.length > 100) errors.payee = "demo:errors.payee-too-long";
  const currency = input.currencyId as keyof typeof DEMO_BALANCES;
  if (!(currency in DEMO_BALANCES)) errors.currencyId = "demo:errors.currency";
  const amount = validateAmount(input.amount);
  if (!amount.ok) errors.amount = `errors:amount.${amount.error}`;
  else if (currency in DEMO_BALANCES && compareDecimalStrings(amount.value, DEMO_BALANCES[currency]) > 0)
    errors.amount = "demo:errors.amount-balance";
  // "1,000" is shown again as typed: it is refused as a possible thousands separator.
  const shown = looksLikeThousandsComma(input.amount) ? input.amount.trim() : normaliseAmountInput(input.amount);
  return { errors, amount: amount.ok ? amount.value : shown };
}
