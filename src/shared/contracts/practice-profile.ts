import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import { REGION_CODES } from '../regions.js';
import { SPECIALTY_SLUGS } from '../specialties.js';
import { knownTimeZone } from '../time-zones.js';
import { VERIFICATION_STATUSES } from './admin-providers.js';
import { LocationSchema, SERVICE_MODES, ServiceSchema } from './providers.js';

/**
 * The provider's own directory profile, services and practice locations
 * (/api/v1/practice/profile, /services, /locations), inside the session's organisation.
 */

/** Lengths and counts the server accepts; the forms use the same numbers. */
export const PROFILE_LIMITS = {
  displayName: 120,
  title: 120,
  bio: 4000,
  conditions: 30,
  conditionLength: 80,
  qualifications: 20,
  qualificationLength: 120,
  registrationNumber: 60,
  serviceName: 120,
  serviceDescription: 500,
  locationName: 120,
  addressPart: 200,
  contactPhone: 32,
  contactEmail: 254,
  /** A price up to one million in major units. */
  priceMinorMax: 100_000_000,
} as const;

export const LOCATION_KINDS = ['practice', 'virtual'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

function distinct(items: readonly string[]): boolean {
  const folded = items.map((item) => item.toLocaleLowerCase());
  return new Set(folded).size === folded.length;
}

const languageCode = z.string().refine((v): v is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(v), 'unknown language');
const listOf = (maxItems: number, maxLength: number) =>
  z.array(z.string().trim().min(1).max(maxLength)).max(maxItems).refine(distinct, 'an entry is listed twice');
/** An optional line of text: blank is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** POST and PUT /api/v1/practice/profile: everything the provider says about themselves. */
export const DirectoryProfileInputSchema = z
  .object({
    displayName: z.string().trim().min(1).max(PROFILE_LIMITS.displayName),
    title: z.string().trim().max(PROFILE_LIMITS.title),
    bio: z.string().trim().max(PROFILE_LIMITS.bio),
    specialty: z.enum(SPECIALTY_SLUGS),
    otherSpecialties: z.array(z.enum(SPECIALTY_SLUGS)).max(SPECIALTY_SLUGS.length - 1).refine(distinct, 'a specialty is listed twice'),
    languages: z.array(languageCode).min(1).max(LANGUAGE_CODES.length).refine(distinct, 'a language is listed twice'),
    conditions: listOf(PROFILE_LIMITS.conditions, PROFILE_LIMITS.conditionLength),
    qualifications: listOf(PROFILE_LIMITS.qualifications, PROFILE_LIMITS.qualificationLength),
    registrationNumber: optionalText(PROFILE_LIMITS.registrationNumber),
    offersTelehealth: z.boolean(),
    offersInPerson: z.boolean(),
    /**
     * Also a booking rule (/provider/availability). Optional: left out, a change keeps what is
     * saved and a new profile accepts new patients, so a form that does not show it cannot undo
     * the booking rules' choice with a stale copy.
     */
    acceptingNewPatients: z.boolean().optional(),
    ndisRegistered: z.boolean(),
  })
  .strict()
  .refine((p) => p.offersTelehealth || p.offersInPerson, { message: 'see patients by video, in person or both', path: ['offersInPerson'] })
  .refine((p) => !p.otherSpecialties.includes(p.specialty), { message: 'the main specialty is not also another one', path: ['otherSpecialties'] });
export type DirectoryProfileInput = z.input<typeof DirectoryProfileInputSchema>;
export type DirectoryProfileValues = z.output<typeof DirectoryProfileInputSchema>;

export const DirectoryProfileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  title: z.string(),
  bio: z.string(),
  specialty: z.enum(SPECIALTY_SLUGS),
  otherSpecialties: z.array(z.enum(SPECIALTY_SLUGS)),
  languages: z.array(z.string()),
  conditions: z.array(z.string()),
  qualifications: z.array(z.string()),
  registrationNumber: z.string().nullable(),
  offersTelehealth: z.boolean(),
  offersInPerson: z.boolean(),
  acceptingNewPatients: z.boolean(),
  ndisRegistered: z.boolean(),
  /** The platform's review: shown to the provider, never changed by them. */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  regionCode: z.enum(REGION_CODES),
  /** The organisation's currency: services are priced in it. */
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DirectoryProfile = z.infer<typeof DirectoryProfileSchema>;

/**
 * POST /api/v1/practice/profile/resubmit: a rejected profile goes back to the platform's review
 * (pending). Nothing to send: the profile as saved is what is reviewed.
 */
export const ResubmitProfileRequestSchema = z.object({}).strict().nullish();

/** GET /api/v1/practice/profile: the provider's profile here, or null when they have none yet. */
export const OwnDirectoryProfileSchema = z.object({ profile: DirectoryProfileSchema.nullable() });
export type OwnDirectoryProfile = z.infer<typeof OwnDirectoryProfileSchema>;

/** POST /api/v1/practice/services and PUT /api/v1/practice/services/{id}. */
export const PracticeServiceInputSchema = z
  .object({
    name: z.string().trim().min(1).max(PROFILE_LIMITS.serviceName),
    description: z.string().trim().max(PROFILE_LIMITS.serviceDescription).default(''),
    mode: z.enum(SERVICE_MODES),
    durationMinutes: z.number().int().min(5).max(480),
    bufferBeforeMinutes: z.number().int().min(0).max(240).default(0),
    bufferAfterMinutes: z.number().int().min(0).max(240).default(0),
    /** Minor units (cents) of the organisation's currency. */
    priceMinor: z.number().int().min(0).max(PROFILE_LIMITS.priceMinorMax),
    /** A deactivated service stays on past appointments but can no longer be booked. */
    active: z.boolean().default(true),
  })
  .strict();
export type PracticeServiceInput = z.input<typeof PracticeServiceInputSchema>;
export type PracticeServiceValues = z.output<typeof PracticeServiceInputSchema>;

export const PracticeServiceSchema = ServiceSchema.extend({
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  active: z.boolean(),
  /** Appointments of any status use it: it can be deactivated, not deleted. */
  inUse: z.boolean(),
});
export type PracticeService = z.infer<typeof PracticeServiceSchema>;
export const PracticeServiceListSchema = z.object({ currency: z.string(), services: z.array(PracticeServiceSchema) });
export type PracticeServiceList = z.infer<typeof PracticeServiceListSchema>;

/**
 * A practice's phone number as people write it: digits with spaces, brackets, dots or dashes and
 * an optional leading +, 6 to 15 digits (E.164's most). Blank is none.
 */
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 6 && digits <= 15;
}
const ContactPhoneSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.contactPhone)
  .refine((v) => v === '' || isPhoneNumber(v), 'a phone number: 6 to 15 digits, with spaces, brackets, dots or dashes and an optional leading +')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
