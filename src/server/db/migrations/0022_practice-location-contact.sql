ALTER TABLE "provider_locations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_contact_phone_length" CHECK (char_length("provider_locations"."contact_phone") between 1 and 32);--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_contact_email_length" CHECK (char_length("provider_locations"."contact_email") between 3 and 254);