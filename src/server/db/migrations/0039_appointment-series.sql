-- A series of visits the practice books together (POST /api/v1/practice/appointments/series):
-- its appointments share series_id, so a visit's card says which of the series it is and the
-- practice can cancel a visit with the later ones. Null for an appointment booked on its own.
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "appointments_series" ON "appointments" USING btree ("series_id","starts_at") WHERE "appointments"."series_id" is not null;
