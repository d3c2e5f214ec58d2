ALTER TABLE "api_sessions" ADD COLUMN "device_name" text;--> statement-breakpoint
CREATE INDEX "api_sessions_user_idx" ON "api_sessions" USING btree ("user_id");