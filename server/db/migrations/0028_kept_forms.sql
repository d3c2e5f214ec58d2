CREATE TABLE "kept_forms" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"fields" jsonb NOT NULL,
	"kept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kept_forms" ADD CONSTRAINT "kept_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;