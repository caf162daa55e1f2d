import { type AddressField, getRegion, type RegionCode } from '~/shared/regions';

/**
 * The address fields of a practice in the order its region writes them. A practice always has
 * a city (the directory places it and searches by it), so a region whose format names none
 * (Australia writes the suburb) gets it after the suburb, or after the street.
 */
export function practiceAddressFields(region: RegionCode): AddressField[] {
  const fields = [...getRegion(region).addressFormat];
  if (fields.includes('city')) return fields;
  const after = fields.includes('suburb') ? fields.indexOf('suburb') : fields.indexOf('street');
  fields.splice(after + 1, 0, 'city');
  return fields;
}
