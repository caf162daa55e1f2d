-- A booking in two statements instead of fourteen (bench row "bookings per second"): one reads
-- everything the slot rules need, one writes the booking with everything that goes with it.
-- Both switch to app_user themselves, so row-level security applies to every statement inside
-- them exactly as in withTenant(); they are SECURITY INVOKER and called by the server's own role.
-- ---------------------------------------------------------------------------------------------

-- What slot generation and the booking's answer need of one provider, service and location, as
-- JSON (the location defaults to the provider's first that suits the service's mode; in-person
-- services need a practice). NULL when they do not exist or do not belong together.
-- Runs with the caller's rights: loadBookingTarget() calls it inside its transactions too.
-- PL/pgSQL rather than SQL here and below: a SQL function that is not inlined is planned again at
-- every call (about half a millisecond each for these), a PL/pgSQL one keeps its plans per session.
CREATE OR REPLACE FUNCTION booking_target_json(p_provider uuid, p_service uuid, p_location uuid)
  RETURNS jsonb
  LANGUAGE plpgsql STABLE
  AS $$ BEGIN
    RETURN (SELECT jsonb_build_object(
      'providerId', p.id,
      'providerUserId', p.user_id,
      'tenantId', p.tenant_id,
      'verificationStatus', p.verification_status,
      'cancellationWindowHours', p.cancellation_window_hours,
      'acceptingNewPatients', p.accepting_new_patients,
      'slotIntervalMinutes', p.slot_interval_minutes,
      'minimumNoticeMinutes', p.minimum_notice_minutes,
      'horizonDays', p.horizon_days,
      'displayName', p.display_name,
      'title', p.title,
      'specialty', p.specialty_slug,
      'image', (SELECT u.image FROM users u WHERE u.id = p.user_id),
      'organisationName', directory_organisation_name(p.tenant_id),
      'service', jsonb_build_object(
        'id', s.id, 'name', s.name, 'mode', s.mode, 'durationMinutes', s.duration_minutes,
        'bufferBeforeMinutes', s.buffer_before_minutes, 'bufferAfterMinutes', s.buffer_after_minutes,
        'priceMinor', s.price_minor, 'currency', s.currency, 'active', s.active),
      'location', jsonb_build_object(
        'id', l.id, 'name', l.name, 'kind', l.kind, 'timeZone', l.time_zone,
        'weeklyHours', l.weekly_hours, 'breaks', l.breaks,
        'street', l.street, 'suburb', l.suburb, 'city', l.city, 'state', l.state,
        'postalCode', l.postal_code, 'country', l.country))
    FROM provider_profiles p
    JOIN provider_services s ON s.provider_id = p.id AND s.id = p_service
    JOIN provider_locations l ON l.provider_id = p.id
      AND CASE WHEN p_location IS NOT NULL THEN l.id = p_location
               ELSE (s.mode = 'telehealth' OR l.kind = 'practice') END
    WHERE p.id = p_provider AND p.tenant_id IS NOT NULL
      AND (s.mode = 'telehealth' OR l.kind = 'practice')
    ORDER BY l.sort_order, l.created_at
    LIMIT 1);
  END $$;
--> statement-breakpoint
-- The same bodies as in 0007, kept plans (see above).
CREATE OR REPLACE FUNCTION provider_busy_ranges(p_provider uuid, p_from timestamptz, p_to timestamptz, p_except uuid DEFAULT NULL, p_patient uuid DEFAULT NULL)
  RETURNS TABLE (occupied_from timestamptz, occupied_to timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    RETURN QUERY SELECT a.occupied_from, a.occupied_to FROM appointments a
      WHERE a.provider_id = p_provider AND a.status IN ('booked', 'confirmed', 'checked_in', 'completed')
        AND a.occupied_to > p_from AND a.occupied_from < p_to AND a.id IS DISTINCT FROM p_except
      UNION ALL
      SELECT w.held_from, w.held_to FROM waitlist_entries w
      WHERE w.provider_id = p_provider AND w.status = 'offered' AND w.offer_expires_at > now()
        AND w.held_to > p_from AND w.held_from < p_to AND w.patient_id IS DISTINCT FROM p_patient;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_organisation_name(p_tenant uuid) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    RETURN (SELECT t.name FROM tenants t WHERE t.id = p_tenant
      AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.tenant_id = t.id AND p.verification_status = 'verified'));
  END $$;
