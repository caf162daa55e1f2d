import { z } from 'zod';
import { REGION_CODES } from '../regions.js';

export const PLACE_SUGGESTIONS_MAX = 8;
export const PLACE_TEXT_MAX_LENGTH = 100;

/**
 * GET /api/v1/places: the towns and suburbs whose name starts with, or is close to, what a person
 * typed. `region` is the visitor's: its places come first.
 */
export const PlaceSuggestionQuerySchema = z
  .object({
    query: z.string().trim().min(1).max(PLACE_TEXT_MAX_LENGTH),
    region: z.enum(REGION_CODES).optional(),
  })
  .strict();
export type PlaceSuggestionQuery = z.infer<typeof PlaceSuggestionQuerySchema>;

export const PlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first-level division as an address writes it (NSW, CA, Scotland), or ''. */
  state: z.string(),
  region: z.enum(REGION_CODES),
  /** Name, state and region ("Newtown, NSW, AU"): typed back, it finds this place again. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
});
export type PlaceResult = z.infer<typeof PlaceSchema>;

export const PlaceListSchema = z.object({ places: z.array(PlaceSchema) });
export type PlaceList = z.infer<typeof PlaceListSchema>;
