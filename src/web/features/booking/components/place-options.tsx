import { useMemo } from 'react';
import type { PlaceResult } from '~/shared/contracts/places';

/**
 * The browser's own suggestion list for a place field (`<input list={id}>`): each place's label
 * ("Newtown, NSW, AU") as the value it fills in, with the country named in the interface language.
 */
export function PlaceOptions({ id, places, language }: { id: string; places: readonly PlaceResult[]; language: string }) {
  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  return (
    <datalist id={id}>
      {places.map((place) => (
        <option key={place.id} value={place.label} label={[place.state, countries.of(place.region)].filter(Boolean).join(', ')} />
      ))}
    </datalist>
  );
}
