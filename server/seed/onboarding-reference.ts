/**
 * Reference data of the onboarding applications (issue 8 "Reference data (real, not invented)";
 * spec 001 §3): the UK SIC 2007 condensed list (server/seed/data, provenance in its README),
 * client activities, sources of funds, products and delivery channels per applicant type, the
 * monthly range tiers, one default application scheme per applicant type, the settings of the
 * application forms and the agreements an applicant signs (real small PDFs, ./agreement-pdf.ts).
 *
 * `seedOnboardingReference(db)` is idempotent (every insert `onConflictDoNothing` on the row's
 * stable id): run on every start from `seedReferenceData`, it adds what is missing and leaves
 * rows the bank edited alone. Ids are stable (`CORPORATE-MONTHLY_TURNOVER-1`,
 * `product-corporate-fx`, `individual-default`, …) so answers saved with them stay valid.
 */
import { readFileSync } from "node:fs";
import type { Database, Tx } from "../db/client.js";
import { agreements, applicationSchemes, clientRanges, referenceItems, settings, sicCodes } from "../db/schema/index.js";
import type { ApplicationType } from "../api/v1/contract.js";
import {
  DOCUMENT_CATEGORIES,
  RANGE_TYPES,
  SETTING_APPLICATIONS_DOCUMENTS,
  SETTING_CLIENTS_TEXTAREA_MAX_ROWS,
  type RangeType,
  type ReferenceKind,
} from "../domain/reference/onboarding.js";
import { ALLOWED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from "../domain/uploads/index.js";
import { renderAgreementPdf, type AgreementText } from "./agreement-pdf.js";

type Db = Database | Tx;

// ------------------------------------------------------------------ SIC codes

/** One row of the SIC list. */
export interface SicRow {
  code: string;
  name: string;
  nameCy: string | null;
}

/**
 * Parse the UK SIC 2007 condensed TSV (header `industrial-classification`, `name`, `name-cy`).
 * @param text the file's text (LF or CRLF line ends)
 * @returns the rows in file order (five-digit codes and section letters A–U)
 * @throws Error on an unexpected header, a row without a name or a code that is neither five
 *   digits nor a section letter (the file is shipped with the code: a bad one must not load)
 */
export function parseSicTsv(text: string): SicRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = lines.shift()?.split("\t") ?? [];
  if (header[0] !== "industrial-classification" || header[1] !== "name")
    throw new Error(`SIC list: unexpected header ${JSON.stringify(header.join(","))}`);
  return lines
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      const [code = "", name = "", nameCy = ""] = line.split("\t").map((v) => v.trim());
      if (!/^(\d{5}|[A-U])$/.test(code) || !name) throw new Error(`SIC list line ${i + 2}: ${JSON.stringify(line)}`);
      return { code, name, nameCy: nameCy || null };
    });
}

let sicRows: SicRow[] | undefined;
/** The shipped SIC list, read once per process. */
function shippedSicCodes(): SicRow[] {
  sicRows ??= parseSicTsv(readFileSync(new URL("./data/uk-sic-2007-condensed.tsv", import.meta.url), "utf8"));
  return sicRows;
}

// ------------------------------------------------------------------ reference items

interface ItemInput {
  id: string;
  name: string;
  description?: string;
}
/** Rows of one kind (and applicant type), positioned 10, 20, … in list order. */
const items = (kind: ReferenceKind, clientType: ApplicationType | null, list: ItemInput[]) =>
  list.map((item, i) => ({ ...item, description: item.description ?? null, kind, clientType, position: (i + 1) * 10 }));

/** Employment activities of an individual applicant (step "activities"): every applicant type. */
const CLIENT_ACTIVITIES = items("CLIENT_ACTIVITY", null, [
  { id: "activity-employed-full-time", name: "Employed (full-time)" },
  { id: "activity-employed-part-time", name: "Employed (part-time)" },
  { id: "activity-self-employed", name: "Self-employed", description: "Sole trader or partner in a partnership" },
  { id: "activity-company-director", name: "Company director" },
  { id: "activity-contractor", name: "Contractor or freelancer" },
  { id: "activity-retired", name: "Retired" },
  { id: "activity-student", name: "Student" },
  { id: "activity-homemaker", name: "Homemaker or carer" },
  { id: "activity-unemployed", name: "Not in employment" },
  { id: "activity-other", name: "Other" },
]);

