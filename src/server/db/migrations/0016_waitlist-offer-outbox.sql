ALTER TABLE "appointment_emails" DROP CONSTRAINT "appointment_emails_kind_check";--> statement-breakpoint
ALTER TABLE "appointment_emails" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD COLUMN "waitlist_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_emails_waitlist_entry" ON "appointment_emails" USING btree ("waitlist_entry_id");--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_subject_check" CHECK (case when "appointment_emails"."kind" = 'waitlist-offer' then "appointment_emails"."waitlist_entry_id" is not null and "appointment_emails"."appointment_id" is null else "appointment_emails"."appointment_id" is not null and "appointment_emails"."waitlist_entry_id" is null end);--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_kind_check" CHECK ("appointment_emails"."kind" in ('booked', 'rescheduled', 'cancelled', 'waitlist-offer'));--> statement-breakpoint
-- Waitlist offers go through the same outbox: the waitlist job (system module, the connection's
-- own role) queues the offer's email in the transaction that makes the offer. A request still
-- cannot queue one: app_user's insert policy (0015) needs an appointment it can see.
COMMENT ON COLUMN appointment_emails.waitlist_entry_id IS 'The waitlist entry of a waitlist-offer email; null for the appointment kinds.';
