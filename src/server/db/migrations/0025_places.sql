CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "places_search_name_prefix" ON "places" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_search_name_trgm" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_aliases" ON "places" USING gin ("aliases");--> statement-breakpoint
-- Reference data: the server loads it (platform/system/gazetteer.ts); requests only read it.
REVOKE INSERT, UPDATE, DELETE ON "places" FROM app_user;
