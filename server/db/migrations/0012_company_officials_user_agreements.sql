CREATE TABLE "user_agreements" (
	"user_id" uuid NOT NULL,
	"agreement_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_version" text,
	CONSTRAINT "user_agreements_user_id_agreement_id_pk" PRIMARY KEY("user_id","agreement_id")
);
--> statement-breakpoint
ALTER TABLE "organization_members" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "percentage" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "nature_of_control" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "user_agreements" ADD CONSTRAINT "user_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agreements" ADD CONSTRAINT "user_agreements_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_phone_uq" ON "organization_members" USING btree ("organization_id","phone");