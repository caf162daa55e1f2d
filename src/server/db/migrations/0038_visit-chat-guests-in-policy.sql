-- A guest of a video visit (a carer or an interpreter) reads only the minimum necessary of its chat:
-- what was written since the provider let them in, and only while the visit stands (not ended,
-- the appointment neither completed, cancelled nor a no-show). The service has applied this rule
-- since the 2026-12-07 QA walk (chatReadableFrom in telehealth.service.ts); the policy now holds
-- it too, so a read that forgot the rule still returns nothing older. The patient and the
-- provider read all of it, as before. The service also closes a guest's reading when the visit's
-- time window closes; that needs the server's clock, so it stays in the service alone.
-- Whether the current person, a guest of the visit, was let in by the time a chat message was
-- written, and the visit stands.
CREATE OR REPLACE FUNCTION app_visit_guest_reads(p_appointment uuid, p_tenant uuid, p_written timestamptz) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (
      SELECT 1 FROM telehealth_participants tp
        JOIN telehealth_visits v ON v.appointment_id = tp.appointment_id
        JOIN appointments a ON a.id = tp.appointment_id
      WHERE tp.appointment_id = p_appointment AND a.tenant_id = p_tenant
        AND tp.user_id = app_current_user_id() AND tp.role IN ('carer', 'interpreter')
        AND tp.state = 'admitted' AND tp.admitted_at IS NOT NULL AND tp.admitted_at <= p_written
        AND v.ended_at IS NULL AND a.status IN ('booked', 'confirmed', 'checked_in')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_visit_chat_readable(p_appointment uuid, p_tenant uuid, p_written timestamptz) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT CASE app_visit_role(p_appointment)
      WHEN 'patient' THEN app_in_visit(p_appointment, p_tenant)
      WHEN 'provider' THEN app_in_visit(p_appointment, p_tenant)
      WHEN 'carer' THEN app_visit_guest_reads(p_appointment, p_tenant, p_written)
      WHEN 'interpreter' THEN app_visit_guest_reads(p_appointment, p_tenant, p_written)
      ELSE false END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_visit_guest_reads(uuid, uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visit_guest_reads(uuid, uuid, timestamptz) TO app_user;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_visit_chat_readable(uuid, uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visit_chat_readable(uuid, uuid, timestamptz) TO app_user;
--> statement-breakpoint
DROP POLICY telehealth_chat_people_read ON telehealth_chat_messages;
--> statement-breakpoint
CREATE POLICY telehealth_chat_people_read ON telehealth_chat_messages FOR SELECT
  USING (app_visit_chat_readable(appointment_id, tenant_id, created_at));