/** Where the applicant's money comes from (step "activities", several may apply). */
const SOURCES_OF_FUNDS = items("SOURCE_OF_FUNDS", null, [
  { id: "funds-salary", name: "Salary or wages" },
  { id: "funds-self-employment", name: "Self-employment income" },
  { id: "funds-business-income", name: "Business income", description: "Profits or dividends from a business you own" },
  { id: "funds-savings", name: "Savings" },
  { id: "funds-investments", name: "Investments", description: "Dividends, interest or the sale of shares and funds" },
  { id: "funds-pension", name: "Pension" },
  { id: "funds-inheritance", name: "Inheritance" },
  { id: "funds-property-sale", name: "Sale of property" },
  { id: "funds-rental-income", name: "Rental income" },
  { id: "funds-asset-sale", name: "Sale of other assets", description: "For example a vehicle, art or crypto-assets" },
  { id: "funds-gift", name: "Gift" },
  { id: "funds-loan", name: "Loan" },
  { id: "funds-compensation", name: "Insurance pay-out or compensation" },
  { id: "funds-benefits", name: "State benefits" },
  { id: "funds-other", name: "Other" },
]);

/** Products per applicant type (step "services"). */
const PRODUCTS = [
  ...items("PRODUCT", "INDIVIDUAL", [
    {
      id: "product-individual-current-account-gbp",
      name: "Current account (GBP)",
      description: "Pounds sterling with a UK sort code and account number",
    },
    {
      id: "product-individual-current-account-eur",
      name: "Current account (EUR)",
      description: "Euro with an IBAN for SEPA payments",
    },
    { id: "product-individual-current-account-usd", name: "Current account (USD)", description: "US dollars" },
    {
      id: "product-individual-multi-currency-wallet",
      name: "Multi-currency wallet",
      description: "Hold and exchange GBP, EUR, USD, CNY, CAD and AED in one account",
    },
    {
      id: "product-individual-crypto-assets",
      name: "Crypto-asset wallet",
      description: "Hold and send USDT, USDC, EURC and SOL through a crypto-asset service provider",
    },
    {
      id: "product-individual-international-payments",
      name: "International payments",
      description: "Send and receive SWIFT payments worldwide",
    },
    {
      id: "product-individual-debit-card",
      name: "Debit card",
      description: "Contactless card for purchases and cash withdrawals",
    },
  ]),
  ...items("PRODUCT", "CORPORATE", [
    {
      id: "product-corporate-business-account",
      name: "Business current account",
      description: "GBP, EUR and USD balances with UK account details and an IBAN",
    },
    {
      id: "product-corporate-sepa-payments",
      name: "SEPA payments",
      description: "Euro credit transfers, SEPA Instant and TARGET2",
    },
    { id: "product-corporate-uk-payments", name: "UK payments", description: "Faster Payments and BACS in pounds sterling" },
    { id: "product-corporate-swift-payments", name: "International payments (SWIFT)" },
    { id: "product-corporate-fx", name: "Foreign exchange", description: "Conversion between the account's currencies" },
    {
      id: "product-corporate-remittance",
      name: "Remittance",
      description: "Orders paid out in cash over the counter by partner payment institutions",
    },
    {
      id: "product-corporate-crypto-assets",
      name: "Crypto-asset services",
      description: "USDT, USDC, EURC and SOL payments through a crypto-asset service provider",
    },
  ]),
  ...items("PRODUCT", "COMPANY_OFFICIAL", [
    {
      id: "product-company-official-company-access",
      name: "Access to the company's accounts",
      description: "View the company's accounts and sign its payments as its official",
    },
    { id: "product-company-official-current-account-gbp", name: "Personal current account (GBP)" },
  ]),
];

