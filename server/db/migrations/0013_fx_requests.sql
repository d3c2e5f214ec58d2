CREATE TABLE "fx_request_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"client_signed_at" timestamp with time zone,
	"mfa_token_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"from_currency_id" text NOT NULL,
	"to_currency_id" text NOT NULL,
	"sell_amount" numeric(38, 18) NOT NULL,
	"buy_amount" numeric(38, 18) NOT NULL,
	"proposed_rate" numeric(38, 18) NOT NULL,
	"fee_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'AWAITING_SIGNATURE' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"hold_transaction_id" uuid,
	"settle_transaction_id" uuid,
	"refund_transaction_id" uuid,
	"signed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fx_request_signatures" ADD CONSTRAINT "fx_request_signatures_request_id_fx_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."fx_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_request_signatures" ADD CONSTRAINT "fx_request_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_request_signatures" ADD CONSTRAINT "fx_request_signatures_mfa_token_id_mfa_tokens_id_fk" FOREIGN KEY ("mfa_token_id") REFERENCES "public"."mfa_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_requests" ADD CONSTRAINT "fx_requests_refund_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_request_signatures_token_uq" ON "fx_request_signatures" USING btree ("mfa_token_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_requests_idempotency_uq" ON "fx_requests" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fx_requests_org_created_idx" ON "fx_requests" USING btree ("organization_id","created_at");