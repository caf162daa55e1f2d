CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_type_check" CHECK ("analytics_events"."type" in ('page_view', 'cta_click', 'region_detected'))
);
--> statement-breakpoint
CREATE TABLE "cookie_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"essential_cookies" boolean DEFAULT true NOT NULL,
	"functional_cookies" boolean DEFAULT false NOT NULL,
	"analytics_cookies" boolean DEFAULT false NOT NULL,
	"marketing_cookies" boolean DEFAULT false NOT NULL,
	"region_code" text NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"consent_version" text DEFAULT '1.0' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	CONSTRAINT "cookie_consent_essential_always" CHECK ("cookie_consent"."essential_cookies"),
	CONSTRAINT "cookie_consent_no_ip_address" CHECK ("cookie_consent"."ip_address" is null),
	CONSTRAINT "cookie_consent_user_or_visitor" CHECK (("cookie_consent"."user_id" is null) <> ("cookie_consent"."session_id" is null))
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" "citext" NOT NULL,
	"phone" text,
	"organisation" text,
	"job_title" text,
	"organisation_size" text,
	"topic" text,
	"message" text NOT NULL,
	"region_code" text NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_kind_check" CHECK ("enquiries"."kind" in ('contact', 'demo_request')),
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new', 'handled'))
);
--> statement-breakpoint
CREATE TABLE "provider_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"specialty_slug" text NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"region_code" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "provider_profiles_verification_check" CHECK ("provider_profiles"."verification_status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookie_consent" ADD CONSTRAINT "cookie_consent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_specialty_slug_specialties_slug_fk" FOREIGN KEY ("specialty_slug") REFERENCES "public"."specialties"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_created_at" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_at" ON "analytics_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "cookie_consent_user_lookup" ON "cookie_consent" USING btree ("user_id","region_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cookie_consent_visitor_lookup" ON "cookie_consent" USING btree ("session_id","region_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_kind_created_at" ON "enquiries" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_status_created_at" ON "enquiries" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_profiles_specialty_status" ON "provider_profiles" USING btree ("specialty_slug","verification_status");--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash");--> statement-breakpoint
-- Reference data: the eight specialties of spec §2, in the home page's order.
INSERT INTO "specialties" ("slug", "sort_order") VALUES
  ('cardiology', 1), ('neurology', 2), ('family-medicine', 3), ('pediatrics', 4),
  ('orthopedics', 5), ('ophthalmology', 6), ('dentistry', 7), ('dermatology', 8);
--> statement-breakpoint
-- Global tables only the platform reads and writes; the tenant-scoped application role never needs them.
REVOKE ALL ON cookie_consent, analytics_events, enquiries FROM app_user;
--> statement-breakpoint
-- The directory is public: inside a tenant transaction the application role may read it.
REVOKE INSERT, UPDATE, DELETE ON specialties, provider_profiles FROM app_user;
