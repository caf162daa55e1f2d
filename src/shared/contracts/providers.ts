import { z } from 'zod';
import { InstantSchema } from './instants.js';
import { PLACE_TEXT_MAX_LENGTH } from './places.js';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import { REGION_CODES } from '../regions.js';
import { SPECIALTY_SLUGS } from '../specialties.js';

export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_QUERY_MAX_LENGTH = 200;
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 500;
export const DIRECTORY_SORTS = ['best', 'distance', 'rating', 'soonest'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const SERVICE_MODES = ['in_person', 'telehealth'] as const;
/** Whether a directory answer holds every word of the query, or, relaxed, the words other than a place's, or some of them (DirectoryPageSchema.matched). */
export const DIRECTORY_MATCHED = ['all', 'some', 'near'] as const;
export type DirectoryMatched = (typeof DIRECTORY_MATCHED)[number];
export type ServiceMode = (typeof SERVICE_MODES)[number];

/**
 * The weights of "best match": shown to people as they are (each result says what it earned).
 * `region`: the provider is in the visitor's country (or the place's, when one was given or read).
 */
export const MATCH_WEIGHTS = { fit: 0.3, region: 0.2, distance: 0.15, language: 0.1, availability: 0.1, rating: 0.15 } as const;
export type MatchReasonKind = keyof typeof MATCH_WEIGHTS;
/** Ratings count fully towards best match from this many on (fewer: that share of the points). */
export const RATING_CONFIDENCE_COUNT = 10;

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const languageCode = z.string().refine((v): v is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(v), 'unknown language');

/**
 * GET /api/v1/providers: everything the directory page's URL holds, so a search can be shared.
 * A place is either typed (`near`: a town or suburb of the gazetteer, narrowed by a state or
 * country after commas, close spellings allowed) or the browser's own (`lat`, `lng`). `region` is
 * the visitor's: a name several places share means the one in that region first.
 */
export const DirectoryQuerySchema = z
  .object({
    query: z.string().trim().max(DIRECTORY_QUERY_MAX_LENGTH).optional(),
    specialty: z.enum(SPECIALTY_SLUGS).optional(),
    language: languageCode.optional(),
    mode: z.enum(SERVICE_MODES).optional(),
    near: z.string().trim().max(PLACE_TEXT_MAX_LENGTH).optional(),
    region: z.enum(REGION_CODES).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radiusKm: z.coerce.number().int().min(1).max(MAX_RADIUS_KM).optional(),
    acceptingNew: flag,
    ndis: flag,
    availableWithinDays: z.coerce.number().int().min(1).max(90).optional(),
    sort: z.enum(DIRECTORY_SORTS).optional(),
    /** The visitor's interface language: speaking it counts towards best match. */
    lang: languageCode.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict()
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'lat and lng go together', path: ['lng'] });
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

/** Where a typed word was found on a provider. */
export const MATCH_FIELDS = ['name', 'title', 'specialty', 'condition', 'language', 'city', 'bio'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export const WordMatchSchema = z.object({
  /** The word as typed (lower case). */
  word: z.string(),
  field: z.enum(MATCH_FIELDS),
  /** What the field shows: the name, a specialty slug, a condition, a language code, a city, or the biography's word. */
  value: z.string(),
  /** Found as a slip of `value`'s word rather than as its beginning. */
  typo: z.boolean(),
});
export type WordMatch = z.infer<typeof WordMatchSchema>;

export const MatchReasonSchema = z.object({
  kind: z.enum(Object.keys(MATCH_WEIGHTS) as [MatchReasonKind, ...MatchReasonKind[]]),
  /** This part's score between 0 and 1, before its weight. */
  score: z.number(),
  /** What the score came from: a specialty slug, kilometres, a language, a time, an average. */
  detail: z.string(),
  /** For the fit with typed words: which word was found where. */
  matches: z.array(WordMatchSchema).optional(),
});
export type MatchReason = z.infer<typeof MatchReasonSchema>;

export const RatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });

