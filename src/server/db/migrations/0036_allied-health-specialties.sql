-- Reference data: allied-health and mental-health specialties beyond spec §2's eight, which a
-- disability-care (NDIS) platform needs (shared/specialties.ts, ALLIED_HEALTH_SPECIALTY_SLUGS), after them in display order.
INSERT INTO "specialties" ("slug", "sort_order") VALUES
  ('physiotherapy', 9), ('occupational-therapy', 10), ('speech-pathology', 11), ('psychology', 12), ('psychiatry', 13),
  ('dietetics', 14), ('podiatry', 15), ('exercise-physiology', 16), ('audiology', 17)
  ON CONFLICT ("slug") DO NOTHING;
