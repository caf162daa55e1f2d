ALTER TABLE "telehealth_events" DROP CONSTRAINT "telehealth_events_kind_check";--> statement-breakpoint
ALTER TABLE "telehealth_participants" DROP CONSTRAINT "telehealth_participants_state_check";--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD COLUMN "present_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "telehealth_participants_present" ON "telehealth_participants" USING btree ("present_until") WHERE "telehealth_participants"."state" in ('waiting', 'admitted') and "telehealth_participants"."left_at" is null;--> statement-breakpoint
ALTER TABLE "telehealth_events" ADD CONSTRAINT "telehealth_events_kind_check" CHECK ("telehealth_events"."kind" in ('waiting', 'admitted', 'invited', 'started', 'left', 'ended', 'completed'));--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_state_check" CHECK ("telehealth_participants"."state" in ('invited', 'waiting', 'admitted', 'left'));