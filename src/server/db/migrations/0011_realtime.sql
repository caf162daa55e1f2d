-- Live notifications (hand-written). Every new row in notifications is announced on the
-- realtime channel that each server process LISTENs on, whoever inserted it: a request, the SQL
-- function book_appointment, or a job. Inside a transaction PostgreSQL delivers the NOTIFY at
-- commit and drops it on rollback, so a socket never hears of a notification that does not exist.
-- The payload carries ids only (PostgreSQL's limit is 8000 bytes); the client then reads its list
-- through the API. pg_notify needs no privilege, so it fires for app_user's inserts too.
CREATE OR REPLACE FUNCTION notifications_announce() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$ BEGIN
    PERFORM pg_notify('tendwell_realtime', json_build_object(
      'users', json_build_array(NEW.user_id),
      'type', 'notification',
      'data', json_build_object('id', NEW.id)
    )::text);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_announce();
