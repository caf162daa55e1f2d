ALTER TABLE "appointment_emails" DROP CONSTRAINT "appointment_emails_kind_check";--> statement-breakpoint
ALTER TABLE "appointment_emails" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD COLUMN "waitlist_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_emails_waitlist_entry" ON "appointment_emails" USING btree ("waitlist_entry_id");--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_subject_check" CHECK (case when "appointment_emails"."kind" = 'waitlist-offer' then "appointment_emails"."waitlist_entry_id" is not null and "appointment_emails"."appointment_id" is null else "appointment_emails"."appointment_id" is not null and "appointment_emails"."waitlist_entry_id" is null end);--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_kind_check" CHECK ("appointment_emails"."kind" in ('booked', 'rescheduled', 'cancelled', 'reminder', 'waitlist-offer'));--> statement-breakpoint
-- Reminders and waitlist offers go through the same outbox: their jobs (system module, the
-- connection's own role) queue the email in the transaction that claims the reminder or makes the
-- offer. A request may still queue only the email of a change it made, for an appointment it can
-- see: booked, rescheduled or cancelled.
DROP POLICY appointment_emails_queue ON appointment_emails;
--> statement-breakpoint
CREATE POLICY appointment_emails_queue ON appointment_emails FOR INSERT TO app_user
  WITH CHECK (kind IN ('booked', 'rescheduled', 'cancelled') AND EXISTS (SELECT 1 FROM appointments a WHERE a.id = appointment_id));
--> statement-breakpoint
COMMENT ON COLUMN appointment_emails.waitlist_entry_id IS 'The waitlist entry of a waitlist-offer email; null for the appointment kinds.';
