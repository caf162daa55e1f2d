-- The directory's full-text vector tells the biography's words from the others: those of the
-- biography (the end of search_document, search-document.ts) are weighted D, the others A, so
-- search reads a word found only in the biography as a weak fit ("experience" fitted every
-- provider 100 of 100 through the demo's biographies; providers.repo.ts). The biography is cut
-- off the document's end only when the end reads as the biography does (same words, same
-- order); otherwise every word is weighted A, as before. Immutable, so a generated column may use
-- it; the lexicon's triggers read the column as before (same lexemes).
CREATE FUNCTION directory_search_vector(document text, bio text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN b <> '' AND char_length(d) >= char_length(b)
        AND to_tsvector('simple'::regconfig, right(d, char_length(b))) = to_tsvector('simple'::regconfig, b)
      THEN setweight(to_tsvector('simple'::regconfig, left(d, char_length(d) - char_length(b))), 'A')
        || setweight(to_tsvector('simple'::regconfig, b), 'D')
      ELSE setweight(to_tsvector('simple'::regconfig, d), 'A')
    END
    FROM (SELECT coalesce(document, '') AS d, btrim(coalesce(bio, ''), E' \t\n\r') AS b) x
  $$;
--> statement-breakpoint
ALTER TABLE "provider_profiles" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (directory_search_vector(search_document, bio)) STORED;
--> statement-breakpoint
CREATE INDEX "provider_profiles_search_vector" ON "provider_profiles" USING gin ("search_vector");
