CREATE TABLE "appointment_ratings" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_ratings_score_check" CHECK ("appointment_ratings"."score" between 1 and 5),
	CONSTRAINT "appointment_ratings_comment_length" CHECK (char_length("appointment_ratings"."comment") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"occupied_from" timestamp with time zone NOT NULL,
	"occupied_to" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text,
	"cancelled_by" text,
	"cancelled_by_user_id" uuid,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"no_show_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('booked', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "appointments_mode_check" CHECK ("appointments"."mode" in ('in_person', 'telehealth')),
	CONSTRAINT "appointments_times_check" CHECK ("appointments"."starts_at" < "appointments"."ends_at" and "appointments"."occupied_from" <= "appointments"."starts_at" and "appointments"."occupied_to" >= "appointments"."ends_at"),
	CONSTRAINT "appointments_cancelled_by_check" CHECK ("appointments"."cancelled_by" is null or "appointments"."cancelled_by" in ('patient', 'practice')),
	CONSTRAINT "appointments_cancel_fields" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancelled_at" is not null)),
	CONSTRAINT "appointments_reason_length" CHECK (char_length("appointments"."reason") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "availability_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"appointment_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'waitlist_offer'))
);
--> statement-breakpoint
CREATE TABLE "provider_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'practice' NOT NULL,
	"street" text,
	"suburb" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_locations_kind_check" CHECK ("provider_locations"."kind" in ('practice', 'virtual')),
	CONSTRAINT "provider_locations_practice_has_place" CHECK ("provider_locations"."kind" = 'virtual' or ("provider_locations"."city" is not null and "provider_locations"."latitude" is not null and "provider_locations"."longitude" is not null))
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_services_mode_check" CHECK ("provider_services"."mode" in ('in_person', 'telehealth')),
	CONSTRAINT "provider_services_duration_check" CHECK ("provider_services"."duration_minutes" between 5 and 480),
	CONSTRAINT "provider_services_buffers_check" CHECK ("provider_services"."buffer_before_minutes" between 0 and 240 and "provider_services"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "provider_services_price_check" CHECK ("provider_services"."price_minor" >= 0),
	CONSTRAINT "provider_services_currency_check" CHECK ("provider_services"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_starts_at" timestamp with time zone,
	"held_from" timestamp with time zone,
	"held_to" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "dev_mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "other_specialties" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "languages" text[] DEFAULT '{en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "conditions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "qualifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "offers_telehealth" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "offers_in_person" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "accepting_new_patients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "ndis_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "cancellation_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "slot_interval_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "minimum_notice_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "horizon_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "next_available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "next_available_stale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_document)) STORED;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_provider_id_provider_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_provider_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_provider_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."provider_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_provider_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."provider_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_location_id_provider_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."provider_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_provider_id_provider_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_provider_id_provider_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_provider_id_provider_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_provider_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."provider_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_location_id_provider_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."provider_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_ratings_provider" ON "appointment_ratings" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "appointments_provider_starts" ON "appointments" USING btree ("provider_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_starts" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_tenant_starts" ON "appointments" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_patient_idempotency" ON "appointments" USING btree ("patient_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_overrides_location_date" ON "availability_overrides" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_locations_provider" ON "provider_locations" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "provider_locations_tenant" ON "provider_locations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "provider_services_provider" ON "provider_services" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "waitlist_provider_date" ON "waitlist_entries" USING btree ("provider_id","date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_per_patient_day" ON "waitlist_entries" USING btree ("provider_id","service_id","patient_id","date") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_profiles_tenant" ON "provider_profiles" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "provider_profiles_search_vector" ON "provider_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "provider_profiles_search_trgm" ON "provider_profiles" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_profiles_next_available" ON "provider_profiles" USING btree ("next_available_at");--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_rating_check" CHECK ("provider_profiles"."rating_count" >= 0 and "provider_profiles"."rating_sum" between "provider_profiles"."rating_count" and "provider_profiles"."rating_count" * 5);--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_window_check" CHECK ("provider_profiles"."cancellation_window_hours" between 0 and 336);--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_interval_check" CHECK ("provider_profiles"."slot_interval_minutes" between 5 and 240);--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_notice_check" CHECK ("provider_profiles"."minimum_notice_minutes" between 0 and 43200);--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_horizon_check" CHECK ("provider_profiles"."horizon_days" between 1 and 365);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written: profiles owned by organisations, public directory reads, the booking invariant.
-- ---------------------------------------------------------------------------------------------
UPDATE provider_profiles p SET display_name = u.name, search_document = u.name FROM users u WHERE u.id = p.user_id;
--> statement-breakpoint
-- Staff of the current organisation: an active membership with a role other than 'member'.
-- Policies call it as (SELECT app_is_tenant_staff()) so it is evaluated once per statement.
CREATE OR REPLACE FUNCTION app_is_tenant_staff() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT EXISTS (
    SELECT 1 FROM tenant_memberships m
    WHERE m.tenant_id = app_current_tenant_id() AND m.user_id = app_current_user_id()
      AND m.status = 'active' AND m.role <> 'member') $$;
--> statement-breakpoint
-- The directory is public to read; a provider changes only their own profile, inside its
-- organisation, and never its verification or rating (column grants).
ALTER TABLE provider_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE provider_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY provider_profiles_public_read ON provider_profiles FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY provider_profiles_own_update ON provider_profiles FOR UPDATE
  USING (tenant_id = app_current_tenant_id() AND user_id = app_current_user_id())
  WITH CHECK (tenant_id = app_current_tenant_id() AND user_id = app_current_user_id());
--> statement-breakpoint
GRANT UPDATE (display_name, title, bio, other_specialties, languages, conditions, qualifications, registration_number,
  offers_telehealth, offers_in_person, accepting_new_patients, ndis_registered, cancellation_window_hours,
  slot_interval_minutes, minimum_notice_minutes, horizon_days, next_available_stale, latitude, longitude,
  search_document, updated_at) ON provider_profiles TO app_user;
--> statement-breakpoint
ALTER TABLE provider_locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE provider_locations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY provider_locations_public_read ON provider_locations FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY provider_locations_staff_write ON provider_locations FOR ALL
  USING (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()))
  WITH CHECK (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()));