/** How the client will use the bank, per applicant type (step "services"). */
const DELIVERY_CHANNELS = [
  ...items("DELIVERY_CHANNEL", "INDIVIDUAL", [
    { id: "channel-individual-online-banking", name: "Online banking" },
    { id: "channel-individual-mobile", name: "Mobile app" },
  ]),
  ...items("DELIVERY_CHANNEL", "CORPORATE", [
    { id: "channel-corporate-online-banking", name: "Online banking" },
    { id: "channel-corporate-mobile", name: "Mobile app" },
    { id: "channel-corporate-api", name: "API", description: "Host-to-host connection for payments and statements" },
  ]),
  ...items("DELIVERY_CHANNEL", "COMPANY_OFFICIAL", [
    { id: "channel-company-official-online-banking", name: "Online banking" },
    { id: "channel-company-official-mobile", name: "Mobile app" },
  ]),
];

// ------------------------------------------------------------------ ranges

/**
 * Tier boundaries per applicant type and range type: [0, 1000, 5000] gives 'From 0 to 1000',
 * 'From 1000 to 5000', 'Over 5000'. Values and turnovers in whole pounds (GBP), numbers of
 * transactions as counts.
 */
const RANGE_BOUNDS: Record<"INDIVIDUAL" | "CORPORATE", Record<RangeType, number[]>> = {
  INDIVIDUAL: {
    MONTHLY_TURNOVER: [0, 1_000, 5_000, 20_000, 50_000],
    MONTHLY_NUMBER_OF_INCOMING_TRANSACTIONS: [0, 10, 50, 100],
    MONTHLY_NUMBER_OF_OUTGOING_TRANSACTIONS: [0, 10, 50, 100],
    MONTHLY_VALUE_OF_INCOMING_TRANSACTIONS: [0, 1_000, 5_000, 20_000, 50_000],
    MONTHLY_VALUE_OF_OUTGOING_TRANSACTIONS: [0, 1_000, 5_000, 20_000, 50_000],
    MONTHLY_MAX_VALUE_OF_INCOMING_PAYMENT: [0, 500, 2_000, 10_000, 50_000],
    MONTHLY_MAX_VALUE_OF_OUTGOING_PAYMENT: [0, 500, 2_000, 10_000, 50_000],
  },
  CORPORATE: {
    MONTHLY_TURNOVER: [0, 10_000, 50_000, 250_000, 1_000_000],
    MONTHLY_NUMBER_OF_INCOMING_TRANSACTIONS: [0, 50, 200, 1_000, 5_000],
    MONTHLY_NUMBER_OF_OUTGOING_TRANSACTIONS: [0, 50, 200, 1_000, 5_000],
    MONTHLY_VALUE_OF_INCOMING_TRANSACTIONS: [0, 10_000, 50_000, 250_000, 1_000_000],
    MONTHLY_VALUE_OF_OUTGOING_TRANSACTIONS: [0, 10_000, 50_000, 250_000, 1_000_000],
    MONTHLY_MAX_VALUE_OF_INCOMING_PAYMENT: [0, 5_000, 25_000, 100_000, 500_000],
    MONTHLY_MAX_VALUE_OF_OUTGOING_PAYMENT: [0, 5_000, 25_000, 100_000, 500_000],
  },
};

/**
 * `client_ranges` rows of tier boundaries per applicant type and range type (default: the bank's
 * own, above): id `<TYPE>-<RANGE_TYPE>-<n>` (n from 1), the last tier open (`toValue` null).
 */
export function rangeRows(bounds: Record<string, Partial<Record<RangeType, readonly number[]>>> = RANGE_BOUNDS) {
  return Object.entries(bounds).flatMap(([clientType, byType]) =>
    RANGE_TYPES.flatMap((type) =>
      (byType[type] ?? []).map((from, i, all) => ({
        id: `${clientType}-${type}-${i + 1}`,
        clientType,
        type,
        fromValue: String(from),
        toValue: i + 1 < all.length ? String(all[i + 1]) : null,
        position: (i + 1) * 10,
      })),
    ),
  );
}

