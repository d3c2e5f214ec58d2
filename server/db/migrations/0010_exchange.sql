CREATE TABLE "exchange_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"from_currency_id" text NOT NULL,
	"to_currency_id" text NOT NULL,
	"fixed_side" text NOT NULL,
	"sell_amount" numeric(38, 18) NOT NULL,
	"buy_amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"mid_rate" numeric(38, 18) NOT NULL,
	"fee_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee_currency_id" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate_source" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"ledger_transaction_id" uuid,
	"executed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"rate_date" date NOT NULL,
	"currency_id" text NOT NULL,
	"units_per_eur" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_quotes_org_idx" ON "exchange_quotes" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_quotes_org_key_uq" ON "exchange_quotes" USING btree ("organization_id","idempotency_key") WHERE "exchange_quotes"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_source_date_currency_uq" ON "fx_rates" USING btree ("source","rate_date","currency_id");