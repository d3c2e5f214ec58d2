/**
 * What a payment rail is (issue 6 "one module per rail"). Each kind of the spec (000 §3
 * "Payment kinds") has ONE module in this folder implementing `Rail`; the registry
 * (rails/index.ts) maps every kind to its rail and builds the request schema from them.
 * Creation, idempotency, fees, signing and posting (payments/create.ts, post.ts,
 * domain/signing) are shared and know no rail: they ask the rail for the payee.
 */
import type { z } from "zod";
import type { Tx } from "../../../db/client.js";
import type { accounts, beneficiaries } from "../../../db/schema/index.js";
import type { PayeeAccount, PaymentKind, ProviderPaymentTypeCode } from "../../../api/v1/contract.js";
import type { SystemCode } from "../../ledger/system.js";

export type AccountRow = typeof accounts.$inferSelect;
export type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** Rail payee details as stored on the payment (`payments.payee_details`) and answered on the wire. */
export type PayeeDetails = Record<string, string | boolean | null>;

/** What a rail is given to decide the payee. Everything here is already checked by the shared code. */
export interface RailContext {
  /** The creating transaction (the payee lookup reads in it). */
  tx: Tx;
  userId: string;
  organizationId: string;
  /** The payer's account (of `organizationId`, not a system account). */
  account: AccountRow;
  /** Payment currency (ISO 4217 or asset ticker) and its scale. */
  currencyId: string;
  scale: number;
  /** The APPROVED beneficiary of the organization named by `beneficiaryId`, if any: its fields fill what the body leaves out. */
  beneficiary: BeneficiaryRow | null;
  /** True for POST /v1/payments/check: nothing is created (rate limits are counted by the caller). */
  dryRun: boolean;
  /** The balance id of system account `code` in the payment currency (rails settling outside the bank credit one; "" on a dry run). */
  clearingBalance(code: SystemCode): Promise<string>;
}

/** The payee as a rail resolved it: who is paid, on which provider type, and which balance is credited. */
export interface Payee {
  paymentType: ProviderPaymentTypeCode | null;
  /** Balance credited when the payment posts: the rail's clearing balance, or the recipient's balance (internal). */
  creditBalanceId: string;
  beneficiaryName: string;
  /** The payee's main account identifier (IBAN, account number, wallet address, phone …); part of the SCA binding. */
  beneficiaryAccount: string | null;
  beneficiaryBic: string | null;
  /** Everything else the rail validated (sort code, ABA, address, country, CASP …). */
  details: PayeeDetails;
}

/** The stored payee of a payment, for descriptions (receipt, SMS, statement). */
export type StoredPayee = Pick<Payee, "paymentType" | "beneficiaryName" | "beneficiaryAccount" | "beneficiaryBic" | "details">;

/**
 * One payment rail.
 * @typeParam K the payment kind it serves; `fields` is the zod shape of that kind's own
 *   request properties (contract `<Kind>PaymentRequest` minus `PaymentRequestBase`).
 */
export interface Rail<K extends PaymentKind = PaymentKind> {
  kind: K;
  /** Provider payment types this kind may use (first = default when the request names none); empty for in-house kinds. */
  paymentTypes: readonly ProviderPaymentTypeCode[];
  /** Beneficiary payment types (spec 000 §3: LOCAL, INTERNATIONAL …) a saved beneficiary must have to be used here. */
  beneficiaryPaymentTypes: readonly string[];
  /** The kind's own request fields (zod shape), merged with the shared base by the registry. */
  fields: z.ZodRawShape;
  /** Purpose of payment required (the network or the bank's AML rules ask for it). */
  purposeRequired: boolean;
  /**
   * The system balance an external rail credits until the payment settles with the scheme or
   * partner (server/domain/payments/settlement.ts settles, rejects and refunds from it); null for
   * in-house kinds (internal, between accounts), which are final when posted.
   */
  clearing: SystemCode | null;
  /**
   * Validate the kind's fields (with the beneficiary's as fallback) and decide the payee.
   * @throws DomainError VALIDATION_FAILED with field errors named after the contract properties
   */
  resolve(ctx: RailContext, body: Record<string, unknown>): Promise<Payee>;
  /**
   * The payee account in parts (contract `PayeeAccount`): the web words it in its reader's
   * language, `payeeAccountInEnglish` (rails/payee-account.ts) makes `payeeDescription` of it.
   */
  describe(payee: StoredPayee): PayeeAccount;
}
