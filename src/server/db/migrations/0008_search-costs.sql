-- Free-text search filters on `search_document %> query` (pg_trgm word similarity). PostgreSQL's
-- default cost for that operator's function makes a sequential scan look cheaper than the trigram
-- index, and then every profile's document is compared (80 ms over 10,000 providers instead of
-- 11 ms through the index). A realistic cost lets the planner use the index.
ALTER FUNCTION word_similarity_commutator_op(text, text) COST 200;