// ------------------------------------------------------------------ schemes

/** One default scheme per applicant type (spec 001 §3 "Application scheme"). */
const SCHEMES: (typeof applicationSchemes.$inferInsert)[] = [
  {
    id: "individual-default",
    name: "Personal account",
    clientType: "INDIVIDUAL",
    kycProvider: "SANDBOX",
    additionalQuestionsActive: true,
    suppliersEnabled: false,
    customersEnabled: false,
    currencies: ["GBP", "EUR", "USD"],
    documentCategories: [],
    requiredDocumentCategories: [],
    isDefault: true,
  },
  {
    id: "corporate-default",
    name: "Business account",
    clientType: "CORPORATE",
    kycProvider: "SANDBOX",
    additionalQuestionsActive: false,
    suppliersEnabled: true,
    customersEnabled: true,
    currencies: ["GBP", "EUR", "USD"],
    documentCategories: [...DOCUMENT_CATEGORIES],
    requiredDocumentCategories: ["INCORPORATION_CERTIFICATE"],
    isDefault: true,
  },
  {
    id: "company-official-default",
    name: "Company official",
    clientType: "COMPANY_OFFICIAL",
    // Every person acting for a company is verified (a careful bank's rule; NONE stays possible per scheme).
    kycProvider: "SANDBOX",
    additionalQuestionsActive: false,
    suppliersEnabled: false,
    customersEnabled: false,
    // A company official's organization holds no accounts (spec 001 §6): no currencies.
    currencies: [],
    documentCategories: [],
    requiredDocumentCategories: [],
    isDefault: true,
  },
];

// ------------------------------------------------------------------ agreements

const EFFECTIVE = "2026-01-01";
const VERSION = "2026.1";

const PRIVACY = (whose: string): AgreementText["sections"] => [
  {
    heading: "Who we are",
    paragraphs: [
      "The Bank is the controller of the personal data you give us in your application and while you are our client. This notice explains what we collect, why, and your rights under the UK GDPR and the Data Protection Act 2018.",
    ],
  },
  {
    heading: "What we collect and why",
    paragraphs: [
      `We collect the identity, contact and address details of ${whose}, the answers given in the application, identity-verification results and, once an account is open, payment and device data.`,
      "We use them to verify identity and prevent financial crime (a legal obligation under the Money Laundering, Terrorist Financing and Transfer of Funds Regulations 2017), to provide the accounts and payments you ask for (performance of a contract), and to keep our services secure (legitimate interests).",
    ],
  },
  {
    heading: "Sharing and keeping data",
    paragraphs: [
      "We share data only with our identity-verification provider, payment schemes and correspondent banks needed to carry out a payment, fraud-prevention agencies and authorities entitled to it. We keep client due diligence records for five years after the relationship ends, as the law requires.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "You may ask for a copy of your data, its correction or erasure, restrict or object to its use, and complain to the Information Commissioner's Office (ico.org.uk).",
    ],
  },
];

/** The agreement for existing customers the demo asks James Patel to sign (clientType PROFILE). */
export const PROFILE_AGREEMENT_ID = "payment-services-update-2027";

