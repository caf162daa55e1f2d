CREATE TABLE "appointment_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"link_origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"outcome" text,
	"done_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "appointment_emails_kind_check" CHECK ("appointment_emails"."kind" in ('booked', 'rescheduled', 'cancelled')),
	CONSTRAINT "appointment_emails_outcome_check" CHECK ("appointment_emails"."outcome" is null or "appointment_emails"."outcome" in ('sent', 'superseded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_emails_due" ON "appointment_emails" USING btree ("next_attempt_at") WHERE "appointment_emails"."outcome" is null;--> statement-breakpoint
CREATE INDEX "appointment_emails_appointment" ON "appointment_emails" USING btree ("appointment_id");--> statement-breakpoint
-- A request queues the email of a change it commits, for an appointment it can see under
-- row-level security; reading, claiming and marking are the appointment-emails job's (system
-- module, the connection's own role).
ALTER TABLE appointment_emails ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_emails FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY appointment_emails_queue ON appointment_emails FOR INSERT TO app_user
  WITH CHECK (EXISTS (SELECT 1 FROM appointments a WHERE a.id = appointment_id));
--> statement-breakpoint
REVOKE SELECT, UPDATE, DELETE, TRUNCATE ON appointment_emails FROM app_user;
--> statement-breakpoint
-- As in 0009, and the patient's confirmation email is queued in the same transaction.
CREATE OR REPLACE FUNCTION book_appointment(p jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_user uuid := (p->>'patientId')::uuid;
    v_provider uuid := (p->>'providerId')::uuid;
    v_row appointments;
  BEGIN
    PERFORM set_config('app.tenant_id', '', true), set_config('app.user_id', v_user::text, true),
      set_config('role', 'app_user', true);
    PERFORM lock_provider_bookings(v_provider);
    SELECT * INTO v_row FROM appointments WHERE patient_id = v_user AND idempotency_key = p->>'idempotencyKey';
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'retried', 'appointment', to_jsonb(v_row));
    END IF;
    IF EXISTS (SELECT 1 FROM provider_busy_ranges(v_provider, (p->>'occupiedFrom')::timestamptz, (p->>'occupiedTo')::timestamptz, NULL, v_user)) THEN
      RETURN jsonb_build_object('outcome', 'taken');
    END IF;
    INSERT INTO appointments (tenant_id, provider_id, patient_id, service_id, location_id, mode, starts_at, ends_at,
        occupied_from, occupied_to, time_zone, reason, price_minor, currency, idempotency_key)
      VALUES ((p->>'tenantId')::uuid, v_provider, v_user, (p->>'serviceId')::uuid, (p->>'locationId')::uuid, p->>'mode',
        (p->>'startsAt')::timestamptz, (p->>'endsAt')::timestamptz, (p->>'occupiedFrom')::timestamptz, (p->>'occupiedTo')::timestamptz,
        p->>'timeZone', p->>'reason', (p->>'priceMinor')::integer, p->>'currency', p->>'idempotencyKey')
      ON CONFLICT (patient_id, idempotency_key) DO NOTHING
      RETURNING * INTO v_row;
    IF NOT FOUND THEN
      -- The same key, used meanwhile for another provider's booking.
      SELECT * INTO v_row FROM appointments WHERE patient_id = v_user AND idempotency_key = p->>'idempotencyKey';
      RETURN jsonb_build_object('outcome', 'retried', 'appointment', to_jsonb(v_row));
    END IF;
    UPDATE waitlist_entries SET status = 'booked'
      WHERE patient_id = v_user AND provider_id = v_provider AND status = 'offered' AND offered_starts_at = v_row.starts_at;
    INSERT INTO notifications (user_id, kind, appointment_id, data)
      VALUES ((p->>'providerUserId')::uuid, 'appointment_booked', v_row.id, p->'notification');
    INSERT INTO appointment_emails (appointment_id, kind, link_origin) VALUES (v_row.id, 'booked', p->>'linkOrigin');
    INSERT INTO audit_events (action, outcome, tenant_id, actor_user_id, target_type, target_id, request_id, client_ip, metadata)
      VALUES ('appointment.booked', 'success', v_row.tenant_id, v_user, 'appointment', v_row.id::text, p->>'requestId', p->>'clientIp', '{}'::jsonb);
    RETURN jsonb_build_object('outcome', 'booked', 'appointment', to_jsonb(v_row));
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION book_appointment(jsonb) FROM PUBLIC;
