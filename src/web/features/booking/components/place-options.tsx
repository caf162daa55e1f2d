import { useMemo } from 'react';
import type { PlaceResult } from '~/shared/contracts/places';

/**
 * The browser's own suggestion list for a place field (`<input list={id}>`): each place's label
 * ("Newtown, NSW, AU"), or only its name for an address's town field, as the value it fills in,
 * with the state and the country (named in the interface language) beside it.
 */
export function PlaceOptions({ id, places, language, fill = 'label' }: { id: string; places: readonly PlaceResult[]; language: string; fill?: 'label' | 'name' }) {
  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  return (
    <datalist id={id}>
      {places.map((place) => (
        <option key={place.id} value={fill === 'label' ? place.label : place.name} label={[place.state, countries.of(place.region)].filter(Boolean).join(', ')} />
      ))}
    </datalist>
  );
}
