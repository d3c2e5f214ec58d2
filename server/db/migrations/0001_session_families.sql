ALTER TABLE "api_sessions" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "api_sessions_family_idx" ON "api_sessions" USING btree ("family_id");