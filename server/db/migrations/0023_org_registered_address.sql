ALTER TABLE "organizations" ADD COLUMN "registered_address1" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "registered_address2" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "registered_city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "registered_postal_code" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "registered_country_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "business_address_same_as_registered" boolean;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "correspondence_address_same_as_registered" boolean;