/** Agreements per applicant type: id, whose, title, file name, text. */
const AGREEMENTS: { id: string; clientType: string; fileName: string; text: AgreementText }[] = [
  {
    id: "individual-terms",
    clientType: "INDIVIDUAL",
    fileName: "personal-account-terms-and-conditions.pdf",
    text: {
      title: "Personal account terms and conditions",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: [
        {
          heading: "Your account",
          paragraphs: [
            "These terms apply to the personal current accounts, wallets and payment services the Bank provides to you once your application is accepted. Your account holds balances in the currencies you choose and is for personal use, not for business.",
          ],
        },
        {
          heading: "Payments",
          paragraphs: [
            "You authorise a payment by confirming it with the one-time code we send to your phone. The code names the amount, the currency and the payee; never share it. We execute payments on the rails offered in online banking and show the fee before you confirm.",
            "Tell us without delay, and at the latest 13 months after the debit date, about a payment you did not authorise or that was executed incorrectly.",
          ],
        },
        {
          heading: "Keeping your account safe",
          paragraphs: [
            "Keep your password and phone secure. We will never ask you for a one-time code by phone or e-mail. We may block a payment or the account to protect you or to meet our legal obligations, and will tell you why unless the law forbids it.",
          ],
        },
        {
          heading: "Closing the account",
          paragraphs: [
            "You may close your account at any time, free of charge. We may close it with two months' notice, or at once where the law requires or you have seriously broken these terms.",
          ],
        },
      ],
    },
  },
  {
    id: "individual-privacy",
    clientType: "INDIVIDUAL",
    fileName: "privacy-notice.pdf",
    text: { title: "Privacy notice", version: VERSION, effectiveFrom: EFFECTIVE, sections: PRIVACY("you") },
  },
  // For existing customers (user_agreements, server/domain/agreements): clientType PROFILE is
  // never part of an application.
  {
    id: PROFILE_AGREEMENT_ID,
    clientType: "PROFILE",
    fileName: "payment-services-terms-update-2027.pdf",
    text: {
      title: "Payment services terms: changes from 2027",
      version: "2027.1",
      effectiveFrom: "2027-01-01",
      sections: [
        {
          heading: "What changes",
          paragraphs: [
            "From 1 January 2027 payments confirmed with a one-time code may also be confirmed by a code sent over WhatsApp when you choose that channel in your profile. The code still names the amount, the currency and the payee.",
          ],
        },
        {
          heading: "Your choice",
          paragraphs: [
            "Sign these terms in online banking to keep using payment services after that date. If you do not agree, you may close your account free of charge before the changes apply.",
          ],
        },
      ],
    },
  },
  {
    id: "corporate-terms",
    clientType: "CORPORATE",
    fileName: "business-account-terms-and-conditions.pdf",
    text: {
      title: "Business account terms and conditions",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: [
        {
          heading: "Scope",
          paragraphs: [
            "These terms apply to the business accounts and payment services the Bank provides to the company named in the application once it is accepted. The company confirms that its directors, shareholders and ultimate beneficial owners are declared in full.",
          ],
        },
        {
          heading: "Authorised users and signatures",
          paragraphs: [
            "The company decides which of its officials may view the accounts and sign payments, and with which signature rights. A payment is authorised when the required officials have confirmed it with their one-time codes.",
          ],
        },
        {
          heading: "Information the company gives us",
          paragraphs: [
            "The company tells us within 30 days of any change in its directors, ownership, registered address, licences or business activity, and gives us the documents we ask for to meet our customer due diligence obligations.",
          ],
        },
        {
          heading: "Fees",
          paragraphs: [
            "Fees are those of the schedule of fees in force when a payment is made; we give two months' notice of any change.",
          ],
        },
      ],
    },
  },
  {
    id: "corporate-fees",
    clientType: "CORPORATE",
    fileName: "schedule-of-fees.pdf",
    text: {
      title: "Schedule of fees (Standard tariff)",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: [
        {
          heading: "Payments",
          paragraphs: [
            "Internal payments, payments between own accounts, SEPA credit transfers and Faster Payments: free.",
            "SEPA Instant: 0.50 EUR. TARGET2: 10.00 EUR. BACS: 0.20 GBP. Fedwire: 15.00 USD.",
            "SWIFT: 0.20 % of the amount, at least 10.00 and at most 100.00 in the payment currency (CNY: 70.00 to 700.00; AED: 40.00 to 400.00).",
            "Crypto-asset payments: 0.50 % of the amount (minimum 1 USDT, USDC or EURC; 0.01 SOL).",
            "Cash over the counter: 1 % of the amount, at least 2.00.",
          ],
        },
        {
          heading: "Account",
          paragraphs: ["Opening and keeping the account: free. The fee of a payment is shown before it is signed."],
        },
      ],
    },
  },
  {
    id: "main-representative-authority",
    clientType: "MAIN_REPRESENTATIVE",
    fileName: "main-representative-declaration.pdf",
    text: {
      title: "Declaration of the main representative",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: [
        {
          heading: "Authority",
          paragraphs: [
            "I declare that I am authorised to apply for a business account on behalf of the company and to give the Bank the information in this application, and that the information is true and complete.",
          ],
        },
        {
          heading: "Verification",
          paragraphs: [
            "I agree that the Bank verifies my identity, including through its identity-verification provider, and keeps the result as part of its customer due diligence records.",
          ],
        },
      ],
    },
  },
  {
    id: "main-representative-privacy",
    clientType: "MAIN_REPRESENTATIVE",
    fileName: "privacy-notice-representatives.pdf",
    text: {
      title: "Privacy notice for company representatives",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: PRIVACY("the company's representatives, directors, shareholders and beneficial owners"),
    },
  },
  {
    id: "company-official-terms",
    clientType: "COMPANY_OFFICIAL",
    fileName: "company-official-terms.pdf",
    text: {
      title: "Terms of access for company officials",
      version: VERSION,
      effectiveFrom: EFFECTIVE,
      sections: [
        {
          heading: "Your access",
          paragraphs: [
            "As an official of a company that banks with us you may view its accounts and, with the rights the company gives you, sign its payments. You act for the company, not for yourself.",
          ],
        },
        {
          heading: "Your duties",
          paragraphs: [
            "Keep your password and phone secure, confirm only payments you have checked, and tell us at once if you leave the company or suspect misuse of your access.",
          ],
        },
      ],
    },
  },
  {
    id: "company-official-privacy",
    clientType: "COMPANY_OFFICIAL",
    fileName: "privacy-notice-officials.pdf",
    text: { title: "Privacy notice for company officials", version: VERSION, effectiveFrom: EFFECTIVE, sections: PRIVACY("you") },
  },
];

