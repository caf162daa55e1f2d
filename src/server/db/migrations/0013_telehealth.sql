CREATE TABLE "realtime_relay" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telehealth_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telehealth_chat_messages_body_length" CHECK (char_length("telehealth_chat_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "telehealth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telehealth_events_kind_check" CHECK ("telehealth_events"."kind" in ('waiting', 'admitted', 'invited', 'started', 'ended', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "telehealth_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"state" text NOT NULL,
	"invited_by" uuid,
	"waiting_since" timestamp with time zone,
	"admitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telehealth_participants_role_check" CHECK ("telehealth_participants"."role" in ('patient', 'provider', 'carer', 'interpreter')),
	CONSTRAINT "telehealth_participants_state_check" CHECK ("telehealth_participants"."state" in ('invited', 'waiting', 'admitted')),
	CONSTRAINT "telehealth_participants_guest_email" CHECK (("telehealth_participants"."role" in ('carer', 'interpreter')) = ("telehealth_participants"."email" is not null)),
	CONSTRAINT "telehealth_participants_known" CHECK ("telehealth_participants"."user_id" is not null or "telehealth_participants"."state" = 'invited')
);
--> statement-breakpoint
CREATE TABLE "telehealth_visits" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telehealth_chat_messages" ADD CONSTRAINT "telehealth_chat_messages_appointment_id_telehealth_visits_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."telehealth_visits"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_chat_messages" ADD CONSTRAINT "telehealth_chat_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_chat_messages" ADD CONSTRAINT "telehealth_chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_events" ADD CONSTRAINT "telehealth_events_appointment_id_telehealth_visits_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."telehealth_visits"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_events" ADD CONSTRAINT "telehealth_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_events" ADD CONSTRAINT "telehealth_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_appointment_id_telehealth_visits_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."telehealth_visits"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_visits" ADD CONSTRAINT "telehealth_visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_visits" ADD CONSTRAINT "telehealth_visits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_visits" ADD CONSTRAINT "telehealth_visits_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_relay_created" ON "realtime_relay" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "telehealth_chat_messages_visit" ON "telehealth_chat_messages" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "telehealth_events_visit" ON "telehealth_events" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "telehealth_participants_user" ON "telehealth_participants" USING btree ("appointment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telehealth_participants_email" ON "telehealth_participants" USING btree ("appointment_id","email");--> statement-breakpoint
CREATE INDEX "telehealth_participants_invited_email" ON "telehealth_participants" USING btree ("email");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written: a visit's rows are the business of its people only (its patient, its provider,
-- the guests the provider invited), inside the appointment's organisation; nobody deletes them.
-- ---------------------------------------------------------------------------------------------
-- The current person's verified address (lower case), for matching an invitation.
CREATE OR REPLACE FUNCTION app_current_user_email() RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT lower(u.email) FROM users u WHERE u.id = app_current_user_id() AND u.email_verified $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_current_user_email() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_user_email() TO app_user;
--> statement-breakpoint
-- The current person's place in an appointment's video visit: 'patient', 'provider', or a guest's
-- 'carer' / 'interpreter' (by the account that took the invitation, or by the invited address
-- until someone signed in with it opens the visit); null for anyone else.
CREATE OR REPLACE FUNCTION app_visit_role(p_appointment uuid) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ DECLARE r text; BEGIN
    SELECT CASE WHEN a.patient_id = app_current_user_id() THEN 'patient'
                WHEN p.user_id = app_current_user_id() THEN 'provider' END
      INTO r FROM appointments a JOIN provider_profiles p ON p.id = a.provider_id WHERE a.id = p_appointment;
    IF r IS NOT NULL THEN RETURN r; END IF;
    SELECT tp.role INTO r FROM telehealth_participants tp
      WHERE tp.appointment_id = p_appointment AND tp.role IN ('carer', 'interpreter')
        AND (tp.user_id = app_current_user_id() OR (tp.user_id IS NULL AND tp.email = app_current_user_email()))
      LIMIT 1;
    RETURN r;
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_visit_role(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visit_role(uuid) TO app_user;
--> statement-breakpoint
-- What a visit's people may know of its appointment (a guest cannot read the appointment itself).
CREATE OR REPLACE FUNCTION app_visit_appointment(p_appointment uuid)
  RETURNS TABLE (tenant_id uuid, organisation_name text, service_name text, provider_user_id uuid, provider_name text,
    patient_id uuid, patient_name text, mode text, status text, starts_at timestamptz, ends_at timestamptz, time_zone text, role text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT a.tenant_id, t.name, s.name, p.user_id, p.display_name, a.patient_id, pu.name, a.mode, a.status,
      a.starts_at, a.ends_at, a.time_zone, r.role
    FROM appointments a
    JOIN provider_profiles p ON p.id = a.provider_id
    JOIN provider_services s ON s.id = a.service_id
    JOIN tenants t ON t.id = a.tenant_id
    JOIN users pu ON pu.id = a.patient_id
    CROSS JOIN LATERAL (SELECT app_visit_role(p_appointment) AS role) r
    WHERE a.id = p_appointment AND r.role IS NOT NULL $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_visit_appointment(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visit_appointment(uuid) TO app_user;
--> statement-breakpoint
-- Whether a row of a visit is one of the current person's visits, in the appointment's organisation.
CREATE OR REPLACE FUNCTION app_in_visit(p_appointment uuid, p_tenant uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM appointments a WHERE a.id = p_appointment AND a.tenant_id = p_tenant)
      AND app_visit_role(p_appointment) IS NOT NULL $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_in_visit(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_in_visit(uuid, uuid) TO app_user;
--> statement-breakpoint
ALTER TABLE telehealth_visits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE telehealth_visits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY telehealth_visits_people_read ON telehealth_visits FOR SELECT USING (app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
CREATE POLICY telehealth_visits_people_open ON telehealth_visits FOR INSERT WITH CHECK (app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
-- Only the provider starts and ends the visit.
CREATE POLICY telehealth_visits_provider_change ON telehealth_visits FOR UPDATE
  USING (app_in_visit(appointment_id, tenant_id) AND app_visit_role(appointment_id) = 'provider')
  WITH CHECK (app_in_visit(appointment_id, tenant_id) AND app_visit_role(appointment_id) = 'provider');
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON telehealth_visits FROM app_user;
--> statement-breakpoint
ALTER TABLE telehealth_participants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE telehealth_participants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY telehealth_participants_people_read ON telehealth_participants FOR SELECT USING (app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
-- The provider adds anyone (guests by invitation); the patient only themselves.
CREATE POLICY telehealth_participants_add ON telehealth_participants FOR INSERT
  WITH CHECK (app_in_visit(appointment_id, tenant_id)
    AND (app_visit_role(appointment_id) = 'provider' OR (user_id = app_current_user_id() AND role = app_visit_role(appointment_id))));
--> statement-breakpoint
-- The provider changes anyone's place (admits); a person their own row (a guest takes their invitation).
CREATE POLICY telehealth_participants_change ON telehealth_participants FOR UPDATE
  USING (app_in_visit(appointment_id, tenant_id)
    AND (app_visit_role(appointment_id) = 'provider' OR user_id = app_current_user_id() OR (user_id IS NULL AND email = app_current_user_email())))
  WITH CHECK (app_in_visit(appointment_id, tenant_id) AND (app_visit_role(appointment_id) = 'provider' OR user_id = app_current_user_id()));
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON telehealth_participants FROM app_user;
--> statement-breakpoint
ALTER TABLE telehealth_chat_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE telehealth_chat_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY telehealth_chat_people_read ON telehealth_chat_messages FOR SELECT USING (app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
CREATE POLICY telehealth_chat_people_send ON telehealth_chat_messages FOR INSERT
  WITH CHECK (sender_id = app_current_user_id() AND app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON telehealth_chat_messages FROM app_user;
--> statement-breakpoint
ALTER TABLE telehealth_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE telehealth_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY telehealth_events_people_read ON telehealth_events FOR SELECT USING (app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
CREATE POLICY telehealth_events_people_add ON telehealth_events FOR INSERT
  WITH CHECK (user_id = app_current_user_id() AND app_in_visit(appointment_id, tenant_id));
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON telehealth_events FROM app_user;
--> statement-breakpoint
-- The realtime relay is the server's own (the owner role): nothing for app_user.
REVOKE ALL ON realtime_relay FROM app_user;
--> statement-breakpoint
REVOKE ALL ON SEQUENCE realtime_relay_id_seq FROM app_user;
