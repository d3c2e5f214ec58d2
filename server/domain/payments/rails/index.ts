/**
 * The rail registry: every payment kind of the spec (000 §3 "Payment kinds") → its rail, and
 * the request schema of POST /v1/payments built from them as a discriminated union on `kind`.
 *
 * How to add a rail: see docs/payment-rails.md (one module implementing `Rail` in this folder,
 * one line here; the shared creation, fee, signing and posting code needs no change).
 */
import { z } from "zod";
import type { PaymentKind } from "../../../api/v1/contract.js";
import { betweenAccountsRail } from "./between-accounts.js";
import { cashOverCounterRail } from "./cash-over-counter.js";
import { cryptoAssetRail } from "./crypto-asset.js";
import { fedwireRail } from "./fedwire.js";
import { internalRail } from "./internal.js";
import { poundRail } from "./pound.js";
import { sepaRail } from "./sepa.js";
import { optionalText } from "./shared.js";
import { swiftRail } from "./swift.js";
import type { Rail } from "./types.js";

/** Kind → rail. `satisfies` keeps it total: a new kind in the contract fails the type check until it has a rail. */
export const RAILS = {
  EURO: sepaRail,
  GBP: poundRail,
  USD: fedwireRail,
  INTERNATIONAL: swiftRail,
  INTERNAL: internalRail,
  BETWEEN_ACCOUNTS: betweenAccountsRail,
  CRYPTO_ASSET_PAYMENT: cryptoAssetRail,
  CASH_OVER_COUNTER: cashOverCounterRail,
} satisfies { [K in PaymentKind]: Rail<K> };

/** Properties every kind shares (contract PaymentRequestBase). The amount is checked at the currency's scale later. */
const base = {
  organizationId: z.string().uuid(),
  accountId: z.string().uuid(),
  currencyId: z.string().min(3).max(8),
  amount: z.string().min(1).max(40),
  reference: optionalText(140),
  purpose: optionalText(140),
  categoryId: optionalText(64),
  beneficiaryId: z.string().uuid().optional(),
  contractId: z.string().uuid().optional(),
};

const kindSchema = <K extends PaymentKind>(rail: Rail<K>) =>
  z.object({ ...base, kind: z.literal(rail.kind), ...rail.fields }).strip();

/** Body of POST /v1/payments and /v1/payments/check (contract CreatePaymentRequest), one object per kind. */
export const createPaymentSchema = z.discriminatedUnion("kind", [
  kindSchema(RAILS.EURO),
  kindSchema(RAILS.GBP),
  kindSchema(RAILS.USD),
  kindSchema(RAILS.INTERNATIONAL),
  kindSchema(RAILS.INTERNAL),
  kindSchema(RAILS.BETWEEN_ACCOUNTS),
  kindSchema(RAILS.CRYPTO_ASSET_PAYMENT),
  kindSchema(RAILS.CASH_OVER_COUNTER),
]);

/** A parsed request: the shared base plus the kind's own fields (typed loosely: each rail reads its own). */
export type CreatePaymentInput = z.infer<typeof createPaymentSchema> & {
  kind: PaymentKind;
  recipientPhone?: string;
  recipientCompanyNumber?: string;
};

export type { Rail } from "./types.js";
