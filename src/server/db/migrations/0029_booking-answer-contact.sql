-- A booking's own answer says how to reach the practice and which conversation the patient already
-- has with the provider, as the appointment's reads do (appointments.repo.ts, appointmentQuery);
-- and a person cannot be in two visits at once: booking_context (0009) now also reads this person's
-- own active appointment with another provider that overlaps the asked time, and the server refuses
-- the booking with it (409 booking.patient-busy) before writing anything. All in the one statement.
CREATE OR REPLACE FUNCTION booking_context(p_user uuid, p_provider uuid, p_service uuid, p_location uuid,
    p_from timestamptz, p_to timestamptz, p_idempotency_key text)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_target jsonb;
    v_tenant uuid;
    v_location uuid;
  BEGIN
    -- Transaction-local, as in withTenant(): no organisation, this person, the application role.
    PERFORM set_config('app.tenant_id', '', true), set_config('app.user_id', coalesce(p_user::text, ''), true),
      set_config('role', 'app_user', true);
    v_target := booking_target_json(p_provider, p_service, p_location);
    IF v_target IS NULL THEN
      RETURN jsonb_build_object('target', NULL, 'retried',
        (SELECT to_jsonb(a) FROM appointments a WHERE a.patient_id = p_user AND a.idempotency_key = p_idempotency_key));
    END IF;
    v_tenant := (v_target->>'tenantId')::uuid;
    v_location := (v_target #>> '{location,id}')::uuid;
    RETURN jsonb_build_object(
      'target', v_target,
      'overrides', coalesce((
        SELECT jsonb_agg(jsonb_build_object('date', o.date, 'hours', o.hours))
        FROM availability_overrides o
        WHERE o.location_id = v_location
          AND o.date BETWEEN ((p_from - interval '1 day') AT TIME ZONE 'UTC')::date
                         AND ((p_to + interval '1 day') AT TIME ZONE 'UTC')::date), '[]'::jsonb),
      'busy', coalesce((
        SELECT jsonb_agg(jsonb_build_array(b.occupied_from, b.occupied_to))
        FROM provider_busy_ranges(p_provider, p_from - interval '1 day', p_to + interval '1 day', NULL, p_user) b), '[]'::jsonb),
      'retried', (SELECT to_jsonb(a) FROM appointments a WHERE a.patient_id = p_user AND a.idempotency_key = p_idempotency_key),
      -- The same order as appointmentQuery's contact: this location, the provider's, a practice's.
      'contact', (
        SELECT jsonb_build_object('phone', l2.contact_phone, 'email', l2.contact_email)
        FROM provider_locations l2
        WHERE l2.tenant_id = v_tenant
          AND (l2.contact_phone IS NOT NULL OR l2.contact_email IS NOT NULL)
          AND (l2.archived_at IS NULL OR l2.id = v_location)
        ORDER BY (l2.id = v_location) DESC, (l2.provider_id = p_provider) DESC, (l2.kind = 'practice') DESC, l2.sort_order, l2.created_at
        LIMIT 1),
      'conversationId', (
        SELECT c.id FROM conversations c
        WHERE c.tenant_id = v_tenant AND c.patient_id = p_user AND c.carer_id = (v_target->>'providerUserId')::uuid
        LIMIT 1),
      -- This person's own active appointment at the same time with another provider (one person
      -- cannot be in two visits at once; the booking is refused with what is already there). With
      -- the same provider, the provider's own busy time already refuses it, with fresh times.
      'patientBusy', (
        SELECT jsonb_build_object('startsAt', a.starts_at, 'provider', p.display_name)
        FROM appointments a LEFT JOIN provider_profiles p ON p.id = a.provider_id
        WHERE a.patient_id = p_user AND a.provider_id <> p_provider AND a.status IN ('booked', 'confirmed', 'checked_in')
          AND a.starts_at < p_from + make_interval(mins => (v_target #>> '{service,durationMinutes}')::int)
          AND a.ends_at > p_from
        ORDER BY a.starts_at
        LIMIT 1));
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION booking_context(uuid, uuid, uuid, uuid, timestamptz, timestamptz, text) FROM PUBLIC;