// ------------------------------------------------------------------ seed

/**
 * Add the onboarding reference data that is missing (see module doc). Idempotent; the SIC list
 * and the agreements' PDFs are read and rendered only for rows not yet in the database.
 */
export async function seedOnboardingReference(db: Db): Promise<void> {
  const haveSic = new Set((await db.select({ code: sicCodes.code }).from(sicCodes)).map((r) => r.code));
  const missingSic = shippedSicCodes().filter((r) => !haveSic.has(r.code));
  if (missingSic.length) await db.insert(sicCodes).values(missingSic).onConflictDoNothing();

  await db
    .insert(referenceItems)
    .values([...CLIENT_ACTIVITIES, ...SOURCES_OF_FUNDS, ...PRODUCTS, ...DELIVERY_CHANNELS])
    .onConflictDoNothing();
  await db.insert(clientRanges).values(rangeRows()).onConflictDoNothing();
  await db.insert(applicationSchemes).values(SCHEMES).onConflictDoNothing();
  await db
    .insert(settings)
    .values([
      {
        key: SETTING_APPLICATIONS_DOCUMENTS,
        value: { maxFileBytes: MAX_UPLOAD_BYTES, allowedExtensions: [...ALLOWED_UPLOAD_EXTENSIONS] },
      },
      { key: SETTING_CLIENTS_TEXTAREA_MAX_ROWS, value: 10 },
    ])
    .onConflictDoNothing();

  const haveAgreements = new Set((await db.select({ id: agreements.id }).from(agreements)).map((r) => r.id));
  const missing = AGREEMENTS.filter((a) => !haveAgreements.has(a.id));
  if (missing.length) {
    const rows = await Promise.all(
      missing.map(async (a) => ({
        id: a.id,
        clientType: a.clientType,
        title: a.text.title,
        version: a.text.version,
        fileName: a.fileName,
        mimeType: "application/pdf",
        content: await renderAgreementPdf(a.text),
        position: (AGREEMENTS.filter((b) => b.clientType === a.clientType).indexOf(a) + 1) * 10,
      })),
    );
    await db.insert(agreements).values(rows).onConflictDoNothing();
  }
}
