-- A waitlist offer that is taken up is done with: when book_appointment (or anything else) marks
-- the offered entry booked, the patient's bell notice of that offer is marked read, so the header
-- no longer counts it as news. It runs only when an offer is taken up, never on other bookings.
-- The trigger runs as the booking's own role (app_user, as the patient): notifications_own lets
-- a person mark their own notices read, and nobody else's.
CREATE OR REPLACE FUNCTION waitlist_offer_taken_up() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE notifications SET read_at = now()
      WHERE user_id = NEW.patient_id AND kind = 'waitlist_offer' AND read_at IS NULL
        AND (data->>'startsAt')::timestamptz = NEW.offered_starts_at
        AND data->>'link' LIKE '/appointments/book/' || NEW.provider_id::text || '%';
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER waitlist_offer_taken_up AFTER UPDATE OF status ON waitlist_entries
  FOR EACH ROW WHEN (OLD.status = 'offered' AND NEW.status = 'booked')
  EXECUTE FUNCTION waitlist_offer_taken_up();
