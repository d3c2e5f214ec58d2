ALTER TABLE "beneficiaries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "beneficiaries_org_created_idx" ON "beneficiaries" USING btree ("organization_id","created_at","id");