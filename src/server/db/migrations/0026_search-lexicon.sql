CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm" ON "search_lexicon" USING gin ("word" gin_trgm_ops);