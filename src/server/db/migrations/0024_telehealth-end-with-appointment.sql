-- A video visit ends when its appointment is completed, cancelled or marked no-show, whatever
-- made the change (a route of the booking feature, the practice calendar, a SQL function, a job):
-- ended_at is set, ended_by stays null ("by the system"), an 'ended' event is written and the
-- visit's people hear a `visit` event at commit. A visit already ended (the provider's "End and
-- complete" ends it before completing) is left as it is. Definer: the trigger writes rows that
-- only the visit's provider (visits) or the person themself (events) may write as app_user.
CREATE OR REPLACE FUNCTION telehealth_end_with_appointment() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
  DECLARE
    ended telehealth_visits%ROWTYPE;
    people uuid[];
  BEGIN
    UPDATE telehealth_visits SET ended_at = now(), ended_by = NULL
      WHERE appointment_id = NEW.id AND ended_at IS NULL
      RETURNING * INTO ended;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    INSERT INTO telehealth_events (appointment_id, tenant_id, user_id, kind) VALUES (NEW.id, ended.tenant_id, NULL, 'ended');
    SELECT array_agg(DISTINCT u) INTO people FROM (
      SELECT NEW.patient_id AS u
      UNION SELECT p.user_id FROM provider_profiles p WHERE p.id = NEW.provider_id AND p.user_id IS NOT NULL
      UNION SELECT tp.user_id FROM telehealth_participants tp WHERE tp.appointment_id = NEW.id AND tp.user_id IS NOT NULL
    ) s;
    PERFORM pg_notify('tendwell_realtime', json_build_object(
      'users', to_json(people),
      'type', 'visit',
      'data', json_build_object('appointmentId', NEW.id, 'kind', 'ended')
    )::text);
    RETURN NULL;
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION telehealth_end_with_appointment() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER telehealth_end_with_appointment AFTER UPDATE OF status ON appointments
  FOR EACH ROW
  WHEN (NEW.status IN ('completed', 'cancelled', 'no_show') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION telehealth_end_with_appointment();