--> statement-breakpoint
ALTER TABLE provider_services ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE provider_services FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY provider_services_public_read ON provider_services FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY provider_services_staff_write ON provider_services FOR ALL
  USING (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()))
  WITH CHECK (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()));
--> statement-breakpoint
ALTER TABLE availability_overrides ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE availability_overrides FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY availability_overrides_public_read ON availability_overrides FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY availability_overrides_staff_write ON availability_overrides FOR ALL
  USING (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()))
  WITH CHECK (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()));
--> statement-breakpoint
-- Appointments: the practice's staff see and change their organisation's; a patient sees and
-- changes their own, in any organisation. Nobody deletes one (it is cancelled).
ALTER TABLE appointments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY appointments_practice ON appointments FOR ALL
  USING (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()))
  WITH CHECK (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()));
--> statement-breakpoint
CREATE POLICY appointments_patient_own ON appointments FOR ALL
  USING (patient_id = app_current_user_id())
  WITH CHECK (patient_id = app_current_user_id());
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON appointments FROM app_user;
--> statement-breakpoint
-- The booking invariant: no two active appointments of one provider overlap, buffers included.
-- Half-open ranges, so back-to-back appointments are allowed. Cancelled and no-show ones free the time.
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
  provider_id WITH =,
  tstzrange(occupied_from, occupied_to, '[)') WITH &&
) WHERE (status IN ('booked', 'confirmed', 'checked_in', 'completed'));
--> statement-breakpoint
-- Busy time of a provider without whose it is: what availability needs, for anyone. Active
-- appointments, and times held for a waitlist offer (except for the person offered them).
-- p_except leaves out one appointment (the one being moved).
CREATE OR REPLACE FUNCTION provider_busy_ranges(p_provider uuid, p_from timestamptz, p_to timestamptz, p_except uuid DEFAULT NULL, p_patient uuid DEFAULT NULL)
  RETURNS TABLE (occupied_from timestamptz, occupied_to timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT a.occupied_from, a.occupied_to FROM appointments a
        WHERE a.provider_id = p_provider AND a.status IN ('booked', 'confirmed', 'checked_in', 'completed')
          AND a.occupied_to > p_from AND a.occupied_from < p_to AND a.id IS DISTINCT FROM p_except
        UNION ALL
        SELECT w.held_from, w.held_to FROM waitlist_entries w
        WHERE w.provider_id = p_provider AND w.status = 'offered' AND w.offer_expires_at > now()
          AND w.held_to > p_from AND w.held_from < p_to AND w.patient_id IS DISTINCT FROM p_patient $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION provider_busy_ranges(uuid, timestamptz, timestamptz, uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION provider_busy_ranges(uuid, timestamptz, timestamptz, uuid, uuid) TO app_user;
--> statement-breakpoint
-- Ratings: public scores; a patient adds one for their own appointment; the profile's average follows.
ALTER TABLE appointment_ratings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_ratings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY appointment_ratings_public_read ON appointment_ratings FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY appointment_ratings_patient_insert ON appointment_ratings FOR INSERT
  WITH CHECK (patient_id = app_current_user_id());
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON appointment_ratings FROM app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointment_ratings_count() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    UPDATE provider_profiles SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.score WHERE id = NEW.provider_id;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_ratings_after_insert AFTER INSERT ON appointment_ratings
  FOR EACH ROW EXECUTE FUNCTION appointment_ratings_count();
--> statement-breakpoint
-- The name of an organisation with a verified provider, for the public directory (the rest of
-- the organisation's row stays behind its own policies).
CREATE OR REPLACE FUNCTION directory_organisation_name(p_tenant uuid) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT t.name FROM tenants t WHERE t.id = p_tenant
        AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.tenant_id = t.id AND p.verification_status = 'verified') $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION directory_organisation_name(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION directory_organisation_name(uuid) TO app_user;
--> statement-breakpoint
-- A booking, cancellation or move changes the provider's first free time: mark it for the
-- availability job (which runs outside row-level security) to recompute.
CREATE OR REPLACE FUNCTION appointments_mark_availability_stale() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    UPDATE provider_profiles SET next_available_stale = true WHERE id = NEW.provider_id AND NOT next_available_stale;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_availability_stale AFTER INSERT OR UPDATE OF status, occupied_from, occupied_to ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_mark_availability_stale();
--> statement-breakpoint
-- Notifications: each person reads and marks their own; a request may notify the other party.
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notifications_own ON notifications FOR ALL
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY notifications_send ON notifications FOR INSERT WITH CHECK (true);
--> statement-breakpoint
-- Waitlist: a patient manages their own entries; the practice's staff see their organisation's.
-- Offers are made by the waitlist job (system module, outside row-level security).
ALTER TABLE waitlist_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE waitlist_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY waitlist_patient_own ON waitlist_entries FOR ALL
  USING (patient_id = app_current_user_id())
  WITH CHECK (patient_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY waitlist_practice_read ON waitlist_entries FOR SELECT
  USING (tenant_id = app_current_tenant_id() AND (SELECT app_is_tenant_staff()));
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON waitlist_entries FROM app_user;
