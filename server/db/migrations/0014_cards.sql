CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency_id" text NOT NULL,
	"holder_user_id" uuid,
	"card_name" text NOT NULL,
	"last_four" text,
	"payment_system" text NOT NULL,
	"color" text NOT NULL,
	"prepaid" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ORDERED' NOT NULL,
	"daily_limit" numeric(38, 18) NOT NULL,
	"monthly_limit" numeric(38, 18) NOT NULL,
	"delivery_method" text,
	"replaces_card_id" uuid,
	"expires_on" text,
	"idempotency_key" text,
	"request_hash" text,
	"ordered_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_last_four_ck" CHECK ("cards"."last_four" is null or "cards"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_ordered_by_user_id_users_id_fk" FOREIGN KEY ("ordered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_account_idx" ON "cards" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "cards_org_idx" ON "cards" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_idempotency_uq" ON "cards" USING btree ("organization_id","idempotency_key");