CREATE TABLE "incoming_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"balance_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"currency_id" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"payer_name" text NOT NULL,
	"payer_account" text,
	"reference" text,
	"ledger_transaction_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_decided_by" text;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_balance_id_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."balances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_payments_idempotency_uq" ON "incoming_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "incoming_payments_created_idx" ON "incoming_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_settlement_idx" ON "payments" USING btree ("settlement_status","created_at");--> statement-breakpoint
-- Hand-written: posted payments on external rails made before settlement existed wait on their clearing balance.
UPDATE "payments" SET "settlement_status" = 'PENDING' WHERE "status" = 'COMPLETED' AND "kind" IN ('EURO', 'GBP', 'USD', 'INTERNATIONAL', 'CRYPTO_ASSET_PAYMENT', 'CASH_OVER_COUNTER') AND "settlement_status" IS NULL;