export const ProviderSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  specialty: z.enum(SPECIALTY_SLUGS),
  otherSpecialties: z.array(z.string()),
  languages: z.array(z.string()),
  offersTelehealth: z.boolean(),
  offersInPerson: z.boolean(),
  acceptingNewPatients: z.boolean(),
  ndisRegistered: z.boolean(),
  regionCode: z.enum(REGION_CODES),
  city: z.string().nullable(),
  rating: RatingSchema,
  nextAvailableAt: z.string().nullable(),
  distanceKm: z.number().nullable(),
  /** Best match, 0 to 1: the weighted sum of the reasons. */
  score: z.number(),
  reasons: z.array(MatchReasonSchema),
});
export type ProviderSummary = z.infer<typeof ProviderSummarySchema>;

export const DirectoryPageSchema = z.object({
  providers: z.array(ProviderSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /**
   * Which words of `query` the listed providers hold. `all`: every meaningful word (honorifics,
   * stop words and letters alone are not read; a word the directory holds nowhere, not even as a
   * slip, is left out), and so for a search without words or with no result at all. `some`: no
   * provider matched every word of a query of two words or more, so the answer (its providers,
   * `total` and pages) is the same search with any word matching, the filters kept, those
   * holding more of the words first under best match. Each provider's fit lists the words it holds.
   * `near`: no provider matched every word, some of the words are the exact name of a place
   * ("cardiology sydney", "knee pain in new york") and no place was given apart, so the answer is
   * the search for the other words (`searched`, every one matching), with distances from that
   * place (`place`), nearest first unless another order was asked for, and no radius.
   */
  matched: z.enum(DIRECTORY_MATCHED),
  /** With `matched: 'near'`, the words searched for (the query without the place's words); otherwise null. */
  searched: z.string().nullable(),
  sort: z.enum(DIRECTORY_SORTS),
  /** The place distances were measured from, when there was one (a typed one named by its label: "Newtown, NSW, AU"). */
  place: z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** A typed place the directory does not know: distances are then not applied. */
  placeNotFound: z.boolean(),
});
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

export const LocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['practice', 'virtual']),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.enum(REGION_CODES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

export const ServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  mode: z.enum(SERVICE_MODES),
  durationMinutes: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
});
export type Service = z.infer<typeof ServiceSchema>;

export const ProviderDetailSchema = ProviderSummarySchema.omit({ score: true, reasons: true, distanceKm: true }).extend({
  bio: z.string(),
  conditions: z.array(z.string()),
  qualifications: z.array(z.string()),
  registrationNumber: z.string().nullable(),
  organisation: z.object({ name: z.string() }),
  cancellationWindowHours: z.number().int(),
  locations: z.array(LocationSchema),
  services: z.array(ServiceSchema),
});
export type ProviderDetail = z.infer<typeof ProviderDetailSchema>;

export const ProviderIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** GET /api/v1/providers/{id}/slots: bookable times of one service at one location. */
export const SlotsQuerySchema = z
  .object({
    serviceId: z.string().uuid(),
    locationId: z.string().uuid().optional(),
    from: InstantSchema.optional(),
    days: z.coerce.number().int().min(1).max(90).default(14),
  })
  .strict();
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

/**
 * A free time: the instant it starts. It lasts the service's duration (`durationMinutes` of the
 * answer, or of the service booked), so the end is not repeated in every slot: a 90-day answer
 * is half the size without it (bench/README.md, "Availability answers").
 */
export const SlotSchema = z.object({ start: z.string() });
export type SlotTime = z.infer<typeof SlotSchema>;

export const SlotsSchema = z.object({
  serviceId: z.string(),
  locationId: z.string(),
  /** How long each slot lasts: the service's duration. */
  durationMinutes: z.number().int(),
  /** The location's time zone: hours are kept in it; the page shows times in the viewer's own. */
  timeZone: z.string(),
  slots: z.array(SlotSchema),
});
export type Slots = z.infer<typeof SlotsSchema>;
