/**
 * Regions (spec §1, §3 Region / Currency entry / Regional marketing content / Healthcare system
 * info, §4 Region detection, §9 Supported regions). The 12 supported regions plus Nigeria, which
 * the spec's marketing content adds (so `?region=NG` works and NG can be chosen).
 *
 * Only data that does not change with the interface language lives here; the translated texts
 * (names of healthcare systems and their features, marketing copy, notifications) are in the
 * `regions` translation namespace, keyed by the ids below.
 */

export const REGION_CODES = ['US', 'GB', 'AU', 'CA', 'ES', 'MX', 'FR', 'BR', 'PT', 'AE', 'SA', 'CN', 'NG'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

/** The region used when nothing else decides (spec §4: "then US"). */
export const DEFAULT_REGION: RegionCode = 'US';

/** Browser-storage key of the chosen region (spec §3 `userRegion`). */
export const REGION_STORAGE_KEY = 'userRegion';

/** Address fields, in the order a region writes them (spec §3 `addressFormat`). */
export const ADDRESS_FIELDS = ['street', 'suburb', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface Currency {
  /** ISO 4217 code. */
  code: string;
  symbol: string;
  /** BCP 47 locale used to format amounts in this currency. */
  locale: string;
  position: 'before' | 'after';
}

/** Healthcare systems; the spec gives feature lists for nhs, ndis, us and canada (fallback us). */
export const HEALTHCARE_SYSTEM_IDS = [
  'us',
  'nhs',
  'ndis',
  'canada',
  'spain-sns',
  'mexico-imss',
  'france-assurance-maladie',
  'brazil-sus',
  'portugal-sns',
  'uae-health',
  'saudi-moh',
  'china-nhsa',
  'nigeria-nhia',
] as const;
export type HealthcareSystemId = (typeof HEALTHCARE_SYSTEM_IDS)[number];

/** Systems with their own feature list (spec §9); every other region shows the US list. */
export const HEALTHCARE_SYSTEMS_WITH_FEATURES = ['us', 'nhs', 'ndis', 'canada'] as const satisfies readonly HealthcareSystemId[];
export type HealthcareSystemInfoId = (typeof HEALTHCARE_SYSTEMS_WITH_FEATURES)[number];

export interface Region {
  code: RegionCode;
  /** English name. */
  name: string;
  /** The name in the region's own language. */
  localName: string;
  /** Interface language to switch to when the region is chosen. */
  language: 'en' | 'es' | 'fr' | 'pt' | 'ar' | 'zh-CN';
  currency: Currency;
  /** date-fns patterns. */
  dateFormat: string;
  timeFormat: string;
  /** Shape of a phone number, X for a digit. */
  phoneFormat: string;
  addressFormat: readonly AddressField[];
  healthcareSystem: HealthcareSystemId;
  emergencyNumber: string;
  /** Tax system id (translated in `regions:tax.<id>`) and its standard rate. */
  taxSystem: { id: string; ratePercent: number | null };
  flag: string;
  rtl?: true;
  /** The public health authority's website. */
  website: string;
  /** IANA time zones that point to this region when nothing is stored. */
  timeZones: readonly string[];
}

const c = (code: string, symbol: string, locale: string, position: Currency['position']): Currency => ({
  code,
  symbol,
  locale,
  position,
});

export const REGIONS: Readonly<Record<RegionCode, Region>> = {
  US: {
    code: 'US',
    name: 'United States',
    localName: 'United States',
    language: 'en',
    currency: c('USD', '$', 'en-US', 'before'),
    dateFormat: 'MM/dd/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+1 (XXX) XXX-XXXX',
    addressFormat: ['street', 'city', 'state', 'postalCode', 'country'],
    healthcareSystem: 'us',
    emergencyNumber: '911',
    taxSystem: { id: 'sales-tax', ratePercent: null },
    flag: '🇺🇸',
    website: 'https://www.healthcare.gov',
    timeZones: [
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix',
      'America/Anchorage', 'America/Detroit', 'America/Boise', 'America/Indiana/Indianapolis', 'Pacific/Honolulu',
    ],
  },
  GB: {
    code: 'GB',
    name: 'United Kingdom',
    localName: 'United Kingdom',
    language: 'en',
    currency: c('GBP', '£', 'en-GB', 'before'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'HH:mm',
    phoneFormat: '+44 XXXX XXXXXX',
    addressFormat: ['street', 'city', 'postalCode', 'country'],
    healthcareSystem: 'nhs',
    emergencyNumber: '999',
    taxSystem: { id: 'vat', ratePercent: 20 },
    flag: '🇬🇧',
    website: 'https://www.nhs.uk',
    timeZones: ['Europe/London', 'Europe/Belfast'],
  },
  AU: {
    code: 'AU',
    name: 'Australia',
    localName: 'Australia',
    language: 'en',
    currency: c('AUD', 'A$', 'en-AU', 'before'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+61 X XXXX XXXX',
    addressFormat: ['street', 'suburb', 'state', 'postalCode', 'country'],
    healthcareSystem: 'ndis',
    emergencyNumber: '000',
    taxSystem: { id: 'gst', ratePercent: 10 },
    flag: '🇦🇺',
    website: 'https://www.ndis.gov.au',
    timeZones: [
      'Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Adelaide', 'Australia/Perth',
      'Australia/Hobart', 'Australia/Darwin', 'Australia/Canberra', 'Australia/Lord_Howe',
    ],
  },
  CA: {
    code: 'CA',
    name: 'Canada',
    localName: 'Canada',
    language: 'en',
    currency: c('CAD', 'C$', 'en-CA', 'before'),
    dateFormat: 'yyyy-MM-dd',
    timeFormat: 'h:mm a',
    phoneFormat: '+1 (XXX) XXX-XXXX',
    addressFormat: ['street', 'city', 'state', 'postalCode', 'country'],
    healthcareSystem: 'canada',
    emergencyNumber: '911',
    taxSystem: { id: 'gst-hst', ratePercent: 5 },
    flag: '🇨🇦',
    website: 'https://www.canada.ca/en/health-canada.html',
    timeZones: [
      'America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Halifax',
      'America/St_Johns', 'America/Regina', 'America/Montreal', 'America/Moncton', 'America/Whitehorse',
    ],
  },
  ES: {
    code: 'ES',
    name: 'Spain',
    localName: 'España',
    language: 'es',
    currency: c('EUR', '€', 'es-ES', 'after'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'HH:mm',
    phoneFormat: '+34 XXX XXX XXX',
    addressFormat: ['street', 'postalCode', 'city', 'state', 'country'],
    healthcareSystem: 'spain-sns',
    emergencyNumber: '112',
    taxSystem: { id: 'iva', ratePercent: 21 },
    flag: '🇪🇸',
    website: 'https://www.sanidad.gob.es',
    timeZones: ['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'],
  },
  MX: {
    code: 'MX',
    name: 'Mexico',
    localName: 'México',
    language: 'es',
    currency: c('MXN', '$', 'es-MX', 'before'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+52 XX XXXX XXXX',
    addressFormat: ['street', 'suburb', 'postalCode', 'city', 'state', 'country'],
    healthcareSystem: 'mexico-imss',
    emergencyNumber: '911',
    taxSystem: { id: 'iva', ratePercent: 16 },
    flag: '🇲🇽',
    website: 'https://www.gob.mx/salud',
    timeZones: [
      'America/Mexico_City', 'America/Cancun', 'America/Merida', 'America/Monterrey', 'America/Matamoros',
      'America/Chihuahua', 'America/Mazatlan', 'America/Hermosillo', 'America/Tijuana', 'America/Bahia_Banderas',
    ],
  },
  FR: {
    code: 'FR',
    name: 'France',
    localName: 'France',
    language: 'fr',
    currency: c('EUR', '€', 'fr-FR', 'after'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'HH:mm',
    phoneFormat: '+33 X XX XX XX XX',
    addressFormat: ['street', 'postalCode', 'city', 'country'],
    healthcareSystem: 'france-assurance-maladie',
    emergencyNumber: '15',
    taxSystem: { id: 'tva', ratePercent: 20 },
    flag: '🇫🇷',
    website: 'https://www.ameli.fr',
    timeZones: ['Europe/Paris'],
  },
  BR: {
    code: 'BR',
    name: 'Brazil',
    localName: 'Brasil',
    language: 'pt',
    currency: c('BRL', 'R$', 'pt-BR', 'before'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'HH:mm',
    phoneFormat: '+55 (XX) XXXXX-XXXX',
    addressFormat: ['street', 'suburb', 'city', 'state', 'postalCode', 'country'],
    healthcareSystem: 'brazil-sus',
    emergencyNumber: '192',
    taxSystem: { id: 'iss', ratePercent: null },
    flag: '🇧🇷',
    website: 'https://www.gov.br/saude',
    timeZones: [
      'America/Sao_Paulo', 'America/Manaus', 'America/Recife', 'America/Bahia', 'America/Fortaleza',
      'America/Belem', 'America/Cuiaba', 'America/Porto_Velho', 'America/Rio_Branco', 'America/Noronha',
    ],
  },
  PT: {
    code: 'PT',
    name: 'Portugal',
    localName: 'Portugal',
    language: 'pt',
    currency: c('EUR', '€', 'pt-PT', 'after'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'HH:mm',
    phoneFormat: '+351 XXX XXX XXX',
    addressFormat: ['street', 'postalCode', 'city', 'country'],
    healthcareSystem: 'portugal-sns',
    emergencyNumber: '112',
    taxSystem: { id: 'iva', ratePercent: 23 },
    flag: '🇵🇹',
    website: 'https://www.sns.gov.pt',
    timeZones: ['Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores'],
  },
  AE: {
    code: 'AE',
    name: 'United Arab Emirates',
    localName: 'الإمارات العربية المتحدة',
    language: 'ar',
    currency: c('AED', 'د.إ', 'ar-AE', 'after'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+971 XX XXX XXXX',
    addressFormat: ['street', 'suburb', 'city', 'country'],
    healthcareSystem: 'uae-health',
    emergencyNumber: '999',
    taxSystem: { id: 'vat', ratePercent: 5 },
    flag: '🇦🇪',
    rtl: true,
    website: 'https://mohap.gov.ae',
    timeZones: ['Asia/Dubai'],
  },
  SA: {
    code: 'SA',
    name: 'Saudi Arabia',
    localName: 'المملكة العربية السعودية',
    language: 'ar',
    currency: c('SAR', 'ر.س', 'ar-SA', 'after'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+966 XX XXX XXXX',
    addressFormat: ['street', 'suburb', 'city', 'postalCode', 'country'],
    healthcareSystem: 'saudi-moh',
    emergencyNumber: '997',
    taxSystem: { id: 'vat', ratePercent: 15 },
    flag: '🇸🇦',
    rtl: true,
    website: 'https://www.moh.gov.sa',
    timeZones: ['Asia/Riyadh'],
  },
  CN: {
    code: 'CN',
    name: 'China',
    localName: '中国',
    language: 'zh-CN',
    currency: c('CNY', '¥', 'zh-CN', 'before'),
    dateFormat: 'yyyy/MM/dd',
    timeFormat: 'HH:mm',
    phoneFormat: '+86 XXX XXXX XXXX',
    addressFormat: ['country', 'state', 'city', 'suburb', 'street', 'postalCode'],
    healthcareSystem: 'china-nhsa',
    emergencyNumber: '120',
    taxSystem: { id: 'vat', ratePercent: 13 },
    flag: '🇨🇳',
    website: 'https://www.nhc.gov.cn',
    timeZones: ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin'],
  },
  NG: {
    code: 'NG',
    name: 'Nigeria',
    localName: 'Nigeria',
    language: 'en',
    currency: c('NGN', '₦', 'en-NG', 'before'),
    dateFormat: 'dd/MM/yyyy',
    timeFormat: 'h:mm a',
    phoneFormat: '+234 XXX XXX XXXX',
    addressFormat: ['street', 'city', 'state', 'postalCode', 'country'],
    healthcareSystem: 'nigeria-nhia',
    emergencyNumber: '112',
    taxSystem: { id: 'vat', ratePercent: 7.5 },
    flag: '🇳🇬',
    website: 'https://www.nhia.gov.ng',
    timeZones: ['Africa/Lagos'],
  },
};

export function isRegionCode(value: string): value is RegionCode {
  return (REGION_CODES as readonly string[]).includes(value);
}

/** A region code from user input (`?region=gb`, a stored value), or undefined when unknown. */
export function parseRegionCode(value: string | null | undefined): RegionCode | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return isRegionCode(upper) ? upper : undefined;
}

/** The unit for a distance: miles where people measure roads in miles (the US and the UK), else kilometres (Intl's unit names). */
export type DistanceUnit = 'kilometer' | 'mile';
const MILE_REGIONS: ReadonlySet<RegionCode> = new Set(['US', 'GB']);

export function distanceUnit(code: RegionCode): DistanceUnit {
  return MILE_REGIONS.has(code) ? 'mile' : 'kilometer';
}

export function getRegion(code: RegionCode): Region {
  return REGIONS[code];
}

/** Feature-list id for a region's healthcare system, falling back to the US list (spec §9). */
export function healthcareInfoId(code: RegionCode): HealthcareSystemInfoId {
  const id = REGIONS[code].healthcareSystem;
  return (HEALTHCARE_SYSTEMS_WITH_FEATURES as readonly string[]).includes(id) ? (id as HealthcareSystemInfoId) : 'us';
}

const REGION_BY_TIME_ZONE: ReadonlyMap<string, RegionCode> = new Map(
  REGION_CODES.flatMap((code) => REGIONS[code].timeZones.map((zone) => [zone, code] as const)),
);

/** Browser language tags (lower case) that name a region, most specific first. */
const REGION_BY_LANGUAGE: ReadonlyMap<string, RegionCode> = new Map([
  ['en-us', 'US'], ['en-gb', 'GB'], ['en-au', 'AU'], ['en-ca', 'CA'], ['fr-ca', 'CA'], ['en-ng', 'NG'],
  ['es-es', 'ES'], ['es-mx', 'MX'], ['fr-fr', 'FR'], ['pt-br', 'BR'], ['pt-pt', 'PT'],
  ['ar-ae', 'AE'], ['ar-sa', 'SA'], ['zh-cn', 'CN'], ['zh-hans-cn', 'CN'],
  // A bare language: its largest region among ours.
  ['en', 'US'], ['es', 'ES'], ['fr', 'FR'], ['pt', 'BR'], ['ar', 'SA'], ['zh', 'CN'], ['zh-hans', 'CN'],
]);

export function regionForTimeZone(timeZone: string | undefined): RegionCode | undefined {
  return timeZone === undefined ? undefined : REGION_BY_TIME_ZONE.get(timeZone);
}

export function regionForLanguage(tag: string): RegionCode | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  const direct = REGION_BY_LANGUAGE.get(lower);
  if (direct) return direct;
  // A tag with a region subtag we serve (e.g. `de-AT` → no, `es-419` → no, `en-NG` above).
  const regionPart = lower.split('-').find((part, index) => index > 0 && part.length === 2);
  const fromSubtag = parseRegionCode(regionPart);
  if (fromSubtag) return fromSubtag;
  return REGION_BY_LANGUAGE.get(lower.split('-')[0] ?? '');
}

/**
 * Spec §4 region detection: the stored choice, then the time zone, then the browser's language
 * list (first one that names a region), then US.
 */
export function detectRegion(input: {
  stored?: string | null | undefined;
  timeZone?: string | undefined;
  languages?: readonly string[] | undefined;
}): RegionCode {
  const stored = parseRegionCode(input.stored);
  if (stored) return stored;
  const byZone = regionForTimeZone(input.timeZone);
  if (byZone) return byZone;
  for (const language of input.languages ?? []) {
    const byLanguage = regionForLanguage(language);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_REGION;
}

/** Regional marketing content (spec §3): the numbers and lists; the copy is translated. */
export interface RegionalMarketing {
  /** Social proof "results": an amount in the region's currency, shown compactly with a '+'. */
  socialProofAmount: number;
  socialProofCurrency: string;
  complianceBadges: readonly string[];
  emergencyFeature: boolean;
}

const DEFAULT_BADGES = ['HIPAA', 'SOC 2', 'Enterprise security'] as const;

/** Spec §9 regional social proof: AU 3.2M AUD+, GB 2.1M GBP+, CA 2.8M CAD+, NG 2M NGN+, default 2M. */
export function regionalMarketing(code: RegionCode): RegionalMarketing {
  const currency = REGIONS[code].currency.code;
  switch (code) {
    case 'AU':
      return { socialProofAmount: 3_200_000, socialProofCurrency: 'AUD', complianceBadges: ['NDIS', 'Privacy Act 1988'], emergencyFeature: true };
    case 'GB':
      return { socialProofAmount: 2_100_000, socialProofCurrency: 'GBP', complianceBadges: ['NHS', 'UK GDPR', 'DSPT'], emergencyFeature: true };
    case 'CA':
      return { socialProofAmount: 2_800_000, socialProofCurrency: 'CAD', complianceBadges: ['Canada Health Act', 'PIPEDA'], emergencyFeature: true };
    case 'NG':
      return { socialProofAmount: 2_000_000, socialProofCurrency: 'NGN', complianceBadges: ['NHIS', 'NDPA'], emergencyFeature: true };
    default:
      return { socialProofAmount: 2_000_000, socialProofCurrency: currency, complianceBadges: DEFAULT_BADGES, emergencyFeature: false };
  }
}

/**
 * Formats an amount of money (in major units) for a region: its currency, 0 to 2 fraction digits
 * (spec §9), in the given display locale. `compact` gives "2.1M"-style figures for marketing.
 */
export function formatMoney(
  amount: number,
  options: { currency?: string; locale?: string; compact?: boolean } = {},
): string {
  const currency = options.currency ?? REGIONS[DEFAULT_REGION].currency.code;
  const locale = options.locale ?? 'en-US';
  const compact = options.compact ?? false;
  // Making a formatter costs far more than using one (the home page formats dozens of amounts).
  const key = `${locale}|${currency}|${compact ? 'c' : ''}`;
  let format = MONEY_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: compact ? 1 : 2,
      ...(compact ? { notation: 'compact' as const } : {}),
    });
    MONEY_FORMATS.set(key, format);
  }
  return format.format(amount);
}

const MONEY_FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * One line of an address in its region's order (spec §3 addressFormat); empty parts are left
 * out, and a part equal to the one before it (a suburb named as its city: "Sydney, Sydney") is
 * said once. `fields` replaces the region's order (a practice's form adds the city), `countryName`
 * the country's English name (in the reader's language).
 */
export function formatAddress(
  address: Partial<Record<AddressField, string | null>>,
  region: RegionCode,
  options: { fields?: readonly AddressField[]; countryName?: string } = {},
): string {
  const info = getRegion(region);
  const parts = (options.fields ?? info.addressFormat)
    .map((field) => (field === 'country' ? (options.countryName ?? info.name) : (address[field] ?? '')))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.filter((part, i) => i === 0 || part.toLocaleLowerCase() !== parts[i - 1]!.toLocaleLowerCase()).join(', ');
}