const EmailFormatSchema = z.email();
const ContactEmailSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.contactEmail)
  .refine((v) => v === '' || EmailFormatSchema.safeParse(v).success, 'an email address')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** POST /api/v1/practice/locations and PUT /api/v1/practice/locations/{id}. */
export const PracticeLocationInputSchema = z
  .object({
    name: z.string().trim().min(1).max(PROFILE_LIMITS.locationName),
    kind: z.enum(LOCATION_KINDS),
    street: optionalText(PROFILE_LIMITS.addressPart),
    suburb: optionalText(PROFILE_LIMITS.addressPart),
    city: optionalText(PROFILE_LIMITS.addressPart),
    state: optionalText(PROFILE_LIMITS.addressPart),
    postalCode: optionalText(PROFILE_LIMITS.addressPart),
    country: z.enum(REGION_CODES),
    /** Optional: a city the directory knows (shared/places.ts) gives its own. */
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    timeZone: z
      .string()
      .trim()
      .max(100)
      .refine((v) => knownTimeZone(v) !== null, 'an IANA time zone'),
    /** How patients reach the practice when an appointment can no longer be changed online. */
    contactPhone: ContactPhoneSchema,
    contactEmail: ContactEmailSchema,
  })
  .strict()
  .refine((l) => (l.latitude === undefined || l.latitude === null) === (l.longitude === undefined || l.longitude === null), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  })
  .refine((l) => l.kind === 'virtual' || Boolean(l.city?.trim()), { message: 'a practice has a city', path: ['city'] });
export type PracticeLocationInput = z.input<typeof PracticeLocationInputSchema>;
export type PracticeLocationValues = z.output<typeof PracticeLocationInputSchema>;

export const ManagedLocationSchema = LocationSchema.extend({
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** Active appointments from now on: while there are any, the location cannot be removed. */
  upcomingAppointments: z.number().int(),
});
export type ManagedLocation = z.infer<typeof ManagedLocationSchema>;
export const ManagedLocationListSchema = z.object({ locations: z.array(ManagedLocationSchema) });
export type ManagedLocationList = z.infer<typeof ManagedLocationListSchema>;

/** DELETE /api/v1/practice/locations/{id}: deleted, or archived when past appointments keep it. */
export const LocationRemovalSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type LocationRemoval = z.infer<typeof LocationRemovalSchema>;

export const PracticeItemParamsSchema = z.object({ id: z.string().uuid() }).strict();
