ALTER TABLE "applications" ADD COLUMN "creation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_creation_key_uq" ON "applications" USING btree ("user_id","creation_key");