import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  LOCATION_KINDS,
  type LocationKind,
  type ManagedLocation,
  type PracticeLocationInput,
  PracticeLocationInputSchema,
  PROFILE_LIMITS,
} from '~/shared/contracts/practice-profile';
import { foldPlaceName } from '~/shared/places';
import type { PlaceResult } from '~/shared/contracts/places';
import { type AddressField, formatAddress, getRegion, REGION_CODES, type RegionCode } from '~/shared/regions';
import { Button } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-error';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { usePlaceSuggestions } from '../api/places-api';
import { useOwnLocations, useRemoveLocation, useSaveLocation } from '../api/practice-profile-api';
import { countryName } from '~/web/lib/country-name';
import { practiceAddressFields } from '~/web/lib/address-fields';
import { zoneName } from '../lib/format';
import { invalidFields, passesSchema } from '../lib/form-errors';
import { Badge, QueryState, SELECT_CLASS_NAME } from './parts';
import { nameAndState, PlaceOptions } from './place-options';
import { useFormatLocale } from '~/web/lib/format-locale';

/**
 * The gazetteer's place an address is in, as the server reads it: named exactly as the suburb,
 * else as the city, in the address's country; the one in its state first.
 */
function addressPlaceOf(texts: readonly string[], suggestions: readonly (readonly PlaceResult[])[], state: string, country: RegionCode): PlaceResult | undefined {
  const foldedState = foldPlaceName(state);
  for (const [i, text] of texts.entries()) {
    const name = foldPlaceName(text);
    if (!name) continue;
    const named = (suggestions[i] ?? []).filter((p) => p.region === country && foldPlaceName(p.name) === name);
    const found = named.find((p) => foldedState !== '' && foldPlaceName(p.state) === foldedState) ?? named[0];
    if (found) return found;
  }
  return undefined;
}

/** The IANA zones to choose from: the runtime's list, with the current one when it lacks it. */
function allTimeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', current])].sort((a, b) => a.localeCompare(b, 'en'));
}

