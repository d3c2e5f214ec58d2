/**
 * History documents (issue 9 "Documents"): what the database gives them — the receipt of one
 * statement item, the holder's name, the top-up instructions of a balance — and the drawing,
 * which is pure and lives in ./render.ts (re-exported here); the API draws PDFs and workbooks in a
 * worker thread through ./render-pool.ts. What each shows: docs/decisions.md "History documents".
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, balances, organizations } from "../../db/schema/index.js";
import { getStatementItem } from "./index.js";
import type { CurrencyCode, TopUpInstructions } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { fieldError } from "../errors.js";
import { memberOrganizationIds, notFound } from "../organizations/access.js";
import { BANK_ABA_ROUTING_NUMBER, BANK_BIC, BANK_SORT_CODE } from "../bank-details.js";
import { getBrand } from "../brand/index.js";
import type { DocumentLanguage } from "./document-i18n.js";
import { drawDocument } from "./render-pool.js";

export {
  DOCUMENT_TIME_ZONE,
  formatDateTime,
  renderReceiptPdf,
  renderStatementCsv,
  renderStatementPdf,
  renderStatementXlsx,
  renderTopUpPdf,
  STATEMENT_CSV_COLUMNS,
} from "./render.js";

/** Organization display name: company name, else first + last name. */
export async function organizationName(db: Database, organizationId: string): Promise<string> {
  const [o] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return o?.companyName ?? ([o?.firstName, o?.lastName].filter(Boolean).join(" ") || "Customer");
}

/**
 * GET /v1/statements-items/:id/pdf: the receipt of an item of the caller's organizations; with
 * `accountId` / `organizationId` the item must be on that account / of that organization. Drawn in
 * a worker thread (./render-pool.ts); given up unstarted when `signal` aborts (the client left).
 * @throws 404 NOT_FOUND otherwise; 503 SERVICE_BUSY when too many drawings wait.
 */
export async function receiptPdf(
  db: Database,
  userId: string,
  id: string,
  scope: { accountId?: string; organizationId?: string },
  lang: DocumentLanguage = "en",
  signal?: AbortSignal,
): Promise<{ id: string; pdf: Buffer }> {
  const item = await getStatementItem(db, userId, id);
  if (scope.accountId && scope.accountId !== item.accountId) throw notFound("Statement item");
  const [acc] = await db.select({ org: accounts.organizationId }).from(accounts).where(eq(accounts.id, item.accountId));
  if (!acc?.org || (scope.organizationId && scope.organizationId !== acc.org)) throw notFound("Statement item");
  const { name: bankName } = await getBrand(db);
  const holder = await organizationName(db, acc.org);
  return { id: item.id, pdf: await drawDocument("receiptPdf", [item, holder, bankName, lang], signal) };
}

/** Currencies the SEPA rail carries. */
const SEPA = new Set(["EUR"]);

/**
 * Top-up instructions of one balance (GET /v1/accounts/:id/top-up?currencyId=): per rail the
 * fields a payer needs, from the account row — GBP: sort code + account number (Faster
 * Payments / Bacs) and IBAN + BIC (SWIFT); EUR: IBAN + BIC (SEPA) and SWIFT; USD: the bank's ABA
 * routing number + account number (Fedwire) and SWIFT; other currencies:
 * IBAN + BIC (SWIFT); always: the account number for a transfer from another customer of the
 * bank (INTERNAL). The reference to quote is the account number.
 * @throws 404 NOT_FOUND (account outside the caller's organizations, or no balance in
 *   currencyId), 400 `currencyId` when missing.
 */
export async function topUpInstructions(
  db: Database,
  userId: string,
  accountId: string,
  currencyId: string | undefined,
): Promise<TopUpInstructions> {
  if (!currencyId) throw fieldError("currencyId", "isNotEmpty", "currencyId is required");
  const orgIds = await memberOrganizationIds(db, userId);
  if (!isUuid(accountId) || !orgIds.length) throw notFound("Account");
  const [a] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.system, false)));
  if (!a?.organizationId || !orgIds.includes(a.organizationId)) throw notFound("Account");
  const [b] = await db
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, accountId), eq(balances.currencyId, currencyId)));
  if (!b) throw notFound("Balance");
  const bic = a.bic ?? BANK_BIC;
  const methods: TopUpInstructions["methods"] = [];
  if (currencyId === "GBP")
    methods.push({
      rail: "LOCAL_GB",
      fields: [
        { name: "sortCode", value: a.sortCode ?? BANK_SORT_CODE },
        { name: "accountNumber", value: a.number },
      ],
    });
  if (a.iban && SEPA.has(currencyId))
    methods.push({
      rail: "SEPA",
      fields: [
        { name: "iban", value: a.iban },
        { name: "bic", value: bic },
      ],
    });
  if (currencyId === "USD")
    methods.push({
      rail: "FEDWIRE",
      fields: [
        { name: "routingNumber", value: BANK_ABA_ROUTING_NUMBER },
        { name: "accountNumber", value: a.number },
      ],
    });
  if (a.iban)
    methods.push({
      rail: "SWIFT",
      fields: [
        { name: "iban", value: a.iban },
        { name: "bic", value: bic },
      ],
    });
  methods.push({ rail: "INTERNAL", fields: [{ name: "accountNumber", value: a.number }] });
  return {
    accountId,
    currencyId: currencyId as CurrencyCode,
    beneficiaryName: await organizationName(db, a.organizationId),
    bankName: (await getBrand(db)).name,
    methods,
    reference: a.number,
  };
}
