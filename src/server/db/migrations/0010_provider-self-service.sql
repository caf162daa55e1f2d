-- Providers keep their own directory profile, services and practice locations (hand-written).
--
-- A practice location that appointments have used cannot be deleted (their foreign key keeps
-- the place they happened at): removing it archives it instead. An archived location is out of
-- the directory, the availability editor and booking.
ALTER TABLE "provider_locations" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- A person creates their own profile, in the organisation their session acts in, as one of its
-- staff, and only waiting for the platform's review. Column grants keep everything else (the
-- verification, its reviewer and reason, ratings, the directory's first free time) at its
-- default: an insert that names one of those columns is refused outright.
CREATE POLICY provider_profiles_own_insert ON provider_profiles FOR INSERT
  WITH CHECK (
    user_id = app_current_user_id()
    AND tenant_id = app_current_tenant_id()
    AND verification_status = 'pending'
    AND (SELECT app_is_tenant_staff())
  );
--> statement-breakpoint
GRANT INSERT (user_id, tenant_id, specialty_slug, region_code, display_name, title, bio, other_specialties, languages,
  conditions, qualifications, registration_number, offers_telehealth, offers_in_person, accepting_new_patients,
  ndis_registered, latitude, longitude, search_document, next_available_stale) ON provider_profiles TO app_user;
--> statement-breakpoint
-- The provider may change their main specialty too (the other profile columns were granted in 0007).
GRANT UPDATE (specialty_slug) ON provider_profiles TO app_user;
--> statement-breakpoint
-- Booking (0009's booking_target_json) never uses an archived location.
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
    JOIN provider_locations l ON l.provider_id = p.id AND l.archived_at IS NULL
      AND CASE WHEN p_location IS NOT NULL THEN l.id = p_location
               ELSE (s.mode = 'telehealth' OR l.kind = 'practice') END
    WHERE p.id = p_provider AND p.tenant_id IS NOT NULL
      AND (s.mode = 'telehealth' OR l.kind = 'practice')
    ORDER BY l.sort_order, l.created_at
    LIMIT 1);
  END $$;