/** Where the provider sees patients: add, edit, and remove (refused while appointments are still to come there). */
export function LocationsManager({ region }: { region: RegionCode }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const locations = useOwnLocations(true);
  const remove = useRemoveLocation();
  const [editing, setEditing] = useState<ManagedLocation | 'new' | null>(null);
  const [removing, setRemoving] = useState<ManagedLocation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const addRef = useRef<HTMLButtonElement>(null);

  function closeForm() {
    setEditing(null);
    addRef.current?.focus();
  }

  function onRemove() {
    if (!removing) return;
    const location = removing;
    setRefusal(null);
    remove.mutate(location.id, {
      onSuccess: (result) => {
        setRemoving(null);
        toast.success(result.outcome === 'archived' ? t('directoryProfile.locations.archived') : t('directoryProfile.locations.removed'));
      },
      onError: (error) => {
        setRemoving(null);
        const upcoming = error instanceof ApiError && error.code === 'practice.location-in-use' ? error.problem?.upcomingAppointments : undefined;
        setRefusal(typeof upcoming === 'number' ? t('directoryProfile.locations.inUse', { name: location.name, count: upcoming }) : problemMessage(i18n, error));
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {t('directoryProfile.locations.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {t('directoryProfile.locations.intro')}{' '}
            <Link to="/provider/availability" className="inline-flex min-h-6 items-center font-medium text-teal-800 underline">
              {t('directoryProfile.hoursLink')}
            </Link>
          </p>
        </div>
        <Button ref={addRef} variant="outline" onClick={() => setEditing('new')} disabled={editing !== null || !locations.data}>
          {t('directoryProfile.locations.add')}
        </Button>
      </div>
      <p role="alert" className={refusal ? 'mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800' : 'sr-only'}>
        {refusal ?? ''}
      </p>
      <QueryState pending={locations.isPending} error={locations.isError ? locations.error : null} retry={() => void locations.refetch()}>
        {locations.data?.locations.length === 0 ? <p className="mt-4 text-slate-700">{t('directoryProfile.locations.empty')}</p> : null}
        <ul className="mt-4 space-y-3">
          {locations.data?.locations.map((location) => (
            <li key={location.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{location.name}</h3>
                    <Badge tone={location.kind === 'practice' ? 'slate' : 'teal'}>{t(`directoryProfile.locations.${location.kind}`)}</Badge>
                  </div>
                  {location.kind === 'practice' ? (
                    <p className="mt-1 text-sm text-slate-800">
                      {/* The practice's own words, isolated: in Arabic they keep their order. */}
                      <bdi dir="auto">{formatAddress(location, location.country, { fields: practiceAddressFields(location.country), countryName: countryName(location.country, language) })}</bdi>
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-700">{t('directoryProfile.locations.zone', { zone: zoneName(location.timeZone, locale) })}</p>
                  {location.contactPhone || location.contactEmail ? (
                    <p className="text-sm text-slate-700">
                      {t('directoryProfile.locations.contact')}: <bdi dir="ltr">{[location.contactPhone, location.contactEmail].filter(Boolean).join(' · ')}</bdi>
                    </p>
                  ) : null}
                  {location.upcomingAppointments > 0 ? <p className="text-sm text-slate-700">{t('directoryProfile.locations.upcoming', { count: location.upcomingAppointments })}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" disabled={editing !== null} onClick={() => setEditing(location)}>
                    {t('directoryProfile.locations.edit')}
                    <span className="sr-only">: {location.name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      // With visits still to come there it can't go: say so now, rather than after a confirmation.
                      if (location.upcomingAppointments > 0) setRefusal(t('directoryProfile.locations.inUse', { name: location.name, count: location.upcomingAppointments }));
                      else {
                        setRefusal(null);
                        setRemoving(location);
                      }
                    }}
                  >
                    {t('directoryProfile.locations.remove')}
                    <span className="sr-only">: {location.name}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
        {editing !== null ? <LocationForm key={editing === 'new' ? 'new' : editing.id} location={editing === 'new' ? null : editing} region={region} onDone={closeForm} /> : null}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing ? t('directoryProfile.locations.removeTitle', { name: removing.name }) : ''}
        description={t('directoryProfile.locations.removeBody')}
        confirmLabel={t('directoryProfile.locations.remove')}
        cancelLabel={t('directoryProfile.locations.cancel')}
        pending={remove.isPending}
        onConfirm={onRemove}
      />
    </section>
  );
}

type AddressPart = Exclude<AddressField, 'country'>;
type LocationField = 'name' | AddressPart | 'latitude' | 'longitude' | 'timeZone' | 'contactPhone' | 'contactEmail';

function LocationForm({ location, region, onDone }: { location: ManagedLocation | null; region: RegionCode; onDone(): void }) {
  const { t, i18n } = useTranslation('appointments');
  const language = currentLanguage(i18n.resolvedLanguage);
  const save = useSaveLocation();
  const [name, setName] = useState(location?.name ?? '');
  const [kind, setKind] = useState<LocationKind>(location?.kind ?? 'practice');
  const [country, setCountry] = useState<RegionCode>(location?.country ?? region);
  const [address, setAddress] = useState<Record<AddressPart, string>>({
    street: location?.street ?? '',
    suburb: location?.suburb ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    postalCode: location?.postalCode ?? '',
  });
  const [latitude, setLatitude] = useState(location?.latitude?.toString() ?? '');
  const [longitude, setLongitude] = useState(location?.longitude?.toString() ?? '');
  const [timeZone, setTimeZone] = useState(location?.timeZone ?? getRegion(location?.country ?? region).timeZones[0] ?? 'UTC');
  // The zone follows the country and a city the directory knows until the provider picks one.
  const [zoneChosen, setZoneChosen] = useState(location !== null);
  // Coordinates filled in from the address's place follow the address when it changes.
  const [coordinatesFromCity, setCoordinatesFromCity] = useState(false);
  const [contactPhone, setContactPhone] = useState(location?.contactPhone ?? '');
  const [contactEmail, setContactEmail] = useState(location?.contactEmail ?? '');
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [needsCoordinates, setNeedsCoordinates] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const kindName = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const countries = useMemo(
    () => REGION_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language)),
    [language],
  );
  const zones = useMemo(() => allTimeZones(timeZone), [timeZone]);
  const countryZones = getRegion(country).timeZones;

  function onCountry(next: RegionCode) {
    setCountry(next);
    if (!zoneChosen) setTimeZone(getRegion(next).timeZones[0] ?? 'UTC');
  }
  function onAddress(field: AddressPart, value: string) {
    // A town picked from the suggestions ("Southbank, VIC") fills its own field and the state.
    const offered = field === 'suburb' ? suburbPlaces : field === 'city' ? cityPlaces : [];
    const picked = hasState ? offered.find((p) => p.region === country && p.state !== '' && nameAndState(p) === value) : undefined;
    setAddress((a) => (picked ? { ...a, [field]: picked.name, state: picked.state } : { ...a, [field]: value }));
  }

  // The suburb and city fields suggest the country's towns; the place the address is in then
  // sets the zone (until the provider picks one) and the position on the map (unless typed).
  const practice = kind === 'practice';
  const suburbPlaces = usePlaceSuggestions(practice ? address.suburb : '', country);
  const cityPlaces = usePlaceSuggestions(practice ? address.city : '', country);
  const hasState = practiceAddressFields(country).includes('state');
  const addressPlace = practice ? addressPlaceOf([address.suburb, address.city], [suburbPlaces, cityPlaces], address.state, country) : undefined;
  const [placedAt, setPlacedAt] = useState<number | null>(null);
  const placeId = addressPlace?.id ?? null;
  if (placeId !== placedAt) {
    setPlacedAt(placeId);
    if (!addressPlace) {
      if (coordinatesFromCity) {
        setLatitude('');
        setLongitude('');
        setCoordinatesFromCity(false);
      }
    } else {
      if (!zoneChosen) setTimeZone(addressPlace.timeZone);
      const same = Number(latitude) === addressPlace.latitude && Number(longitude) === addressPlace.longitude;
      if (same || coordinatesFromCity || (latitude === '' && longitude === '')) {
        setLatitude(String(addressPlace.latitude));
        setLongitude(String(addressPlace.longitude));
        setCoordinatesFromCity(true);
      }
    }
  }

  const messages: Record<LocationField, string> = {
    name: t('directoryProfile.errors.name', { max: PROFILE_LIMITS.locationName }),
    street: t('directoryProfile.errors.field'),
    suburb: t('directoryProfile.errors.field'),
    city: t('directoryProfile.errors.city'),
    state: t('directoryProfile.errors.field'),
    postalCode: t('directoryProfile.errors.field'),
    latitude: needsCoordinates ? t('directoryProfile.errors.needsCoordinates') : t('directoryProfile.errors.latitude'),
    longitude: needsCoordinates ? t('directoryProfile.errors.needsCoordinates') : t('directoryProfile.errors.longitude'),
    timeZone: t('directoryProfile.errors.timeZone'),
    contactPhone: t('directoryProfile.errors.contactPhone'),
    contactEmail: t('directoryProfile.errors.contactEmail'),
  };
  const errorOf = (field: LocationField) => (invalid.has(field) ? messages[field] : null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setNeedsCoordinates(false);
    const coordinate = (text: string) => (text.trim() === '' ? null : Number(text));
    const input: PracticeLocationInput = {
      name,
      kind,
      ...address,
      country,
      latitude: kind === 'practice' ? coordinate(latitude) : null,
      longitude: kind === 'practice' ? coordinate(longitude) : null,
      timeZone,
      contactPhone,
      contactEmail,
    };
    if (!passesSchema(PracticeLocationInputSchema, input, setInvalid, () => setFailure(t('directoryProfile.form.invalid')))) return;
    save.mutate(
      { id: location?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(location ? t('directoryProfile.locations.saved') : t('directoryProfile.locations.created'));
          onDone();
        },
        onError: (error) => {
          setNeedsCoordinates(error instanceof ApiError && error.code === 'practice.location-needs-coordinates');
          setInvalid(invalidFields(error));
          setFailure(problemMessage(i18n, error));
        },
      },
    );
  }

  const countrySelect = (
    <Field key="country" label={t('directoryProfile.locations.country')}>
      {({ id, describedBy }) => (
        <select id={id} className={SELECT_CLASS_NAME} value={country} aria-describedby={describedBy} onChange={(e) => onCountry(e.target.value as RegionCode)}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-6">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {location ? t('directoryProfile.locations.editHeading') : t('directoryProfile.locations.newHeading')}
      </h3>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field label={t('directoryProfile.locations.name')} error={errorOf('name')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input ref={firstRef} id={id} dir="auto" value={name} maxLength={PROFILE_LIMITS.locationName} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{t('directoryProfile.locations.kind')}</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-6">
            {LOCATION_KINDS.map((k) => (
              <label key={k} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
                <input type="radio" name={kindName} className="size-4 accent-teal-700" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {t(`directoryProfile.locations.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'practice'
          ? practiceAddressFields(country).map((field) =>
              field === 'country' ? (
                countrySelect
              ) : (
                <Field key={field} label={t(`directoryProfile.locations.${field}`)} error={errorOf(field)}>
                  {({ id, describedBy, invalid: bad }) => (
                    <>
                      <Input
                        id={id}
                        dir="auto"
                        value={address[field]}
                        maxLength={PROFILE_LIMITS.addressPart}
                        aria-invalid={bad}
                        aria-describedby={describedBy}
                        {...(field === 'suburb' || field === 'city' ? { list: `${id}-places`, autoComplete: 'off' } : {})}
                        onChange={(e) => onAddress(field, e.target.value)}
                      />
                      {field === 'suburb' || field === 'city' ? (
                        <PlaceOptions id={`${id}-places`} places={(field === 'suburb' ? suburbPlaces : cityPlaces).filter((p) => p.region === country)} language={language} fill={hasState ? 'nameAndState' : 'name'} />
                      ) : null}
                    </>
                  )}
                </Field>
              ),
            )
          : countrySelect}
        <Field label={t('directoryProfile.locations.timeZone')} hint={t('directoryProfile.locations.timeZoneHint')} error={errorOf('timeZone')}>
          {({ id, describedBy, invalid: bad }) => (
            <select
              id={id}
              className={SELECT_CLASS_NAME}
              value={timeZone}
              aria-invalid={bad}
              aria-describedby={describedBy}
              onChange={(e) => {
                setZoneChosen(true);
                setTimeZone(e.target.value);
              }}
            >
              <optgroup label={countryName(country, language)}>
                {countryZones.map((zone) => (
                  <option key={`c-${zone}`} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('directoryProfile.locations.timeZone')}>
                {zones
                  .filter((zone) => !countryZones.includes(zone))
                  .map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
              </optgroup>
            </select>
          )}
        </Field>
        {kind === 'practice' ? (
          <fieldset className="md:col-span-2">
            <legend className="text-sm font-medium text-slate-900">{t('directoryProfile.locations.coordinates')}</legend>
            <p className="mt-1 text-sm text-slate-700">{t('directoryProfile.locations.coordinatesHint')}</p>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <Field label={t('directoryProfile.locations.latitude')} error={errorOf('latitude')}>
                {({ id, describedBy, invalid: bad }) => (
                  <Input id={id} type="number" inputMode="decimal" min={-90} max={90} step="any" value={latitude} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => {
                      setCoordinatesFromCity(false);
                      setLatitude(e.target.value);
                    }} />
                )}
              </Field>
              <Field label={t('directoryProfile.locations.longitude')} error={errorOf('longitude')}>
                {({ id, describedBy, invalid: bad }) => (
                  <Input id={id} type="number" inputMode="decimal" min={-180} max={180} step="any" value={longitude} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => {
                      setCoordinatesFromCity(false);
                      setLongitude(e.target.value);
                    }} />
                )}
              </Field>
            </div>
          </fieldset>
        ) : null}
        <fieldset className="md:col-span-2">
          <legend className="text-sm font-medium text-slate-900">{t('directoryProfile.locations.contact')}</legend>
          <p className="mt-1 text-sm text-slate-700">{t('directoryProfile.locations.contactHint')}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Field label={t('directoryProfile.locations.contactPhone')} error={errorOf('contactPhone')}>
              {({ id, describedBy, invalid: bad }) => (
                <Input id={id} type="tel" dir="ltr" autoComplete="tel" maxLength={PROFILE_LIMITS.contactPhone} value={contactPhone} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setContactPhone(e.target.value)} />
              )}
            </Field>
            <Field label={t('directoryProfile.locations.contactEmail')} error={errorOf('contactEmail')}>
              {({ id, describedBy, invalid: bad }) => (
                <Input id={id} type="email" dir="ltr" autoComplete="email" maxLength={PROFILE_LIMITS.contactEmail} value={contactEmail} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setContactEmail(e.target.value)} />
              )}
            </Field>
          </div>
        </fieldset>
      </div>
      <p role="alert" className={failure ? 'mt-4 text-sm font-medium text-red-700' : 'sr-only'}>
        {failure ?? ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('directoryProfile.locations.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('directoryProfile.locations.cancel')}
        </Button>
      </div>
    </form>
  );
}
