import { TZDate } from '@date-fns/tz';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DEMO_EMAIL_DOMAIN, DEMO_TENANT_SLUG, DEMO_USER_IDS } from '../../../shared/demo-accounts.js';
import { PLACES, type Place } from '../../../shared/places.js';
import { getRegion, type RegionCode } from '../../../shared/regions.js';
import { HOME_SPECIALTY_SLUGS, type SpecialtySlug } from '../../../shared/specialties.js';
import { users } from '../../db/schema/auth.js';
import { appointmentRatings, appointments, providerLocations, providerServices, type StoredWeeklyRange } from '../../db/schema/booking.js';
import { conversationParticipants, conversations, messages } from '../../db/schema/messaging.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import { buildSearchDocument } from '../../features/providers/search-document.js';
import type { Transaction } from '../db/database.js';

/**
 * System module: the demo directory's practices. Fictional organisations, one per region, own
 * the generated providers; every provider gets a profile, a practice in one of the region's
 * cities (and a virtual room when they see patients only by video), services priced in the
 * region's currency and weekly hours; the demo patient and demo provider get a history.
 * Deterministic: the same providers get the same details on every machine.
 */

/** Verified providers per specialty: the home page's counts of spec §9 (42, 38, 67, 51, 33, 29, 45, 36). */
export const DEMO_DIRECTORY_COUNTS: Record<string, number> = {
  cardiology: 42,
  neurology: 38,
  'family-medicine': 67,
  pediatrics: 51,
  orthopedics: 33,
  ophthalmology: 29,
  dentistry: 45,
  dermatology: 36,
};

/**
 * Verified allied-health providers beyond the spec's 341 (which stay as they are): a few per
 * allied-health specialty, mostly in Australia (the NDIS is Australian), some NDIS-registered,
 * in person, by video or both. Each has a fixed city, so the directory's filters have something
 * to find in each (`?specialty=physiotherapy&near=Sydney`, "speech therapy", "物理治疗").
 */
export const DEMO_ALLIED_HEALTH_PROVIDERS: readonly AlliedHealthPlan[] = [
  { specialty: 'physiotherapy', name: 'Sarah Mitchell', region: 'AU', place: 'sydney', mode: 'both', ndis: true },
  { specialty: 'physiotherapy', name: 'Liam Fraser', region: 'AU', place: 'melbourne', mode: 'in_person', ndis: true },
  { specialty: 'physiotherapy', name: 'Anika Sharma', region: 'AU', place: 'brisbane', mode: 'both', ndis: false },
  { specialty: 'physiotherapy', name: 'Tom Hughes', region: 'GB', place: 'manchester', mode: 'in_person', ndis: false },
  { specialty: 'physiotherapy', name: 'Camille Laurent', region: 'FR', place: 'paris', mode: 'both', ndis: false },
  { specialty: 'occupational-therapy', name: 'Jess Nguyen', region: 'AU', place: 'parramatta', mode: 'both', ndis: true },
  { specialty: 'occupational-therapy', name: 'Marcus Bell', region: 'AU', place: 'perth', mode: 'telehealth', ndis: true },
  { specialty: 'occupational-therapy', name: 'Olivia Grant', region: 'AU', place: 'melbourne', mode: 'in_person', ndis: true },
  { specialty: 'occupational-therapy', name: 'Emily Carter', region: 'CA', place: 'toronto', mode: 'both', ndis: false },
  { specialty: 'speech-pathology', name: 'Hannah Kim', region: 'AU', place: 'sydney', mode: 'both', ndis: true },
  { specialty: 'speech-pathology', name: 'Ruby Anderson', region: 'AU', place: 'brisbane', mode: 'telehealth', ndis: true },
  { specialty: 'speech-pathology', name: 'Lucas Ferreira', region: 'BR', place: 'sao-paulo', mode: 'both', ndis: false },
  { specialty: 'speech-pathology', name: 'Fiona MacLeod', region: 'GB', place: 'edinburgh', mode: 'in_person', ndis: false },
  { specialty: 'psychology', name: 'Dr Rachel Stein', region: 'AU', place: 'melbourne', mode: 'both', ndis: true },
  { specialty: 'psychology', name: 'Dr James Okoro', region: 'AU', place: 'sydney', mode: 'telehealth', ndis: true },
  { specialty: 'psychology', name: 'Dr Mai Tran', region: 'AU', place: 'perth', mode: 'both', ndis: false },
  { specialty: 'psychology', name: 'Dr Sofía Romero', region: 'ES', place: 'madrid', mode: 'both', ndis: false },
  { specialty: 'psychology', name: 'Dr Laila Mansour', region: 'AE', place: 'dubai', mode: 'telehealth', ndis: false },
  { specialty: 'psychiatry', name: 'Dr Andrew Whitfield', region: 'AU', place: 'sydney', mode: 'both', ndis: true },
  { specialty: 'psychiatry', name: 'Dr Neha Kapoor', region: 'AU', place: 'brisbane', mode: 'telehealth', ndis: false },
  { specialty: 'psychiatry', name: 'Dr Michael Brennan', region: 'US', place: 'new-york', mode: 'both', ndis: false },
  { specialty: 'psychiatry', name: 'Dr Lin Zhou', region: 'CN', place: 'shanghai', mode: 'in_person', ndis: false },
  { specialty: 'dietetics', name: 'Chloe Bennett', region: 'AU', place: 'parramatta', mode: 'both', ndis: true },
  { specialty: 'dietetics', name: 'Sunita Rao', region: 'AU', place: 'melbourne', mode: 'telehealth', ndis: true },
  { specialty: 'dietetics', name: 'Ana Ribeiro', region: 'PT', place: 'lisbon', mode: 'both', ndis: false },
  { specialty: 'dietetics', name: 'Carlos Méndez', region: 'MX', place: 'mexico-city', mode: 'both', ndis: false },
  { specialty: 'podiatry', name: 'Ben Walsh', region: 'AU', place: 'brisbane', mode: 'in_person', ndis: true },
  { specialty: 'podiatry', name: 'Georgia Hall', region: 'AU', place: 'sydney', mode: 'in_person', ndis: false },
  { specialty: 'podiatry', name: 'Imogen Price', region: 'GB', place: 'london', mode: 'in_person', ndis: false },
  { specialty: 'exercise-physiology', name: 'Jack Thompson', region: 'AU', place: 'sydney', mode: 'both', ndis: true },
  { specialty: 'exercise-physiology', name: 'Mia Kowalczyk', region: 'AU', place: 'perth', mode: 'both', ndis: true },
  { specialty: 'exercise-physiology', name: 'Ethan Ross', region: 'CA', place: 'vancouver', mode: 'in_person', ndis: false },
  { specialty: 'audiology', name: 'Grace Liu', region: 'AU', place: 'melbourne', mode: 'in_person', ndis: true },
  { specialty: 'audiology', name: 'Omar Al-Harbi', region: 'SA', place: 'riyadh', mode: 'in_person', ndis: false },
  { specialty: 'audiology', name: 'Isabelle Moreau', region: 'CA', place: 'montreal', mode: 'both', ndis: false },
];