--> statement-breakpoint
-- The signed-in person's booking context in one statement: the target, the date overrides and
-- the busy time around [p_from, p_to] (a day either side, for time-zone edges), and the booking
-- this person already made with this idempotency key, if any (a retry answers it).
CREATE OR REPLACE FUNCTION booking_context(p_user uuid, p_provider uuid, p_service uuid, p_location uuid,
    p_from timestamptz, p_to timestamptz, p_idempotency_key text)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_target jsonb;
  BEGIN
    -- Transaction-local, as in withTenant(): no organisation, this person, the application role.
    PERFORM set_config('app.tenant_id', '', true), set_config('app.user_id', coalesce(p_user::text, ''), true),
      set_config('role', 'app_user', true);
    v_target := booking_target_json(p_provider, p_service, p_location);
    IF v_target IS NULL THEN
      RETURN jsonb_build_object('target', NULL, 'retried',
        (SELECT to_jsonb(a) FROM appointments a WHERE a.patient_id = p_user AND a.idempotency_key = p_idempotency_key));
    END IF;
    RETURN jsonb_build_object(
      'target', v_target,
      'overrides', coalesce((
        SELECT jsonb_agg(jsonb_build_object('date', o.date, 'hours', o.hours))
        FROM availability_overrides o
        WHERE o.location_id = (v_target #>> '{location,id}')::uuid
          AND o.date BETWEEN ((p_from - interval '1 day') AT TIME ZONE 'UTC')::date
                         AND ((p_to + interval '1 day') AT TIME ZONE 'UTC')::date), '[]'::jsonb),
      'busy', coalesce((
        SELECT jsonb_agg(jsonb_build_array(b.occupied_from, b.occupied_to))
        FROM provider_busy_ranges(p_provider, p_from - interval '1 day', p_to + interval '1 day', NULL, p_user) b), '[]'::jsonb),
      'retried', (SELECT to_jsonb(a) FROM appointments a WHERE a.patient_id = p_user AND a.idempotency_key = p_idempotency_key));
  END $$;
--> statement-breakpoint
-- One booking at a time per provider: the booking below and the waitlist job's held offers take
-- this lock before they look at the provider's busy time, so an offer and a booking can never
-- both take one time (the exclusion constraint covers appointments, not held offers).
CREATE OR REPLACE FUNCTION lock_provider_bookings(p_provider uuid) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$ SELECT pg_advisory_xact_lock(727005, hashtext(p_provider::text)) $$;
--> statement-breakpoint
-- Writes a booking the server has checked against the slot rules, with what goes with it, in one
-- statement: the appointment (the exclusion constraint still guards it: a race loser raises
-- 23P01), the waitlist offer it takes up, the provider's in-app notification and the audit event.
-- Answers {outcome: 'booked' | 'retried' | 'taken', appointment}.
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
    INSERT INTO audit_events (action, outcome, tenant_id, actor_user_id, target_type, target_id, request_id, client_ip, metadata)
      VALUES ('appointment.booked', 'success', v_row.tenant_id, v_user, 'appointment', v_row.id::text, p->>'requestId', p->>'clientIp', '{}'::jsonb);
    RETURN jsonb_build_object('outcome', 'booked', 'appointment', to_jsonb(v_row));
  END $$;
--> statement-breakpoint
-- They set the current user from their arguments, so only the server's own role (their owner)
-- may call them: never app_user, whose transactions already have a person.
REVOKE ALL ON FUNCTION booking_context(uuid, uuid, uuid, uuid, timestamptz, timestamptz, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION book_appointment(jsonb) FROM PUBLIC;
--> statement-breakpoint
-- A person's own actions are recorded in the organisation they acted in, also when they are not
-- its member (a patient booking with a practice). Append-only as before: no UPDATE or DELETE.
CREATE POLICY audit_events_own_action ON audit_events FOR INSERT
  WITH CHECK (actor_user_id = app_current_user_id());
--> statement-breakpoint
-- A new booking changes a provider's first free time only when it touches it: mark the provider
-- for the availability job then, not after every booking. A service lasts at most 8 hours with at
-- most 4 hours of buffer either side, so a day's margin around the first free time is enough; a
-- provider with no free time cannot get an earlier one by a booking. Cancellations, moves and
-- no-shows (updates) free time, so they always mark it.
CREATE OR REPLACE FUNCTION appointments_mark_availability_stale() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    UPDATE provider_profiles SET next_available_stale = true
      WHERE id = NEW.provider_id AND NOT next_available_stale
        AND (TG_OP = 'UPDATE' OR (next_available_at IS NOT NULL
          AND NEW.occupied_from < next_available_at + interval '1 day'
          AND NEW.occupied_to > next_available_at - interval '1 day'));
    RETURN NEW;
  END $$;
