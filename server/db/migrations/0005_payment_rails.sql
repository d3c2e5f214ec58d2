CREATE TABLE "casps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"assets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tariff_id" uuid,
	"organization_id" uuid,
	"name" text NOT NULL,
	"payment_kind" text NOT NULL,
	"payment_type" text,
	"currency_id" text,
	"fee_amount_type" text NOT NULL,
	"fee_percent_amount" numeric(38, 18),
	"fee_percent_min_amount" numeric(38, 18),
	"fee_percent_max_amount" numeric(38, 18),
	"fee_fixed_amount" numeric(38, 18),
	"fee_currency_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_documents" (
	"payment_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_documents_payment_id_upload_id_pk" PRIMARY KEY("payment_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "payment_drafts" (
	"user_id" uuid NOT NULL,
	"form" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_drafts_user_id_form_pk" PRIMARY KEY("user_id","form")
);
--> statement-breakpoint
CREATE TABLE "psp_partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_id" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "post_code" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "bank_address" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "bank_country" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "casp_id" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "wallet_address" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "collector_contact" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "use_intermediary_bank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "intermediary_bank_name" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "intermediary_bank_bic" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "intermediary_bank_address" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "intermediary_bank_country" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "intermediary_bank_correspondent_account" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tariff_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payee_details" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_amount" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_currency_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_balance_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_fee_currency_id_currencies_id_fk" FOREIGN KEY ("fee_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psp_partners" ADD CONSTRAINT "psp_partners_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_tariff_idx" ON "fees" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "fees_org_idx" ON "fees" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "psp_partners_currency_idx" ON "psp_partners" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "uploads_org_idx" ON "uploads" USING btree ("organization_id");