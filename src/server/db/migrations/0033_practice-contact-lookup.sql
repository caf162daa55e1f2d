-- How to reach a practice, looked up through indexes (hand-written). The answer's contact (0029)
-- and the appointment reads (appointments.repo.ts) asked for the organisation's locations with a
-- phone or an email ordered by "this location first, then the provider's, then a practice's": a
-- sort of every location of the organisation, some 0.65 ms per booking in an organisation of 1,300
-- locations (bench/README.md, session of 2026-12-01), and again for every email and appointment
-- read. Now three lookups in that order, each stopping at its first row: the location itself (its
-- primary key), the provider's other locations (by provider), then the organisation's (a partial
-- index in the order asked). The answer is the same.
CREATE INDEX provider_locations_contact ON provider_locations (tenant_id, (kind <> 'practice'), sort_order, created_at)
  WHERE archived_at IS NULL AND (contact_phone IS NOT NULL OR contact_email IS NOT NULL);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION practice_contact(p_tenant uuid, p_provider uuid, p_location uuid) RETURNS jsonb
  LANGUAGE plpgsql STABLE
  AS $$ BEGIN
    RETURN coalesce(
      (SELECT jsonb_build_object('phone', l.contact_phone, 'email', l.contact_email) FROM provider_locations l
        WHERE l.id = p_location AND l.tenant_id = p_tenant AND (l.contact_phone IS NOT NULL OR l.contact_email IS NOT NULL)),
      (SELECT jsonb_build_object('phone', l.contact_phone, 'email', l.contact_email) FROM provider_locations l
        WHERE l.provider_id = p_provider AND l.tenant_id = p_tenant AND l.archived_at IS NULL
          AND (l.contact_phone IS NOT NULL OR l.contact_email IS NOT NULL)
        ORDER BY (l.kind <> 'practice'), l.sort_order, l.created_at LIMIT 1),
      (SELECT jsonb_build_object('phone', l.contact_phone, 'email', l.contact_email) FROM provider_locations l
        WHERE l.tenant_id = p_tenant AND l.archived_at IS NULL
          AND (l.contact_phone IS NOT NULL OR l.contact_email IS NOT NULL)
        ORDER BY (l.kind <> 'practice'), l.sort_order, l.created_at LIMIT 1));
  END $$;
--> statement-breakpoint
-- booking_context of 0029 with its contact from practice_contact.
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
      -- How to reach the practice, as the appointment's reads give it (practice_contact, 0033).
      'contact', practice_contact(v_tenant, p_provider, v_location),
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
