-- The lexicon of directory words (search_lexicon, schema/specialties.ts): every lexeme of every
-- profile's search_vector. A new profile adds its words once per statement (a transition table, so
-- a bulk insert is one pass); a changed document adds its words per row, only when it changed
-- (the availability job and ratings update profiles often and never touch the document).
-- SECURITY DEFINER: a provider's session (app_user) writes its own profile, not the lexicon.
CREATE FUNCTION search_lexicon_add_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    INSERT INTO search_lexicon (word)
      SELECT DISTINCT w.lexeme FROM new_profiles p CROSS JOIN LATERAL unnest(p.search_vector) w
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER provider_profiles_lexicon_insert AFTER INSERT ON provider_profiles
  REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_inserted();
--> statement-breakpoint
CREATE FUNCTION search_lexicon_add_updated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    INSERT INTO search_lexicon (word) SELECT w.lexeme FROM unnest(NEW.search_vector) w ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER provider_profiles_lexicon_update AFTER UPDATE OF search_document ON provider_profiles
  FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document) EXECUTE FUNCTION search_lexicon_add_updated();
--> statement-breakpoint
INSERT INTO search_lexicon (word) SELECT DISTINCT w.lexeme FROM provider_profiles p CROSS JOIN LATERAL unnest(p.search_vector) w ON CONFLICT DO NOTHING;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON search_lexicon FROM app_user;