/** Verified allied-health providers per specialty (DEMO_ALLIED_HEALTH_PROVIDERS counted). */
export const DEMO_ALLIED_HEALTH_COUNTS: Record<string, number> = DEMO_ALLIED_HEALTH_PROVIDERS.reduce<Record<string, number>>((counts, p) => {
  counts[p.specialty] = (counts[p.specialty] ?? 0) + 1;
  return counts;
}, {});

const GIVEN_NAMES = ['Amara', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isabel', 'Jamal', 'Kiri', 'Lucia', 'Mateo', 'Nadia', 'Oliver', 'Priya', 'Quinn', 'Rosa', 'Samuel', 'Tamsin', 'Uche', 'Valeria', 'Wei', 'Yara', 'Zoe'];
const FAMILY_NAMES = ['Adeyemi', 'Brooks', 'Chen', 'Dubois', 'Evans', 'Fernández', 'Gupta', 'Haddad', 'Ito', 'Johansson', 'Kowalski', 'Li', 'Martins', 'Nguyen', 'Okafor', 'Patel', 'Rossi', 'Santos', 'Taylor', 'Walker'];
const DIRECTORY_REGIONS = ['US', 'GB', 'AU', 'CA', 'ES', 'MX', 'FR', 'BR', 'PT', 'AE', 'SA', 'CN'] as const;

export interface AlliedHealthPlan {
  specialty: SpecialtySlug;
  name: string;
  region: (typeof DIRECTORY_REGIONS)[number];
  /** A PLACES id in that region. */
  place: string;
  mode: 'both' | 'in_person' | 'telehealth';
  ndis: boolean;
}

export interface DirectoryProvider {
  email: string;
  name: string;
  specialty: string;
  region: (typeof DIRECTORY_REGIONS)[number];
  /** The allied-health providers' own city, modes and NDIS registration (the others' follow from their place in the list). */
  practice?: { place: string; telehealth: boolean; inPerson: boolean; ndis: boolean };
}

export function directoryProviders(): DirectoryProvider[] {
  const out: DirectoryProvider[] = [];
  let n = 0;
  for (const [specialty, count] of Object.entries(DEMO_DIRECTORY_COUNTS)) {
    // The demo provider account is the first family physician.
    const generated = specialty === 'family-medicine' ? count - 1 : count;
    for (let i = 1; i <= generated; i++, n++) {
      const given = GIVEN_NAMES[n % GIVEN_NAMES.length] ?? 'Alex';
      const family = FAMILY_NAMES[Math.floor(n / GIVEN_NAMES.length) % FAMILY_NAMES.length] ?? 'Smith';
      out.push({
        email: `directory-${specialty}-${i}@${DEMO_EMAIL_DOMAIN}`,
        name: `Dr ${given} ${family}`,
        specialty,
        region: DIRECTORY_REGIONS[n % DIRECTORY_REGIONS.length] ?? 'US',
      });
    }
  }
  // After the spec's 341 (whose names, regions and details depend on their place in the list).
  const seen = new Map<string, number>();
  for (const p of DEMO_ALLIED_HEALTH_PROVIDERS) {
    const i = (seen.get(p.specialty) ?? 0) + 1;
    seen.set(p.specialty, i);
    out.push({
      email: `directory-${p.specialty}-${i}@${DEMO_EMAIL_DOMAIN}`,
      name: p.name,
      specialty: p.specialty,
      region: p.region,
      practice: { place: p.place, telehealth: p.mode !== 'in_person', inPerson: p.mode !== 'telehealth', ndis: p.ndis },
    });
  }
  return out;
}

/** One organisation per region owns that region's directory providers (AU and GB: the existing demo organisations). */
export const DEMO_PRACTICES: Record<(typeof DIRECTORY_REGIONS)[number], { name: string; slug: string }> = {
  US: { name: 'Lakeside Medical Group', slug: 'lakeside-medical-group' },
  GB: { name: 'Riverside Family Clinic', slug: 'riverside-family-clinic' },
  AU: { name: 'Harbourview Allied Health', slug: DEMO_TENANT_SLUG },
  CA: { name: 'Maple Grove Health', slug: 'maple-grove-health' },
  ES: { name: 'Clínica Sol', slug: 'clinica-sol' },
  MX: { name: 'Centro Médico Jacaranda', slug: 'centro-medico-jacaranda' },
  FR: { name: 'Cabinet Médical Lumière', slug: 'cabinet-medical-lumiere' },
  BR: { name: 'Clínica Ipê', slug: 'clinica-ipe' },
  PT: { name: 'Clínica Tejo', slug: 'clinica-tejo' },
  AE: { name: 'Al Noor Medical Centre', slug: 'al-noor-medical-centre' },
  SA: { name: 'Al Shifa Clinics', slug: 'al-shifa-clinics' },
  CN: { name: 'Lotus Health Clinic', slug: 'lotus-health-clinic' },
};

const REGION_LANGUAGE: Record<RegionCode, string> = {
  US: 'en', GB: 'en', AU: 'en', CA: 'en', NG: 'en', ES: 'es', MX: 'es', FR: 'fr', BR: 'pt', PT: 'pt', AE: 'ar', SA: 'ar', CN: 'zh-CN',
};
const EXTRA_LANGUAGES = ['es', 'fr', 'ar', 'zh-CN', 'pt'] as const;

interface SpecialtyDetails {
  title: string;
  conditions: string[];
  label: string;
  /** Allied health: what its regular visit is called (services are an initial assessment, then these). */
  session?: string;
}

const SPECIALTY_DETAILS: Record<string, SpecialtyDetails> = {
  cardiology: { title: 'MD, FACC', label: 'cardiologist', conditions: ['high blood pressure', 'heart failure', 'atrial fibrillation', 'chest pain', 'high cholesterol', 'palpitations'] },
  neurology: { title: 'MD, PhD', label: 'neurologist', conditions: ['migraine', 'epilepsy', 'multiple sclerosis', 'stroke recovery', "Parkinson's disease", 'neuropathy'] },
  'family-medicine': { title: 'MBBS, FRACGP', label: 'family physician', conditions: ['diabetes', 'asthma', 'preventive care', "women's health", 'mental health', 'vaccinations'] },
  pediatrics: { title: 'MD, FAAP', label: 'paediatrician', conditions: ['childhood asthma', 'developmental delay', 'ADHD', 'allergies', 'newborn care', 'autism'] },
  orthopedics: { title: 'MD, FRCS (Orth)', label: 'orthopaedic surgeon', conditions: ['knee pain', 'back pain', 'sports injuries', 'arthritis', 'hip replacement', 'fractures'] },
  ophthalmology: { title: 'MD, FRANZCO', label: 'ophthalmologist', conditions: ['cataracts', 'glaucoma', 'macular degeneration', 'diabetic eye disease', 'dry eye', 'vision testing'] },
  dentistry: { title: 'DDS', label: 'dentist', conditions: ['check-ups', 'fillings', 'root canal', 'gum disease', 'teeth whitening', 'dental anxiety'] },
  dermatology: { title: 'MD, FACD', label: 'dermatologist', conditions: ['eczema', 'acne', 'psoriasis', 'skin cancer checks', 'rosacea', 'hair loss'] },
  // 'back pain' where no physiotherapist in Sydney holds it (each takes four conditions from its place
  // in the list): "back pain sydney" stays the search nobody matches whole (e2e/booking.e2e.ts).
  physiotherapy: { title: 'BPhty, APAM', label: 'physiotherapist', session: 'Physiotherapy session', conditions: ['stroke rehabilitation', 'cerebral palsy', 'falls prevention', 'back pain', 'sports injuries', 'mobility and balance'] },
  'occupational-therapy': { title: 'BOccThy', label: 'occupational therapist', session: 'Occupational therapy session', conditions: ['daily living skills', 'home modifications', 'assistive technology', 'sensory processing', 'autism', 'functional capacity assessments'] },
  'speech-pathology': { title: 'BSpPath, CPSP', label: 'speech pathologist', session: 'Speech therapy session', conditions: ['stuttering', 'speech delay', 'swallowing difficulties', 'communication devices (AAC)', 'autism', 'aphasia after stroke'] },
  psychology: { title: 'MPsych (Clinical)', label: 'clinical psychologist', session: 'Psychology session', conditions: ['anxiety', 'depression', 'trauma', 'autism assessment', 'positive behaviour support', 'ADHD'] },
  psychiatry: { title: 'MBBS, FRANZCP', label: 'psychiatrist', session: 'Psychiatric review', conditions: ['schizophrenia', 'bipolar disorder', 'depression', 'psychosocial disability', 'ADHD', 'anxiety'] },
  dietetics: { title: 'BNutrDiet, APD', label: 'dietitian', session: 'Dietetic review', conditions: ['diabetes', 'mealtime management', 'tube feeding', 'food allergies', 'weight management', 'texture-modified diets'] },
  podiatry: { title: 'BPod', label: 'podiatrist', session: 'Podiatry treatment', conditions: ['diabetic foot care', 'heel pain', 'orthotics', 'ingrown toenails', 'gait assessment', 'wound care'] },
  'exercise-physiology': { title: 'BExSc, AEP', label: 'exercise physiologist', session: 'Exercise physiology session', conditions: ['chronic pain', 'diabetes', 'strength and mobility', 'multiple sclerosis', 'falls prevention', 'hydrotherapy'] },
  audiology: { title: 'MClinAud', label: 'audiologist', session: 'Hearing review', conditions: ['hearing tests', 'hearing aids', 'tinnitus', 'cochlear implants', 'hearing in children', 'auditory processing'] },
};

/** Fictional phone numbers per region (the 555 ranges; AU's 02 5550 and GB's 020 7946 0 are set aside for fiction). */
const PHONE_PREFIX: Record<(typeof DIRECTORY_REGIONS)[number], string> = {
  US: '+1 202 555 0', CA: '+1 416 555 0', GB: '+44 20 7946 0', AU: '+61 2 5550 ', ES: '+34 910 555 ', MX: '+52 55 5555 ',
  FR: '+33 1 99 00 ', BR: '+55 11 5555 ', PT: '+351 21 555 ', AE: '+971 4 555 ', SA: '+966 11 555 ', CN: '+86 10 5555 ',
};

/** A practice's phone and email (reception): a virtual room has none, so patients reach the organisation's. */
function practiceContact(region: (typeof DIRECTORY_REGIONS)[number], n: number): { contactPhone: string; contactEmail: string } {
  const prefix = PHONE_PREFIX[region];
  const digits = prefix.endsWith(' 0') ? 3 : 4;
  return { contactPhone: `${prefix}${String((n * 37) % 10 ** digits).padStart(digits, '0')}`, contactEmail: `reception-${DEMO_PRACTICES[region].slug}@${DEMO_EMAIL_DOMAIN}` };
}

/**
 * A central postcode of each demo city, in its country's format (the UAE has none): a practice's
 * address reads like one there.
 */
const DEMO_POSTCODES: Record<string, string> = {
  'new-york': '10001', chicago: '60601', 'los-angeles': '90012', london: 'EC1A 1BB', manchester: 'M1 1AE', edinburgh: 'EH1 1YZ',
  sydney: '2000', parramatta: '2150', melbourne: '3000', brisbane: '4000', perth: '6000', toronto: 'M5H 2N2', vancouver: 'V6B 1A1',
  montreal: 'H2Y 1C6', madrid: '28013', barcelona: '08002', 'mexico-city': '06000', guadalajara: '44100', paris: '75001', lyon: '69001',
  'sao-paulo': '01310-100', 'rio-de-janeiro': '20040-002', lisbon: '1100-148', porto: '4000-322', riyadh: '12211', jeddah: '21442',
  beijing: '100000', shanghai: '200000', lagos: '100001', abuja: '900001',
};

const STREETS = ['High Street', 'Station Road', 'Park Avenue', 'Harbour Street', 'King Street', 'Queen Street', 'Church Road', 'Victoria Road', 'Mill Lane', 'Bridge Street'];
const PRICE_BASE: Record<string, number> = { USD: 180, GBP: 120, AUD: 160, CAD: 170, EUR: 90, MXN: 1200, BRL: 350, AED: 450, SAR: 450, CNY: 500, NGN: 25000 };

/** A deterministic number in [0, 1) from a seed (mulberry32 step). */
function unit(seed: number): number {
  let t = (seed + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * A provider's hours: weekdays (some Monday to Thursday), some Saturday mornings, a lunch break.
 * The demo provider (n = 0) is open Monday to Friday 08:00-18:00 and Saturday 09:00-12:00.
 */
function weeklyHours(n: number): { weekly: StoredWeeklyRange[]; breaks: StoredWeeklyRange[] } {
  const start = n % 3 === 0 ? '08:00' : '09:00';
  const end = n % 4 === 0 ? '18:00' : n % 4 === 1 ? '16:00' : '17:00';
  const days = n % 5 === 0 && n !== 0 ? [1, 2, 3, 4] : [1, 2, 3, 4, 5];
  const weekly = days.map((weekday) => ({ weekday, start, end }));
  if (n % 6 === 0) weekly.push({ weekday: 6, start: '09:00', end: '12:00' });
  const breaks = days.map((weekday) => ({ weekday, start: '12:30', end: '13:30' }));
  return { weekly, breaks };
}

interface ProviderPlan {
  userId: string;
  region: RegionCode;
  specialty: string;
  name: string;
  n: number;
  place: Place;
  telehealth: boolean;
  inPerson: boolean;
  /** Allied health: NDIS registration as planned (the others': every second AU provider). */
  ndis?: boolean;
}

function planProfile(plan: ProviderPlan) {
  const details = SPECIALTY_DETAILS[plan.specialty] ?? SPECIALTY_DETAILS['family-medicine']!;
  const { n, place } = plan;
  const home = REGION_LANGUAGE[plan.region];
  const languages = [...new Set([home, 'en', ...(n % 4 === 0 ? [EXTRA_LANGUAGES[n % EXTRA_LANGUAGES.length]!] : [])])];
  const conditions = [0, 1, 2, 3].map((k) => details.conditions[(n + k) % details.conditions.length]!).filter((c, i, all) => all.indexOf(c) === i);
  const years = 5 + (n % 25);
  const bio = `${plan.name} is a ${details.label} in ${place.name} with ${years} years of experience, with a special interest in ${conditions.slice(0, 2).join(' and ')}.${
    plan.telehealth ? ' Video consultations are available.' : ''
  }${plan.ndis ? ' NDIS-registered: self-, plan- and agency-managed participants are welcome.' : ''}`;
  const latitude = plan.inPerson ? place.latitude + (unit(n * 7 + 1) - 0.5) * 0.08 : null;
  const longitude = plan.inPerson ? place.longitude + (unit(n * 7 + 2) - 0.5) * 0.08 : null;
  return {
    displayName: plan.name,
    title: details.title,
    bio,
    languages,
    conditions,
    qualifications: details.title.split(', '),
    registrationNumber: `${plan.region}-${String(100000 + ((n * 7919) % 900000))}`,
    offersTelehealth: plan.telehealth,
    offersInPerson: plan.inPerson,
    acceptingNewPatients: n % 9 !== 4,
    ndisRegistered: plan.ndis ?? (plan.region === 'AU' && n % 2 === 0),
    cancellationWindowHours: n % 5 === 2 ? 48 : 24,
    latitude,
    longitude,
    searchDocument: buildSearchDocument({
      displayName: plan.name,
      title: details.title,
      specialtySlug: plan.specialty,
      otherSpecialties: [],
      conditions,
      languages,
      cities: plan.inPerson ? [place.name, ...place.aliases] : [],
      bio,
    }),
  };
}

/** Profiles, practices, services and hours for every directory provider that has no practice yet. */
export async function seedDirectoryPractices(tx: Transaction, now: Date): Promise<void> {
  const trialEndsAt = new Date(now.getTime() + 30 * 86_400_000);
  await tx
    .insert(tenants)
    .values(Object.entries(DEMO_PRACTICES).map(([region, p]) => ({ name: p.name, slug: p.slug, planType: 'professional', features: {}, branding: { region }, trialEndsAt })))
    .onConflictDoNothing({ target: tenants.slug });
  const orgs = await tx.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(inArray(tenants.slug, Object.values(DEMO_PRACTICES).map((p) => p.slug)));
  const orgBySlug = new Map(orgs.map((o) => [o.slug, o.id]));

  const directory = directoryProviders();
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, directory.map((d) => d.email)));
  const idByEmail = new Map(people.map((p) => [p.email.toLowerCase(), p.id]));
  const plans: ProviderPlan[] = [];
  const byRegion = new Map<string, Place[]>();
  for (const place of PLACES) byRegion.set(place.region, [...(byRegion.get(place.region) ?? []), place]);
  directory.forEach((d, n) => {
    const userId = idByEmail.get(d.email.toLowerCase());
    const cities = byRegion.get(d.region) ?? [];
    if (d.practice) {
      const own = PLACES.find((p) => p.id === d.practice?.place);
      if (userId && own) plans.push({ userId, region: d.region, specialty: d.specialty, name: d.name, n: n + 1, place: own, telehealth: d.practice.telehealth, inPerson: d.practice.inPerson, ndis: d.practice.ndis });
      return;
    }
    const place = cities[n % cities.length];
    if (userId && place) plans.push({ userId, region: d.region, specialty: d.specialty, name: d.name, n: n + 1, place, telehealth: n % 3 !== 0 || n % 7 === 3, inPerson: n % 7 !== 3 });
  });
  const sydney = PLACES.find((p) => p.id === 'sydney')!;
  plans.push({ userId: DEMO_USER_IDS.provider, region: 'AU', specialty: 'family-medicine', name: 'Demo Provider', n: 0, place: sydney, telehealth: true, inPerson: true });
  // Providers waiting for the platform's verification (the admin review list has work to do).
  const pending = PENDING_PROVIDERS.map((p, i) => ({ ...p, email: `pending-provider-${i + 1}@${DEMO_EMAIL_DOMAIN}` }));
  await tx
    .insert(users)
    .values(pending.map((p) => ({ name: p.name, email: p.email, emailVerified: true, role: 'provider', professionalStatus: 'unverified', region: p.region, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  const pendingUsers = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, pending.map((p) => p.email)));
  await tx
    .insert(providerProfiles)
    .values(pendingUsers.map((u) => ({ userId: u.id, specialtySlug: pending.find((p) => p.email === u.email.toLowerCase())?.specialty ?? 'family-medicine', verificationStatus: 'pending', regionCode: 'AU', createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: providerProfiles.userId });
  pendingUsers.forEach((u, i) => {
    const p = pending.find((x) => x.email === u.email.toLowerCase());
    if (p) plans.push({ userId: u.id, region: 'AU', specialty: p.specialty, name: p.name, n: 400 + i, place: PLACES.find((x) => x.id === p.place)!, telehealth: true, inPerson: true });
  });

  const existing = await tx.select({ userId: providerProfiles.userId, id: providerProfiles.id, tenantId: providerProfiles.tenantId }).from(providerProfiles).where(inArray(providerProfiles.userId, plans.map((p) => p.userId)));
  const profileByUser = new Map(existing.map((e) => [e.userId, e]));
  const seeded = new Set(
    (await tx.selectDistinct({ providerId: providerLocations.providerId }).from(providerLocations).where(inArray(providerLocations.providerId, existing.map((e) => e.id)))).map((r) => r.providerId),
  );

  const locationRows: (typeof providerLocations.$inferInsert)[] = [];
  const serviceRows: (typeof providerServices.$inferInsert)[] = [];
  const memberships: (typeof tenantMemberships.$inferInsert)[] = [];
  for (const plan of plans) {
    const profile = profileByUser.get(plan.userId);
    const tenantId = orgBySlug.get(DEMO_PRACTICES[plan.region as keyof typeof DEMO_PRACTICES].slug);
    if (!profile || !tenantId || seeded.has(profile.id)) continue;
    await tx
      .update(providerProfiles)
      .set({ ...planProfile(plan), tenantId, regionCode: plan.region, nextAvailableStale: true, updatedAt: now, ...(plan.n >= 400 ? { acceptingNewPatients: true } : {}) })
      .where(eq(providerProfiles.id, profile.id));
    memberships.push({ tenantId, userId: plan.userId, role: 'provider', status: 'active', joinedAt: now });
    const hours = weeklyHours(plan.n);
    const region = getRegion(plan.region);
    if (plan.inPerson) {
      locationRows.push({
        tenantId,
        providerId: profile.id,
        name: `${DEMO_PRACTICES[plan.region as keyof typeof DEMO_PRACTICES].name} ${plan.place.name}`,
        kind: 'practice',
        street: `${1 + (plan.n % 180)} ${STREETS[plan.n % STREETS.length]}`,
        suburb: plan.place.name,
        city: plan.place.name,
        state: plan.place.state,
        postalCode: DEMO_POSTCODES[plan.place.id] ?? null,
        country: plan.region,
        latitude: planProfile(plan).latitude,
        longitude: planProfile(plan).longitude,
        timeZone: plan.place.timeZone,
        weeklyHours: hours.weekly,
        breaks: hours.breaks,
        ...practiceContact(plan.region as keyof typeof DEMO_PRACTICES, plan.n),
      });
    } else {
      locationRows.push({ tenantId, providerId: profile.id, name: 'Video consultations', kind: 'virtual', country: plan.region, timeZone: plan.place.timeZone, weeklyHours: hours.weekly, breaks: hours.breaks });
    }
    const currency = region.currency.code;
    const base = (PRICE_BASE[currency] ?? 100) * 100;
    const session = SPECIALTY_DETAILS[plan.specialty]?.session;
    if (session) {
      // Allied health: an hour's assessment, then sessions (in person, by video or both).
      if (plan.inPerson) {
        serviceRows.push(
          { tenantId, providerId: profile.id, name: 'Initial assessment', description: 'A first hour together: your needs, goals and a plan (NDIS reports on request).', mode: 'in_person', durationMinutes: 60, bufferAfterMinutes: 10, priceMinor: Math.round(base * 1.2), currency, sortOrder: 1 },
          { tenantId, providerId: profile.id, name: session, description: 'Therapy and progress towards your goals.', mode: 'in_person', durationMinutes: 45, bufferAfterMinutes: 5, priceMinor: Math.round(base * 0.9), currency, sortOrder: 2 },
        );
      }
      if (plan.telehealth) {
        serviceRows.push(
          ...(plan.inPerson ? [] : [{ tenantId, providerId: profile.id, name: 'Initial assessment', description: 'A first hour together by secure video: your needs, goals and a plan.', mode: 'telehealth', durationMinutes: 60, priceMinor: Math.round(base * 1.2), currency, sortOrder: 1 }]),
          { tenantId, providerId: profile.id, name: `${session} by video`, description: 'A session by secure video from home.', mode: 'telehealth', durationMinutes: 45, priceMinor: Math.round(base * 0.9), currency, sortOrder: 3 },
        );
      }
      continue;
    }
    if (plan.inPerson) {
      serviceRows.push(
        { tenantId, providerId: profile.id, name: 'Initial consultation', description: 'A first, longer visit: history, examination and a plan.', mode: 'in_person', durationMinutes: 45, bufferAfterMinutes: 5, priceMinor: base, currency, sortOrder: 1 },
        { tenantId, providerId: profile.id, name: 'Follow-up consultation', description: 'A review of progress and results.', mode: 'in_person', durationMinutes: 20, priceMinor: Math.round(base * 0.6), currency, sortOrder: 2 },
      );
    }
    if (plan.telehealth) {
      serviceRows.push({ tenantId, providerId: profile.id, name: 'Video consultation', description: 'A consultation by secure video from home.', mode: 'telehealth', durationMinutes: 30, priceMinor: Math.round(base * 0.7), currency, sortOrder: 3 });
    }
  }
  if (memberships.length > 0) await tx.insert(tenantMemberships).values(memberships).onConflictDoNothing();
  if (locationRows.length > 0) await tx.insert(providerLocations).values(locationRows);
  if (serviceRows.length > 0) await tx.insert(providerServices).values(serviceRows);
}

/** Providers who signed up and wait for verification (AU, in the demo organisation). */
const PENDING_PROVIDERS = [
  { name: 'Dr Harriet Okonkwo', specialty: 'neurology', region: 'AU', place: 'melbourne' },
  { name: 'Dr Tomás Lindqvist', specialty: 'dermatology', region: 'AU', place: 'brisbane' },
  { name: 'Dr Mei Whitaker', specialty: 'pediatrics', region: 'AU', place: 'parramatta' },
] as const;

/** Demo patients who fill the demo provider's calendar besides the demo patient. */
const HISTORY_PATIENTS = ['Ava Thompson', 'Noah Williams', 'Mia Robinson', 'Leo Nguyen', 'Isla Brown', 'Ethan Kelly'];

/** Minutes after midnight of a wall time ('24:00' is 1440). */
function minutesOf(wall: string): number {
  return Number(wall.slice(0, 2)) * 60 + Number(wall.slice(3, 5));
}

type SeedLocation = Pick<typeof providerLocations.$inferSelect, 'timeZone' | 'weeklyHours' | 'breaks'>;

/** Whether the location's weekly hours hold the whole visit on that weekday, clear of its breaks. */
function fits(l: SeedLocation, weekday: number, hour: number, minutes: number): boolean {
  const from = hour * 60;
  const to = from + minutes;
  return (
    l.weeklyHours.some((r) => r.weekday === weekday && minutesOf(r.start) <= from && to <= minutesOf(r.end)) &&
    !l.breaks.some((r) => r.weekday === weekday && minutesOf(r.start) < to && from < minutesOf(r.end))
  );
}

/**
 * A local time at an hour, `days` from the seeding date in the location's zone, on a day the
 * location's hours hold it and the provider (and the patient, when named) is free: a day it is
 * closed moves the visit to the nearest open day, earlier for past visits and later for coming
 * ones. `taken` holds the starts given so far (provider's and patient's keys) and is added to.
 */
function freeStart(
  now: Date,
  taken: Set<string>,
  visit: { providerId: string; patientId?: string; durationMinutes: number; location: SeedLocation },
  days: number,
  hour: number,
): Date | undefined {
  const zone = visit.location.timeZone;
  const local = new TZDate(now.getTime(), zone);
  const direction = days < 0 ? -1 : 1;
  for (let k = 0; k < 14; k++) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days + k * direction, hour, 0, zone);
    const keys = [`${visit.providerId} ${day.getTime()}`, ...(visit.patientId ? [`${visit.patientId} ${day.getTime()}`] : [])];
    if (keys.every((key) => !taken.has(key)) && fits(visit.location, day.getDay(), hour, visit.durationMinutes)) {
      for (const key of keys) taken.add(key);
      return new Date(day.getTime());
    }
  }
  return undefined;
}

/**
 * A seeded visit of a service at a location, with the times its status implies (a completed
 * visit was confirmed and checked in at its start, a cancelled one three days before).
 */
function visitRow(
  t: { s: typeof providerServices.$inferSelect; l: typeof providerLocations.$inferSelect },
  patientId: string,
  startsAt: Date,
  status: string,
  now: Date,
): typeof appointments.$inferInsert {
  const endsAt = new Date(startsAt.getTime() + t.s.durationMinutes * 60_000);
  return {
    tenantId: t.s.tenantId,
    providerId: t.s.providerId,
    patientId,
    serviceId: t.s.id,
    locationId: t.l.id,
    mode: t.s.mode,
    startsAt,
    endsAt,
    occupiedFrom: new Date(startsAt.getTime() - t.s.bufferBeforeMinutes * 60_000),
    occupiedTo: new Date(endsAt.getTime() + t.s.bufferAfterMinutes * 60_000),
    timeZone: t.l.timeZone,
    status,
    priceMinor: t.s.priceMinor,
    currency: t.s.currency,
    createdAt: new Date(startsAt.getTime() - 14 * 86_400_000),
    ...(status === 'cancelled' ? { cancelledAt: new Date(startsAt.getTime() - 3 * 86_400_000), cancelledBy: 'patient' } : {}),
    ...(status === 'completed' ? { confirmedAt: startsAt, checkedInAt: startsAt, completedAt: endsAt } : {}),
    ...(status === 'confirmed' ? { confirmedAt: now } : {}),
    ...(status === 'no_show' ? { confirmedAt: startsAt, noShowAt: endsAt } : {}),
  };
}

/**
 * A realistic history around the seeding moment: the demo patient's past visits (completed and
 * rated, cancelled, missed) and upcoming ones (one by video), a week of the demo provider's
 * calendar with video visits today and tomorrow, and the provider's conversations with three of
 * these patients.
 * Times are on the hour inside each practice's weekly hours (on the nearest day they are open) and
 * never two at one time.
 */
export async function seedDemoHistory(tx: Transaction, now: Date): Promise<void> {
  const [already] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.patientId, DEMO_USER_IDS.patient)).limit(1);
  if (already) return;
  await tx
    .insert(users)
    .values(HISTORY_PATIENTS.map((name, i) => ({ name, email: `history-patient-${i + 1}@${DEMO_EMAIL_DOMAIN}`, emailVerified: true, role: 'patient', professionalStatus: 'not_applicable', createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  const emails = HISTORY_PATIENTS.map((_, i) => `history-patient-${i + 1}@${DEMO_EMAIL_DOMAIN}`);
  // In the list's order (Ava Thompson first), whatever order the database reads them in.
  const patients = (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
  const [demoProvider] = await tx.select({ id: providerProfiles.id }).from(providerProfiles).where(eq(providerProfiles.userId, DEMO_USER_IDS.provider));
  // The demo patient sees three more providers of the demo organisation.
  const others = await tx
    .select({ id: providerProfiles.id })
    .from(providerProfiles)
    .innerJoin(tenants, eq(tenants.id, providerProfiles.tenantId))
    // Among the spec's specialties, so the history stays as it was before the allied-health providers came.
    .where(
      and(
        eq(tenants.slug, DEMO_TENANT_SLUG),
        sql`${providerProfiles.userId} <> ${DEMO_USER_IDS.provider}`,
        eq(providerProfiles.offersInPerson, true),
        inArray(providerProfiles.specialtySlug, [...HOME_SPECIALTY_SLUGS]),
      ),
    )
    .orderBy(providerProfiles.displayName)
    .limit(3);
  if (!demoProvider) return;
  const targets = await tx
    .select({ s: providerServices, l: providerLocations })
    .from(providerServices)
    .innerJoin(providerLocations, and(eq(providerLocations.providerId, providerServices.providerId), eq(providerLocations.kind, 'practice')))
    .where(
      and(
        inArray(providerServices.providerId, [demoProvider.id, ...others.map((o) => o.id)]),
        // In person, and the demo provider's video consultations too.
        or(eq(providerServices.mode, 'in_person'), eq(providerServices.providerId, demoProvider.id)),
      ),
    );
  const serviceFor = (providerId: string, name: string) => targets.find((t) => t.s.providerId === providerId && t.s.name === name) ?? targets.find((t) => t.s.providerId === providerId);

  /** Starts already given to each provider, so two visits never take one time. */
  const taken = new Set<string>();
  const at = (t: { s: typeof providerServices.$inferSelect; l: typeof providerLocations.$inferSelect }, days: number, hour: number): Date | undefined =>
    freeStart(now, taken, { providerId: t.s.providerId, durationMinutes: t.s.durationMinutes, location: t.l }, days, hour);
  const rows: (typeof appointments.$inferInsert)[] = [];
  const ratings: { index: number; score: number; comment: string }[] = [];
  const add = (
    providerId: string,
    patientId: string,
    serviceName: string,
    days: number,
    hour: number,
    status: string,
    extra: Partial<typeof appointments.$inferInsert> = {},
  ): number => {
    const t = serviceFor(providerId, serviceName);
    if (!t) return -1;
    const startsAt = at(t, days, hour);
    if (!startsAt) return -1;
    rows.push({ ...visitRow(t, patientId, startsAt, status, now), ...extra });
    return rows.length - 1;
  };
  const me = DEMO_USER_IDS.patient;
  const [o1, o2, o3] = others.map((o) => o.id);
  // The demo patient: past and upcoming.
  ratings.push({ index: add(demoProvider.id, me, 'Initial consultation', -60, 10, 'completed', { reason: 'Annual check-up' }), score: 5, comment: 'Thorough and kind.' });
  if (o1) ratings.push({ index: add(o1, me, 'Initial consultation', -40, 11, 'completed', { reason: 'Knee pain after running' }), score: 4, comment: '' });
  if (o2) add(o2, me, 'Follow-up consultation', -25, 14, 'cancelled', { reason: 'Review of results', cancellationReason: 'Feeling better' });
  add(demoProvider.id, me, 'Follow-up consultation', -10, 9, 'completed', { reason: 'Blood test results' });
  if (o3) add(o3, me, 'Follow-up consultation', -5, 15, 'no_show');
  add(demoProvider.id, me, 'Follow-up consultation', 3, 10, 'booked', { reason: 'Medication review' });
  if (o1) add(o1, me, 'Follow-up consultation', 12, 11, 'confirmed', { reason: 'Knee follow-up' });
  // The demo provider's calendar: the past week and the coming one.
  patients.forEach((p, i) => {
    add(demoProvider.id, p.id, i % 2 ? 'Follow-up consultation' : 'Initial consultation', -7 + i, 14, 'completed');
    add(demoProvider.id, p.id, 'Follow-up consultation', 1 + i, 15, i % 3 === 0 ? 'confirmed' : 'booked', { reason: 'Check-up' });
  });
  add(demoProvider.id, patients[0]?.id ?? me, 'Follow-up consultation', 0, 16, 'confirmed', { reason: 'Same-day review' });
  // Video visits: the demo patient's tomorrow, and two of the provider's (today's and tomorrow's).
  add(demoProvider.id, me, 'Video consultation', 1, 11, 'confirmed', { reason: 'Questions about the new medicine' });
  if (patients[1]) add(demoProvider.id, patients[1].id, 'Video consultation', 0, 11, 'confirmed', { reason: 'Results by video' });
  if (patients[2]) add(demoProvider.id, patients[2].id, 'Video consultation', 1, 9, 'booked', { reason: 'Follow-up by video' });
  if (rows.length === 0) return;
  const inserted = await tx.insert(appointments).values(rows).onConflictDoNothing().returning({ id: appointments.id, providerId: appointments.providerId, tenantId: appointments.tenantId, patientId: appointments.patientId });
  const tenantId = inserted.find((a) => a.providerId === demoProvider.id)?.tenantId;
  if (tenantId) await seedDemoConversations(tx, now, tenantId, [me, patients[0]?.id, patients[1]?.id]);
  const valid = ratings.filter((r) => r.index >= 0 && inserted[r.index]);
  if (valid.length > 0) {
    await tx.insert(appointmentRatings).values(
      valid.map((r) => {
        const a = inserted[r.index]!;
        return { appointmentId: a.id, tenantId: a.tenantId, providerId: a.providerId, patientId: a.patientId, score: r.score, comment: r.comment };
      }),
    );
  }
}

/** Patients whose past visits rated the directory's providers (the demo patient's own ratings are the history's). */
const REVIEWERS = [
  'Grace Walker', 'Oliver Smith', 'Chloe Martin', 'Lucas Silva', 'Amelia Jones', 'Hiro Tanaka', 'Zara Ahmed', 'Mateo García',
  'Sophie Dubois', 'Kwame Mensah', 'Ruby Wilson', 'Omar Haddad', 'Lily Chen', 'Jack Taylor', 'Ana Costa', 'Ben Cohen',
  'Priya Patel', 'Tom O’Brien', 'Fatima Al-Sayed', 'Sam Lee', 'Ella Murphy', 'Diego Hernández', 'Nora Lindgren', 'Wei Zhang',
];
export const REVIEWER_EMAIL_PREFIX = 'reviewer-patient-';

/**
 * Ratings across the directory, as a directory a few years old has them: most providers have
 * some (1 to 16, a few none yet: new on the platform), mostly 4 and 5 stars, each from a past
 * visit a reviewer completed, inside the provider's hours, the provider's first service. The
 * demo provider's ratings are the history's, and profiles waiting for review have none. Once:
 * nothing is added when the reviewers have visits.
 */
export async function seedDirectoryRatings(tx: Transaction, now: Date): Promise<void> {
  const emails = REVIEWERS.map((_, i) => `${REVIEWER_EMAIL_PREFIX}${i + 1}@${DEMO_EMAIL_DOMAIN}`);
  await tx
    .insert(users)
    .values(REVIEWERS.map((name, i) => ({ name, email: emails[i]!, emailVerified: true, role: 'patient', professionalStatus: 'not_applicable', createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  const reviewers = (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
  if (reviewers.length === 0) return;
  const [already] = await tx.select({ id: appointments.id }).from(appointments).where(inArray(appointments.patientId, reviewers.map((r) => r.id))).limit(1);
  if (already) return;
  // Every verified directory provider of the demo organisations but the demo provider, by email (the same order on every machine).
  const providers = await tx
    .select({ id: providerProfiles.id, email: users.email })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .innerJoin(tenants, eq(tenants.id, providerProfiles.tenantId))
    .where(
      and(
        eq(providerProfiles.verificationStatus, 'verified'),
        sql`${providerProfiles.userId} <> ${DEMO_USER_IDS.provider}`,
        inArray(tenants.slug, Object.values(DEMO_PRACTICES).map((p) => p.slug)),
      ),
    )
    .orderBy(users.email);
  const services = await tx
    .select({ s: providerServices, l: providerLocations })
    .from(providerServices)
    .innerJoin(providerLocations, eq(providerLocations.providerId, providerServices.providerId))
    .where(and(inArray(providerServices.providerId, providers.map((p) => p.id)), eq(providerServices.active, true)))
    .orderBy(providerServices.sortOrder, providerLocations.sortOrder);
  const firstService = new Map<string, (typeof services)[number]>();
  for (const row of services) {
    // An in-person service at a practice; a video one at any of the provider's locations.
    if (row.s.mode === 'in_person' && row.l.kind !== 'practice') continue;
    if (!firstService.has(row.s.providerId)) firstService.set(row.s.providerId, row);
  }
  const taken = new Set<string>();
  const rows: (typeof appointments.$inferInsert)[] = [];
  /** Each visit's stars, by provider and start (a provider has one visit at a time). */
  const scoreOf = new Map<string, number>();
  providers.forEach((provider, i) => {
    const target = firstService.get(provider.id);
    if (!target) return;
    const count = unit(i * 13 + 5) < 0.12 ? 0 : 1 + Math.floor(unit(i * 13 + 6) ** 2 * 16);
    // Most providers rate well; a few less so (their 3s and 2s are more common).
    const bias = unit(i * 13 + 7) < 0.15 ? 0.25 : 0;
    for (let j = 0; j < count; j++) {
      const patient = reviewers[(i + j * 5) % reviewers.length]!;
      const days = -(4 + Math.floor((j * 180) / count) + Math.floor(unit(i * 31 + j) * 5));
      const startsAt = freeStart(now, taken, { providerId: provider.id, patientId: patient.id, durationMinutes: target.s.durationMinutes, location: target.l }, days, j % 2 === 0 ? 10 : 14);
      if (!startsAt) continue;
      rows.push({ ...visitRow(target, patient.id, startsAt, 'completed', now), createdAt: new Date(startsAt.getTime() - 10 * 86_400_000) });
      const u = unit(i * 977 + j * 31 + 3) + bias;
      scoreOf.set(`${provider.id} ${startsAt.getTime()}`, u < 0.58 ? 5 : u < 0.88 ? 4 : u < 0.97 ? 3 : u < 1.1 ? 2 : 1);
    }
  });
  for (let from = 0; from < rows.length; from += 500) {
    const inserted = await tx
      .insert(appointments)
      .values(rows.slice(from, from + 500))
      .returning({ id: appointments.id, providerId: appointments.providerId, tenantId: appointments.tenantId, patientId: appointments.patientId, startsAt: appointments.startsAt });
    await tx
      .insert(appointmentRatings)
      .values(inserted.map((a) => ({ appointmentId: a.id, tenantId: a.tenantId, providerId: a.providerId, patientId: a.patientId, score: scoreOf.get(`${a.providerId} ${a.startsAt.getTime()}`) ?? 5 })));
  }
}

/**
 * Days before the seeding day and the wall-clock time in the practice's zone (Sydney) at which
 * it was written (so the practice answers in its working hours, whatever the hour of seeding),
 * who wrote it (the patient or the provider) and what.
 */
type DemoMessage = [daysAgo: number, at: `${number}:${number}`, from: 'patient' | 'carer', body: string];
const DEMO_MESSAGES_ZONE = 'Australia/Sydney';

/** The demo patient's conversation with the demo provider, then two of the provider's other patients'. */
const DEMO_CONVERSATIONS: DemoMessage[][] = [
  [
    [12, '08:40', 'patient', 'Hello, I had my blood test this morning. Should I keep taking the iron tablets until we meet?'],
    [12, '10:05', 'carer', 'Yes, please keep taking them until your appointment. We will go through the results together.'],
    [10, '14:20', 'carer', 'As we discussed, your iron levels are back in the normal range. You can stop the tablets; we will check again in three months.'],
    [10, '15:02', 'patient', 'Thank you! See you for the medication review.'],
    [1, '09:15', 'patient', 'Could I bring the list of medicines from my pharmacy to the review?'],
    [1, '11:30', 'carer', 'Yes, please do, that helps a lot.'],
  ],
  [
    [6, '13:10', 'patient', 'Hi, is there parking near the practice?'],
    [6, '13:55', 'carer', 'Yes: there is a public car park in the next street, free for the first hour.'],
  ],
  [
    [3, '10:20', 'patient', 'I need to move my appointment next week. Is Thursday afternoon possible?'],
    [3, '12:05', 'carer', 'You can move it yourself from your appointments page; Thursday afternoon still has free times.'],
    [3, '12:40', 'patient', 'Done, thank you.'],
  ],
];

/**
 * Conversations of the demo provider with patients they have seen (a care link, as messaging
 * requires), each read by both people: the inbox has something in it, and no unread-message
 * email goes out for the demo.
 */
async function seedDemoConversations(tx: Transaction, now: Date, tenantId: string, patientIds: (string | undefined)[]): Promise<void> {
  const carerId = DEMO_USER_IDS.provider;
  for (const [i, script] of DEMO_CONVERSATIONS.entries()) {
    const patientId = patientIds[i];
    if (!patientId || script.length === 0) continue;
    const today = new TZDate(now.getTime(), DEMO_MESSAGES_ZONE);
    const at = (daysAgo: number, time: string) => {
      const [hour, minute] = time.split(':').map(Number);
      return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour!, minute!, DEMO_MESSAGES_ZONE).getTime());
    };
    const first = at(script[0]![0], script[0]![1]);
    const last = at(script[script.length - 1]![0], script[script.length - 1]![1]);
    const [conversation] = await tx
      .insert(conversations)
      .values({ tenantId, patientId, carerId, createdBy: script[0]![2] === 'patient' ? patientId : carerId, createdAt: first, lastMessageAt: last })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!conversation) continue;
    await tx.insert(conversationParticipants).values([
      { conversationId: conversation.id, userId: patientId, tenantId, role: 'patient', lastReadAt: last, joinedAt: first },
      { conversationId: conversation.id, userId: carerId, tenantId, role: 'carer', lastReadAt: last, joinedAt: first },
    ]);
    await tx.insert(messages).values(
      script.map(([daysAgo, time, from, body]) => ({ tenantId, conversationId: conversation.id, senderId: from === 'patient' ? patientId : carerId, body, createdAt: at(daysAgo, time) })),
    );
  }
}
