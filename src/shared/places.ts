import type { RegionCode } from './regions.js';

/**
 * Major cities of every supported region, with coordinates (WGS 84) and time zone (IANA): the
 * demo directory's practices are in them, the home page's top matches are measured from each
 * region's first, and their other spellings (NYC, Lisbon, دبي) are lent to the gazetteer's places
 * (`server/platform/system/gazetteer.ts`), where a typed place is looked up.
 */
export interface Place {
  id: string;
  name: string;
  /** Other spellings people type (local names, without accents). */
  aliases: readonly string[];
  region: RegionCode;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export const PLACES: readonly Place[] = [
  { id: 'new-york', name: 'New York', aliases: ['nyc', 'new york city', 'manhattan'], region: 'US', state: 'NY', latitude: 40.7128, longitude: -74.006, timeZone: 'America/New_York' },
  { id: 'chicago', name: 'Chicago', aliases: [], region: 'US', state: 'IL', latitude: 41.8781, longitude: -87.6298, timeZone: 'America/Chicago' },
  { id: 'los-angeles', name: 'Los Angeles', aliases: ['la'], region: 'US', state: 'CA', latitude: 34.0522, longitude: -118.2437, timeZone: 'America/Los_Angeles' },
  { id: 'london', name: 'London', aliases: [], region: 'GB', state: 'Greater London', latitude: 51.5074, longitude: -0.1278, timeZone: 'Europe/London' },
  { id: 'manchester', name: 'Manchester', aliases: [], region: 'GB', state: 'Greater Manchester', latitude: 53.4808, longitude: -2.2426, timeZone: 'Europe/London' },
  { id: 'edinburgh', name: 'Edinburgh', aliases: [], region: 'GB', state: 'Scotland', latitude: 55.9533, longitude: -3.1883, timeZone: 'Europe/London' },
  { id: 'sydney', name: 'Sydney', aliases: [], region: 'AU', state: 'NSW', latitude: -33.8688, longitude: 151.2093, timeZone: 'Australia/Sydney' },
  { id: 'parramatta', name: 'Parramatta', aliases: [], region: 'AU', state: 'NSW', latitude: -33.815, longitude: 151.0011, timeZone: 'Australia/Sydney' },
  { id: 'melbourne', name: 'Melbourne', aliases: [], region: 'AU', state: 'VIC', latitude: -37.8136, longitude: 144.9631, timeZone: 'Australia/Melbourne' },
  { id: 'brisbane', name: 'Brisbane', aliases: [], region: 'AU', state: 'QLD', latitude: -27.4698, longitude: 153.0251, timeZone: 'Australia/Brisbane' },
  { id: 'perth', name: 'Perth', aliases: [], region: 'AU', state: 'WA', latitude: -31.9505, longitude: 115.8605, timeZone: 'Australia/Perth' },
  { id: 'toronto', name: 'Toronto', aliases: [], region: 'CA', state: 'ON', latitude: 43.6532, longitude: -79.3832, timeZone: 'America/Toronto' },
  { id: 'vancouver', name: 'Vancouver', aliases: [], region: 'CA', state: 'BC', latitude: 49.2827, longitude: -123.1207, timeZone: 'America/Vancouver' },
  { id: 'montreal', name: 'Montréal', aliases: ['montreal'], region: 'CA', state: 'QC', latitude: 45.5019, longitude: -73.5674, timeZone: 'America/Toronto' },
  { id: 'madrid', name: 'Madrid', aliases: [], region: 'ES', state: 'Comunidad de Madrid', latitude: 40.4168, longitude: -3.7038, timeZone: 'Europe/Madrid' },
  { id: 'barcelona', name: 'Barcelona', aliases: [], region: 'ES', state: 'Cataluña', latitude: 41.3874, longitude: 2.1686, timeZone: 'Europe/Madrid' },
  { id: 'mexico-city', name: 'Ciudad de México', aliases: ['mexico city', 'cdmx', 'ciudad de mexico'], region: 'MX', state: 'CDMX', latitude: 19.4326, longitude: -99.1332, timeZone: 'America/Mexico_City' },
  { id: 'guadalajara', name: 'Guadalajara', aliases: [], region: 'MX', state: 'Jalisco', latitude: 20.6597, longitude: -103.3496, timeZone: 'America/Mexico_City' },
  { id: 'paris', name: 'Paris', aliases: [], region: 'FR', state: 'Île-de-France', latitude: 48.8566, longitude: 2.3522, timeZone: 'Europe/Paris' },
  { id: 'lyon', name: 'Lyon', aliases: [], region: 'FR', state: 'Auvergne-Rhône-Alpes', latitude: 45.764, longitude: 4.8357, timeZone: 'Europe/Paris' },
  { id: 'sao-paulo', name: 'São Paulo', aliases: ['sao paulo'], region: 'BR', state: 'SP', latitude: -23.5505, longitude: -46.6333, timeZone: 'America/Sao_Paulo' },
  { id: 'rio-de-janeiro', name: 'Rio de Janeiro', aliases: ['rio'], region: 'BR', state: 'RJ', latitude: -22.9068, longitude: -43.1729, timeZone: 'America/Sao_Paulo' },
  { id: 'lisbon', name: 'Lisboa', aliases: ['lisbon'], region: 'PT', state: 'Lisboa', latitude: 38.7223, longitude: -9.1393, timeZone: 'Europe/Lisbon' },
  { id: 'porto', name: 'Porto', aliases: ['oporto'], region: 'PT', state: 'Porto', latitude: 41.1579, longitude: -8.6291, timeZone: 'Europe/Lisbon' },
  { id: 'dubai', name: 'Dubai', aliases: ['دبي'], region: 'AE', state: 'Dubai', latitude: 25.2048, longitude: 55.2708, timeZone: 'Asia/Dubai' },
  { id: 'abu-dhabi', name: 'Abu Dhabi', aliases: ['أبو ظبي'], region: 'AE', state: 'Abu Dhabi', latitude: 24.4539, longitude: 54.3773, timeZone: 'Asia/Dubai' },
  { id: 'riyadh', name: 'Riyadh', aliases: ['الرياض'], region: 'SA', state: 'Riyadh', latitude: 24.7136, longitude: 46.6753, timeZone: 'Asia/Riyadh' },
  { id: 'jeddah', name: 'Jeddah', aliases: ['جدة'], region: 'SA', state: 'Makkah', latitude: 21.4858, longitude: 39.1925, timeZone: 'Asia/Riyadh' },
  { id: 'beijing', name: 'Beijing', aliases: ['北京'], region: 'CN', state: 'Beijing', latitude: 39.9042, longitude: 116.4074, timeZone: 'Asia/Shanghai' },
  { id: 'shanghai', name: 'Shanghai', aliases: ['上海'], region: 'CN', state: 'Shanghai', latitude: 31.2304, longitude: 121.4737, timeZone: 'Asia/Shanghai' },
  { id: 'lagos', name: 'Lagos', aliases: [], region: 'NG', state: 'Lagos', latitude: 6.5244, longitude: 3.3792, timeZone: 'Africa/Lagos' },
  { id: 'abuja', name: 'Abuja', aliases: [], region: 'NG', state: 'FCT', latitude: 9.0765, longitude: 7.3986, timeZone: 'Africa/Lagos' },
];

/** How place names are compared: without accents, in lower case, trimmed. */
export function foldPlaceName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    // A phone's keyboard types "King’s Cross" with a curly apostrophe; the gazetteer has the straight one.
    .replace(/[‘’]/g, "'")
    .toLowerCase()
    .trim();
}

function placeNames(p: Place): string[] {
  return [p.name, ...p.aliases].map(foldPlaceName);
}

/** The place whose name or alias is exactly this text (accents and case aside), as an address's city. */
export function placeNamed(text: string): Place | undefined {
  const q = foldPlaceName(text);
  if (!q) return undefined;
  return PLACES.find((p) => placeNames(p).includes(q));
}

/** A region's first listed city: where the home page's top matches are measured from. */
export function regionPlace(region: RegionCode): Place | undefined {
  return PLACES.find((p) => p.region === region);
}

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
