CREATE TABLE "agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"client_type" text NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_agreements" (
	"application_id" uuid NOT NULL,
	"agreement_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_agreements_application_id_agreement_id_pk" PRIMARY KEY("application_id","agreement_id")
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_officials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"dob" text,
	"nationality_id" text,
	"position" text,
	"percentage" numeric(5, 2),
	"nature_of_control" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_schemes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_type" text NOT NULL,
	"kyc_provider" text DEFAULT 'NONE' NOT NULL,
	"additional_questions_active" boolean DEFAULT false NOT NULL,
	"suppliers_enabled" boolean DEFAULT false NOT NULL,
	"customers_enabled" boolean DEFAULT false NOT NULL,
	"currencies" jsonb NOT NULL,
	"document_categories" jsonb NOT NULL,
	"required_document_categories" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'INCOMPLETE' NOT NULL,
	"scheme_id" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"drafts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification" jsonb,
	"decline_reason" text,
	"organization_id" uuid,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_ranges" (
	"id" text PRIMARY KEY NOT NULL,
	"client_type" text NOT NULL,
	"type" text NOT NULL,
	"from_value" numeric(38, 18) NOT NULL,
	"to_value" numeric(38, 18),
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_type" text,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sic_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_cy" text
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "application_agreements" ADD CONSTRAINT "application_agreements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_agreements" ADD CONSTRAINT "application_agreements_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_agreements" ADD CONSTRAINT "application_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_officials" ADD CONSTRAINT "application_officials_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_scheme_id_application_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."application_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_upload_uq" ON "application_documents" USING btree ("application_id","upload_id");--> statement-breakpoint
CREATE INDEX "application_officials_app_idx" ON "application_officials" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "client_ranges_type_idx" ON "client_ranges" USING btree ("client_type","type","position");--> statement-breakpoint
CREATE INDEX "reference_items_kind_idx" ON "reference_items" USING btree ("kind","position");