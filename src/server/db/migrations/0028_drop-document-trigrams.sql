-- Slips are looked up in search_lexicon (0026, 0027): no query compares a word with whole documents
-- through this index any more, and every document write paid for it.
DROP INDEX "provider_profiles_search_trgm";