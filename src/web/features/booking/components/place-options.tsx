import { useMemo } from 'react';
import type { PlaceResult } from '~/shared/contracts/places';

/**
 * The browser's own suggestion list for a place field (`<input list={id}>`): each place's label
 * ("Newtown, NSW, AU"), or only its name for an address's town field, as the value it fills in,
 * with the state and the country (named in the interface language) beside it.
 */
export function PlaceOptions({ id, places, language, fill = 'label' }: { id: string; places: readonly PlaceResult[]; language: string; fill?: 'label' | 'name' | 'nameAndState' }) {
  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  return (
    <datalist id={id}>
      {places.map((place) => {
        const value = fill === 'label' ? place.label : fill === 'nameAndState' ? nameAndState(place) : place.name;
        const stateShown = fill === 'nameAndState' && place.state !== '';
        return <option key={place.id} value={value} label={[stateShown ? '' : place.state, countries.of(place.region)].filter(Boolean).join(', ')} />;
      })}
    </datalist>
  );
}

/** "Southbank, VIC": what an address's town field offers when the form has a state field too. */
export function nameAndState(place: PlaceResult): string {
  return place.state ? `${place.name}, ${place.state}` : place.name;
}
